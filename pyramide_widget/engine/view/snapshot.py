"""The JSON snapshot of a game that the widget's front end draws.

The front end decides nothing: every fact a rule decides (which cards are free or selectable,
what a tap on the stock would do, the status, the message already in the player's language)
is computed here from the engine. The widget sends one after every change; static text goes
separately (:mod:`pyramide_widget.widget.ui_text`).

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
     "piles": [{"id": "waste", "kind": "waste", "number": 1, "count": 1,
                "cards": ["7♦"], "free": [0], "selectable": [0]}, ...],   # every pile, table order
     "selected": {"pile": "pyramid", "row": 7, "col": 6} | {"pile": "waste", "row": 1} | None,
     "selection": [place, ...],   # every selected place, the last tapped last (Tut's Tomb: several)
     "can_undo": False, "hint": None | {"move": "10♣+3♠", "kind": "pair", "cards": [...]},
     "discard": {"count": 2, "cards": ["10♣", "3♠"]},   # removed cards: the last removal's
     "stuck": False,
     "replay": None | {"index": 3, "length": 10, "action": "draw"},
     "table": {...}}   # what the table looks like: places, sizes, piles, deck (see table_view)

``piles`` is every place besides the pyramid and the stock, from one description of the table
(:mod:`~pyramide_widget.engine.piles`): the standard game's waste is the pile ``"waste"``, Apophis
has ``"waste-1"`` to ``"waste-3"``, Reserve ``"reserve-1"`` …, Cell a ``"cell"``, Giza
``"column-1"`` to ``"column-8"``. ``cards`` are the cards shown, bottom to top (a waste pile shows
as many as a draw deals onto it, Tut's Tomb's three, and the card beneath its top when that card
may be played; the other piles show every card); ``free`` and ``selectable`` index into ``cards``. A tap on ``cards[i]`` is
``tap(id, len(cards) - i)`` (1 = the top). The front end draws every pile, the standard game's
waste included, from this list and the table entry's pile places: a game with a new combination
of piles needs nothing new there.

A face-down pyramid card (the Face-down table) is ``{"face_down": True}``: the front end never
receives its identity, nor the stock's order unless the stock is face up. ``message.text``
already names the table's pair sum ("The sum must be 12" with the Spanish deck).

``stuck`` is true while the game goes on (a draw or recycle is still legal, R18) but the solver
has proved that no further pyramid card can ever be removed: the front end then offers a new game.

Standard library only.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from ..geometry import STANDARD_SHAPE
from ..moves import RECYCLE, Move
from ..piles import PileKind
from ..position import Place
from ..table import Table

if TYPE_CHECKING:
    from ..game import Game


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
            pyramid.append(
                {"card": str(card), "free": place in free, "selectable": place in selectable}
            )
    # A draw deals table.draw cards, one onto each waste pile in turn: what one pile gets of it
    # (Tut's Tomb's three) shows, fanned.
    dealt = max(1, game.table.draw // max(1, len(game.table.waste_piles)))
    piles = [
        _pile(pile_id, kind, number, cards, free, selectable, dealt)
        for pile_id, kind, number, cards in _piles(game)
    ]
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
        "piles": piles,
        "selected": _place(game.selected),
        "selection": [_place(place) for place in game.selection],
        "can_undo": game.can_undo,
        "hint": None if hint is None else _hint(hint),
        "discard": _discard(game),
        "stuck": stuck and not game.is_over,
        "replay": None,
        "table": table_view(game),
    }


def _piles(game: Game) -> list[tuple[str, PileKind, int, tuple[Any, ...]]]:
    """Each pile as (id, kind, number within its kind, cards bottom to top)."""
    numbers: dict[PileKind, int] = {}
    result = []
    for (pile_id, cards), pile in zip(game.piles.items(), game.table.piles, strict=True):
        numbers[pile.kind] = numbers.get(pile.kind, 0) + 1
        result.append((pile_id, pile.kind, numbers[pile.kind], cards))
    return result


def _pile(
    pile_id: str,
    kind: PileKind,
    number: int,
    cards: tuple[Any, ...],
    free: set[Place],
    selectable: set[Place],
    dealt: int,
) -> dict[str, Any]:
    """One entry of ``snapshot["piles"]``: a waste pile shows as many cards as a draw deals
    onto it, and the card beneath the top whenever the rules let it be played; the other piles
    show every card."""
    shown = list(cards)
    if kind is PileKind.WASTE:
        beneath = 2 if Place(pile_id, 2) in selectable else 1
        shown = shown[-max(dealt, beneath) :]
    depths = [len(shown) - index for index in range(len(shown))]
    return {
        "id": pile_id,
        "kind": kind.value,
        "number": number,
        "count": len(cards),
        "cards": [str(card) for card in shown],
        "free": [i for i, depth in enumerate(depths) if Place(pile_id, depth) in free],
        "selectable": [i for i, depth in enumerate(depths) if Place(pile_id, depth) in selectable],
    }


def _discard(game: Game) -> dict[str, Any]:
    """The discard pile: how many cards have been removed, and the cards of the last removal
    (the ones on top)."""
    on_table = game.pyramid_left + sum(map(len, game.piles.values())) + len(game.stock)
    last = game.last_removal
    return {
        "count": game.table.deck.size - on_table,
        "cards": [] if last is None else [str(card) for card in last.cards],
    }


def _hint(move: Move) -> dict[str, Any]:
    return {"move": str(move), "kind": move.kind.value, "cards": [str(card) for card in move.cards]}


# ------------------------------------------------------------------------------ the table entry
# What the front end (widget.js) and the static picture (html.py) draw the table from, so that
# neither writes a row count, a card size, a rank letter or a suit colour of its own. Built on
# Table.describe(); positions here are in drawing units, the one place they are chosen.

CARD_W, CARD_H = 10, 14
"""A card's size in drawing units (the proportions of a playing card)."""
STEP_X, STEP_Y = 10.5, 7
"""Neighbours in a row are a card and a narrow gap apart; each row overlaps the one above by
half a card."""
FAN = 7
"""How far down each card of a column lies below the one it overlaps: half a card, as a pyramid
row lies on the row above, so that a covered card shows its upper half (the card art's top)."""
MARGIN_X, MARGIN_Y = 1, 2
"""Room between the board's edge and the cards: little at the sides, where the felt goes on,
more above and below, where a selected card rises and a pile's count is written."""
SIDE_GAP = 1.5
"""Room between the pyramid and the blocks of piles beside it, a little wider than between two
cards, so that the blocks read as piles of their own."""
BELOW_GAP = 3
"""Room between the pyramid's broad end and a row of piles beyond it (a tall arrangement)."""


