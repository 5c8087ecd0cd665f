"""What the Whistle Stop table shows: one screen per mode of the flow."""

from __future__ import annotations

from companion.games.whistle_stop.messages import (  # fmt: skip
    COAL_GAINED,
    FAME_GAINED,
    FROM_SUPPLY,
    HINT_HANDOUT,
    HINT_MAIN,
    HINT_NUMBER,
    HINT_PLACE,
    LAST_ROUND,
    LAST_ROUND_TOP,
    LAST_TRAIN,
    NOT_COUNTED_PAGE,
    NOT_COUNTED_TEXT,
    PLACEMENT_TOP,
    PLACES,
    RANK,
    ROUND_TOP,
    SETUP_TOP,
    SPENT,
    STARS,
    STATION,
    TALLY_TITLE,
    TAP_SHARE_TITLE,
    TOKENS,
    TRAINS,
    UPGRADE_TITLE,
    WHISTLES_GAINED,
)
from companion.games.whistle_stop.ui import WhistleStopUI, actions, free_stations, upgrade_options
from companion.games.whistle_stop.words import Words
from companion.screens.model import Menu, Screen, Style
from engine.games.whistle_stop.components import STARTING_COAL, TRAINS_PER_PLAYER
from engine.games.whistle_stop.rules import handout, result
from engine.games.whistle_stop.state import WhistleStopState
from engine.games.whistle_stop.table import next_step


