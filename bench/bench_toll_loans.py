"""How often a random game on the toll example ends with a loan, for its token count and others.

    python bench/bench_toll_loans.py [--games N] [--json]

The example map should show loans without making them the rule: this plays N random complete
games (seeded 0 to N-1) for each of 2 to 5 players with the map's own count of toll tokens,
and the same games with other counts beside it (the old count of 10 and the counts around the
map's), and prints the share of games in which somebody took a loan.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.games.ticket_to_ride import RULES, Map, map_from_toml  # noqa: E402

TOLL_MAP = Path(__file__).resolve().parents[1] / "examples" / "maps" / "tolls-example.toml"
NAMES = ("Ana", "Ben", "Cleo", "Dan", "Eve")
#: The count the example map had before, when nearly every random game took a loan.
FORMER_TOKENS = 10


def with_tokens(board: Map, tokens: int) -> Map:
    tolls = board.rules.tolls
    assert tolls is not None, "the toll example has tolls"
    return replace(board, rules=replace(board.rules, tolls=replace(tolls, tokens=tokens)))


def took_a_loan(board: Map, players: int, seed: int) -> bool:
    """Whether somebody took a loan in the random complete game of this seed."""
    rng = random.Random(seed)
    state = RULES.new_game(NAMES[:players], board, first=seed % players)
    while not RULES.is_over(state):
        state = RULES.apply(state, RULES.random_event(state, rng))
    return any(player.loans for player in state.players)


def toll_map() -> Map:
    return map_from_toml(TOLL_MAP.read_text("utf-8"))


def loan_share(board: Map, tokens: int, games: int) -> dict[str, Any]:
    """The games with a loan among `games` seeded games per player count, with `tokens`."""
    priced = with_tokens(board, tokens)
    low, high = priced.rules.players
    by_players = {players: sum(took_a_loan(priced, players, seed) for seed in range(games))
                  for players in range(low, high + 1)}
    total = sum(by_players.values())
    played = games * len(by_players)
    return {"tokens": tokens, "games": played, "with_a_loan": total,
            "share": round(total / played, 3), "by_players": by_players}


def measure(games: int) -> list[dict[str, Any]]:
    """Per token count (the map's, the former one, and the map's +-1), the share of games
    with a loan, over every player count."""
    board = toll_map()
    assert board.rules.tolls is not None
    own = board.rules.tolls.tokens
    return [{**loan_share(board, tokens, games), "the map's": tokens == own}
            for tokens in sorted({FORMER_TOKENS, own - 1, own, own + 1})]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per player count")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    rows = measure(max(1, args.games))
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    for row in rows:
        marker = "  <- the map's count" if row["the map's"] else ""
        per = ", ".join(f"{players}p {count}" for players, count in row["by_players"].items())
        print(f"{row['tokens']:>3} tokens: {row['with_a_loan']}/{row['games']} games with a loan "
              f"({row['share']:.1%}; {per}){marker}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
