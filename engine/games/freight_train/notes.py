"""How the companion reads Freight Train where the rules text is silent or open.

Players read these with `companion games --rules freight-train`; the settings named here are
in `Settings` and in the companion's configuration.
"""

from ...errors import N_

RULE_NOTES: tuple[str, ...] = (
    N_("The three wagons taken from the main yard may come from one lane or several; each is "
       "taken from the open (left) end of its lane, so the same lane twice gives its next two "
       "wagons."),
    N_("Wagons taken from the main yard enter your yard in the order you choose, whatever the "
       "order you took them in (\"dans n'importe quel ordre qu'il souhaite\"); the last one "
       "onto a track is at its open end. At the table, when different wagons go onto the same "
       "track, the screen asks which one enters first."),
    N_("Moving wagons from your own yard takes one to four wagons, each from the open end of "
       "either track; moving none is not an action (rearranging is the way to pass)."),
    N_("A lane may be refilled only when two or more lanes are completely empty. With fewer "
       "than three wagons in the main yard that is always the case, and you must refill before "
       "you can take wagons. If the deck holds fewer than five cards, the lane gets what is "
       "left."),
    N_("Each train, the mixed train included, needs a locomotive of its own. You start with "
       "7, 6 or 5 locomotives (2, 3, 4-5 players); wagons go back to the deck at the end of a "
       "day, locomotives stay."),
    N_("Setting 'mixed train scores' (on by default): the mixed trains compete among "
       "themselves for 3 and 1 tokens with the same tie rules as each wagon type."),
    N_("Setting 'tokens below zero' (off by default): off, a player with no token may still "
       "pass (an unchanged rearrangement) for free, but may not really rearrange, and the "
       "day-3 yard penalty takes no more tokens than the player holds. On, rearranging and "
       "passing always cost 1 token, even at zero, and the penalty is paid in full."),
    N_("A table where nobody can move (yards full, no wagon at a track's end able to join a "
       "train, no token to rearrange) would pass for ever: the rules do not say how it goes "
       "on. Once a whole round has gone by with every player passing, a player with no token "
       "may rearrange for free, so a wagon that can leave comes to a track's end."),
    N_("Rule 6 of the end of a day, setting 'tie for second cancels type' (on by default): "
       "when one player has the longest train of a type and two or more players tie for the "
       "second longest, nobody scores that type, the leader included (\"aucun joueur ne "
       "reçoit de jetons pour ce type de wagon\", as in rule 5). Off: only second place is "
       "cancelled and the leader still gets 3 tokens. The mixed trains follow the same "
       "rule. When the longest train is tied, rules 3 to 5 apply and second place is never "
       "paid."),
    N_("The departure card is shuffled into the bottom half of the deck on day 1, the bottom "
       "third on day 2 and the bottom quarter on day 3. Splitting a pile that does not divide "
       "evenly, the bottom part gets the extra cards."),
    N_("When the departure card comes up during a refill, it is set aside and the next card "
       "takes its space; the player who drew it finishes their phase, then the players who "
       "have not yet played this round play, and the day ends."),
    N_("On days 2 and 3 the first player is the next holder of the first-player locomotive. "
       "With the optional turn sequence, it is the player to the left of whoever played last "
       "on the previous day."),
    N_("After day 3 the player with the most tokens wins; tied players share the win."),
    N_("`companion tally` reads each train by its id (coal, tank, box, flat, hopper, reefer, "
       "stock, auto, gondola, lumber, container, mixed) or by its name on the screens in "
       "English or French, in any case, and refuses any other key. With 'mixed train scores' "
       "off, a mixed train is accepted and scores nothing."),
    N_("`companion tally` refuses what the box cannot hold, counted over the whole table: more "
       "wagons of a type than the game uses (9, 12, 14 or 16 for 2 to 5 players), mixed "
       "trains that cannot take one wagon of each of their types from what the other trains "
       "leave, more wagons in trains and yards than all the types together, more trains than "
       "a player's "
       "locomotives (those of the start and one more on each of days 1 and 2), and more "
       "tokens than a player can hold before the day's tally (5 to start, then 3 for each "
       "train and 8 for a full yard on day 1)."),
)

#: Which reading of a setting is in force, said for each of its values (the companion prints
#: the one its configuration chooses, under the notes).
SETTING_READINGS: dict[str, dict[object, str]] = {
    "tie_for_second_cancels_type": {
        True: N_("In force: rule 6 as written: a tie for second place cancels the whole "
                 "type, the leader included (tie_for_second_cancels_type = true)."),
        False: N_("In force: the lenient reading of rule 6: a tie for second place cancels "
                  "second place only; the leader still gets 3 tokens "
                  "(tie_for_second_cancels_type = false)."),
    },
}
