"""The prunings of the pile search (solver/piles.py, docs/rules.md §11) keep its answers exact.

Each pruning is switched off on an instance of the search (:func:`plain_answer`): the
canonical key (ranks, alike piles sorted, a pool's talon as a sorted list), the draw-and-use
steps of a pool or cycle game, the free-access relaxation and the strict-win column test. The
plain search then visits every exact state, as before them; both must give the same answer
(winnable, most pyramid places vacated) on many small positions of every pile game. A separate
check covers Tut's Tomb's groups (A5), which the partner bound once ignored, and another the
relaxations for groups on Tut's Tomb and on two tables made up for the test, where more than
one card outside the pyramid is free at once (three waste piles; a reserve).
"""

from __future__ import annotations

import pytest
from preset_sets import PILE_PRESETS
from solver_reference import crosscheck, playout, replayed

from pyramide_widget import Deal, Game
from pyramide_widget.analysis.estimation import deal_letters
from pyramide_widget.engine.piles import Pile
from pyramide_widget.engine.position import Position
from pyramide_widget.engine.rules import PRESETS, Rules
from pyramide_widget.engine.table import APOPHIS_TABLE, RESERVE_TABLE, Table
from pyramide_widget.solver import SearchLimitReached, solve
from pyramide_widget.solver.piles import PileOutOfNodes, PileSearch, rank_set

PLAIN_NODES = 20_000


def _data(game: Game) -> tuple[Position, Rules]:
    """What the pile search takes: the game's position and rules."""
    return game.position(), game.rules


def plain_answer(game: Game) -> tuple[bool, int] | None:
    """``(winnable, max_removed)`` from the pile search with this module's prunings off, or
    ``None`` when it needs more than :data:`PLAIN_NODES` states."""
    search = PileSearch(*_data(game), PLAIN_NODES)
    search.key = lambda state: state  # type: ignore[method-assign]  # every exact state apart
    search.cycle = search.pool = False  # a draw is one step
    search.relaxable = False  # the partner bound only
    search.stuck = lambda state: False  # type: ignore[method-assign]
    try:
        search.run()
    except PileOutOfNodes:
        return None
    return search.solution is not None, search.best_removed


def positions(letter: str, count: int, rules: Rules | None = None):
    """Deterministic positions of ``letter``'s game (or of ``rules``): random play from a deal
    until a few pyramid cards are left; on every other deal, a few moves before the end of a
    winning line and one random move off it (random play alone seldom leaves a Giza deal
    winnable)."""
    rules = rules or PRESETS[letter].rules
    for n, letters in enumerate(deal_letters(1400 + ord(letter), count)):
        game = Game(Deal.from_letters(letters, rules.table), rules)
        if n % 2:
            yield playout(game, seed=n, keep=4 + n % 5, stock=-1)
            continue
        try:
            line = solve(game, max_nodes=5_000).solution
        except SearchLimitReached:
            continue  # a deal the search needs longer for: the next one
        if line:
            start = replayed(game, line[: max(0, len(line) - 8 - n % 7)])
            yield start
            moves = start.legal_moves()
            yield replayed(start, [moves[n % len(moves)]])


@pytest.mark.parametrize("letter", PILE_PRESETS)
def test_the_prunings_change_no_answer_on_small_positions_of_every_pile_game(letter: str) -> None:
    compared = won = lost = 0
    for game in positions(letter, 40):
        plain = plain_answer(game)
        if plain is None:
            continue
        result = solve(game)
        assert (result.winnable, result.max_removed) == plain, game.record().to_text()
        if result.winnable:
            assert str(replayed(game, result.solution).status) == "won"
        compared += 1
        won += plain[0]
        lost += not plain[0]
    assert compared >= 20, f"only {compared} positions small enough for the plain search"
    assert won and lost, f"the sample should hold wins and losses: {won} won, {lost} lost"


@pytest.mark.parametrize("letter", ["U", "C"])
def test_a_card_whose_partners_it_cannot_meet_directly_still_goes(letter: str) -> None:
    """Tut's Tomb (A5): a 7 with every 6 gone can still go as 7+4+2. Cell (A3): a card whose
    only partner covers it goes once that partner waits in the cell (or it waits there itself
    while the partner under it comes free). The partner bound once missed both; positions where
    some pyramid card has no partner left that it could meet without them are checked against
    the exhaustive search."""
    rules = PRESETS[letter].rules
    checked = gone_anyway = 0
    for n, letters in enumerate(deal_letters(5, 60)):
        game = playout(
            Game(Deal.from_letters(letters, rules.table), rules), seed=n, keep=3 + n % 4, stock=-1
        )
        if game.is_over or not _partner_gone(game):
            continue
        winnable, problems = crosscheck(game, 3000)
        assert not problems, "\n".join(problems)
        checked += winnable is not None
        gone_anyway += solve(game).max_removed > 28 - game.pyramid_left
    assert checked >= 5 and gone_anyway >= 1


