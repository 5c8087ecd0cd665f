"""The play page's "Add to BG Stats" link: BG Stats's create-play address carrying the play.

BG Stats documents it ("push plays to BG Stats from other apps or websites"): a link to
`https://app.bgstatsapp.com/createPlay.html?data=<data>`, where `<data>` is the play as a
URL-encoded JSON text; on a phone with the app, tapping it opens the app's import dialog.
The play is `companion export --format bgstats`'s form of it (`export.bgstats_play`), so
the numbers are the tally's and its `sourcePlayId` makes a second import update the play.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from urllib.parse import quote

from companion.publish.export import bgstats_play
from companion.state.journal import PlayRecord

CREATE_PLAY = "https://app.bgstatsapp.com/createPlay.html"


def create_play_link(play: PlayRecord, stamps: Sequence[str] = (),
                     player_ids: Mapping[str, str] | None = None) -> str:
    """The link for a finished play; `stamps` are its events' journal stamps, in order,
    `player_ids` the personal tags' ids by name (`player_ids.personal_ids`)."""
    data = json.dumps(bgstats_play(play, stamps, player_ids), ensure_ascii=False,
                      separators=(",", ":"))
    return f"{CREATE_PLAY}?data={quote(data, safe='')}"
