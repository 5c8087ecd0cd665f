"""The games the companion knows, by id."""
