"""Route-graph algorithms shared by the route-building games: connectivity and longest trails.

A network is a sequence of edges `(a, b, weight)`: a multigraph, since two tracks may join the
same two cities. A trail walks along edges, never the same edge twice; it may pass a city again.

>>> square = [("A", "B", 1), ("B", "C", 1), ("C", "D", 1), ("D", "A", 1), ("A", "C", 5)]
>>> longest_trail(square)                 # A-B-C-D-A-C: every edge once
9
>>> longest_trail([("A", "B", 3), ("A", "C", 2), ("A", "D", 1)])
5
>>> longest_trail(square) == longest_trail_reference(square)
True
>>> network = Network([("A", "B", 1), ("C", "D", 1)])
>>> network.connected("A", "B"), network.connected("A", "D")
(True, False)
"""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import Hashable, Iterable, Sequence
from typing import Generic, TypeVar

N = TypeVar("N", bound=Hashable)

Edge = tuple[N, N, int]


class UnionFind(Generic[N]):
    """Disjoint sets with path halving; unknown items are their own set."""

    def __init__(self) -> None:
        self._parent: dict[N, N] = {}

    def find(self, item: N) -> N:
        parent = self._parent
        root = parent.get(item, item)
        while root != parent.get(root, root):
            grand = parent.get(parent[root], parent[root])
            parent[root] = grand
            root = grand
        if root != item:
            parent[item] = root
        return root

    def union(self, a: N, b: N) -> None:
        root_a, root_b = self.find(a), self.find(b)
        if root_a != root_b:
            self._parent[root_a] = root_b


class Network(Generic[N]):
    """Which nodes a set of edges connects."""

    def __init__(self, edges: Iterable[tuple[N, N, int] | tuple[N, N]]) -> None:
        self._sets: UnionFind[N] = UnionFind()
        self.nodes: set[N] = set()
        for edge in edges:
            self.add(edge[0], edge[1])

    def add(self, a: N, b: N) -> None:
        self.nodes.update((a, b))
        self._sets.union(a, b)

    def connected(self, a: N, b: N) -> bool:
        return a in self.nodes and b in self.nodes and self._sets.find(a) == self._sets.find(b)

    def component(self, a: N) -> N:
        """A label shared by every node connected to `a`."""
        return self._sets.find(a)


def components(edges: Sequence[Edge[N]]) -> list[list[int]]:
    """The indices of the edges of each connected component, in order of first appearance."""
    sets: UnionFind[N] = UnionFind()
    for a, b, _ in edges:
        sets.union(a, b)
    groups: dict[N, list[int]] = {}
    for index, (a, _, _) in enumerate(edges):
        groups.setdefault(sets.find(a), []).append(index)
    return list(groups.values())


# --- The longest trail, fast and exact -----------------------------------------------------------


