"""tools/arm-check: the Pi install, for real, in emulated arm64 and armhf userlands."""