def table_view(game: Game) -> dict[str, Any]:
    """The ``table`` entry of the snapshot (the same dict for every snapshot of a table)::

        {"name": "Standard", "target": 13, "rows": 7,
         "width": 75, "height": 60, "card": {"width": 10, "height": 14},   # drawing units
         "places": {"row": [1, 2, ...], "col": [1, 1, ...], "x": [32.5, 27.25, ...],
                    "y": [2, 9, ...], "covered_by": [[1, 2], ...]},   # row-major, as "pyramid"
         "piles": {"end": "top" | "bottom", "stock": {"x": 1, "y": 2} | None,
                   "discard": {"x": 64, "y": 2},
                   "places": [{"id": "waste", "kind": "waste", "area": "talon",
                               "x": 11.5, "y": 2, "fan": 0, "count": "always",
                               "empty": "outline"}, ...]},   # every pile, table order
         "deck": {"name": "French", "size": 52,
                  "ranks": {"en": ["A", "2", ..., "K"], "fr": ["A", ..., "R"]},   # rank 1 first
                  "suits": {"♣": {"name": "clubs", "colour": "black", "red": False}, ...}}}

    ``x``/``y`` are a place's top left corner, ``covered_by`` the places lying on it. A pile's
    place is its bottom card's; ``fan`` is how far down each card above it lies (Giza's
    columns overlap; a waste pile is a square stack, 0). ``count`` says when the number of its
    cards is written beside it: ``"always"`` for a pile the stock deals onto (as the stock's own,
    so a player sees how many cards a recycle turns back), ``"hidden"`` only while it holds cards
    it does not show. ``empty`` is what an empty pile shows: ``"outline"``, a dashed outline
    (nothing is ever put on a waste pile by hand), or ``"button"``, an outline naming the pile that
    the keyboard reaches and a tap sends (a cell to fill; an emptied reserve or column).
    ``discard`` is where removed cards go (the snapshot's ``discard``). A table with piles dealt
    at the start also has ``tall``, a second arrangement for a room taller than it is wide
    (``{"width", "height", "x", "y", "stock", "discard", "piles": {id: {"x", "y"}}}``: those
    piles in one row beyond the pyramid's broad end); the front end draws the arrangement that
    gives the larger cards. The front end draws from these alone, so a table with a new
    combination of piles needs no change there. The layout keeps a card's size from one game to
    the next (docs/widget.md, "The table in the page"). Places are columns of lists, not one
    dict each, which keeps the entry small (the widget sends it once per table)."""
    return _table_view(game.table)


