"""The search under unlimited recycles, where the talon is a pool (docs/design/solver.md); it
also serves the search under limited recycles as a memoised oracle."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from .encoded import EncodedPosition, Layer
from .search import OutOfNodes, Search
from .steps import SearchStep


class PoolSearch(Search):
    """Depth-first search when recycles are unlimited: the talon is a pool (docs/design/solver.md).

    It also serves a search under limited recycles as an oracle (:class:`SequenceSearch`),
    state after state, remembering what it found from one call to the next: with
    ``decide_only``, :meth:`winnable` says whether a state can be won; when only the pyramid
    must be cleared, :meth:`reaches` says whether a state can get a given number of pyramid
    cards removed."""

    def __init__(
        self, encoded: EncodedPosition, limit: int = -1, decide_only: bool = False
    ) -> None:
        super().__init__(encoded, limit)
        self.decide_only = decide_only
        self.seen: set[int] = set()  # lost, or on the line being explored
        self.won: set[int] = set()  # on a winning line found by an earlier call of winnable()
        self.most: dict[int, int] = {}  # state -> at most this many pyramid cards gone, proven
        self.least: dict[int, int] = {}  # state -> at least this many can be gone, proven
        self._visit: Callable[[int, int], bool] | None = None
        self._reach: Callable[[int, int, int], bool] | None = None
        self._path: list[SearchStep] = []

    def run(self) -> None:
        t = self.encoded
        self.winnable(t.pyramid0, t.talon0)

    def winnable(self, pyramid: int, talon: int) -> bool:
        """Whether the state can be won (with ``decide_only``; otherwise: whether the search
        from it found a win, having updated the best line)."""
        if self._visit is None:
            self._visit = self._make_visit()
        self._path.clear()
        self.win_steps = None
        if not self._visit(pyramid, talon):
            return False
        for key in self._keys_along(pyramid, talon, self.win_steps or []):
            self.seen.discard(key)
            self.won.add(key)
        return True

    def reaches(self, pyramid: int, talon: int, goal: int) -> bool:
        """Only the pyramid to clear: whether ``goal`` pyramid cards (counted since the deal)
        can be gone, from this state."""
        if self._reach is None:
            self._reach = self._make_reach()
        return self._reach(pyramid, talon, goal)

    def _make_reach(self) -> Callable[[int, int, int], bool]:
        t = self.encoded
        assert not t.rules.strict_win
        by_rank = t.talon_by_rank
        layer_of = t.layer
        lost_cards = t.lost_cards
        most, least = self.most, self.least
        size, talon_shift = t.size, t.talon_shift

        def reach(pyramid: int, talon: int, goal: int) -> bool:
            if size - pyramid.bit_count() >= goal:
                return True
            key = pyramid | talon << talon_shift
            if most.get(key, size) < goal:
                return False
            if least.get(key, 0) >= goal:
                return True
            self.nodes += 1
            if self.nodes == self.limit:
                raise OutOfNodes(self)
            layer = layer_of(pyramid)
            bound = size - lost_cards(layer, talon).bit_count()
            if bound >= goal and reach_from(layer, pyramid, talon, goal):
                least[key] = goal
                return True
            most[key] = min(bound, goal - 1)
            return False

        def reach_from(layer: Layer, pyramid: int, talon: int, goal: int) -> bool:
            if layer.kings:  # forced, as in the search
                return reach(pyramid ^ (1 << layer.kings[0]), talon, goal)
            for a, b in layer.pairs:
                if reach(pyramid ^ (1 << a) ^ (1 << b), talon, goal):
                    return True
            for need, slots in layer.free_by_need.items():
                choices = talon & by_rank[need]
                if choices:
                    low = choices & -choices  # cards of one rank are interchangeable
                    for slot in slots:
                        if reach(pyramid ^ (1 << slot), talon ^ low, goal):
                            return True
            return False

        return reach

    def _keys_along(self, pyramid: int, talon: int, steps: list[SearchStep]) -> Iterator[int]:
        """The state keys a line of pool steps passes through, from ``(pyramid, talon)``."""
        shift = self.encoded.talon_shift
        yield pyramid | talon << shift
        for step in steps:
            kind = step[0]
            if kind == "K":
                pyramid ^= 1 << step[1]
            elif kind == "P":
                pyramid ^= (1 << step[1]) ^ (1 << step[2])
            elif kind == "T":
                pyramid ^= 1 << step[1]
                talon ^= 1 << step[2]
            elif kind == "TK":
                talon ^= 1 << step[1]
            else:  # "TT"
                talon ^= (1 << step[1]) ^ (1 << step[2])
            yield pyramid | talon << shift

    def _make_visit(self) -> Callable[[int, int], bool]:
        t = self.encoded
        rules = t.rules
        strict = rules.strict_win
        together = rules.draw_against_waste and strict  # talon pairs only matter when they must go
        target = t.target
        trank = t.talon_rank
        by_rank = t.talon_by_rank
        layer_of = t.layer
        lost_cards = t.lost_cards
        talon_stuck = t.talon_stuck
        kings_in_talon = by_rank[target] if strict else 0
        decide_only = self.decide_only
        seen, won, path = self.seen, self.won, self._path
        size, talon_shift = t.size, t.talon_shift

        def visit(pyramid: int, talon: int) -> bool:
            key = pyramid | talon << talon_shift
            if key in seen:
                return False
            if key in won:
                self.win_steps = path[:]
                return True
            seen.add(key)
            self.nodes += 1
            if self.nodes == self.limit:
                raise OutOfNodes(self)
            removed = size - pyramid.bit_count()
            if removed > self.best_removed:
                self.best_removed = removed
                self.best_steps = path[:]
            if not pyramid and (not strict or not talon):
                self.win_steps = path[:]
                return True
            layer = layer_of(pyramid)
            lost = lost_cards(layer, talon)
            if lost or (strict and talon_stuck(layer, talon)):
                if decide_only or size - lost.bit_count() <= self.best_removed:
                    return False
            if layer.kings:
                king = layer.kings[0]
                path.append(("K", king))
                found = visit(pyramid ^ (1 << king), talon)
                path.pop()
                return found
            if talon & kings_in_talon:
                bits = talon & kings_in_talon
                index = (bits & -bits).bit_length() - 1
                path.append(("TK", index))
                found = visit(pyramid, talon ^ (1 << index))
                path.pop()
                return found
            for a, b in layer.pairs:
                path.append(("P", a, b))
                if visit(pyramid ^ (1 << a) ^ (1 << b), talon):
                    return True
                path.pop()
            for need, slots in layer.free_by_need.items():
                choices = talon & by_rank[need]
                while choices:
                    low = choices & -choices
                    index = low.bit_length() - 1
                    for slot in slots:
                        path.append(("T", slot, index))
                        if visit(pyramid ^ (1 << slot), talon ^ low):
                            return True
                        path.pop()
                    # Cards of one rank are interchangeable unless talon pairs make their
                    # places matter (strict win with draw against waste).
                    choices = choices ^ low if together else 0
            if together:
                previous = -1
                rest = talon
                while rest:
                    low = rest & -rest
                    index = low.bit_length() - 1
                    if previous >= 0 and trank[previous] + trank[index] == target:
                        path.append(("TT", previous, index))
                        if visit(pyramid, talon ^ low ^ (1 << previous)):
                            return True
                        path.pop()
                    previous = index
                    rest ^= low
            return False

        return visit
