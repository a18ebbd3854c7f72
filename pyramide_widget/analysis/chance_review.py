"""The chance to win over a game, and the move that cost the most of it.

:func:`~pyramide_widget.analysis.review.analyze` judges a game with perfect information: its
losing move may be one no player could have known to avoid. :func:`chance_review` judges it
with what the player knew: after each action, the chance to win from the position the player
saw (:func:`~pyramide_widget.analysis.chance.chance`: the share of the layouts of the cards
never seen that can still be won, as the widget's indicator measures it), and, at each
decision, the share of the layouts that each legal move keeps winnable. A move *costs* the layouts the best move would have kept and it
did not (:attr:`ChancePoint.cost`); the costliest move of the line the player kept is the
mistake they could have avoided, and the best move there the better one.

The layouts of one position are tried on every move from it, so the moves compare layout by
layout. A move that shows no new card (a removal on a face-up table, a draw or recycle once
the stock is known) leaves the same layouts, played on; one that shows a card, and an undo,
start from layouts drawn afresh for the new view. A layout the solver cannot settle within
the node budget counts as kept by no move.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..engine.game import Game
from ..engine.moves import Move, MoveKind, parse_move
from ..engine.record import UNDO, Record
from .chance import (
    CHANCE_NODES,
    CHANCE_SAMPLES,
    Chance,
    Layouts,
    chance,
    check_seed,
    decide,
    layouts_tried,
    position_seed,
)
from .review import _undone_actions

__all__ = ["REVIEW_SAMPLES", "ChancePoint", "ChanceReview", "chance_review", "scale_top"]

REVIEW_SAMPLES = 50
"""Layouts per position by default (every distinct one where there are no more)."""
SCALE_TOPS = (0.1, 0.2, 0.5, 1.0)


def scale_top(highest: float) -> float:
    """The top of a chart of chances whose highest value is ``highest``: the least of 10%, 20%,
    50% and 100% that holds it, so a game of small chances is not drawn along the floor."""
    return next((top for top in SCALE_TOPS if highest <= top), 1.0)


@dataclass(frozen=True)
class ChancePoint:
    """The chance after one action of the record (``index`` 0: the deal, then 1 = the first
    action, as in a replay's step bar). For a move played where there was a choice: ``best``,
    the share of the layouts before it that the best move (``better_move``) kept winnable,
    ``kept`` the share this move kept, and ``cost`` the difference; ``None`` for the deal, an
    undo, or a move that could cost nothing (the only one, or a king)."""

    index: int
    action: str | None
    chance: Chance
    best: float | None = None
    kept: float | None = None
    better_move: Move | None = None
    undone: bool = False

    @property
    def cost(self) -> float | None:
        """The share of the layouts the best move kept winnable and this one did not."""
        if self.best is None or self.kept is None:
            return None
        return self.best - self.kept

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "action": self.action,
            "chance": self.chance.rate,
            "low": self.chance.low,
            "high": self.chance.high,
            "exact": self.chance.exact,
            "layouts": self.chance.layouts,
            "undecided": self.chance.undecided,
            "best": self.best,
            "kept": self.kept,
            "cost": self.cost,
            "better_move": None if self.better_move is None else str(self.better_move),
            "undone": self.undone,
        }


@dataclass(frozen=True)
class ChanceReview:
    """What :func:`chance_review` found: one :class:`ChancePoint` per step (the deal, then
    each action) and ``costliest``, the index of the kept move that cost the most chance
    (``None`` when no kept move cost any)."""

    record: Record
    points: tuple[ChancePoint, ...]
    costliest: int | None

    @property
    def costliest_point(self) -> ChancePoint | None:
        return None if self.costliest is None else self.points[self.costliest]

    @property
    def scale_top(self) -> float:
        """The top of its chart's scale (:func:`scale_top` of the highest chance or bound)."""
        return scale_top(max(point.chance.high for point in self.points))

    def summary(self) -> str:
        """A few lines in English: the chance at the deal and at the end, and the costliest move."""
        first, last = self.points[0].chance, self.points[-1].chance
        lines = [
            f"{self.record.code or 'custom deal'}: chance {100 * first.rate:.0f}% at the deal, "
            f"{100 * last.rate:.0f}% at the end (what the player could see)"
        ]
        point = self.costliest_point
        if point is not None:
            assert point.cost is not None
            lines.append(
                f"costliest move: {point.index}. {point.action}, cost {100 * point.cost:.0f}% "
                f"of the layouts (better: {point.better_move})"
            )
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data."""
        point = self.costliest_point
        return {
            "code": self.record.code,
            "rules": self.record.rules.letter,
            "points": [p.to_dict() for p in self.points],
            "costliest": self.costliest,
            "costliest_action": None if point is None else point.action,
            "better_move": None
            if point is None or point.better_move is None
            else str(point.better_move),
        }

    def __repr__(self) -> str:
        return (
            f"ChanceReview({self.record.code or 'custom deal'}, actions={len(self.points) - 1}, "
            f"costliest={self.costliest})"
        )


class _Tried:
    """The layouts tried at one position: a game for each, and whether the solver can still
    win it (``None``: undecided)."""

    def __init__(self, games: list[Game], verdicts: list[bool | None]) -> None:
        self.games = games
        self.verdicts = verdicts

    @classmethod
    def drawn(cls, game: Game, samples: int, seed: str, max_nodes: int | None) -> _Tried:
        layouts = Layouts(game.player_view())
        tried, _exact = layouts_tried(layouts, samples, random.Random(seed))
        games = [layouts.game(cards) for cards in tried]
        known: dict[tuple[int, ...], bool | None] = {}
        verdicts = []
        for cards, layout in zip(tried, games, strict=True):
            key = tuple(card.rank for card in cards)
            if key not in known:
                known[key] = decide(layout, max_nodes)
            verdicts.append(known[key])
        return cls(games, verdicts)

    def after(self, move: Move, max_nodes: int | None) -> list[bool | None]:
        """Whether each layout can still be won after ``move``; a layout lost before stays lost."""
        verdicts: list[bool | None] = []
        for layout, verdict in zip(self.games, self.verdicts, strict=True):
            if verdict is False:
                verdicts.append(False)
                continue
            layout.play(move)
            verdicts.append(decide(layout, max_nodes))
            layout.undo()
        return verdicts


def chance_review(
    record: Record | str | dict[str, Any],
    *,
    samples: int = REVIEW_SAMPLES,
    chance_samples: int = CHANCE_SAMPLES,
    seed: int | str = 0,
    max_nodes: int | None = CHANCE_NODES,
    progress: Callable[[int, int], None] | None = None,
) -> ChanceReview:
    """The chance over a game and its costliest move (see the module docstring).

    ``record`` is a :class:`~pyramide_widget.engine.record.Record` or its JSON or text form.
    The chance after each action is :func:`~.chance.chance` of the position with
    ``chance_samples`` layouts, seeded by ``seed`` and the position
    (:func:`~.chance.position_seed`): the number the widget's indicator shows there. The moves
    are judged on ``samples`` layouts per position (every distinct one where there are no more),
    drawn from ``seed``. ``max_nodes`` is the search nodes per layout (on average for the
    chance; ``None``: no limit). ``progress(done, total)`` is called after each action; an
    exception it raises stops the review and propagates. A record that does not replay raises
    :class:`~pyramide_widget.engine.errors.RecordError`."""
    if not isinstance(record, (Record, str, dict)):
        raise TypeError(
            f"record must be a Record (game.record()) or its JSON or text form, got {type(record).__name__}"
        )
    for name, value in (("samples", samples), ("chance_samples", chance_samples)):
        if type(value) is not int or value < 1:
            raise ValueError(f"{name} must be a whole number >= 1, got {value!r}")
    check_seed(seed)
    if max_nodes is not None and (type(max_nodes) is not int or max_nodes < 1):
        raise ValueError(f"max_nodes must be a whole number >= 1 or None, got {max_nodes!r}")
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be a function of (done, total) or None, got {progress!r}")
    record = Record.load(record)
    undone = _undone_actions(record.actions)

    def chance_at(game: Game) -> Chance:
        view = game.player_view()
        at = position_seed(seed, record.code, view.history)
        return chance(view, samples=chance_samples, seed=at, max_nodes=max_nodes)

    steps = Game.replay_steps(record)
    _step, game = next(steps)
    tried = _Tried.drawn(game, samples, f"{seed}:0", max_nodes)
    points = [ChancePoint(0, None, chance_at(game))]
    # The real position before each action: the layouts' own memories say nothing of it (a
    # move tried on a layout and taken back has shown that layout's stock card, not the game's).
    before = _Before(game)
    for step, game in steps:
        index, action = step.index, step.action
        assert action is not None
        if action == UNDO:
            tried = _Tried.drawn(game, samples, f"{seed}:{index}", max_nodes)
            points.append(ChancePoint(index, action, chance_at(game)))
        else:
            (best, kept, better), tried = _judge(
                tried, before, game, index, action, samples, seed, max_nodes
            )
            point = ChancePoint(index, action, chance_at(game), best, kept, better)
            points.append(point if not undone[index] else _marked_undone(point))
        before = _Before(game)
        if progress is not None:
            progress(index, len(record.actions))
    costs = [(p.cost, -p.index) for p in points if p.cost and not p.undone]
    costliest = -max(costs)[1] if costs else None
    return ChanceReview(record, tuple(points), costliest)


def _marked_undone(point: ChancePoint) -> ChancePoint:
    return ChancePoint(
        point.index, point.action, point.chance, point.best, point.kept, point.better_move, True
    )


class _Before:
    """What the judgement of an action needs of the real position before it."""

    def __init__(self, game: Game) -> None:
        self.legal = game.legal_moves()
        self.never_seen = game.player_view().never_seen()


def _judge(
    tried: _Tried,
    before: _Before,
    game: Game,
    index: int,
    action: str,
    samples: int,
    seed: int | str,
    max_nodes: int | None,
) -> tuple[tuple[float | None, float | None, Move | None], _Tried]:
    """The share of the layouts the best move kept, the share the move ``action`` kept and the
    best move (``game`` is the position after it, ``before`` the one it was played in), and
    the layouts of the position after it."""
    legal = before.legal
    played = parse_move(action, game.table.deck, groups=game.table.groups)
    reveals = game.player_view().never_seen() != before.never_seen
    best = kept = None
    better = None
    after = list(tried.verdicts)  # a king or the only move keeps every win
    if len(legal) > 1 and played.kind is not MoveKind.KING:
        shares: dict[Move, float] = {}
        for move in legal:
            verdicts = tried.after(move, max_nodes)
            shares[move] = sum(verdict is True for verdict in verdicts) / len(verdicts)
            if move == played:
                after = verdicts
        better = max(legal, key=shares.__getitem__)
        best, kept = shares[better], shares[played]
    if reveals:
        following = _Tried.drawn(game, samples, f"{seed}:{index}", max_nodes)
    else:
        for layout in tried.games:
            layout.play(played)
        following = _Tried(tried.games, after)
    return (best, kept, better), following
