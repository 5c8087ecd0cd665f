"""Whistle Stop's numbers by player count (rules text and the facts around it).

>>> TRAINS_PER_PLAYER[4], STARTING_COAL[:3]
(4, (2, 2, 3))
"""

from __future__ import annotations

#: Trains each player places on the east coast: 5 (2-3 players), 4 (4), 3 (5).
TRAINS_PER_PLAYER = {2: 5, 3: 5, 4: 4, 5: 3}

#: Coal each player starts with, by seat counted clockwise from the first player.
STARTING_COAL = (2, 2, 3, 3, 4)

#: The east coast has 16 stations, one train each.
EAST_COAST_STATIONS = 16

#: A turn spends at most four tokens on moves (the four spaces of the player board).
MOVES_PER_TURN = 4
#: A turn buys at most two upgrades.
UPGRADES_PER_TURN = 2
#: A player board has three upgrade spaces.
UPGRADE_SLOTS = 3

COAL = "coal"
WHISTLE = "whistle"
TOKENS = (COAL, WHISTLE)

#: What one space of the round track hands each player.
HANDOUT = {COAL: 2, WHISTLE: 1}

#: The round track as the companion assumes it when the table sets none. The rules text says
#: only that each space gives every player 1 whistle or 2 coal and that the first round uses
#: "la case indiquant le nombre de joueurs". Assumed: the four spaces marked with a player
#: count come first and hand out coal (a whistle round is the special one), so a game lasts
#: 12, 11, 10 or 9 rounds with 2 to 5 players, the lengths a review of the game reports; then a
#: whistle every third space, which no source gives. Set `Settings.round_track` to the
#: printed track.
DEFAULT_ROUND_TRACK = (COAL,) * 4 + (WHISTLE, COAL, COAL) * 2 + (WHISTLE, COAL)
#: The space (0-based) of the first round, by player count, on the assumed track.
DEFAULT_START_SPACE = {2: 0, 3: 1, 4: 2, 5: 3}
#: The most rounds a game lasts on the assumed track (2 players).
LONGEST_GAME = len(DEFAULT_ROUND_TRACK) - min(DEFAULT_START_SPACE.values())

#: The most stars one upgrade shows, as the companion reads them: a single figure, 0 to 9 (no
#: source gives the tiles' values; the table's number screen stops at 9 too).
MOST_STARS = 9
#: The most tokens one stop gives, as the companion reads it: as much as a round-track space
#: (no source gives the tiles' values).
MOST_TOKENS_PER_STOP = 2

#: Scoring (the facts around the text): 15 fame for the most shares of a company; common
#: resources 1, rare 3; 1 per 2 tokens left; -10 per special tile left in hand.
SHARE_MAJORITY = 15
COMMON_RESOURCE = 1
RARE_RESOURCE = 3
TOKENS_PER_POINT = 2
SPECIAL_TILE_PENALTY = 10
