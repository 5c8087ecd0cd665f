"""Simulated hardware that runs the real code paths: an MFRC522 chip under the real `mfrc522`
library, serial readers on a pty, gpiozero's MockFactory, luma's dummy device."""
