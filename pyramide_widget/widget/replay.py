"""A record stepped through in the widget, and the marks of the analysis of the same game (its
losing move, and the better move when asked for).

A replay keeps the game at the step shown and a copy of it every so many steps (at most
:data:`MAX_CHECKPOINTS`), never a snapshot per step: a step is drawn when it is shown, from the
nearest copy at or before it, so a long record costs a bounded number of games in memory and
a bounded replay per step."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine.game import Game
from ..engine.record import UNDO, Record
from ..engine.view.snapshot import snapshot

if TYPE_CHECKING:
    from ..analysis.review import GameAnalysis

MAX_CHECKPOINTS = 16
"""The most copies of the game a replay keeps besides the one shown."""
MIN_SPACING = 64
"""The fewest steps between two copies: a short record keeps few."""


def _still() -> float:
    """The replayed games' clock: a replay shows the recorded times, never its own."""
    return 0.0


class Replay:
    """The steps of ``record`` as the views draw them (0 = the deal), the one shown
    (:attr:`index`), and whether the better move is highlighted there."""

    def __init__(self, record: Record, *, explain_mistakes: bool, language: str) -> None:
        """Replay ``record`` through the engine once (a record that does not replay raises
        :class:`~pyramide_widget.engine.errors.RecordError`), keeping a copy of the game every
        :attr:`spacing` steps."""
        self.record = record
        self.index = 0
        self.better_shown = False
        self.spacing = max(MIN_SPACING, -(-len(record) // MAX_CHECKPOINTS))
        self.checkpoints: list[Game] = []
        """The game after ``0``, ``spacing``, ``2 * spacing``... actions."""
        self._explain_mistakes, self._language = explain_mistakes, language
        steps = Game.replay_steps(
            record, explain_mistakes=explain_mistakes, language=language, clock=_still
        )
        for step, game in steps:
            if step.index % self.spacing == 0:
                self.checkpoints.append(game.copy())
        self._game, self._at = self.checkpoints[0].copy(), 0
        self._frame: tuple[int, dict[str, Any]] | None = None

    def goto(self, index: int) -> None:
        """Show step ``index`` (a whole number), clamped to the record's length."""
        if type(index) is not int:
            raise TypeError(
                f"a replay step is a whole number from 0 to {len(self.record)}, got "
                f"{type(index).__name__} {index!r}"
            )
        self.index = max(0, min(index, len(self.record)))
        self.better_shown = False

    def relabel(self, *, explain_mistakes: bool, language: str) -> None:
        """Show the messages in ``language`` from now on, without replaying the record."""
        self._explain_mistakes, self._language = explain_mistakes, language
        self._game.explain_mistakes, self._game.language = explain_mistakes, language
        self._frame = None

    def frame(self) -> dict[str, Any]:
        """The snapshot of the step shown, built the first time it is asked for."""
        if self._frame is None or self._frame[0] != self.index:
            index = self.index
            time = self.record.times[index - 1] if self.record.times and index else 0.0
            frame = snapshot(self._game_at(index))
            frame.update(
                mode="replay",
                running=False,
                elapsed=round(time, 1),
                replay={"index": index, "length": len(self.record), "action": self._action(index)},
            )
            self._frame = (index, frame)
        return self._frame[1]

    def _action(self, index: int) -> str | None:
        return self.record.actions[index - 1] if index else None

    def _game_at(self, index: int) -> Game:
        """The game after ``index`` actions: played on from the step shown, or from the last
        copy at or before ``index``."""
        if not self._at <= index < self._at + self.spacing:
            start = index // self.spacing
            self._game, self._at = self.checkpoints[start].copy(), start * self.spacing
            self._game.explain_mistakes = self._explain_mistakes
            self._game.language = self._language
        for action in self.record.actions[self._at : index]:
            if action == UNDO:
                self._game.undo()
            else:
                self._game.play(action)
        self._at = index
        return self._game

    def state(self, analysis: GameAnalysis | None) -> dict[str, Any]:
        """The step shown; in a replay of the ``analysis``'s game, with the step of its losing
        move, and the better move as a hint at the step before it once shown."""
        state = dict(self.frame())
        losing = None if analysis is None else analysis.losing_move
        if analysis is None or losing is None or not same_game(self.record, analysis.record):
            return state
        state["replay"] = {**state["replay"], "losing": losing, "better": None}
        better = analysis.better_move
        if self.better_shown and self.index == losing - 1 and better is not None:
            played = analysis.moves[losing - 1].action
            state["replay"]["better"] = {"move": str(better), "played": played}
            state["hint"] = {
                "move": str(better),
                "kind": better.kind.value,
                "cards": [str(card) for card in better.cards],
            }
        return state


def same_game(a: Record, b: Record) -> bool:
    """Whether two records are of one game as far as (code, deal, rules, actions): their times
    may differ (a replay of the game's record against the analysis of it)."""
    return (a.code, a.deal, a.rules, a.actions) == (b.code, b.deal, b.rules, b.actions)


__all__ = ["MAX_CHECKPOINTS", "MIN_SPACING", "Replay", "same_game"]
