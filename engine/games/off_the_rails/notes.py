"""How the companion reads Off the Rails where the rules text is silent or open.

Players read these with `companion games --rules off-the-rails`.
"""

from ...errors import N_

RULE_NOTES: tuple[str, ...] = (
    N_("The board stays on the table: the companion does not follow rail tiles, cart "
       "positions, dice or stones on the board. It runs the turn (four actions, the carts' "
       "move, phase 3), the deposit cards, the carts in reserve, on the board and lost, the "
       "gems stored, missions and the cave-ins, and says what to put where."),
    N_("Deposit cards: 32, eight per mine (red, yellow, blue, green), spaces 1 to 8. With 4 "
       "players one card per mine is left out unseen, with 2-3 players two; one card per mine "
       "makes the opening supply, one more per mine is set aside for the first cave-ins; the "
       "rest is the deck (20 or 16 cards)."),
    N_("The cave-in card lies at position 13 to 17 of the deck (4 players) or 9 to 13 (2-3 "
       "players). Drawing it supplies no mine that turn; then every player, the one who drew "
       "it included and last, plays one last normal turn with a deposit card drawn as usual."),
    N_("The number of stones is read from each deposit card when it is scanned."),
    N_("Phase 1 declares the actions taken, four or fewer. Placing a cart needs one in "
       "reserve; turning a die needs a cart on the board. Phase 2 is skipped when the player "
       "has no cart on the board."),
    N_("A cart reaching an edge unloads (its gems are stored) and goes back to the reserve. "
       "Until the first cave-ins a derailed cart also goes back to the reserve; from then on "
       "a derailed, fallen or buried cart leaves the game."),
    N_("A mission is taken at the end of the turn, before phase 3; one a turn, players + 1 "
       "mission cards in play."),
    N_("After the last turns, the four set-aside cards are revealed one by one, each placing "
       "the first cave-in token of its mine on its space. From then on phase 3 draws a "
       "cave-in token at random and places it next to one of its mine, or, in Dice Chasm "
       "mode, on the space the eight-sided die gives (next to one of its mine if taken)."),
    N_("The game ends at the end of a turn, or right after the first cave-ins, when no cart "
       "is left on the board or when all 20 cave-in tokens are placed; carts still on the "
       "board then leave the game with their load."),
    N_("Score: rock 0, ruby 1, emerald 2, gold 3, diamond 4; +5 to every player tied for the "
       "most rubies (nobody when no one has a ruby); 3 per cart in reserve; 4 per validated "
       "mission; missions scored at the end give their points to every player tied for them. "
       "The rules text names no tie-break: tied players share the win."),
    N_("A mission card is worth 4 points (\"chaque mission validée rapportera 4 points\"), "
       "and a mission scored at the end gives \"la totalité des points de la carte mission\" "
       "to every tied player: `companion tally` accepts end-of-game mission points up to 4 "
       "for each mission card in play (players + 1)."),
    N_("Bumper mode changes collisions on the board only: the other cart keeps its stones."),
)
