"""The search under a limited number of recycles: depth first on the exact state."""

from __future__ import annotations

from .encoded import EncodedPosition
from .pool import PoolSearch
from .search import OutOfNodes, Search
from .steps import SearchStep


class SequenceSearch(Search):
    """Depth-first search on the exact state, for a limited number of recycles.

    ``ceiling`` is a proven bound on the pyramid cards that can be removed (the pool search
    under unlimited recycles, see :func:`.answers.solve`): the search stops once a line reaches it.
    ``decide_only`` drops every state that cannot be won, whatever it could still remove.
    ``oracle``, a :class:`PoolSearch` under these rules relaxed to unlimited recycles, drops
    every state it proves cannot be won (:meth:`PoolSearch.winnable`, strict win) or cannot
    remove more pyramid cards than the best line so far (:meth:`PoolSearch.reaches`;
    docs/design/solver.md, "Recycles to spend").
    """

    def __init__(
        self,
        encoded: EncodedPosition,
        limit: int = -1,
        ceiling: int | None = None,
        decide_only: bool = False,
        oracle: PoolSearch | None = None,
    ) -> None:
        super().__init__(encoded, limit)
        self.ceiling = encoded.size if ceiling is None else ceiling
        self.decide_only = decide_only
        self.oracle = oracle

    def run(self) -> None:
        t = self.encoded
        rules = t.rules
        strict = rules.strict_win
        limit = rules.recycles if rules.recycles is not None else 0
        target = t.target
        trank = t.talon_rank
        layer_of = t.layer
        assess = t.assess
        size, talon_shift, drawn_shift = t.size, t.talon_shift, t.drawn_shift
        fresh_pair = t.fresh_pair
        ceiling = self.ceiling
        decide_only = self.decide_only
        oracle = self.oracle
        # A state seen with the waste top fresh, or with fewer recycles used, can do all that
        # the same cards can do otherwise: remember, per placement of the cards, the
        # (fresh, recycles used) pairs already explored.
        seen: dict[int, list[tuple[int, int]]] = {}
        path: list[SearchStep] = []
        # On one pass, a removal tried in a state (a pair of pyramid places (a, b), or a waste
        # card with a pyramid place (place, ~talon index)) is not tried again below the moves
        # tried after it there: it could have been played first (docs/design/solver.md).
        one_pass = limit == 0
        nothing: frozenset[tuple[int, int]] = frozenset()

        def visit(
            pyramid: int,
            talon: int,
            drawn: int,
            fresh: int,
            recycles: int,
            asleep: frozenset[tuple[int, int]],
        ) -> bool:
            """Explore a state; True stops the whole search (a win, or the ceiling reached).
            ``asleep``: the removals not to try from here."""
            key = pyramid | talon << talon_shift | drawn << drawn_shift
            explored = seen.get(key)
            if explored is None:
                seen[key] = [(fresh, recycles)]
            else:
                for was_fresh, was_recycles in explored:
                    if was_fresh >= fresh and was_recycles <= recycles:
                        return False
                explored.append((fresh, recycles))
            self.nodes += 1
            if self.nodes == self.limit:
                raise OutOfNodes(self)
            removed = size - pyramid.bit_count()
            if removed > self.best_removed:
                self.best_removed = removed
                self.best_steps = path[:]
                if removed >= ceiling and (ceiling < size or not strict):
                    if not pyramid:
                        self.win_steps = path[:]
                    return True
            if not pyramid and not talon:
                self.win_steps = path[:]
                return True
            layer = layer_of(pyramid)
            removable, hopeless, reachable = assess(
                layer, pyramid, talon, drawn, fresh, recycles >= limit
            )
            if hopeless and (decide_only or removed + removable <= self.best_removed):
                return False
            if reachable != talon and not strict:
                # Buried waste cards will never be played: forget them, so that states that
                # differ only there meet (the lid above them cannot pair with anything either).
                talon = reachable
                drawn = (talon & ((1 << drawn) - 1)).bit_length()
            if oracle is not None and not self.oracle_allows(
                oracle, pyramid, talon, size if decide_only else self.best_removed + 1
            ):
                return False
            tried = set(asleep)
            if layer.kings:  # forced: docs/design/solver.md
                king = layer.kings[0]
                path.append(("K", king))
                found = visit(pyramid ^ (1 << king), talon, drawn, fresh, recycles, asleep)
                path.pop()
                return found
            waste = talon & ((1 << drawn) - 1)
            top = waste.bit_length() - 1
            if top >= 0 and trank[top] == target:  # forced as well
                rest = waste ^ (1 << top)
                path.append(("WK",))
                found = visit(pyramid, talon ^ (1 << top), rest.bit_length(), 0, recycles, asleep)
                path.pop()
                return found
            for a, b in layer.pairs:
                if (a, b) in asleep:
                    continue
                path.append(("P", a, b))
                if visit(
                    pyramid ^ (1 << a) ^ (1 << b), talon, drawn, fresh, recycles, frozenset(tried)
                ):
                    return True
                path.pop()
                if one_pass:
                    tried.add((a, b))
            if top >= 0:
                rest = waste ^ (1 << top)
                after = rest.bit_length()
                for slot in layer.free_by_need.get(trank[top], ()):
                    if (slot, ~top) in asleep:
                        continue
                    path.append(("W", slot))
                    if visit(
                        pyramid ^ (1 << slot),
                        talon ^ (1 << top),
                        after,
                        0,
                        recycles,
                        frozenset(tried),
                    ):
                        return True
                    path.pop()
                    if one_pass:
                        tried.add((slot, ~top))
                if fresh:
                    under = rest.bit_length() - 1
                    below = rest ^ (1 << under)
                    path.append(("WW",))
                    if visit(
                        pyramid,
                        talon ^ (1 << top) ^ (1 << under),
                        below.bit_length(),
                        0,
                        recycles,
                        frozenset(tried),
                    ):
                        return True
                    path.pop()
            stock = talon >> drawn
            if stock:
                nxt = drawn + (stock & -stock).bit_length()
                path.append(("D",))
                if visit(
                    pyramid, talon, nxt, int(fresh_pair(talon, nxt)), recycles, frozenset(tried)
                ):
                    return True
                path.pop()
            elif waste and recycles < limit:
                path.append(("R",))
                if visit(pyramid, talon, 0, 0, recycles + 1, nothing):
                    return True
                path.pop()
            return False

        if self.best_removed < ceiling or (strict and ceiling == t.size):
            visit(t.pyramid0, t.talon0, t.drawn0, t.fresh0, t.recycles0, nothing)
