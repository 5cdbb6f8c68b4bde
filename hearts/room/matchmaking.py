"""Play live: a queue that seats four waiting people of similar rating, widening the range as they wait.

A person waiting ``w`` seconds accepts others whose rating (``mu``) is within
``spread + widen * w`` of theirs; four people who all accept each other are
seated together (the longest-waiting first). After ``fill_after`` seconds (the
room owner's choice) the longest-waiting person is seated with whoever waits
within their range, and bots take the empty seats.

>>> q = MatchQueue(spread=2, widen=1, fill_after=30)
>>> for i, mu in enumerate([25, 26, 40, 24.5, 25.5]):
...     _ = q.add(f"p{i}", f"P{i}", mu, now=0)
>>> [[w.key for w in group] for group in q.match(now=0)]
[['p0', 'p1', 'p3', 'p4']]
>>> [w.key for w in q.waiting], q.match(now=10), [[w.key for w in g] for g in q.match(now=31)]
(['p2'], [], [['p2']])
"""

from __future__ import annotations

import dataclasses

from hearts.room.tables import SEATS, RoomError

__all__ = ["MatchQueue", "Waiting"]


@dataclasses.dataclass
class Waiting:
    """One person in the queue: their player key, name, rating and when they joined."""

    key: str
    name: str
    mu: float
    since: float


class MatchQueue:
    """The people waiting to play live (see the module's doc)."""

    def __init__(self, *, spread: float = 3.0, widen: float = 0.5, fill_after: float = 60.0) -> None:
        if not spread >= 0 or not widen >= 0 or not fill_after >= 0:
            raise RoomError("bad_setting", "queue", setting="queue", value=f"{spread}, {widen}, {fill_after}")
        self.spread, self.widen, self.fill_after = spread, widen, fill_after
        self.waiting: list[Waiting] = []

    def add(self, key: str, name: str, mu: float, *, now: float) -> Waiting:
        """Put a person in the queue (once: a second join keeps their place)."""
        for w in self.waiting:
            if w.key == key:
                return w
        w = Waiting(key, name, mu, now)
        self.waiting.append(w)
        return w

    def remove(self, key: str) -> bool:
        """Take a person out of the queue; False when they were not in it."""
        before = len(self.waiting)
        self.waiting = [w for w in self.waiting if w.key != key]
        return len(self.waiting) != before

    def reach(self, w: Waiting, now: float) -> float:
        """How far from their own rating ``w`` accepts others now."""
        return self.spread + self.widen * max(0.0, now - w.since)

    def match(self, *, now: float) -> list[list[Waiting]]:
        """The groups to seat now (each taken out of the queue): four who accept each other, or, after
        ``fill_after``, the longest-waiting person and whoever they accept (bots fill the rest)."""
        groups: list[list[Waiting]] = []
        while True:
            group = self._full_group(now)
            if group is None:
                break
            groups.append(group)
        while self.waiting and now - self.waiting[0].since >= self.fill_after:
            first = self.waiting[0]
            accepted = [w for w in self.waiting[1:] if self._accept(first, w, now)]
            group = [first, *accepted[: SEATS - 1]]
            self._take(group)
            groups.append(group)
        return groups

    def _accept(self, a: Waiting, b: Waiting, now: float) -> bool:
        gap = abs(a.mu - b.mu)
        return gap <= self.reach(a, now) and gap <= self.reach(b, now)

    def _full_group(self, now: float) -> list[Waiting] | None:
        for first in self.waiting:  # the longest-waiting first
            group = [first]
            for w in self.waiting:
                if w is not first and all(self._accept(w, g, now) for g in group):
                    group.append(w)
                    if len(group) == SEATS:
                        self._take(group)
                        return group
        return None

    def _take(self, group: list[Waiting]) -> None:
        keys = {w.key for w in group}
        self.waiting = [w for w in self.waiting if w.key not in keys]
