"""Pure game rules: standard library only, no I/O, no clock, no global random state.

A game is a module under `engine.games`; shared mechanics (turn order, decks with trigger
cards, last rounds, majority awards) live beside this file and are parametrised by each game.
"""
