"""The JSON snapshot of a game that the widget's front end draws.

The front end decides nothing: every fact a rule decides (which cards are free or selectable,
what a tap on the stock would do, the status, the message already in the player's language)
is computed here from the engine. A snapshot is small (about 2 KB for a full table) and holds
only what changes during play; static text goes separately (:mod:`pyramide_widget.ui_text`).

Shape (all keys always present)::

    {"mode": "play" | "replay",
     "code": "PY1-N-AAAAAAS" | None, "rules": "N",
     "score": 30, "moves": 2, "status": "playing" | "won" | "no_moves",
     "elapsed": 12.3, "running": True,
     "message": {"key": "sum", "text": "The sum must be 13"} | None,
     "pyramid": [None | {"card": "J♦", "free": False, "selectable": False}
                 | {"face_down": True}, ...],   # one per place of the table (28 here), row-major
     "stock": {"count": 23, "action": "draw" | "recycle" | "none"},
     "stock_cards": None | ["7♣", ...],   # the stock top first, only under Rules.stock_face_up
     "waste": {"count": 1, "top": card | None, "under": card | None},   # under: only if playable
     "selected": {"pile": "pyramid", "row": 7, "col": 6} | {"pile": "waste", "row": 1} | None,
     "can_undo": False, "hint": None | {"move": "10♣+3♠", "kind": "pair", "cards": [...]},
     "stuck": False,
     "replay": None | {"index": 3, "length": 10, "action": "draw"}}

A face-down pyramid card (the Face-down table) is ``{"face_down": True}``: the front end never
receives its identity, nor the stock's order unless the stock is face up. ``message.text``
already names the table's pair sum ("The sum must be 12" with the Spanish deck).

``stuck`` is true while the game goes on (a draw or recycle is still legal, R18) but the solver
has proved that no further pyramid card can ever be removed: the front end then offers a new game.

Standard library only.
"""

from __future__ import annotations

from typing import Any

from .game import Game, Place
from .moves import RECYCLE, Move


def _place(place: Place | None) -> dict[str, Any] | None:
    if place is None:
        return None
    if place.pile == "pyramid":
        return {"pile": "pyramid", "row": place.row, "col": place.col}
    return {"pile": place.pile, "row": place.row}


def snapshot(game: Game, *, hint: Move | None = None, stuck: bool = False) -> dict[str, Any]:
    """The state of ``game`` as the front end draws it (see the module docstring). ``hint`` and
    ``stuck`` are the solver's answers, which the caller knows to be about this position."""
    free = set(game.free_places())
    selectable = set(game.selectable_places())
    pyramid: list[dict[str, Any] | None] = []
    shown = game.visible_position()  # face-down cards read None here: never sent
    for index, (r, c) in enumerate(game.shape.places()):
        card = shown.pyramid[index]
        if index in shown.face_down:
            pyramid.append({"face_down": True})
        elif card is None:
            pyramid.append(None)
        else:
            place = Place("pyramid", r, c)
            pyramid.append({"card": str(card), "free": place in free, "selectable": place in selectable})
    waste = game.waste
    top = under = None
    if waste:
        place = Place("waste", 1)
        top = {"card": str(waste[-1]), "free": place in free, "selectable": place in selectable}
    if len(waste) >= 2 and Place("waste", 2) in selectable:
        under = {"card": str(waste[-2]), "free": False, "selectable": True}
    stock_count = len(game.stock)
    if game.is_over:
        action = "none"
    elif stock_count:
        action = "draw"
    else:
        action = "recycle" if RECYCLE in game.legal_moves() else "none"
    message = game.message
    return {
        "mode": "play",
        "code": game.code,
        "rules": game.rules.letter,
        "score": game.score,
        "moves": game.moves,
        "status": game.status.value,
        "elapsed": round(game.elapsed, 1),
        "running": game.clock.running,
        "message": None if message is None else {"key": message.key, "text": message.text},
        "pyramid": pyramid,
        "stock": {"count": stock_count, "action": action},
        "stock_cards": [str(card) for card in game.stock] if game.rules.stock_face_up else None,
        "waste": {"count": len(waste), "top": top, "under": under},
        "selected": _place(game.selected),
        "can_undo": game.can_undo,
        "hint": None if hint is None else _hint(hint),
        "stuck": stuck and not game.is_over,
        "replay": None,
    }


def _hint(move: Move) -> dict[str, Any]:
    return {"move": str(move), "kind": move.kind.value, "cards": [str(card) for card in move.cards]}
