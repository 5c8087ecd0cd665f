"""UART tag readers over pyserial: RDM6300 (EM4100) frames and "one UID per line" readers."""
