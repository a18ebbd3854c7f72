"""Post-game analysis: for each position of a record, could it still be won, and which move
lost the game (the first one, on the line the player kept, after which it could not). Every
verdict is proven or unknown within the node budgets. The design: ``docs/design/analysis.md``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..engine.game import Game
from ..engine.moves import Move
from ..engine.position import Position
from ..engine.record import UNDO, Record
from ..solver import SearchLimitReached, check_node_budget, solve

__all__ = [
    "ANALYSIS_NODES",
    "ANALYSIS_TOTAL_NODES",
    "GameAnalysis",
    "MoveAnalysis",
    "Verdict",
    "analyze",
]

ANALYSIS_NODES = 20_000
"""Search nodes per position by default: half a hint's budget (about half a second of CPython
on the project's 2-core machine); nearly every position of a game is settled far below it."""

ANALYSIS_TOTAL_NODES = 250_000
"""Search nodes for the whole game by default: a few seconds at most (the game's positions
under the standard rules take milliseconds each; the one-pass rules are the slow ones)."""

PERFECT_INFORMATION = "perfect information: the solver sees the order of the stock"


@dataclass(frozen=True)
class Verdict:
    """What the solver proved about one position.

    ``winnable`` is ``True``, ``False``, or ``None`` when the node budget ran out first.
    ``max_removed`` is the most pyramid cards any line removes, counted since the deal (those
    already gone included), or ``None`` when unknown; ``at_least`` is what is proven anyway
    (the cards already removed, or a line found before the budget ran out)."""

    winnable: bool | None
    max_removed: int | None
    at_least: int

    @property
    def known(self) -> bool:
        return self.winnable is not None

    def to_dict(self) -> dict[str, Any]:
        return {
            "winnable": self.winnable,
            "max_removed": self.max_removed,
            "at_least": self.at_least,
        }


@dataclass(frozen=True)
class MoveAnalysis:
    """One action of the record (``index`` 1 = the first, as in a replay's step bar): the
    position before and after it, whether an undo later took it back, and whether it turned
    a winnable position into a lost one (``losing``; an undo never does)."""

    index: int
    action: str
    before: Verdict
    after: Verdict
    undone: bool

    @property
    def losing(self) -> bool:
        return self.action != UNDO and self.before.winnable is True and self.after.winnable is False

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "action": self.action,
            "before": self.before.to_dict(),
            "after": self.after.to_dict(),
            "undone": self.undone,
            "losing": self.losing,
        }


