"""The longest trail the plain way, to check the fast search against: a depth-first search.

>>> longest_trail_reference([("A", "B", 3), ("A", "C", 2), ("A", "D", 1)])
5
"""

from __future__ import annotations

from collections.abc import Sequence

from .graph import Edge, N


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
