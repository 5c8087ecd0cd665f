"""The longest trail of a route network, fast and exact: its reductions, then the search.

A trail walks along edges, never the same edge twice; it may pass a city again. The network is
cut down (trees hanging off it, nodes of degree two) before the search in `trail_search` runs
on what is left.

>>> square = [("A", "B", 1), ("B", "C", 1), ("C", "D", 1), ("D", "A", 1), ("A", "C", 5)]
>>> longest_trail(square)                 # A-B-C-D-A-C: every edge once
9
>>> longest_trail([("A", "B", 3), ("A", "C", 2), ("A", "D", 1)])
5
>>> from .trail_reference import longest_trail_reference
>>> longest_trail(square) == longest_trail_reference(square)
True
"""

from __future__ import annotations

from collections.abc import Sequence

from .graph import Edge, N, components
from .trail_search import TrailSearch


def longest_trail(edges: Sequence[Edge[N]]) -> int:
    """The weight of the heaviest trail: exact, for networks of up to a few dozen edges.

    Each connected component is solved on its own, heaviest first. A component with at most two
    odd-degree nodes has an Euler trail: its whole weight. Otherwise the trees hanging off it
    are cut down to their longest branches (see `_without_pendant_trees`), nodes of degree two
    are contracted away (a trail through one uses both its edges in a row), and two searches
    bounded by parity take turns on what is left (see `TrailSearch` in `trail_search`).
    Route lengths are never negative: a trail never loses by growing.
    """
    groups = [[edges[i] for i in group] for group in components(edges)]
    groups.sort(key=lambda group: -sum(weight for _, _, weight in group))
    best = 0
    for group in groups:
        total = sum(weight for _, _, weight in group)
        if total <= best:
            break
        best = max(best, _component_longest(group, best))
    return best


def _component_longest(edges: Sequence[Edge[N]], floor: int) -> int:
    """The longest trail of one connected network, or `floor` if that is longer."""
    degree: dict[N, int] = {}
    for a, b, _ in edges:
        degree[a] = degree.get(a, 0) + 1
        degree[b] = degree.get(b, 0) + 1
    if sum(1 for d in degree.values() if d % 2) <= 2:
        return max(floor, sum(weight for _, _, weight in edges))
    index: dict[N, int] = {}
    numbered = [(index.setdefault(a, len(index)), index.setdefault(b, len(index)), weight)
                for a, b, weight in edges]
    core, branches, inside = _without_pendant_trees(numbered)
    floor = max(floor, inside)
    if not core:
        return floor  # a tree: its longest path is all there is
    return _core_longest(core, branches, floor)


def _core_longest(core: list[tuple[int, int, int]], branches: list[tuple[int, int, int]],
                  floor: int) -> int:
    """The longest trail of a network without dead ends (`core`) with edges to new dead ends
    (`branches`) added, or `floor` if that is longer.

    A trail takes at most two branches, as its first and last edges, around a trail of the
    core: the core's own longest trail, found first, bounds the rest of the search.
    """
    network = core + branches
    odd = [0] * (1 + max(max(first, second) for first, second, _ in network))
    for first, second, _ in network:
        odd[first] ^= 1
        odd[second] ^= 1
    if sum(odd) <= 2:
        return max(floor, sum(weight for _, _, weight in network))
    core_best = _core_longest(core, [], 0) if len(branches) > 2 else None
    return TrailSearch(_contracted(network)).run(floor, core_best)


def _without_pendant_trees(
    edges: list[tuple[int, int, int]],
) -> tuple[list[tuple[int, int, int]], list[tuple[int, int, int]], int]:
    """The network with the trees hanging off it cut down, and the longest path inside them.

    Peeling nodes of degree one until none is left strips the trees that hang off the rest (the
    core) by a single node each. A trail that goes down into such a tree cannot come back up
    (that would take an edge twice), so it does so only at its ends, and a trail that touches
    the core is: the heaviest way down into one tree, a trail of the core, the heaviest way down
    into another. Of the ways down at one node only the heaviest two can serve (a trail has two
    ends), so each becomes one edge to a new dead end, of the way's weight; the longest trail of
    the core with those edges is the longest trail touching the core, exactly. A trail that
    does not touch the core is a path in one tree: the two heaviest ways down from some node.

    Nodes are numbered from 0. Returns the core (empty for a tree: nothing is left), the new
    edges to dead ends, and the longest path inside the trees.
    """
    count = 1 + max(max(a, b) for a, b, _ in edges)
    degree = [0] * count
    incident: list[list[int]] = [[] for _ in range(count)]
    for number, (a, b, _) in enumerate(edges):
        degree[a] += 1
        degree[b] += 1  # a loop counts twice: its node never hangs off anything
        incident[a].append(number)
        if b != a:
            incident[b].append(number)
    removed = [False] * len(edges)
    #: The heaviest two ways down from each node into the trees peeled off it.
    down = [[0, 0] for _ in range(count)]
    leaves = [node for node in range(count) if degree[node] == 1]
    while leaves:
        node = leaves.pop()
        if degree[node] != 1:
            continue  # its neighbour went first, as the last leaf of a whole tree
        number = next(number for number in incident[node] if not removed[number])
        removed[number] = True
        a, b, weight = edges[number]
        parent = b if a == node else a
        degree[node] = 0
        degree[parent] -= 1
        depth = down[node][0] + weight
        ways = down[parent]
        if depth > ways[0]:
            ways[0], ways[1] = depth, ways[0]
        elif depth > ways[1]:
            ways[1] = depth
        if degree[parent] == 1:
            leaves.append(parent)
    inside = max(first + second for first, second in down)
    core = [edge for number, edge in enumerate(edges) if not removed[number]]
    branches = []
    for node in range(count):
        if degree[node]:  # in the core
            for depth in down[node]:
                if depth > 0:
                    branches.append((node, count, depth))
                    count += 1
    return core, branches, inside


def _contracted(edges: Sequence[Edge[N]]) -> list[tuple[int, int, int]]:
    """The same network with every node of degree two (and no loop) merged into one edge."""
    index: dict[N, int] = {}
    live: dict[int, list[int]] = {}
    incident: dict[int, set[int]] = {}
    for number, (a, b, weight) in enumerate(edges):
        numbered = [index.setdefault(a, len(index)), index.setdefault(b, len(index))]
        live[number] = [numbered[0], numbered[1], weight]
        for end in numbered:
            incident.setdefault(end, set()).add(number)
    next_number = len(edges)
    pending = list(incident)
    while pending:
        node = pending.pop()
        around = incident.get(node)
        if not around or len(around) != 2:
            continue
        first, second = (live[number] for number in around)
        if first[0] == first[1] or second[0] == second[1]:
            continue  # a loop: the node has degree three or more, or is a lone cycle
        ends = [first[0] if first[1] == node else first[1],
                second[0] if second[1] == node else second[1]]
        for number in list(around):
            for end in live[number][:2]:
                incident[end].discard(number)
            del live[number]
        del incident[node]
        live[next_number] = [ends[0], ends[1], first[2] + second[2]]
        for end in ends:
            incident[end].add(next_number)
            pending.append(end)
        next_number += 1
    renumber: dict[int, int] = {}
    result = []
    for first_end, second_end, weight in live.values():
        result.append((renumber.setdefault(first_end, len(renumber)),
                       renumber.setdefault(second_end, len(renumber)), weight))
    return result