class WhistleStopScreens:
    """The screens of the Whistle Stop flow, read from its `ui`."""

    ui: WhistleStopUI
    words: Words

    def _setup_screen(self, state: WhistleStopState) -> Screen:
        w = self.words
        return w.setup_screen(w.say(SETUP_TOP, players=len(state.players)),
                              self._setup_pages(state), self.ui.page)

    def _place_screen(self, state: WhistleStopState) -> Screen:
        w = self.words
        total = TRAINS_PER_PLAYER[len(state.players)] * len(state.players)
        free = free_stations(state)
        return Screen(top=w.say(PLACEMENT_TOP, number=total - len(state.placing) + 1, total=total),
                      title=w.say(PLACES, name=state.player().name),
                      menu=Menu(tuple(w.say(STATION, station=s) for s in free),
                                min(self.ui.choice, len(free) - 1)),
                      hints=w.say(HINT_PLACE))

    def _round_top(self, state: WhistleStopState) -> str:
        w = self.words
        if state.is_last_round():
            return w.say(LAST_ROUND_TOP)
        return w.say(ROUND_TOP, round=state.round, last=state.last_round())

    def _turn_top(self, state: WhistleStopState) -> str:
        return self.words.turn_top(state.player().name, self._round_top(state))

    def _handout_screen(self, state: WhistleStopState) -> Screen:
        w = self.words
        top = self._round_top(state)
        token, count = handout(state)
        prompt = next_step(state)
        body = w.prompt(prompt.message, prompt.params)
        if state.is_last_round():
            return Screen(top=top, title=w.say(LAST_ROUND), body=body,
                          hints=w.say(HINT_HANDOUT), style=Style.ANNOUNCE)
        return Screen(top=top, title=w.handout_title(token, count), body=body,
                      hints=w.say(HINT_HANDOUT))

    def _last_screen(self, state: WhistleStopState) -> Screen:
        w = self.words
        still = [state.players[seat].name for seat in state.still_to_play]
        return Screen(top=self._round_top(state), title=w.say(LAST_TRAIN),
                      body=w.last_train_body(state.player().name, still), hints=w.hint_ack(),
                      style=Style.ANNOUNCE)

    def _menu_screen(self, state: WhistleStopState) -> Screen:
        w = self.words
        items = actions(state)
        return Screen(top=self._turn_top(state), title=w.menu_title(state.player().name),
                      menu=Menu(tuple(w.label(a) for a in items),
                                min(self.ui.choice, len(items) - 1)),
                      hints=w.hint_choose())

    def _tokens_screen(self, state: WhistleStopState) -> Screen:
        w, ui = self.words, self.ui
        title = (w.say(COAL_GAINED, count=ui.coal) if ui.step == 0
                 else w.say(WHISTLES_GAINED, count=ui.whistles))
        return Screen(top=self._turn_top(state), title=title, body=w.gained_at_stop(),
                      hints=w.say(HINT_NUMBER), progress=(ui.step + 1, 2))

    def _number_screen(self, state: WhistleStopState, title: str,
                       body: tuple[str, ...]) -> Screen:
        """A number entered with up and down."""
        return Screen(top=self._turn_top(state), title=title, body=body,
                      hints=self.words.say(HINT_NUMBER))

    def _fame_screen(self, state: WhistleStopState) -> Screen:
        return self._number_screen(state, self.words.say(FAME_GAINED, points=self.ui.points),
                                   self.words.fame_body())

    def _upgrade_screen(self, state: WhistleStopState) -> Screen:
        w = self.words
        labels = tuple(w.say(FROM_SUPPLY) if seat is None
                       else w.from_player(state.players[seat].name, stars)
                       for seat, stars in upgrade_options(state))
        return Screen(top=self._turn_top(state), title=w.say(UPGRADE_TITLE),
                      menu=Menu(labels, min(self.ui.choice, len(labels) - 1)),
                      hints=w.hint_choose())

    def _stars_screen(self, state: WhistleStopState) -> Screen:
        return self._number_screen(state, self.words.say(STARS, stars=self.ui.stars),
                                   self.words.stars_body())

    def _main_screen(self, state: WhistleStopState) -> Screen:
        w = self.words
        player = state.player()
        body = (w.say(TOKENS, coal=player.coal, whistles=player.whistles),
                w.say(SPENT, moves=state.moves, upgrades=state.upgrades_bought),
                w.say(TRAINS, on_map=player.on_map, arrived=player.arrived))
        return Screen(top=self._turn_top(state), title=w.say(TAP_SHARE_TITLE), body=body,
                      hints=w.say(HINT_MAIN))

    def _setup_pages(self, state: WhistleStopState) -> list[tuple[str, tuple[str, ...]]]:
        w = self.words
        order = state.order
        coal = [(state.players[seat].name, STARTING_COAL[step])
                for step, seat in enumerate(order.round_from(state.first))]
        first_to_place = state.players[state.placing[0]].name if state.placing else ""
        return [w.setup_trains(TRAINS_PER_PLAYER[len(state.players)], coal),
                w.setup_placing(first_to_place)]

    def _final_screen(self, state: WhistleStopState) -> Screen:
        w = self.words
        final = result(state)
        pages = self._final_pages(state)
        page = min(self.ui.page, len(pages) - 1)
        hints = w.hint_pages()
        progress = (page + 1, len(pages))
        seat, body = pages[page]
        if seat is not None:
            score = final.players[seat]
            return Screen(top=w.final_top(),
                          title=w.say(TALLY_TITLE, name=score.name, total=score.total),
                          body=body, hints=hints, progress=progress)
        if page == len(pages) - 2:
            ranking = sorted(final.players, key=lambda s: -s.total)
            lines = tuple(w.say(RANK, place=place + 1, name=s.name, tokens=s.total)
                          for place, s in enumerate(ranking))
            return Screen(top=w.final_top(), title=w.winners(list(final.winners)),
                          menu=Menu(lines, -1), hints=hints, style=Style.ANNOUNCE,
                          progress=progress)
        title, body = w.page(NOT_COUNTED_PAGE, NOT_COUNTED_TEXT)
        return Screen(top=w.final_top(), title=title, body=body, hints=hints, progress=progress)

    def _final_pages(self, state: WhistleStopState) -> list[tuple[int | None, tuple[str, ...]]]:
        """Each player's score on one page or more (seat, lines), then the ranking and what
        is still to add (None)."""
        final = result(state)
        return [*((seat, lines) for seat, score in enumerate(final.players)
                  for lines in self.words.breakdown_pages(score.breakdown)),
                (None, ()), (None, ())]