def longest_trail(edges: Sequence[Edge[N]]) -> int:
    """The weight of the heaviest trail: exact, for networks of up to a few dozen edges.

    Each connected component is solved on its own, heaviest first. A component with at most two
    odd-degree nodes has an Euler trail: its whole weight. Otherwise a longest trail runs
    between two odd nodes, so nodes of degree two are contracted away (a trail through one uses
    both its edges in a row), and a depth-first search over edges starts from the odd nodes only,
    cut off by an upper bound: the edges still reachable, less what parity forces to be left out.
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
    degree: dict[N, int] = {}
    for a, b, _ in edges:
        degree[a] = degree.get(a, 0) + 1
        degree[b] = degree.get(b, 0) + 1
    if sum(1 for d in degree.values() if d % 2) <= 2:
        return sum(weight for _, _, weight in edges)
    dead = [edge for edge in edges if 1 in (degree[edge[0]], degree[edge[1]])]
    contracted = _contracted(edges)
    if len(dead) <= 2:
        return _TrailSearch(contracted).run(floor)
    # Networks with dead ends are often sparse, where trying every trail is quickest; else
    # peel the dead ends off. Both get a budget, growing fourfold until one finishes.
    budget = _PLAIN_BUDGET
    dead_ids = {id(edge) for edge in dead}
    core = [edge for edge in edges if id(edge) not in dead_ids]
    core_best: int | None = None
    while True:
        with contextlib.suppress(BudgetExceeded):
            return max(floor, longest_trail_reference(contracted, budget=budget))
        if core_best is None:
            core_best = _component_longest(core, 0)
        with contextlib.suppress(_OutOfSteps):
            return _peeled(core, core_best, dead, degree, floor, budget)
        budget *= 4


def _peeled(core: list[Edge[N]], core_best: int, dead: list[Edge[N]], degree: dict[N, int],
            floor: int, limit: int) -> int:
    """A trail takes at most two edges into dead ends (nodes of degree one), as its first and
    last. So the longest trail is the best, over the choices of at most two such edges, of the
    network without the others (the core); and each choice is worth at most the core's longest
    trail (`core_best`) plus the edges chosen: most choices are never tried.
    """
    # At one node, the heaviest two dead ends serve as well as any others.
    by_node: dict[N, list[Edge[N]]] = {}
    for edge in dead:
        a, b, _ = edge
        by_node.setdefault(b if degree[a] == 1 else a, []).append(edge)
    kept = [edge for group in by_node.values()
            for edge in sorted(group, key=lambda e: -e[2])[:2]]
    choices: list[tuple[Edge[N], ...]] = [(edge,) for edge in kept]
    choices += list(itertools.combinations(kept, 2))
    choices.sort(key=lambda chosen: -sum(edge[2] for edge in chosen))
    best = max(floor, core_best)
    for chosen in choices:
        if core_best + sum(edge[2] for edge in chosen) <= best:
            break
        best = max(best, _TrailSearch(_contracted(core + list(chosen))).run(best, limit))
    return best


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


def _bits(mask: int) -> list[int]:
    numbers = []
    while mask:
        low = mask & -mask
        numbers.append(low.bit_length() - 1)
        mask ^= low
    return numbers


class _OutOfSteps(Exception):
    pass


#: Edges the plain search may walk on a network with dead ends before the peeling starts.
_PLAIN_BUDGET = 10_000

#: With fewer unused edges than this, walking on costs less than the full bound.
_FULL_BOUND_FROM = 14

#: Steps each search may take in the first round (tests lower it to exercise the hand-overs).
_FIRST_BUDGET = 100


class _TrailSearch:
    """Two exact searches over one contracted component, its edges as bits of an integer.

    - Walking: a depth-first search over trails from the odd nodes, cut off by an upper bound.
      Quick on sparse, tree-like networks, slow on dense ones where the bound is loose.
    - Leaving out: a trail's edges are a connected set with at most two odd nodes (Euler), so
      the longest trail is the whole network less the lightest set of edges to leave out for
      that. Branching on the first odd node still to fix, this is quick on dense networks
      (grids, nearly complete graphs), where little is left out, and slow on sparse ones.

    Both run with a step budget, in turn (leaving out first), the budget growing fourfold each
    round, and share the best length found: the first to finish has the exact answer.
    """

    def __init__(self, edges: list[tuple[int, int, int]]) -> None:
        self.ends = [(a, b) for a, b, _ in edges]
        self.weight = [weight for _, _, weight in edges]
        self.total = sum(self.weight)
        nodes = 1 + max(max(a, b) for a, b, _ in edges)
        self.incident = [0] * nodes
        self.parity_edges = [0] * nodes  # loops never change a node's parity
        cheapest = [0] * nodes
        for number, (a, b, weight) in enumerate(edges):
            self.incident[a] |= 1 << number
            self.incident[b] |= 1 << number
            if a != b:
                for end in (a, b):
                    self.parity_edges[end] |= 1 << number
                    cheapest[end] = weight if not cheapest[end] else min(cheapest[end], weight)
        #: The lightest edge that could be left out at each node, to price an odd node.
        self.cheapest = cheapest
        #: Per node, its other edges as (bit, other end, weight).
        self.around = [
            [(1 << number, b if a == node else a, self.weight[number])
             for number, (a, b) in enumerate(self.ends)
             if a != b and node in (a, b)]
            for node in range(nodes)
        ]
        self.lightest = min(self.weight)
        #: Edges into a node of degree one: a trail ends when it takes one (unless it starts
        #: there: the edge of a node of degree one is no dead end from that node).
        self.dead_ends = 0
        self.own_dead_end = [mask if mask.bit_count() == 1 else 0 for mask in self.incident]
        for number, (a, b) in enumerate(self.ends):
            if a != b and (self.incident[a].bit_count() == 1 or self.incident[b].bit_count() == 1):
                self.dead_ends |= 1 << number
        self.all_edges = (1 << len(edges)) - 1
        self.best = 0
        self.steps = 0
        self.budget = 0
        self.seen: set[tuple[int, int]] = set()

    def run(self, floor: int, limit: int | None = None) -> int:
        """The longest trail, or at least `floor`; past `limit` steps a round, _OutOfSteps."""
        self.best = floor
        odd = self._odd_mask(self.all_edges)
        ceiling = self.total - self._fix_price(odd, 0, odd.bit_count() - 2)
        budget = _FIRST_BUDGET
        while self.best < ceiling:
            for method in (self._leave_out_all, self._walk_all):
                self.steps, self.budget = 0, budget
                try:
                    method(odd)
                except _OutOfSteps:
                    continue
                return self.best
            budget *= 4
            if limit is not None and budget > limit:
                raise _OutOfSteps
        return self.best

    def _tick(self) -> None:
        self.steps += 1
        if self.steps > self.budget:
            raise _OutOfSteps

    def _odd_mask(self, kept: int) -> int:
        mask = 0
        for node, edges in enumerate(self.parity_edges):
            if (edges & kept).bit_count() % 2:
                mask |= 1 << node
        return mask

    def _prices(self, nodes: int) -> list[int]:
        prices = []
        while nodes:
            low = nodes & -nodes
            prices.append(self.cheapest[low.bit_length() - 1])
            nodes ^= low
        return prices

    def _weigh(self, edges: int) -> int:
        total = 0
        weight = self.weight
        while edges:
            low = edges & -edges
            total += weight[low.bit_length() - 1]
            edges ^= low
        return total

    def _reach(self, node: int, kept: int) -> tuple[int, int]:
        """The edges and nodes reachable from `node` over `kept` edges."""
        nodes = 1 << node
        edges = 0
        frontier = [node]
        ends = self.ends
        incident = self.incident
        while frontier:
            here = frontier.pop()
            fresh = incident[here] & kept & ~edges
            edges |= fresh
            while fresh:
                low = fresh & -fresh
                a, b = ends[low.bit_length() - 1]
                other = b if a == here else a
                if not nodes >> other & 1:
                    nodes |= 1 << other
                    frontier.append(other)
                fresh ^= low
        return edges, nodes

    # Walking ------------------------------------------------------------------------------------

    def _walk_all(self, odd: int) -> None:
        self.seen = set()
        starts = odd
        while starts:
            low = starts & -starts
            self._walk(low.bit_length() - 1, self.all_edges, 0, self.total, odd)
            starts ^= low

    def _walk(self, node: int, unused: int, length: int, left: int, odd: int) -> None:
        """`left`: the weight of the unused edges; `odd`: their odd nodes."""
        if (node, unused) in self.seen:
            return  # same edges used, same place: the same length so far and the same future
        self._tick()
        self.seen.add((node, unused))
        if length > self.best:
            self.best = length
        moves = self.incident[node] & unused
        if not moves:
            return
        # A quick bound first (every unused edge, odd nodes at the lightest price), then the
        # full one (reachable edges only, each odd node at its own price, dead ends).
        others = (odd & ~(1 << node)).bit_count()
        quick = left - ((others - 1) * self.lightest + 1) // 2 if others > 1 else left
        if length + quick <= self.best:
            return
        if unused.bit_count() > _FULL_BOUND_FROM and (
            length + self._walk_bound(node, unused, odd) <= self.best
        ):
            return
        ends = self.ends
        options = []
        while moves:
            low = moves & -moves
            number = low.bit_length() - 1
            a, b = ends[number]
            options.append((-self.weight[number], b if a == node else a, low, a, b))
            moves ^= low
        options.sort()  # heaviest first: good trails early make the bound cut sooner
        for weight, other, bit, a, b in options:
            self._walk(other, unused & ~bit, length - weight, left + weight,
                       odd if a == b else odd ^ (1 << a) ^ (1 << b))

    def _walk_bound(self, node: int, unused: int, odd_all: int) -> int:
        """The most the trail can still gain from `node` over `unused` edges.

        Only the reachable edges count. The trail takes at most one more edge into a dead end
        (a node of degree one), as its last; of the other edges, those left out must make all
        odd nodes but `node` and the trail's end even, and one left-out edge serves at most two.
        """
        edges, nodes = self._reach(node, unused)
        dead = edges & self.dead_ends & ~self.own_dead_end[node]
        last = 0
        odd = odd_all
        for number in _bits(dead):
            last = max(last, self.weight[number])
            a, b = self.ends[number]
            odd ^= (1 << a) ^ (1 << b)
        total = self._weigh(edges & ~dead) + last
        odd &= nodes & ~(1 << node)
        if odd & (odd - 1) == 0:
            return total
        prices = sorted(self._prices(odd))
        return total - (sum(prices[:-1]) + 1) // 2

    # Leaving out --------------------------------------------------------------------------------

    def _leave_out_all(self, odd: int) -> None:
        self.seen = set()
        self._leave_out(0, odd, 0, 0)

    def _leave_out(self, left: int, odd: int, ends: int, cost: int) -> None:
        """`left`: edges left out so far (weighing `cost`); `odd`: odd nodes of the rest;
        `ends`: odd nodes chosen as the trail's two ends (at most two)."""
        if (left, ends) in self.seen:
            return
        self._tick()
        self.seen.add((left, ends))
        to_fix = odd & ~ends
        free_ends = 2 - ends.bit_count()
        must_fix = to_fix.bit_count() - free_ends
        if must_fix <= 0:
            self._settle(self.all_edges & ~left)
            return
        if self.total - cost - self._fix_price(to_fix, left, must_fix) <= self.best:
            return
        low = to_fix & -to_fix
        node = low.bit_length() - 1
        if free_ends:
            self._leave_out(left, odd, ends | low, cost)
        choices = self.parity_edges[node] & ~left
        while choices:
            bit = choices & -choices
            number = bit.bit_length() - 1
            a, b = self.ends[number]
            self._leave_out(left | bit, odd ^ (1 << a) ^ (1 << b), ends,
                            cost + self.weight[number])
            choices ^= bit

    def _fix_price(self, to_fix: int, left: int, must_fix: int) -> int:
        """The least weight still to leave out so that `must_fix` of the odd nodes become even.

        The edges left out pair odd nodes along paths; a node's path is at least as long as the
        way to its nearest odd neighbour, or an edge and another edge; each path serves two.
        """
        if must_fix <= 0:
            return 0
        prices = []
        lightest = self.lightest
        nodes = to_fix
        while nodes:
            low = nodes & -nodes
            nodes ^= low
            price = 0
            for bit, other, weight in self.around[low.bit_length() - 1]:
                if bit & left:
                    continue
                step = weight if to_fix >> other & 1 else weight + lightest
                if not price or step < price:
                    price = step
            prices.append(price)
        prices.sort()
        return (sum(prices[:must_fix]) + 1) // 2

    def _settle(self, kept: int) -> None:
        """At most two odd nodes remain: every connected part has an Euler trail."""
        while kept:
            start = self.ends[(kept & -kept).bit_length() - 1][0]
            edges, _ = self._reach(start, kept)
            self.best = max(self.best, self._weigh(edges))
            kept &= ~edges


# --- The reference: a plain depth-first search over edges ---------------------------------------


class BudgetExceeded(RuntimeError):
    """The reference search took more steps than it was allowed."""


def longest_trail_reference(edges: Sequence[Edge[N]], budget: int | None = None) -> int:
    """The heaviest trail by trying every trail from every node: simple, slow, obviously right.

    `budget` caps the number of edges walked; past it, BudgetExceeded is raised.
    """
    adjacency: dict[N, list[int]] = {}
    for number, (a, b, _) in enumerate(edges):
        adjacency.setdefault(a, []).append(number)
        if b != a:
            adjacency.setdefault(b, []).append(number)
    used = [False] * len(edges)
    steps = 0

    def walk(node: N) -> int:
        nonlocal steps
        best = 0
        for number in adjacency[node]:
            if used[number]:
                continue
            steps += 1
            if budget is not None and steps > budget:
                raise BudgetExceeded(f"more than {budget} steps")
            a, b, weight = edges[number]
            used[number] = True
            best = max(best, weight + walk(b if a == node else a))
            used[number] = False
        return best

    return max((walk(node) for node in adjacency), default=0)
