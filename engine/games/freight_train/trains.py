"""Forming trains: a wagon joins its train, the mixed train or a yard track, as allowed."""

from __future__ import annotations

from dataclasses import replace

from ...errors import N_, IllegalEvent
from .cards import MIXED, TRACK_SPACES, UNKNOWN
from .state import TRAIN, YARD_TARGETS, Player


def place_wagon(player: Player, wagon: str, target: str) -> Player:
    """Put one wagon into a train or onto a yard track, as the rules allow."""
    if wagon == UNKNOWN and target not in YARD_TARGETS:
        raise IllegalEvent(N_("Scan the wagon to say which train it joins"))
    if target == TRAIN:
        if wagon not in player.trains and player.free_locomotives() < 1:
            raise IllegalEvent(N_("No free locomotive for a {wagon} train"), wagon=wagon)
        return replace(player, trains={**player.trains, wagon: player.trains.get(wagon, 0) + 1})
    if target == MIXED:
        if wagon in player.mixed:
            raise IllegalEvent(N_("The mixed train already has a {wagon} wagon"), wagon=wagon)
        if not player.mixed and player.free_locomotives() < 1:
            raise IllegalEvent(N_("No free locomotive for a mixed train"))
        return replace(player, mixed=player.mixed + (wagon,))
    if target in YARD_TARGETS:
        track = YARD_TARGETS.index(target)
        if len(player.yard[track]) >= TRACK_SPACES:
            raise IllegalEvent(N_("Track {track} of your yard is full"), track=track + 1)
        tracks = list(player.yard)
        tracks[track] = (wagon,) + tracks[track]
        return replace(player, yard=(tracks[0], tracks[1]))
    raise IllegalEvent(N_("A wagon goes to a train, the mixed train or a yard track"))


def legal_targets(player: Player, wagon: str, into_yard: bool = True) -> tuple[str, ...]:
    """Where this wagon may go now: its train, the mixed train, a yard track with room."""
    free = player.free_locomotives() > 0
    targets = []
    if wagon != UNKNOWN:
        if wagon in player.trains or free:
            targets.append(TRAIN)
        if wagon not in player.mixed and (player.mixed or free):
            targets.append(MIXED)
    if into_yard:
        targets += [t for t, track in zip(YARD_TARGETS, player.yard) if len(track) < TRACK_SPACES]
    return tuple(targets)
