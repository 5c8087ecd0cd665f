"""Route networks and which of their cities connect: the union-find the route-building games share.

A network is a sequence of edges `(a, b, weight)`: a multigraph, since two tracks may join the
same two cities. Its longest trail is in `trails`.

>>> network = Network([("A", "B", 1), ("C", "D", 1)])
>>> network.connected("A", "B"), network.connected("A", "D")
(True, False)
>>> components([("A", "B", 1), ("C", "D", 1), ("B", "E", 2)])
[[0, 2], [1]]
"""

from __future__ import annotations

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
