"""The search for the longest trail of one contracted network: two exact searches taking turns.

`trails` hands over what is left of a network once cut down, its nodes numbered from 0; the
search keeps sets of edges as bits of an integer.
"""

from __future__ import annotations

from collections.abc import Iterator


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


class TrailSearch:
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
      `_without_pendant_trees` in `trails`).

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