def _partner_gone(game: Game) -> bool:
    """Whether a pyramid card of ``game`` has no card of its partner rank left where it could
    meet it (outside the pyramid, or in the pyramid neither on it nor under it)."""
    search = PileSearch(*_data(game))
    removed, piles, stock, _, _ = search.start
    present = search.full & ~removed
    outside = {search.rank[c] for pile in piles for c in pile} | {search.rank[c] for c in stock}
    for i in range(search.size):
        rank = search.pyramid_rank[i]
        if present >> i & 1 and rank != search.target and search.target - rank not in outside:
            if not search.rank_places[search.target - rank] & present & ~search.apart[i]:
                return True
    return False


# Made-up group games with several outside cards free at once (PileSearch.at_once 3 and 8).
GROUP_TABLES = {
    "U": PRESETS["U"].rules,
    "three wastes": Rules(
        table=Table(
            "Three wastes, groups",
            APOPHIS_TABLE.shape,
            APOPHIS_TABLE.deck,
            piles=(Pile("waste"),) * 3,
            draw=3,
            groups=True,
        )
    ),
    "reserve": Rules(
        table=Table(
            "Reserve, groups",
            RESERVE_TABLE.shape,
            RESERVE_TABLE.deck,
            piles=RESERVE_TABLE.piles,
            groups=True,
        )
    ),
}


@pytest.mark.parametrize("name", GROUP_TABLES)
def test_the_relaxations_for_groups_bound_the_exhaustive_answer_and_cut(name: str) -> None:
    """With groups the search bounds a state by two relaxations (solver/piles.py): every
    outside card free at once, at most as many in a group as the table has free at once
    (:meth:`PileSearch.relaxed_most`), and the same with the outside cards never used up
    (:meth:`PileSearch.supplied_most`). Each must be at least what the exhaustive search
    vacates, the second at least the first; and they must cut, below the partner bound, on
    some positions (else they prove nothing). The search's answer must be the exhaustive one."""
    rules = GROUP_TABLES[name]
    compared = cut = 0
    for game in positions(name[0].upper(), 40, rules):
        plain = plain_answer(game)
        if plain is None:
            continue
        search = PileSearch(*_data(game))
        removed = search.start[0]
        outside = search._outside(search.start)
        search.relaxed_left = float("inf")
        relaxed = search.relaxed_most(removed, outside)
        supplied = search.supplied_most(removed, rank_set(outside))
        assert plain[1] <= relaxed <= supplied, (plain, relaxed, supplied, game.record().to_text())
        cut += relaxed < search.bound(search.start)
        result = solve(game)
        assert (result.winnable, result.max_removed) == plain, game.record().to_text()
        compared += 1
    assert compared >= 20, f"only {compared} positions small enough for the plain search"
    assert cut >= 3, f"the relaxations cut below the partner bound on only {cut} positions"


def test_a_lost_tuts_tomb_deal_is_settled_by_its_first_bound() -> None:
    """A Tut's Tomb deal (A5) where every pyramid card has a partner rank left, so the
    partner bound allows a win, yet the pyramid can never be cleared: the relaxation with
    the outside cards never used up says so at the start, in a few thousand states."""
    game = Game.from_code("PY1-U-JRZNSJQ")
    search = PileSearch(*_data(game))
    assert search.bound(search.start) == 28
    assert search.supplied_most(search.start[0], rank_set(search._outside(search.start))) < 28
    assert search.nodes < 5_000
    assert not solve(game).winnable


def test_a_lost_cell_deal_is_settled_within_a_budget_by_its_start_relaxation() -> None:
    """Cell (A3): a deal whose free-access relaxation at the start needs more relaxed states
    than a later state's allowance and says 22 pyramid places at most. With a cell the start's
    relaxation may take half the node budget, so a budget of 100,000 nodes settles it; it once
    stayed undecided there."""
    result = solve("PY1-C-KQLDJQH", max_nodes=100_000)
    assert (result.winnable, result.max_removed) == (False, 22)
    plain = PileSearch(*_data(Game.from_code("PY1-C-KQLDJQH")), 100_000)
    plain.ceiling = lambda state, relaxed_nodes=0: 28  # type: ignore[method-assign]  # no relaxation
    with pytest.raises(PileOutOfNodes):
        plain.run()
