"""The games with other piles in PyramideWidget and the static picture, without a
browser: a view's taps on pile cards arrive as {"type": "tap", "pile": <pile id>, "row":
<depth>, "card": ...} (widget.js) and play through the engine; malformed ones change nothing.

The deal ``PY1-X-AAAAAAS`` under each table: Giza's columns are topped 4♠ 9♣ 9♠ 5♥ J♦ J♠ 6♦
Q♠ (10♦ lies under 9♠); Cell's first draw turns 10♣; the pyramid's bottom row is 5♦ K♣ 2♠ J♥
3♦ 10♥ A♠.
"""

from __future__ import annotations

import logging
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from preset_sets import PILE_PRESETS

from pyramide_widget import Game, Rules
from pyramide_widget.engine.table import TABLES
from pyramide_widget.engine.view.html import game_svg
from pyramide_widget.engine.view.snapshot import snapshot
from pyramide_widget.widget import PyramideWidget

SVG = "{http://www.w3.org/2000/svg}"


def widget(table: str) -> PyramideWidget:
    return PyramideWidget(
        game=Game.from_code("PY1-X-AAAAAAS", rules=Rules(table=TABLES[table])), stats=False
    )


def send(w: PyramideWidget, content: Any) -> None:
    """Deliver a message as a view's ``model.send(content)`` would."""
    w._on_message(w, content, [])


def tap(w: PyramideWidget, pile: str, row: int, card: str | None = None) -> None:
    send(w, {"type": "tap", "pile": pile, "row": row, **({"card": card} if card else {})})


def test_taps_on_two_columns_pair_their_exposed_cards_a4() -> None:
    w = widget("Giza")
    tap(w, "column-1", 1, "4♠")
    assert w._state["selected"] == {"pile": "column-1", "row": 1}
    tap(w, "column-2", 1, "9♣")
    assert [str(m) for m in w.game.history] == ["4♠+9♣"]
    column = next(p for p in w._state["piles"] if p["id"] == "column-1")
    assert (column["cards"], column["free"]) == (["10♣", "3♠"], [1])


def test_a_covered_column_card_is_blocked_r8() -> None:
    w = widget("Giza")
    tap(w, "column-3", 2, "10♦")
    assert w._state["message"]["key"] == "blocked"
    assert w.game.moves == 0


def test_a_column_s_first_card_under_two_others_is_blocked_too_r8() -> None:
    """The front end draws every card of a column, so the deepest is clicked too."""
    w = widget("Giza")
    tap(w, "column-1", 1, "4♠")
    tap(w, "column-3", 3, "7♠")
    assert w._state["message"]["key"] == "blocked"
    assert (w.game.moves, w._state["selected"]) == (0, {"pile": "column-1", "row": 1}), (
        "nothing else happens"
    )
    game = w.game
    game.explain_mistakes = False
    game.tap("column-3", 3)
    assert game.message is None
    with pytest.raises(ValueError):
        game.tap("column-3", 4)  # no fourth card


def test_a_card_into_the_empty_cell_and_out_as_a_pair_a3() -> None:
    w = widget("Cell")
    send(w, {"type": "tap", "pile": "stock"})
    send(w, {"type": "tap", "pile": "pyramid", "row": 7, "col": 5, "card": "3♦"})
    tap(w, "cell", 1)  # the empty cell's outline: no card
    assert w.game.piles["cell"] == (w.game.history[-1].cards[0],)
    tap(w, "cell", 1, "3♦")
    tap(w, "waste", 1, "10♣")
    assert str(w.game.history[-1]) in ("3♦+10♣", "10♣+3♦")
    assert w.game.piles["cell"] == ()


def test_a_tap_on_a_card_the_view_shows_no_longer_is_ignored() -> None:
    w = widget("Giza")
    tap(w, "column-1", 1, "4♠")
    tap(w, "column-2", 1, "9♣")
    before = (w.game.position(), w.game.moves)
    tap(w, "column-1", 1, "4♠")  # a second view still showing the paired card
    assert (w.game.position(), w.game.moves) == before
    assert w._state["selected"] is None


MALFORMED = [
    {"type": "tap", "pile": "column-9", "row": 1},
    {"type": "tap", "pile": "column-1", "row": 4},
    {"type": "tap", "pile": "column-1", "row": 0},
    {"type": "tap", "pile": "column-1", "row": 1, "col": 1},
    {"type": "tap", "pile": "column-1", "row": "1"},
    {"type": "tap", "pile": ["column-1"], "row": 1},
    {"type": "tap", "pile": "waste", "row": 1},  # Giza has no waste
    {"type": "tap", "pile": "column-1", "row": 1, "card": 4},
]


