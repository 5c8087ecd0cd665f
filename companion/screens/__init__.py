"""Screens: pure functions from a view model to a 1-bit 128x64 image."""