def _number(value: float) -> float | int:
    return int(value) if value == int(value) else value


def _fan(pile: dict[str, Any]) -> int:
    return FAN if pile["kind"] == PileKind.COLUMN else 0


def _look(pile: dict[str, Any]) -> dict[str, Any]:
    """How a pile is drawn (see table_view): its fan, when its count shows, what it is empty."""
    dealt_onto = pile["kind"] == PileKind.WASTE
    return {
        "fan": _fan(pile),
        "count": "always" if dealt_onto else "hidden",
        "empty": "outline" if dealt_onto else "button",
    }


_STANDARD_W = (STANDARD_SHAPE.width - 1) * STEP_X + CARD_W
"""The standard pyramid's width: a smaller one's corners stand as far apart."""

Box = tuple[float, float, float, float]
"""A rectangle as (left, top, right, bottom), drawing units."""


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _corner(cards: list[Box], count: int, x: float, y: float, inward: float) -> list[float]:
    """The left edges of ``count`` card places in a row at height ``y`` from the corner at ``x``:
    inwards (``inward`` is +1 or -1) while no pyramid card is in the way, the rest outwards,
    sorted from left to right. The corner's own place comes first when one is asked for."""
    inner: list[float] = []
    step = inward * STEP_X
    while len(inner) < count - 1:
        left = x + (len(inner) + 1) * step
        if any(_overlaps((left, y, left + CARD_W, y + CARD_H), card) for card in cards):
            break
        inner.append(left)
    outer = [x - (i + 1) * step for i in range(count - 1 - len(inner))]
    return sorted([x, *inner, *outer])[:count] if count else []


