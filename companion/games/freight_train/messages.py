"""The fixed sentences of the Freight Train screens (English messages; `Words.say` says them)."""

from engine.errors import N_

from .ui import Action

ACTION_LABELS = {
    Action.YARD: N_("From my yard"),
    Action.REFILL: N_("Refill a lane"),
    Action.BRING: N_("Bring a locomotive"),
    Action.REARRANGE: N_("Rearrange or pass"),
}

CONTEXT = N_("D{day} · R{round} · {players} players")
TRAINS_AND_YARD = N_("Trains: {trains} · Yard: {yard}")
TOKENS_AND_LOCOS = N_("Tokens: {tokens} · Locos: {free}")
TAP_WAGON = N_("Wagon {number} of {needed}")
TAP_TO_TAKE = N_("Tap {count} wagons")
CHOOSE_MOVE = N_("ok: choose a move")
TAP_FROM_YARD = N_("Tap wagons from your yard")
MIXED_OPTION = N_("Mixed train ({length})")
TRACK_OPTION = N_("Yard track {track} ({wagons}/8)")
FROM_TRACK = N_("From track {track}")
ENTERS_FIRST = N_("First onto track {track}?")
REFILL_TITLE = N_("Refill a lane")
BRING_QUESTION = N_("Bring a locomotive?")
BRING_BODY = N_("Locomotives: {count}")
LOCOMOTIVE_BROUGHT = N_("Locomotive brought")
DEPARTURE = N_("Departure card!")
DAY_BEGINS = N_("Day {day} begins")
TALLY_TOP = N_("End of day {day}")
TALLY_TITLE = N_("{name} {gain:+d} = {total}")
RANK = N_("{place}. {name} {tokens}")
STANDINGS = N_("After day {day}")
SETUP_TOP = N_("Setup · day {day}")
MAIN_YARD_PAGE = N_("Main yard: 25 cards")
MAIN_YARD_TEXT = N_("Shuffle the wagons and fill the 25 spaces.")
YARDS_PAGE = N_("Yards: 12 each")
YARDS_TEXT = N_("6 on the left of each track, face up.")
HINT_MAIN = N_("ok:menu  hold:undo")
HINT_PLACE = N_("ok:place back:cancel")
HINT_TAP = N_("tap:wagon back:cancel")
HINT_DONE = N_("ok:done  back:cancel")
HINT_REARRANGE = N_("up/down  ok:pay")
HINT_ORDER = N_("ok:first back:cancel")
HINT_TALLY = N_("up/down  ok:next")
NOT_THIS_GAME = N_("Not a Freight Train card")
NOT_A_WAGON = N_("Not a wagon card")
FINISH_REFILL = N_("Finish the refill: ok")
CHOOSE_FIRST = N_("Choose where it goes first")
REFILL_FIRST = N_("Under 3 wagons: refill first")
CHOOSE_ORDER_FIRST = N_("Say which enters first")
DEPARTURE_ALREADY = N_("Departure already drawn")
DEPARTURE_NEEDS_REFILL = N_("Departure comes in a refill")
FOUR_AT_MOST = N_("Four wagons at most: ok")
TAP_YARD_FIRST = N_("Tap a wagon first")
