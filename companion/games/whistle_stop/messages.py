"""The fixed sentences of the Whistle Stop screens (English messages; `Words.say` says them)."""

from engine.errors import N_

from .ui import Action

ACTION_LABELS = {
    Action.MOVE_COAL: N_("Move (coal)"),
    Action.MOVE_WHISTLE: N_("Move (whistle)"),
    Action.ARRIVE_COAL: N_("Arrival (coal)"),
    Action.ARRIVE_WHISTLE: N_("Arrival (whistle)"),
    Action.TOKENS: N_("Gain tokens"),
    Action.FAME: N_("Gain fame"),
    Action.UPGRADE: N_("Buy an upgrade"),
    Action.END: N_("End the turn"),
}

ROUND_TOP = N_("Round {round}/{last}")
LAST_ROUND_TOP = N_("Last round")
TOKENS = N_("Coal {coal} · Whistle {whistles}")
SPENT = N_("Moves {moves}/4, upgr. {upgrades}/2")
TRAINS = N_("Trains {on_map} · Arrived {arrived}")
COAL_GAINED = N_("Coal +{count}")
WHISTLES_GAINED = N_("Whistle +{count}")
FAME_GAINED = N_("Fame +{points}")
UPGRADE_TITLE = N_("Buy an upgrade")
FROM_SUPPLY = N_("From the supply")
STARS = N_("Stars: {stars}")
LAST_ROUND = N_("Last round!")
LAST_TRAIN = N_("Last train in!")
ARRIVED = N_("Train on the resources")
SHARE_TAKEN = N_("{share} taken ({count})")
WHISTLE_FOR_NO_MOVE = N_("No move: +1 whistle")
PAY_RARE = N_("Pay {name} a rare resource")
TOKENS_GAINED = N_("Coal +{coal} · Whistle +{whistles}")
PLACED = N_("Station {station}: {name}")
SETUP_TOP = N_("Setup · {players} players")
PLACEMENT_TOP = N_("Placement {number}/{total}")
PLACES = N_("{name} places a train")
STATION = N_("Station {station}")
TALLY_TITLE = N_("{name}: {total}")
RANK = N_("{place}. {name} {tokens}")
TAP_SHARE_TITLE = N_("Tap a share taken")
HINT_MAIN = N_("ok:menu  tap:share")
HINT_PLACE = N_("up/down  ok:place")
HINT_NUMBER = N_("up/down  ok:next")
HINT_HANDOUT = N_("ok:handed out")
NOT_THIS_GAME = N_("Not a Whistle Stop card")
NOT_A_SHARE = N_("Not a share card")
SHARE_HELD = N_("{share}: {name} has it")
NOTHING_GAINED = N_("Gain at least one token")
NOT_COUNTED_PAGE = N_("Still to add")
NOT_COUNTED_TEXT = N_("Gold, resources and special tiles: companion tally.")
