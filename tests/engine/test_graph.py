"""The route-graph algorithms: connectivity, and the fast longest trail against the reference."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.graph import Network, components
from engine.trail_reference import BudgetExceeded, longest_trail_reference
from engine.trails import longest_trail


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


def test_trees_hanging_off_a_cycle() -> None:
    # A triangle with a tree at A (ways down: 3 via D-E-F, 2 via G, 1 via H) and one at B.
    edges = [("A", "B", 1), ("B", "C", 1), ("C", "A", 1), ("A", "D", 1), ("D", "E", 1),
             ("E", "F", 1), ("A", "G", 2), ("A", "H", 1), ("B", "I", 2)]
    # Down the tree at B, round the triangle, down the deepest way at A: 2 + 3 + 3.
    assert longest_trail(edges) == longest_trail_reference(edges) == 8
    # Round the triangle from A and back down another way there: 3 + 3 + 2.
    assert longest_trail(edges[:-1]) == longest_trail_reference(edges[:-1]) == 8


def test_longest_path_inside_a_tree() -> None:
    # A small cycle hangs off a long tree, whose longest path never touches it.
    edges = [("A", "B", 3), ("B", "C", 3), ("C", "D", 3), ("B", "E", 3), ("E", "F", 3),
             ("D", "X", 1), ("X", "Y", 1), ("Y", "D", 1)]
    assert longest_trail(edges) == longest_trail_reference(edges) == 15
    assert longest_trail(edges[:5]) == 12  # the tree alone: its longest path


def test_routes_of_no_length() -> None:
    edges = [(1, 0, 0), (2, 1, 1), (3, 1, 2), (4, 2, 2), (5, 2, 0), (3, 5, 1), (6, 3, 3),
             (4, 6, 1), (7, 4, 2), (0, 7, 0), (8, 6, 2)]
    assert longest_trail(edges) == longest_trail_reference(edges)


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


# Twelve edges at most: with thirteen, the reference alone may take seconds per run.
dense = st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5), st.just(1)), min_size=8,
                 max_size=12)


@settings(max_examples=150, deadline=None)
@given(dense)
def test_fast_search_agrees_on_dense_unit_networks(edges: list[tuple[int, int, int]]) -> None:
    assert longest_trail(edges) == longest_trail_reference(edges)


@settings(max_examples=150, deadline=None)
@given(multigraphs)
def test_searches_handing_over_agree_with_reference(edges: list[tuple[int, int, int]]) -> None:
    # Turns of one step make the two searches hand over to each other at every step.
    import engine.trail_search

    saved = engine.trail_search._TURN
    engine.trail_search._TURN = 1
    try:
        assert longest_trail(edges) == longest_trail_reference(edges)
    finally:
        engine.trail_search._TURN = saved


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


@st.composite
def trees_with_cycles(draw: st.DrawFn) -> list[tuple[int, int, int]]:
    """A random tree closed into a few cycles (or none): sparse, with trees hanging off."""
    size = draw(st.integers(2, 20))
    weights = st.integers(draw(st.sampled_from([0, 1])), draw(st.sampled_from([1, 2, 4])))
    edges = [(node, draw(st.integers(0, node - 1)), draw(weights)) for node in range(1, size)]
    chords = draw(st.lists(st.tuples(st.integers(0, size - 1), st.integers(0, size - 1),
                                     weights), max_size=5))
    return draw(st.permutations(edges + chords))


@settings(max_examples=300, deadline=None)
@given(trees_with_cycles())
def test_fast_search_agrees_on_trees_with_cycles(edges: list[tuple[int, int, int]]) -> None:
    assert longest_trail(edges) == longest_trail_reference(edges)


@st.composite
def with_pendant_trees(draw: st.DrawFn) -> list[tuple[int, int, int]]:
    """A small core with trees hanging off many of its nodes: dead ends at several depths."""
    core = draw(st.lists(st.tuples(st.integers(0, 4), st.integers(0, 4), st.integers(1, 3)),
                         min_size=2, max_size=7))
    edges = list(core)
    hanging = draw(st.lists(st.tuples(st.integers(0, 4), st.integers(1, 3)), min_size=3,
                            max_size=9))
    for number, (node, weight) in enumerate(hanging):
        # Hang each new node off the core or off a node hung earlier.
        parent = draw(st.sampled_from([node] + [10 + earlier for earlier in range(number)]))
        edges.append((parent, 10 + number, weight))
    return edges


@settings(max_examples=300, deadline=None)
@given(with_pendant_trees())
def test_fast_search_agrees_with_pendant_trees(edges: list[tuple[int, int, int]]) -> None:
    assert longest_trail(edges) == longest_trail_reference(edges)


@settings(max_examples=150, deadline=None)
@given(st.one_of(trees_with_cycles(), with_pendant_trees()))
def test_sparse_searches_handing_over_agree(edges: list[tuple[int, int, int]]) -> None:
    import engine.trail_search

    saved = engine.trail_search._TURN
    engine.trail_search._TURN = 1
    try:
        assert longest_trail(edges) == longest_trail_reference(edges)
    finally:
        engine.trail_search._TURN = saved