def _block(
    piles: list[dict[str, Any]], room: float
) -> tuple[int, float, list[tuple[float, float]]]:
    """Piles stacked in a block beside the pyramid: as many rows as ``room`` (the pyramid's
    height) holds, or would hold a gap deeper, filled row by row. Returns its number of
    columns, its height and each pile's offset in it."""
    if not piles:
        return 0, 0, []
    cell = max(CARD_H + (pile["dealt"] - 1) * _fan(pile) for pile in piles)
    rows = max(1, min(len(piles), int((room + 2 * SIDE_GAP) // (cell + SIDE_GAP))))
    columns = -(-len(piles) // rows)
    rows = -(-len(piles) // columns)
    offsets = [(i % columns * STEP_X, i // columns * (cell + SIDE_GAP)) for i in range(len(piles))]
    return columns, rows * cell + (rows - 1) * SIDE_GAP, offsets


def _arrange(table: Table, beside: bool) -> dict[str, Any]:
    """Where everything is drawn (drawing units): the board's size, the pyramid's places, the
    stock, the discard pile and every other pile. The narrow end of the pyramid takes the stock
    with the waste piles beside it in one corner, the discard pile and the other talon piles in
    the other: the top corners above a pyramid, the bottom ones below an inverted one. The piles dealt at the start stand ``beside`` it, level with its broad end,
    or else in one row beyond its broad end."""
    described = table.describe()
    shape = table.shape
    # The pyramid, its box from (0, 0); everything else around it, then all shifted into the board.
    px = [place["x"] * STEP_X for place in described["places"]]
    py = [place["y"] * STEP_Y for place in described["places"]]
    cards = [(x, y, x + CARD_W, y + CARD_H) for x, y in zip(px, py, strict=True)]
    box_w = (shape.width - 1) * STEP_X + CARD_W
    box_h = (shape.rows - 1) * STEP_Y + CARD_H
    top = shape.row_length(1) <= shape.row_length(shape.rows)
    pile_y = 0 if top else box_h - CARD_H
    talon = [pile for pile in described["piles"] if pile["area"] == "talon"]
    dealt = [pile for pile in described["piles"] if pile["area"] == "below"]
    has_stock = bool(table.waste_piles)
    # A smaller pyramid keeps the standard one's corners: the piles stand where a player expects
    # them, and the table spans as much of the cell.
    spread = max(0, (_STANDARD_W - box_w) / 2)
    # The waste piles lie beside the stock, as in every solitaire; with no stock, the discard
    # pile takes its corner. The other talon piles (a cell) and the discard pile the other one.
    waste = [pile for pile in talon if has_stock and pile["kind"] == PileKind.WASTE]
    others = [pile for pile in talon if pile not in waste]
    left = _corner(cards, len(waste) + 1, -spread, pile_y, +1)
    right = _corner(cards, len(others) + has_stock, box_w + spread - CARD_W, pile_y, -1)
    at: dict[str, tuple[float, float]] = {
        pile["id"]: (x, pile_y) for pile, x in zip(waste, left[1:], strict=True)
    }
    at.update(
        {pile["id"]: (x, pile_y) for pile, x in zip(others, right[: len(others)], strict=True)}
    )
    stock = (left[0], pile_y) if has_stock else None
    discard = (right[-1] if has_stock else left[0], pile_y)
    deepest = max((CARD_H + (pile["dealt"] - 1) * _fan(pile) for pile in dealt), default=0)
    if beside:
        half = -(-len(dealt) // 2)
        columns, block_h, offsets = _block(dealt[:half], box_h)  # the left block, the larger
        block_y = box_h - block_h if top else 0
        for i, pile in enumerate(dealt):
            dx, dy = offsets[i] if i < half else offsets[i - half]
            side = (
                -spread - SIDE_GAP - (columns - 1) * STEP_X - CARD_W
                if i < half
                else box_w + spread + SIDE_GAP
            )
            at[pile["id"]] = (side + dx, block_y + dy)
    else:
        row_w = (len(dealt) - 1) * STEP_X + CARD_W
        row_y = box_h + BELOW_GAP if top else -BELOW_GAP - deepest
        for i, pile in enumerate(dealt):
            at[pile["id"]] = ((box_w - row_w) / 2 + i * STEP_X, row_y)
    # The board: every place inside its margins, the pyramid in the middle.
    taken = [*cards, *((x, y, x + CARD_W, y + CARD_H) for x, y in at.values())]
    taken += [(x, y, x + CARD_W, y + CARD_H) for x, y in filter(None, (stock, discard))]
    if not beside:  # a fanned pile reaches below its place
        taken += [(x, y, x + CARD_W, y + deepest) for x, y in (at[p["id"]] for p in dealt)]
    reach = max(-min(b[0] for b in taken), max(b[2] for b in taken) - box_w)
    low, high = min(b[1] for b in taken), max(b[3] for b in taken)
    dx, dy = MARGIN_X + reach, MARGIN_Y - low

    def shifted(x: float, y: float) -> dict[str, float | int]:
        return {"x": _number(x + dx), "y": _number(y + dy)}

    return {
        "width": _number(box_w + 2 * (reach + MARGIN_X)),
        "height": _number(high - low + 2 * MARGIN_Y),
        "x": [_number(x + dx) for x in px],
        "y": [_number(y + dy) for y in py],
        "stock": None if stock is None else shifted(*stock),
        "discard": shifted(*discard),
        "piles": {pile_id: shifted(*where) for pile_id, where in at.items()},
    }


@cache
def _table_view(table: Table) -> dict[str, Any]:
    described = table.describe()
    shape = table.shape
    places = described["places"]
    main = _arrange(table, beside=True)
    deck = described["deck"]
    ranks = deck["ranks"]
    entry = {
        "name": described["name"],
        "target": described["target"],
        "rows": shape.rows,
        "width": main["width"],
        "height": main["height"],
        "card": {"width": CARD_W, "height": CARD_H},
        "places": {
            "row": [place["row"] for place in places],
            "col": [place["col"] for place in places],
            "x": main["x"],
            "y": main["y"],
            "covered_by": [list(on) for on in shape.covers],
        },
        "piles": {
            "end": "top" if shape.row_length(1) <= shape.row_length(shape.rows) else "bottom",
            "stock": main["stock"],
            "discard": main["discard"],
            "places": [
                {
                    "id": pile["id"],
                    "kind": pile["kind"],
                    "area": pile["area"],
                    **main["piles"][pile["id"]],
                    **_look(pile),
                }
                for pile in described["piles"]
            ],
        },
        "deck": {
            "name": deck["name"],
            "size": deck["size"],
            "ranks": {
                index_set: [ranks[str(rank)][index_set] for rank in range(1, len(ranks) + 1)]
                for index_set in ranks["1"]
            },
            "suits": deck["suits"],
        },
    }
    if any(pile["area"] == "below" for pile in described["piles"]):
        entry["tall"] = _arrange(table, beside=False)
    return entry
