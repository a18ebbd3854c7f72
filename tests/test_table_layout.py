"""The table as data (``view.snapshot.table_view``): where every place and pile is drawn, so that a
card keeps its size from one game to the next, and the discard pile of the snapshot.

Measured in drawing units on every table the engine knows; the browser tests measure the same
tables in pixels (tests/browser/test_gallery_browser.py)."""

from __future__ import annotations

import itertools

import pytest
from layouts import r5_game

from pyramide_widget import Game, Rules
from pyramide_widget.engine.table import STANDARD_TABLE, TABLES
from pyramide_widget.engine.view.snapshot import MARGIN_X, MARGIN_Y, SIDE_GAP, snapshot, table_view

Box = tuple[float, float, float, float]


def layout(name: str) -> dict:
    return table_view(Game.from_code("PY1-X-AAAAAAS", rules=Rules(table=TABLES[name])))


def pyramid_boxes(table: dict) -> list[Box]:
    w, h = table["card"]["width"], table["card"]["height"]
    places = table["places"]
    return [(x, y, x + w, y + h) for x, y in zip(places["x"], places["y"], strict=True)]


def pile_boxes(name: str) -> dict[str, Box]:
    """Every pile's whole extent (a column's fanned cards included), the stock and the discard."""
    table = layout(name)
    w, h = table["card"]["width"], table["card"]["height"]
    dealt = {
        pile_id: pile.dealt
        for pile_id, pile in zip(TABLES[name].pile_ids, TABLES[name].piles, strict=True)
    }
    boxes = {
        place["id"]: (
            place["x"],
            place["y"],
            place["x"] + w,
            place["y"] + h + max(dealt[place["id"]] - 1, 0) * place["fan"],
        )
        for place in table["piles"]["places"]
    }
    for name_ in ("stock", "discard"):
        at = table["piles"][name_]
        if at is not None:
            boxes[name_] = (at["x"], at["y"], at["x"] + w, at["y"] + h)
    return boxes


def overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("name", sorted(TABLES))
def test_no_pile_lies_on_another_or_on_the_pyramid(name: str) -> None:
    table = layout(name)
    piles = pile_boxes(name)
    for (a, box_a), (b, box_b) in itertools.combinations(piles.items(), 2):
        assert not overlap(box_a, box_b), (a, b)
    for pile, box in piles.items():
        assert not any(overlap(box, card) for card in pyramid_boxes(table)), pile


@pytest.mark.parametrize("name", sorted(TABLES))
def test_every_card_lies_inside_the_board_with_the_pyramid_in_the_middle(name: str) -> None:
    table = layout(name)
    boxes = [*pyramid_boxes(table), *pile_boxes(name).values()]
    left, right = min(b[0] for b in boxes), table["width"] - max(b[2] for b in boxes)
    assert min(left, right) == MARGIN_X and left >= MARGIN_X and right >= MARGIN_X
    assert min(b[1] for b in boxes) == MARGIN_Y
    assert max(b[3] for b in boxes) == table["height"] - MARGIN_Y
    pyramid = pyramid_boxes(table)
    left, right = min(b[0] for b in pyramid), max(b[2] for b in pyramid)
    assert left == pytest.approx(table["width"] - right)


@pytest.mark.parametrize("name", sorted(TABLES))
def test_the_piles_dealt_at_the_start_stand_beside_the_pyramid_not_below_it(name: str) -> None:
    """So that the board is no deeper than its pyramid and a card keeps its size: Giza's columns
    and the reserve stand in two blocks at the pyramid's sides, level with its broad end."""
    table = layout(name)
    pyramid = pyramid_boxes(table)
    left, right = min(b[0] for b in pyramid), max(b[2] for b in pyramid)
    bottom = max(b[3] for b in pyramid)
    dealt = [
        pile_id
        for pile_id, pile in zip(TABLES[name].pile_ids, TABLES[name].piles, strict=True)
        if pile.dealt
    ]
    boxes = pile_boxes(name)
    for pile_id in dealt:
        box = boxes[pile_id]
        assert box[2] <= left or box[0] >= right, pile_id
    if dealt:
        assert max(boxes[p][3] for p in dealt) == bottom, "level with the broad end"
    deepest = bottom - min(b[1] for b in pyramid) + 2 * MARGIN_Y
    assert deepest <= table["height"] <= deepest + SIDE_GAP, "no deeper than the pyramid, and a gap"


