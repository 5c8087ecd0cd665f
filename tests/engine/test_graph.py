"""The route-graph algorithms: connectivity, and the fast longest trail against the reference."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.graph import (
    BudgetExceeded,
    Network,
    components,
    longest_trail,
    longest_trail_reference,
)  # fmt: skip


def grid(width: int, height: int) -> list[tuple[tuple[int, int], tuple[int, int], int]]:
    edges = []
    for x, y in itertools.product(range(width), range(height)):
        if x + 1 < width:
            edges.append(((x, y), (x + 1, y), 1))
        if y + 1 < height:
            edges.append(((x, y), (x, y + 1), 1))
    return edges


def test_empty_and_single_edge() -> None:
    assert longest_trail([]) == longest_trail_reference([]) == 0
    assert longest_trail([("A", "B", 4)]) == 4


def test_parallel_tracks_count_once_each() -> None:
    # A double route walked there and back: two edges, each once.
    assert longest_trail([("A", "B", 2), ("A", "B", 2)]) == 4


def test_a_city_may_be_passed_twice_but_not_a_route() -> None:
    # A figure of eight through C.
    eight = [("A", "B", 1), ("B", "C", 1), ("C", "A", 1), ("C", "D", 1), ("D", "E", 1),
             ("E", "C", 1)]
    assert longest_trail(eight) == 6
    star = [("C", "A", 3), ("C", "B", 2), ("C", "D", 1)]
    assert longest_trail(star) == 5


def test_separate_networks_do_not_add_up() -> None:
    assert longest_trail([("A", "B", 5), ("C", "D", 3), ("D", "E", 3)]) == 6


def test_loops_and_contracted_chains() -> None:
    edges = [("A", "A", 2), ("A", "B", 1), ("B", "C", 1), ("C", "D", 1), ("B", "E", 4),
             ("C", "F", 1), ("D", "G", 2)]
    assert longest_trail(edges) == longest_trail_reference(edges)


@pytest.mark.parametrize(("width", "height", "expected"), [(3, 3, 10), (4, 4, 21), (5, 5, 34)])
def test_grids(width: int, height: int, expected: int) -> None:
    assert longest_trail(grid(width, height)) == expected


def test_complete_graph_of_ten_cities() -> None:
    k10 = [(a, b, 1) for a, b in itertools.combinations(range(10), 2)]
    assert len(k10) == 45
    assert longest_trail(k10) == 41  # 45 less a matching of four edges among eight odd nodes


def test_reference_budget() -> None:
    with pytest.raises(BudgetExceeded):
        longest_trail_reference(grid(4, 4), budget=100)


def test_network_connectivity() -> None:
    network = Network([("A", "B", 1), ("B", "C", 2), ("D", "E", 1)])
    assert network.connected("A", "C")
    assert not network.connected("A", "E")
    assert not network.connected("A", "Z")
    assert sorted(map(sorted, components([("A", "B", 1), ("C", "D", 1), ("B", "E", 1)]))) == [
        [0, 2], [1]]


nodes = st.integers(0, 6)
multigraphs = st.lists(st.tuples(nodes, nodes, st.integers(1, 4)), max_size=11)


@settings(max_examples=400, deadline=None)
@given(multigraphs)
def test_fast_search_agrees_with_reference(edges: list[tuple[int, int, int]]) -> None:
    assert longest_trail(edges) == longest_trail_reference(edges)


dense = st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5), st.just(1)), min_size=8,
                 max_size=13)


@settings(max_examples=150, deadline=None)
@given(dense)
def test_fast_search_agrees_on_dense_unit_networks(edges: list[tuple[int, int, int]]) -> None:
    assert longest_trail(edges) == longest_trail_reference(edges)


@settings(max_examples=150, deadline=None)
@given(multigraphs)
def test_searches_handing_over_agree_with_reference(edges: list[tuple[int, int, int]]) -> None:
    # A budget of one step makes the two searches hand over to each other many times.
    import engine.graph

    saved = engine.graph._FIRST_BUDGET
    engine.graph._FIRST_BUDGET = 1
    try:
        assert longest_trail(edges) == longest_trail_reference(edges)
    finally:
        engine.graph._FIRST_BUDGET = saved


@st.composite
def whiskered(draw: st.DrawFn) -> list[tuple[int, int, int]]:
    """A small core with pendant edges (dead ends), as peeled by the fast search."""
    core = draw(st.lists(st.tuples(st.integers(0, 4), st.integers(0, 4), st.integers(1, 3)),
                         min_size=1, max_size=7))
    whiskers = draw(st.lists(st.tuples(st.integers(0, 4), st.integers(1, 3)), max_size=5))
    return core + [(node, 10 + i, weight) for i, (node, weight) in enumerate(whiskers)]


@settings(max_examples=300, deadline=None)
@given(whiskered())
def test_fast_search_agrees_on_networks_with_dead_ends(edges: list[tuple[int, int, int]]) -> None:
    assert longest_trail(edges) == longest_trail_reference(edges)
