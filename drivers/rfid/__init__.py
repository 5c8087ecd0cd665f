"""RFID over an MFRC522 on SPI: ISO 14443-3 helpers, the chip's request path, the reader."""