@dataclass(frozen=True)
class GameAnalysis:
    """What :func:`analyze` found about a game.

    ``deal`` is the best possible result of the deal (:class:`Verdict` of the position before
    the first action), ``final`` the position the record ends in; ``removed``, ``status`` and
    ``score`` are the player's result. ``losing_move`` is the index of the move that lost the
    game (see the module docstring), ``better_move`` the solver's winning move in the position
    before it; both ``None`` when no kept move lost a winnable position (a won game, a deal
    that could never be won, or one the budget could not settle: see ``complete``)."""

    record: Record
    deal: Verdict
    final: Verdict
    moves: tuple[MoveAnalysis, ...]
    removed: int
    status: str
    score: int
    losing_move: int | None
    better_move: Move | None
    complete: bool
    nodes: int

    @property
    def mistakes(self) -> tuple[int, ...]:
        """Every move that turned a winnable position into a lost one, undone ones included."""
        return tuple(move.index for move in self.moves if move.losing)

    def summary(self) -> str:
        """A few lines in English, saying what the solver could see."""
        size = self.record.rules.table.shape.size
        lines = [
            f"{self.record.code or 'custom deal'}: {_best_text(self.deal, size)} ({PERFECT_INFORMATION})",
            f"player: {self.removed} of {size} pyramid cards removed, {self.status}, score {self.score}",
        ]
        if self.losing_move is not None:
            move = self.moves[self.losing_move - 1]
            lines.append(
                f"losing move: {self.losing_move}. {move.action} (better: {self.better_move})"
            )
        elif not self.complete:
            lines.append("some positions are unknown: the node budget ran out")
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data (the widget's Analysis panel draws it)."""
        return {
            "code": self.record.code,
            "rules": self.record.rules.letter,
            "size": self.record.rules.table.shape.size,
            "deal": self.deal.to_dict(),
            "final": self.final.to_dict(),
            "moves": [move.to_dict() for move in self.moves],
            "removed": self.removed,
            "status": self.status,
            "score": self.score,
            "losing_move": self.losing_move,
            "losing_action": None
            if self.losing_move is None
            else self.moves[self.losing_move - 1].action,
            "better_move": None if self.better_move is None else str(self.better_move),
            "better_cards": []
            if self.better_move is None
            else [str(card) for card in self.better_move.cards],
            "complete": self.complete,
            "nodes": self.nodes,
        }

    def __repr__(self) -> str:
        return (
            f"GameAnalysis({self.record.code or 'custom deal'}, actions={len(self.moves)}, "
            f"deal_winnable={self.deal.winnable}, removed={self.removed}, "
            f"losing_move={self.losing_move}, better_move={self.better_move}, complete={self.complete})"
        )


def _best_text(deal: Verdict, size: int) -> str:
    if deal.winnable:
        return "the deal can be won"
    if deal.winnable is False and deal.max_removed is not None:
        return f"the deal cannot be won; at best {deal.max_removed} of {size} pyramid cards"
    return f"unknown whether the deal can be won; at least {deal.at_least} of {size} pyramid cards"


class _Budget:
    """The nodes left for the whole game."""

    def __init__(self, per_position: int | None, total: int | None) -> None:
        self.per_position = per_position
        self.left = total
        self.used = 0

    def next_limit(self, capped: bool = True) -> int | bool | None:
        """The budget of the next search (``capped``: at most ``per_position``), or ``False``
        when nothing is left."""
        per_position = self.per_position if capped else None
        if self.left is None:
            return per_position
        if self.left <= 0:
            return False
        return self.left if per_position is None else min(per_position, self.left)

    def spend(self, nodes: int) -> None:
        self.used += nodes
        if self.left is not None:
            self.left -= nodes


def analyze(
    record: Record | str | dict[str, Any],
    *,
    max_nodes: int | None = ANALYSIS_NODES,
    total_nodes: int | None = ANALYSIS_TOTAL_NODES,
    progress: Callable[[int, int], None] | None = None,
) -> GameAnalysis:
    """Analyse a finished or unfinished game, move by move (see the module docstring).

    ``record`` is a :class:`~pyramide_widget.engine.record.Record` (``game.record()``) or its
    JSON or text form. ``max_nodes`` caps the search of each position and ``total_nodes`` the
    whole analysis (``None``: no limit; every verdict is then known, however long it takes).
    ``progress(done, total)`` is called after each position searched, ``total`` counting the
    distinct positions of the game; an exception it raises stops the analysis and propagates
    (the widget cancels this way). A record that does not replay raises
    :class:`~pyramide_widget.engine.errors.RecordError`."""
    if not isinstance(record, (Record, str, dict)):
        raise TypeError(
            f"record must be a Record (game.record()) or its JSON or text form, got {type(record).__name__}"
        )
    check_node_budget("max_nodes", max_nodes)
    check_node_budget("total_nodes", total_nodes)
    if progress is not None and not callable(progress):
        raise TypeError(
            f"progress must be a function of (done, total) or None, got {type(progress).__name__}"
        )
    record = Record.load(record)

    # Each step's position (0 = the deal) and the pyramid cards removed by then, from one
    # replay. A search replays the game to its step: a copy of the game per position would
    # carry the action log each time, and cost the square of the record's length.
    step_position: list[Position] = []
    removed_at: list[int] = []
    final: Game | None = None
    for _step, game in Game.replay_steps(record):
        step_position.append(game.position())
        removed_at.append(game.shape.size - game.pyramid_left)
        final = game
    assert final is not None
    undone = _undone_actions(record.actions)
    kept = [0] + [
        i for i, action in enumerate(record.actions, 1) if action != UNDO and not undone[i]
    ]

    verdicts: dict[Position, Verdict] = {}  # proven, or unknown after a search ran out
    first_moves: dict[Position, Move] = {}  # a winning position's first move of a winning line
    budget = _Budget(max_nodes, total_nodes)

    replay = _Replay(record)
    distinct = len(set(step_position))

    def search(step: int, retry: bool = False) -> Verdict:
        position = step_position[step]
        if position in verdicts and not (retry and not verdicts[position].known):
            return verdicts[position]
        limit = budget.next_limit(capped=not retry)
        removed = removed_at[step]
        if limit is False:
            return verdicts.get(position, Verdict(None, None, removed))
        try:
            result = solve(replay.at(step), max_nodes=limit)
        except SearchLimitReached as stop:
            budget.spend(stop.nodes)
            verdict = Verdict(None, None, max(removed, stop.removed))
        else:
            budget.spend(result.nodes)
            verdict = Verdict(result.winnable, result.max_removed, result.max_removed)
            if result.solution:
                first_moves[position] = result.solution[0]
        verdicts[position] = verdict
        if progress is not None and not retry:
            progress(len(verdicts), distinct)
        return verdict

    # The deal, the end and the kept line first; then every other position; then the budget
    # left goes, uncapped, to the positions still unknown, in the same order.
    order = [0, len(step_position) - 1]
    search(0)
    search(len(step_position) - 1)
    _bisect_kept_line(kept, search)
    order += kept + list(range(len(step_position)))
    for step in range(len(step_position)):
        search(step)
    for step in order:
        search(step, retry=True)

    known = [
        verdicts.get(position) or Verdict(None, None, removed)
        for position, removed in zip(step_position, removed_at, strict=True)
    ]
    _infer(record.actions, known)
    moves = tuple(
        MoveAnalysis(i, action, known[i - 1], known[i], undone[i])
        for i, action in enumerate(record.actions, 1)
    )
    losing = next((i for i in kept[1:] if moves[i - 1].losing), None)
    better = None
    if losing is not None:
        better = first_moves.get(step_position[losing - 1])
    return GameAnalysis(
        record=record,
        deal=known[0],
        final=known[-1],
        moves=moves,
        removed=final.shape.size - final.pyramid_left,
        status=final.status.value,
        score=final.score,
        losing_move=losing,
        better_move=better,
        complete=all(verdict.known for verdict in known),
        nodes=budget.used,
    )


class _Replay:
    """The record's game at any step, advanced in place: forward it plays the actions between,
    back it replays from the deal. The searches mostly go forward, so an analysis replays the
    record a few times (once more per step back of the bisection) and copies no game."""

    def __init__(self, record: Record) -> None:
        self.record = record
        self._steps = Game.replay_steps(record)
        self.step = -1
        self.game: Game | None = None

    def at(self, step: int) -> Game:
        """The game after ``step`` actions (0: the deal)."""
        if step < self.step:
            self._steps, self.step = Game.replay_steps(self.record), -1
        while self.step < step:
            done, self.game = next(self._steps)
            self.step = done.index
        assert self.game is not None
        return self.game


def _undone_actions(actions: tuple[str, ...]) -> list[bool]:
    """For each action (index 1 …; index 0 unused), whether a later undo took it back. An undo
    takes back the latest move not yet taken back (R21), so a stack replays them."""
    undone = [False] * (len(actions) + 1)
    stack: list[int] = []
    for index, action in enumerate(actions, 1):
        if action == UNDO:
            if stack:  # a record that replays never undoes nothing
                undone[stack.pop()] = True
        else:
            stack.append(index)
    return undone


def _bisect_kept_line(kept: list[int], search: Callable[[int], Verdict]) -> None:
    """Find where the kept line goes from winnable to lost with few searches: along it each
    move only takes options away, so its positions are winnable up to some move and lost after.
    An unknown midpoint ends the bisection (the plain pass after it tries every position)."""
    low, high = 0, len(kept) - 1
    if search(kept[low]).winnable is not True or search(kept[high]).winnable is not False:
        return
    while high - low > 1:
        middle = (low + high) // 2
        verdict = search(kept[middle]).winnable
        if verdict is None:
            return
        if verdict:
            low = middle
        else:
            high = middle


def _infer(actions: tuple[str, ...], known: list[Verdict]) -> None:
    """Fill unknown verdicts with what a neighbour across a move proves (module docstring): a
    lost position makes the ones after it lost, a winnable one the ones before it winnable, so
    one pass forward and one back settle all there is to settle. Only winnability is inferred:
    a winnable position's ``max_removed`` is the whole table, a lost one's stays unknown."""
    for i, action in enumerate(actions, 1):
        before, after = known[i - 1], known[i]
        if action != UNDO and after.winnable is None and before.winnable is False:
            known[i] = Verdict(False, None, after.at_least)
    for i in range(len(actions), 0, -1):
        before, after = known[i - 1], known[i]
        if actions[i - 1] != UNDO and before.winnable is None and after.winnable is True:
            known[i - 1] = Verdict(True, after.max_removed, after.at_least)
