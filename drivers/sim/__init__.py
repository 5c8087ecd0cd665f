"""Simulated hardware that runs the real code paths: an MFRC522 chip on a simulated spidev
(answering our driver, and PyPI's `mfrc522` library in the tests, as a real chip would),
serial readers on a pty, gpiozero's MockFactory, luma's dummy device."""