@pytest.mark.parametrize("content", MALFORMED, ids=[repr(m)[:48] for m in MALFORMED])
def test_malformed_pile_taps_change_nothing_and_say_why(
    caplog: Any, content: dict[str, Any]
) -> None:
    w = widget("Giza")
    tap(w, "column-1", 1, "4♠")
    before = (dict(w._state), w.game.position(), w.game.moves)
    with caplog.at_level(logging.WARNING, logger="pyramide_widget.widget"):
        send(w, content)
    assert any("malformed" in rec.getMessage() for rec in caplog.records)
    assert not any(rec.exc_info for rec in caplog.records), "a malformed message is not a failure"
    assert (w._state, w.game.position(), w.game.moves) == before


@pytest.mark.parametrize(("table", "shown"), [("Tut's Tomb", 3), ("Apophis", 1), ("Standard", 1)])
def test_a_waste_pile_shows_the_cards_a_draw_deals_onto_it(table: str, shown: int) -> None:
    """Tut's Tomb deals three onto its waste: the three show (the top one alone free); Apophis
    deals one onto each of its waste piles, the standard game one: its top shows."""
    game = Game.from_code("PY1-X-AAAAAAS", rules=Rules(table=TABLES[table]))
    for _ in range(2):
        game.tap("stock")
        for pile in snapshot(game)["piles"]:
            if pile["kind"] == "waste":
                dealt = game.piles[pile["id"]]
                assert pile["cards"] == [str(c) for c in dealt[-shown:]], table
                assert len(dealt) >= shown and pile["free"] == [shown - 1], table


@pytest.mark.parametrize("table", ["Apophis", "Reserve", "Cell", "Giza", "Tut's Tomb"])
def test_the_static_picture_draws_every_pile(table: str) -> None:
    game = Game.from_code("PY1-X-AAAAAAS", rules=Rules(table=TABLES[table]))
    if game.stock:
        game.tap("stock")
    fans = {place["id"]: place["fan"] for place in snapshot(game)["table"]["piles"]["places"]}
    root = ET.fromstring(game_svg(game))
    groups = {g.get("data-pile"): g for g in root.iter(f"{SVG}g") if g.get("data-pile")}
    assert ("stock" in groups) == bool(game.table.waste_piles), "a stock only where the stock deals"
    for pile_id, cards in game.piles.items():
        drawn = [g.get("data-card") for g in groups[pile_id].iter(f"{SVG}g") if g.get("data-card")]
        # A fanned pile (a column) shows every card; a squared one its top (its outline when empty).
        expected = [str(c) for c in (cards if fans[pile_id] else cards[-1:])]
        assert drawn == expected, pile_id


@pytest.mark.parametrize("table", sorted(TABLES))
def test_the_table_entry_says_how_to_draw_every_pile_and_the_picture_follows_it(table: str) -> None:
    """One path for every pile, the standard waste included: the table entry says when a pile's
    count shows (a pile the stock deals onto: always, like the stock's) and what an empty pile
    is (a waste pile: an outline; a cell, reserve or column: a button naming it), and the static
    picture writes a count exactly where that says."""
    game = Game.from_code("PY1-X-AAAAAAS", rules=Rules(table=TABLES[table]))
    places = snapshot(game)["table"]["piles"]["places"]
    assert [place["id"] for place in places] == list(game.piles)
    for place in places:
        dealt_onto = place["kind"] == "waste"
        assert place["count"] == ("always" if dealt_onto else "hidden"), place
        assert place["empty"] == ("outline" if dealt_onto else "button"), place
    root = ET.fromstring(game_svg(game))
    groups = {g.get("data-pile"): g for g in root.iter(f"{SVG}g") if g.get("data-pile")}
    for place, pile in zip(places, snapshot(game)["piles"], strict=True):
        shown = len(pile["cards"]) if place["fan"] else min(len(pile["cards"]), 1)
        written = [
            text.text for text in groups[place["id"]].findall(f"{SVG}text")
        ]  # not a card's own
        assert written == (
            [str(pile["count"])] if place["count"] == "always" or pile["count"] > shown else []
        ), place


def test_the_static_picture_of_giza_columns_has_no_stray_symbols() -> None:
    """A column's covered cards show a strip as high as the fan: their indices fit in it."""
    from test_html import stray_symbols  # the checker of tests/test_html.py

    for letters in ("AAAAAAS", "BCDEFGS", "QWERTYS"):
        game = Game.from_code(f"PY1-X-{letters}", rules=Rules(table=TABLES["Giza"]))
        assert stray_symbols(game_svg(game)) == [], letters
        game.play(game.legal_moves()[0])
        assert stray_symbols(game_svg(game)) == [], letters


@pytest.mark.parametrize("letter", PILE_PRESETS)
def test_the_static_picture_of_each_pile_game_along_a_random_game_has_no_stray_symbols(
    letter: str,
) -> None:
    """Piles filling and emptying (waste piles, a reserve, a cell, columns): no index or pip of
    a pile card lies outside its card or under a card drawn after it."""
    from test_html import random_positions, stray_symbols

    positions = random_positions(letter, seed=ord(letter), count=15)
    assert len(positions) >= 5
    for game in positions:
        assert stray_symbols(game_svg(game)) == [], game.record().to_text()
