"""Set-up shared by every test."""

from tests.vendor import use_mfrc522_wheel

use_mfrc522_wheel()
