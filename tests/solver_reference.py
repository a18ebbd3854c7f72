"""A plain exhaustive search through the engine, to check the fast solver against.

It knows nothing of the solver's state encoding or pruning: it plays every move
:meth:`Game.legal_moves` offers from every position :meth:`Game.position` tells apart, and
reports whether a won position is reachable and the most pyramid cards any reachable position
has removed. Only ``recycles_used`` is left out of the key when recycles are unlimited (the
rules then never read it), or the search would never end.
"""

from __future__ import annotations

from pyramide_widget import Game

PYRAMID = 28
_COPY_EVERY = 90  # the engine undoes at most 100 actions: go deeper on a fresh replay


class BudgetExceeded(Exception):
    """The position has more reachable states than the caller allowed."""


def exhaustive(game: Game, budget: int | None = None) -> tuple[bool, int, int]:
    """``(winnable, max_removed, states)`` for ``game``'s position, by visiting every position."""
    unlimited = game.rules.recycles is None
    seen: set[object] = set()
    best = [PYRAMID - game.pyramid_left, False]

    def key(g: Game) -> object:
        p = g.position()
        return (p.pyramid, p.waste, p.stock, p.fresh, None if unlimited else p.recycles_used)

    def visit(g: Game, depth: int) -> None:
        k = key(g)
        if k in seen:
            return
        seen.add(k)
        if depth >= _COPY_EVERY:
            g, depth = fresh_copy(g), 0
        if budget is not None and len(seen) > budget:
            raise BudgetExceeded
        best[0] = max(best[0], PYRAMID - g.pyramid_left)
        if str(g.status) == "won":
            best[1] = True
        for move in g.legal_moves():
            g.play(move)
            visit(g, depth + 1)
            g.undo()

    visit(fresh_copy(game), 0)
    return bool(best[1]), int(best[0]), len(seen)


def fresh_copy(game: Game) -> Game:
    """The same position in a new game, by replaying its moves from the deal."""
    copy = Game(game.deal, game.rules)
    for move in game.history:
        copy.play(move)
    return copy


def shortest_win(game: Game, budget: int | None = None) -> int | None:
    """The fewest moves to a win, by breadth-first search through the engine (or ``None``)."""
    unlimited = game.rules.recycles is None
    start = fresh_copy(game)

    def key(g: Game) -> object:
        p = g.position()
        return (p.pyramid, p.waste, p.stock, p.fresh, None if unlimited else p.recycles_used)

    if str(start.status) == "won":
        return 0
    seen = {key(start)}
    frontier = [tuple(start.history)]
    depth = 0
    while frontier:
        depth += 1
        following = []
        for line in frontier:
            g = Game(game.deal, game.rules)
            for move in line:
                g.play(move)
            for move in g.legal_moves():
                g.play(move)
                if str(g.status) == "won":
                    return depth
                k = key(g)
                if k not in seen:
                    seen.add(k)
                    if budget is not None and len(seen) > budget:
                        raise BudgetExceeded
                    following.append(line + (move,))
                g.undo()
        frontier = following
    return None


def playout(game: Game, seed: int, keep: int = 0, stock: int = 0, steps: int = 400) -> Game:
    """Play random legal moves (mostly removals, else mostly draws) until at most ``keep``
    pyramid cards or ``stock`` stock cards are left, the game ends, or ``steps`` moves were
    played."""
    import random

    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over or game.pyramid_left <= keep or len(game.stock) <= stock:
            break
        moves = game.legal_moves()
        removals = [m for m in moves if m.kind.value in ("pair", "king")]
        if removals and rng.random() < 0.7:
            game.play(rng.choice(removals))
        else:
            game.play(moves[-1] if rng.random() < 0.9 else rng.choice(moves))
    return game
