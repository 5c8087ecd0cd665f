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

from collections.abc import Hashable, Iterable, Iterator, Sequence
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
    odd-degree nodes has an Euler trail: its whole weight. Otherwise the trees hanging off it
    are cut down to their longest branches (see `_without_pendant_trees`), nodes of degree two
    are contracted away (a trail through one uses both its edges in a row), and two searches
    bounded by parity take turns on what is left (see `_TrailSearch`).
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
    return _TrailSearch(_contracted(network)).run(floor, core_best)


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


def _bits(mask: int) -> list[int]:
    numbers = []
    while mask:
        low = mask & -mask
        numbers.append(low.bit_length() - 1)
        mask ^= low
    return numbers


#: With fewer unused edges than this, walking on costs less than the full bound.
_FULL_BOUND_FROM = 14

#: Steps (of leaving out, or their worth) each search takes in a turn before the other
#: resumes; tests lower it to one, to hand over at every step.
_TURN = 200


class _TrailSearch:
    """Two exact searches over one contracted component, its edges as bits of an integer.

    - Walking: a depth-first search over trails from the odd nodes, cut off by an upper bound.
      Quick on sparse, tree-like networks, slow on dense ones where the bound is loose.
    - Leaving out: a trail's edges are a connected set with at most two odd nodes (Euler), so
      the longest trail is the whole network less the lightest set of edges to leave out for
      that. Each odd node still to fix is an end or loses one of its edges; branching first on
      dead ends, heaviest first (an end, or left out: once the ends are chosen, the bound on
      the rest is close), then on the node with the fewest edges left, this is quick on dense
      networks (grids, nearly complete graphs), where little is left out, and on networks with
      many dead ends (what is left of the trees hanging off a network: see
      `_without_pendant_trees`).

    Both run in turns of a few hundred steps (leaving out first), each resuming where it
    stopped, and share the best length found: the first to finish has the exact answer, at
    most about twice the time it takes on its own.
    """

    def __init__(self, edges: list[tuple[int, int, int]]) -> None:
        self.ends = [(a, b) for a, b, _ in edges]
        self.weight = [weight for _, _, weight in edges]
        self.total = sum(self.weight)
        nodes = 1 + max(max(a, b) for a, b, _ in edges)
        self.incident = [0] * nodes
        self.parity_edges = [0] * nodes  # loops never change a node's parity
        cheapest = [-1] * nodes  # none yet (a route may weigh nothing)
        for number, (a, b, weight) in enumerate(edges):
            self.incident[a] |= 1 << number
            self.incident[b] |= 1 << number
            if a != b:
                for end in (a, b):
                    self.parity_edges[end] |= 1 << number
                    cheapest[end] = weight if cheapest[end] < 0 else min(cheapest[end], weight)
        #: The lightest edge that could be left out at each node, to price an odd node.
        self.cheapest = [max(price, 0) for price in cheapest]
        #: Per node, its other edges as (bit, other end, weight), lightest first.
        self.around = [
            sorted(((1 << number, b if a == node else a, self.weight[number])
                    for number, (a, b) in enumerate(self.ends)
                    if a != b and node in (a, b)), key=lambda option: option[2])
            for node in range(nodes)
        ]
        self.lightest = min(self.weight)
        #: Per node, its other edges as (bit, other end), for walking over the network.
        self.neighbours = [[(bit, other) for bit, other, _ in around] for around in self.around]
        #: Edges into a node of degree one: a trail ends when it takes one (unless it starts
        #: there: the edge of a node of degree one is no dead end from that node).
        self.dead_ends = 0
        self.own_dead_end = [mask if mask.bit_count() == 1 else 0 for mask in self.incident]
        for number, (a, b) in enumerate(self.ends):
            if a != b and (self.incident[a].bit_count() == 1 or self.incident[b].bit_count() == 1):
                self.dead_ends |= 1 << number
        #: Nodes of degree one, as bits, heaviest edge first: the leaving out decides them first.
        self.leaves = [1 << node for node, mask in enumerate(self.incident)
                       if mask.bit_count() == 1 and self.parity_edges[node]]
        self.leaves.sort(key=lambda bit: -self.weight[self.incident[bit.bit_length() - 1]
                                                     .bit_length() - 1])
        self.leaf_nodes = sum(self.leaves)
        #: Their edges, in the same order, as (bit, weight).
        self.branches = [(edge, self.weight[edge.bit_length() - 1])
                         for edge in (self.incident[bit.bit_length() - 1] for bit in self.leaves)]
        #: The longest trail without those edges, when known: see `run`.
        self.core_best: int | None = None
        self.all_edges = (1 << len(edges)) - 1
        self.best = 0
        self.steps = 0
        self.pause_at = 0
        self.walked: set[tuple[int, int]] = set()
        self.left_out: set[tuple[int, int]] = set()

    def run(self, floor: int, core_best: int | None = None) -> int:
        """The longest trail, or `floor` if that is longer.

        `core_best`, if known: the longest trail without the edges into dead ends. A trail
        takes at most two of those, as its first and last edges, around a trail of the rest: it
        is no longer than `core_best` and the two heaviest of them still kept.
        """
        self.best = floor
        self.core_best = core_best
        odd = self._odd_mask(self.all_edges)
        ceiling = self.total - self._fix_price(odd, 0, 2)[0]
        searches = [self._leave_out(0, odd, 0, 0), self._walk_all(odd)]
        while self.best < ceiling:
            for search in searches:
                self.pause_at = self.steps + _TURN
                # A search yields when its turn is over; each step checks the shared best, so
                # whatever the other found meanwhile only cuts more.
                if next(search, True):
                    return self.best
        return self.best

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
        incident = self.incident
        neighbours = self.neighbours
        for here in frontier:  # grows as it goes
            edges |= incident[here]
            for bit, other in neighbours[here]:
                if bit & kept and not nodes >> other & 1:
                    nodes |= 1 << other
                    frontier.append(other)
        return edges & kept, nodes

    # Walking ------------------------------------------------------------------------------------

    def _walk_all(self, odd: int) -> Iterator[None]:
        starts = odd
        while starts:
            low = starts & -starts
            yield from self._walk(low.bit_length() - 1, self.all_edges, 0, self.total, odd)
            starts ^= low

    def _walk(self, node: int, unused: int, length: int, left: int, odd: int
              ) -> Iterator[None]:
        """`left`: the weight of the unused edges; `odd`: their odd nodes."""
        if (node, unused) in self.walked:
            return  # same edges used, same place: the same length so far and the same future
        self.steps += 2  # a walking step costs about two of leaving out: turns of equal time
        if self.steps >= self.pause_at:
            yield
        self.walked.add((node, unused))
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
            yield from self._walk(other, unused & ~bit, length - weight, left + weight,
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

    def _leave_out(self, left: int, odd: int, ends: int, cost: int) -> Iterator[None]:
        """`left`: edges left out so far (weighing `cost`); `odd`: odd nodes of the rest;
        `ends`: odd nodes chosen as the trail's two ends (at most two)."""
        if (left, ends) in self.left_out:
            return
        self.steps += 1
        if self.steps >= self.pause_at:
            yield
        self.left_out.add((left, ends))
        to_fix = odd & ~ends
        free_ends = 2 - ends.bit_count()
        must_fix = to_fix.bit_count() - free_ends
        if must_fix <= 0:
            self._settle(self.all_edges & ~left)
            return
        if self.core_best is not None:
            most = self.core_best
            taken = 0
            for bit, weight in self.branches:
                if not bit & left:
                    most += weight
                    taken += 1
                    if taken == 2:
                        break
            if most <= self.best:
                return
        dead = to_fix & self.leaf_nodes
        if dead and not free_ends:
            # Both ends chosen: every other dead end loses its edge, all in one step.
            for bit in self.leaves:
                if bit & dead:
                    edge = self.incident[bit.bit_length() - 1]
                    left |= edge
                    cost += self.weight[edge.bit_length() - 1]
                    a, b = self.ends[edge.bit_length() - 1]
                    odd ^= (1 << a) ^ (1 << b)
            yield from self._leave_out(left, odd, ends, cost)
            return
        price, fewest = self._fix_price(to_fix, left, free_ends)
        if self.total - cost - price <= self.best:
            return
        # Dead ends first (an end, or their edge left out): once the ends are chosen, the price
        # of the rest bounds closely. Then the fewest choices: a narrower tree of branches.
        low = next(bit for bit in self.leaves if bit & dead) if dead else fewest
        node = low.bit_length() - 1
        if free_ends:
            yield from self._leave_out(left, odd, ends | low, cost)
        # Edges to another odd node first, lightest first: they fix two nodes at once, cheaply.
        choices = sorted((not to_fix >> other & 1, weight, bit, other)
                         for bit, other, weight in self.around[node] if not bit & left)
        for _, weight, bit, other in choices:
            yield from self._leave_out(left | bit, odd ^ low ^ (1 << other), ends, cost + weight)

    def _fix_price(self, to_fix: int, left: int, spare: int) -> tuple[int, int]:
        """The least weight still to leave out so that the odd nodes `to_fix` become even, all
        but `spare` of them (at most two: the trail's free ends); and, to branch on, the one
        with the fewest edges left.

        The edges left out pair odd nodes along paths; a node's path is at least as long as the
        way to its nearest odd neighbour, or an edge and another edge; each path serves two.
        The nodes spared are the dearest.
        """
        total = dearest = second = 0
        fewest = 1 << 30
        branch = 0
        lightest = self.lightest
        nodes = to_fix
        while nodes:
            low = nodes & -nodes
            nodes ^= low
            node = low.bit_length() - 1
            count = (self.parity_edges[node] & ~left).bit_count()
            if count < fewest:
                fewest, branch = count, low
            price = -1  # none yet (a route may weigh nothing)
            for bit, other, weight in self.around[node]:
                if bit & left:
                    continue
                if 0 <= price <= weight:
                    break  # lightest first: no later edge is cheaper
                step = weight if to_fix >> other & 1 else weight + lightest
                if price < 0 or step < price:
                    price = step
            if price > 0:
                total += price
                if price > dearest:
                    dearest, second = price, dearest
                elif price > second:
                    second = price
        if spare:
            total -= dearest if spare == 1 else dearest + second
        return (total + 1) // 2, branch

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