def test_a_card_keeps_its_size_the_widest_board_is_not_twice_the_standard_one() -> None:
    standard = table_view(Game.from_code("PY1-N-AAAAAAS"))
    for name in TABLES:
        table = layout(name)
        assert table["height"] <= standard["height"] + SIDE_GAP, name
        assert table["width"] <= 1.6 * standard["width"], name
    assert TABLES["Standard"] is STANDARD_TABLE


@pytest.mark.parametrize("name", [name for name, table in TABLES.items() if table.waste_piles])
def test_the_waste_lies_beside_the_stock_and_the_discard_pile_in_the_other_corner(
    name: str,
) -> None:
    """As in every solitaire, a drawn card lands right beside the stock: the waste piles follow
    the stock in its corner, in the order a draw fills them, a card and a narrow gap apart; the
    discard pile (and a cell) take the other corner of the pyramid's narrow end."""
    table = layout(name)
    piles = table["piles"]
    stock, discard = piles["stock"], piles["discard"]
    waste = [p for p in piles["places"] if p["kind"] == "waste"]
    row = [stock["x"], *(p["x"] for p in waste)]
    step = table["card"]["width"] + 0.5
    assert [b - a for a, b in itertools.pairwise(row)] == [step] * len(waste), row
    assert {p["y"] for p in waste} == {stock["y"]} == {discard["y"]}
    pyramid_middle = (min(table["places"]["x"]) + max(table["places"]["x"])) / 2
    assert stock["x"] < pyramid_middle < discard["x"], "the other corner"
    others = [p for p in piles["places"] if p["area"] == "talon" and p["kind"] != "waste"]
    assert all(pyramid_middle < p["x"] < discard["x"] for p in others)


def test_a_table_without_a_stock_has_its_discard_pile_in_the_stock_corner() -> None:
    giza = layout("Giza")
    assert giza["piles"]["stock"] is None
    assert giza["piles"]["discard"]["x"] <= min(giza["places"]["x"])


def test_the_discard_pile_counts_the_removed_cards_and_shows_the_last_removal() -> None:
    game = r5_game()
    assert snapshot(game)["discard"] == {"count": 0, "cards": []}
    game.play("K♦")
    game.play("10♣+3♠")
    game.tap("stock")
    assert snapshot(game)["discard"] == {"count": 3, "cards": ["10♣", "3♠"]}
    game.undo()
    game.undo()
    assert snapshot(game)["discard"] == {"count": 1, "cards": ["K♦"]}


def test_a_smaller_pyramid_keeps_the_standard_corners() -> None:
    """Six Rows' stock, discard pile and waste stand where the standard game's do, so its table
    spans as much of the cell."""
    six, standard = layout("Six Rows"), layout("Standard")
    for name in ("stock", "discard"):
        assert six["piles"][name]["x"] == standard["piles"][name]["x"], name
    assert six["piles"]["places"][0]["x"] == standard["piles"]["places"][0]["x"]
    assert six["width"] == standard["width"] and six["height"] < standard["height"]


@pytest.mark.parametrize("name", ["Giza", "Reserve", "Reserve Six"])
def test_a_tall_room_gets_the_dealt_piles_in_a_row_beyond_the_pyramid(name: str) -> None:
    """The second arrangement, for a room taller than wide: the same places, the dealt piles in
    one row under the pyramid, none on another; a narrower and deeper board."""
    table = layout(name)
    tall = table["tall"]
    w, h = table["card"]["width"], table["card"]["height"]
    assert tall["width"] < table["width"] and tall["height"] > table["height"]
    bottom = max(tall["y"]) + h
    dealt = [
        p for p, pile in zip(TABLES[name].pile_ids, TABLES[name].piles, strict=True) if pile.dealt
    ]
    assert {tall["piles"][p]["y"] for p in dealt} == {bottom + 3}, "one row, under the pyramid"
    pyramid = [(x, y, x + w, y + h) for x, y in zip(tall["x"], tall["y"], strict=True)]
    piles = [(p["x"], p["y"], p["x"] + w, p["y"] + h) for p in tall["piles"].values()]
    piles += [
        (p["x"], p["y"], p["x"] + w, p["y"] + h) for p in (tall["stock"], tall["discard"]) if p
    ]
    for a, b in itertools.combinations(piles, 2):
        assert not overlap(a, b), (a, b)
    for a in piles:
        assert not any(overlap(a, b) for b in pyramid), a
    assert all(b[2] <= tall["width"] - MARGIN_X and b[3] <= tall["height"] for b in pyramid + piles)
    assert "tall" not in layout("Standard"), "only where piles are dealt at the start"
