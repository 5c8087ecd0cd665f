"""The toll example's token count keeps loans the exception in random games (seeded, so the
figures are the same on every run); the former count made them the rule."""

from __future__ import annotations

from bench.bench_toll_loans import FORMER_TOKENS, loan_share, measure, toll_map


def test_loans_are_the_exception_with_the_map_s_tokens_and_were_the_rule_before() -> None:
    board = toll_map()
    assert board.rules.tolls is not None
    now = loan_share(board, board.rules.tolls.tokens, games=10)
    before = loan_share(board, FORMER_TOKENS, games=10)
    assert now["games"] == before["games"] == 10 * 4        # 2 to 5 players
    assert now["with_a_loan"] > 0 and now["share"] < 0.25, now
    assert before["share"] > 0.75, before


def test_the_figures_list_the_map_s_count_beside_the_others() -> None:
    rows = measure(games=1)
    assert [row["the map's"] for row in rows].count(True) == 1
    assert FORMER_TOKENS in [row["tokens"] for row in rows]
    for row in rows:
        assert row["with_a_loan"] == sum(row["by_players"].values()) <= row["games"]
