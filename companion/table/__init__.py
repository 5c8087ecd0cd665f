"""The table at run time: the game's app and the loop that owns it, the session kept in step
with the journal, the lobby and system menu, the panel's rest, and life under systemd."""
