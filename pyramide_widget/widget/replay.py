"""A record stepped through in the widget: one snapshot per step, made once, and the marks of
the analysis of the same game (its losing move, and the better move when asked for)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..engine.game import Game
from ..engine.record import Record
from ..engine.view.snapshot import snapshot

if TYPE_CHECKING:
    from ..analysis.review import GameAnalysis


@dataclass
class Replay:
    """The steps of ``record`` as the views draw them (0 = the deal), the one shown, and
    whether the better move is highlighted there."""

    record: Record
    frames: list[dict[str, Any]]
    index: int = 0
    better_shown: bool = False

    @classmethod
    def of(cls, record: Record, *, explain_mistakes: bool, language: str) -> Replay:
        """Replay ``record`` through the engine once, keeping a snapshot of every step."""
        frames = []
        for step, game in Game.replay_steps(
            record, explain_mistakes=explain_mistakes, language=language
        ):
            frame = snapshot(game)
            frame.update(
                mode="replay",
                running=False,
                elapsed=round(step.time or 0.0, 1),
                replay={"index": step.index, "length": len(record), "action": step.action},
            )
            frames.append(frame)
        return cls(record, frames)

    def goto(self, index: int) -> None:
        """Show step ``index``, clamped to the record's length."""
        self.index = max(0, min(int(index), len(self.frames) - 1))
        self.better_shown = False

    def state(self, analysis: GameAnalysis | None) -> dict[str, Any]:
        """The step shown; in a replay of the ``analysis``'s game, with the step of its losing
        move, and the better move as a hint at the step before it once shown."""
        state = dict(self.frames[self.index])
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


__all__ = ["Replay", "same_game"]
