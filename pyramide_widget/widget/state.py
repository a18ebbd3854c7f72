"""What the views draw: the state (the synced trait ``_state``: the engine's snapshot of the game,
or the replay's step, with what the widget adds to it) and, apart, its table's static layout (the
trait ``_table``, sent once per table rather than with every change), and whether a new state is
worth sending."""

from __future__ import annotations

from typing import Any

from ..engine.game import Game
from ..engine.view.snapshot import snapshot
from .assistance import Analysis, Hint
from .chance import ShownReview
from .replay import Replay


def widget_state(
    game: Game,
    *,
    replay: Replay | None,
    hint: Hint | None,
    stuck: bool,
    analysis: Analysis | None,
    chance: dict[str, Any] | None,
    chance_review: ShownReview | None,
    error: str | None,
    stats: bool,
    can_analyze: bool,
    french_indices: bool,
    highlight_free: bool,
    show_chance: bool,
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The state and its table's layout. The state is the replay's step if replaying, else
    ``game``'s snapshot with its ``hint`` (a hint asked for but without a move shows as
    ``kind "none"``), plus the widget's own entries: ``error`` (the New game dialog's), ``stats``
    (whether statistics are on), ``can_analyze``, ``analysis``, ``chance_review`` (the chance
    over the game), ``chance`` (the indicator's, ``None`` in a replay) and the display
    ``options``; the snapshot's ``table`` entry is the layout, returned apart."""
    if replay is not None:
        state = replay.state(None if analysis is None else analysis.result)
    else:
        state = snapshot(game, hint=None if hint is None else hint.move, stuck=stuck)
        if hint is not None and hint.move is None:
            state["hint"] = {"move": None, "kind": "none", "cards": []}
    state["error"] = error
    state["stats"] = stats
    state["can_analyze"] = replay is None and can_analyze
    state["analysis"] = None if analysis is None else analysis.data
    state["chance_review"] = None if chance_review is None else chance_review.data
    state["chance"] = None if replay is not None else chance
    state["options"] = {
        "explain_mistakes": game.explain_mistakes,
        "french_indices": french_indices,
        "highlight_free": highlight_free,
        "show_chance": show_chance,
    }
    table = state.pop("table")
    return state, table


def changed(old: dict[str, Any], new: dict[str, Any]) -> bool:
    """Whether ``new`` differs from ``old`` in more than the clock reading (the views run the
    clock between states)."""
    return not old or {**old, "elapsed": None} != {**new, "elapsed": None}


__all__ = ["changed", "widget_state"]
