"""How the companion reads Whistle Stop where the rules text is silent or open.

Players read these with `companion games --rules whistle-stop`.
"""

from ...errors import N_

RULE_NOTES: tuple[str, ...] = (
    N_("The map stays on the table: the companion follows the trains placed, the tokens "
       "handed out and spent, shares, fame, upgrades and the trains that reach the resource "
       "track, not the tiles and tracks."),
    N_("Trains per player: 5 (2-3 players), 4 (4 players), 3 (5 players). Placement starts "
       "with the player to the right of the first player and goes counter-clockwise, one "
       "train a turn, one train per east-coast station."),
    N_("Starting coal, clockwise from the first player: 2, 2, 3, 3, 4. Turns go clockwise "
       "from the first player, who stays first all game."),
    N_("The round track is a setting: the rules text says only that each space gives every "
       "player 1 whistle or 2 coal and that the first round uses the space marked with the "
       "player count (\"la case indiquant le nombre de joueurs\"). Until you set the printed "
       "track, the companion assumes 12 spaces. Spaces 1 to 4 are the ones marked 2, 3, 4 and 5 "
       "players, and give coal: coal is what a round hands out, a whistle round the special "
       "one, so round 1 is never a whistle; a game then lasts 12, 11, 10 or 9 rounds, the "
       "lengths a review of the game gives for 2 to 5 players. Spaces 5, 8 and 11 give a "
       "whistle, the others coal: no source says where the whistles are."),
    N_("A turn spends at most 4 tokens on moves and buys at most 2 upgrades, in any order. A "
       "player who ends the turn without a move gains 1 whistle (upgrades are still allowed)."),
    N_("A player board holds 3 upgrades; a fourth cannot be bought. Buying an opponent's "
       "upgrade moves it to your board; you pay them one rare resource on the table."),
    N_("The game ends at the end of the round using the last space of the track, or at the "
       "end of the round in which a player's last train reaches the resource track."),
    N_("`companion tally` refuses numbers no game reaches: upgrade stars beyond 27 (3 upgrade "
       "spaces, read as at most 9 stars each: no source gives the tiles' stars), and tokens "
       "beyond 76: 4 coal to start, then in each of at most 12 rounds 2 from the round track "
       "and 1 more for each of a turn's 4 moves, a stop read as giving at most 2 tokens, as "
       "much as a round-track space (no source gives what the stops give)."),
    N_("Share majorities: 15 fame per company to the most shares; a tie goes to the tied "
       "player with the lowest-numbered share of that company. Company names are compared "
       "without regard to capitals."),
    N_("Special tiles left in hand cost 10 fame each, but fame never goes below 0: the "
       "penalty takes no more than the player has. Final tie-break: most shares; players "
       "still tied share the win."),
    N_("The live score counts what the companion followed (fame declared, shares, upgrade "
       "stars, tokens); gold, resources and special tiles come from `companion tally`."),
)
