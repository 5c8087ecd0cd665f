"""What leaves the table: the live view of a game, finished plays for other tools (BG Stats,
a spreadsheet, JSON), the scoreboard's addresses, and the outbox sent to an MQTT broker."""
