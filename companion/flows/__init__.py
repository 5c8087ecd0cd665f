"""Table flows: for each game, how taps and presses become moves and what the screen shows."""
