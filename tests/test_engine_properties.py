"""Invariants over random deals and random legal play, for every rules preset and so every
table (hypothesis)."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyramide_widget import PRESETS, Card, Game, MoveKind, Record, Rules
from pyramide_widget.engine.table import TABLES

letters = st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=7, max_size=7)
presets = st.sampled_from(sorted(PRESETS))
# A plan: for each step, which legal move to take (modulo how many there are), or an undo.
plans = st.lists(st.one_of(st.integers(0, 50), st.just("undo")), min_size=1, max_size=120)
SETTINGS = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _removed_cards(game: Game) -> list[Card]:
    """Cards the moves took off the table (a move into the cell, A3, keeps its card there)."""
    return [card for move in game.history if move.kind is not MoveKind.CELL for card in move.cards]


def _play_plan(game: Game, plan: list[int | str]):
    """Follow the plan, yielding (position before, action) after every action."""
    for choice in plan:
        before = game.position()
        if choice == "undo":
            if game.undo() is None:
                continue
            yield before, "undo"
            continue
        moves = game.legal_moves()
        if not moves:
            return
        game.play(moves[choice % len(moves)])
        yield before, moves[choice % len(moves)]


@SETTINGS
@given(letters, presets, plans)
def test_every_card_of_the_deck_is_always_accounted_for(deal_letters, letter, plan):
    game = Game.from_code(f"PY1-{letter}-{deal_letters}")
    for _ in _play_plan(game, plan):
        in_piles = [
            card for pile in game.piles.values() for card in pile
        ]  # waste, reserve, cell, columns
        on_table = (
            [c for c in game.position().pyramid if c is not None] + in_piles + list(game.stock)
        )
        everywhere = Counter(on_table + _removed_cards(game))
        assert everywhere == Counter(game.table.deck.cards())


@SETTINGS
@given(letters, presets, plans)
def test_score_is_ten_per_pyramid_card_removed(deal_letters, letter, plan):
    game = Game.from_code(f"PY1-{letter}-{deal_letters}")
    pyramid_cards = set(game.deal.pyramid)
    for _ in _play_plan(game, plan):
        # a card leaves the pyramid once: removed, or moved into the cell (A3) and later paired
        moved = {card for move in game.history for card in move.cards}
        removed_from_pyramid = len(moved & pyramid_cards)
        assert game.score == 10 * removed_from_pyramid == 10 * (game.shape.size - game.pyramid_left)


@SETTINGS
@given(letters, presets, plans)
def test_undo_restores_the_exact_previous_position(deal_letters, letter, plan):
    game = Game.from_code(f"PY1-{letter}-{deal_letters}")
    for before, action in _play_plan(game, plan):
        if action == "undo":
            continue
        after = game.position()
        score, moves, status = game.score, game.moves, game.status
        undone = game.undo()
        assert undone == action
        assert game.position() == before
        assert game.moves == moves  # R21: the counter does not go down
        game.play(action)
        assert game.position() == after
        assert (game.score, game.status) == (score, status)


@SETTINGS
@given(letters, presets, plans)
def test_replaying_the_record_reproduces_the_game(deal_letters, letter, plan):
    game = Game.from_code(f"PY1-{letter}-{deal_letters}")
    for _ in _play_plan(game, plan):
        pass
    record = game.record()
    for source in (record, record.to_json(), record.to_text(), Record.from_json(record.to_json())):
        again = Game.replay(source)
        assert again.position() == game.position()
        assert (again.score, again.moves, again.status, again.history) == (
            game.score,
            game.moves,
            game.status,
            game.history,
        )
    curve = record.score_curve()
    assert len(curve) == len(record.actions) + 1 and curve[-1] == game.score


@SETTINGS
@given(
    letters,
    st.booleans(),
    st.one_of(st.none(), st.integers(0, 3)),
    st.booleans(),
    st.booleans(),
    st.sampled_from(sorted(TABLES)),
    plans,
)
def test_legal_moves_are_exactly_the_moves_play_accepts(
    deal_letters, strict, recycles, draw_against, coverer, table, plan
):
    """Over any knob combination on any table: every listed move plays; no listed move is
    refused; the tap layer never changes the position except by playing a legal move."""
    rules = Rules(
        strict_win=strict,
        recycles=recycles,
        draw_against_waste=draw_against,
        pair_with_coverer=coverer,
        table=TABLES[table],
    )
    game = Game.from_code(f"PY1-X-{deal_letters}", rules=rules)
    for _ in _play_plan(game, plan):
        legal = game.legal_moves()
        assert len(set(legal)) == len(legal)
        for move in legal:
            assert game.is_legal(move) and game.is_legal(str(move))
        assert game.is_over == (not legal)


@SETTINGS
@given(letters, presets, st.lists(st.tuples(st.integers(1, 7), st.integers(1, 7)), max_size=80))
def test_taps_only_ever_play_legal_moves(deal_letters, letter, taps):
    game = Game.from_code(f"PY1-{letter}-{deal_letters}")
    for row, col in taps:
        legal = game.legal_moves()
        before = game.position()
        if row > game.shape.rows or col > game.shape.row_length(row):
            places = ["stock", *game.piles] if game.table.stock_size else list(game.piles)
            played = game.tap(
                places[col % len(places)]
            )  # the table's own piles (waste-2, reserve-3, ...)
        else:
            played = game.tap("pyramid", row, col)
        if played is None:
            assert game.position() == before
        else:
            assert played in legal
        selected = game.selected
        assert selected is None or selected in game.selectable_places()
