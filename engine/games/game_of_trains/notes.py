"""How the companion reads The Game of Trains where the rules text is silent or open.

Players read these with `companion games --rules game-of-trains`.
"""

from ...errors import N_

RULE_NOTES: tuple[str, ...] = (
    N_("The deck: 88 cards, 4 locomotives (one per player, 2 to 4 players) and 84 wagons "
       "numbered 1 to 84. Each player's 7 wagons are laid out in descending order from the "
       "locomotive; position 1 is next to the locomotive, position 7 the far right."),
    N_("Sources disagree on the printed numbers (84 wagons, or a deck numbered 1 to 88): "
       "the companion reads 84 wagons numbered 1 to 84 beside the 4 locomotives, 88 cards in "
       "all; the table and `companion tally` accept the same numbers."),
    N_("The rules text says there are 8 different abilities, explained elsewhere, and lists "
       "none. The companion never works a wagon's ability out from its number: it asks. The "
       "first time a card lies face up beside the deck with its ability unknown, the table "
       "asks which ability is printed on it; the answer is kept in the journal and remembered "
       "for the following games (the box is the same); `companion deck abilities` lists them "
       "and forgets a wrong one. The whole deck may also be given in the configuration "
       "(`abilities`, 84 names in the [game-of-trains] section)."),
    N_("Until a face-up card's ability is known, nobody may use it and it is not discarded "
       "with a twin: two equal abilities beside the deck are discarded the moment both are "
       "known."),
    N_("The abilities the table offers as answers: swap two neighbouring wagons; swap two "
       "wagons with one between; move a wagon two places right; move a wagon two places left "
       "(the wagons passed shift by one); every player discards the wagon at position 1, at "
       "position 4 (the middle) or at position 7 and draws its replacement (three abilities); "
       "lock one of your wagons."),
    N_("The facts known to the companion name the swaps, the moves two places right or left "
       "and the removal at a given position. Reading right and left as two abilities and the "
       "removal as three (first, middle, last) makes seven; the eighth, the lock, is the "
       "companion's reading of a padlock card a game summary mentions (no rulebook does): the "
       "locked wagon is spared by removals until your next turn. It is only one of the "
       "answers offered: the table uses it only for a card the players say carries it."),
    N_("A removal strikes the player who used it first, then the others clockwise; removed "
       "wagons go face down to the discard pile; each player draws the replacement from the "
       "top of the deck, in that order."),
    N_("When the deck is empty, the discard pile is shuffled into a new deck before anyone "
       "draws or acts again."),
    N_("A line with a wagon waiting for its replacement is not in order. The first line in "
       "ascending order wins at once, even in the middle of the replacements after a removal."),
    N_("The opening is not in the rules text; the companion follows the publisher's: after "
       "the deal, clockwise from the first player, players draw 1, 2, 3 and 4 cards; then, "
       "clockwise from the first again, each keeps one drawn card in place of a wagon of their "
       "line and discards the others face down. The replaced wagons go face up (two equal "
       "abilities are discarded as soon as both are known), then the first player takes "
       "the first turn."),
    N_("Tables that skip the opening set `opening = false` in the [game-of-trains] section of "
       "the configuration (`--setting opening=false` for `companion run` and `companion "
       "demo`): the first player then starts with no face-up card, so draws."),
)
