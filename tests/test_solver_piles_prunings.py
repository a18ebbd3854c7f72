"""The prunings of the pile search (solver/piles.py, docs/rules.md §11) keep its answers exact.

Each pruning is switched off on an instance of the search (:func:`plain_answer`): the
canonical key (ranks, alike piles sorted, a pool's talon as a sorted list), the draw-and-use
steps of a pool or cycle game, the free-access relaxation and the strict-win column test. The
plain search then visits every exact state, as before them; both must give the same answer
(winnable, most pyramid places vacated) on many small positions of every pile game. A separate
check covers Tut's Tomb's groups (A5), which the partner bound once ignored.
"""

from __future__ import annotations

import pytest

from pyramide_widget import Deal, Game
from pyramide_widget.analysis.estimation import deal_letters
from pyramide_widget.engine.rules import PRESETS
from pyramide_widget.solver import SearchLimitReached, solve
from pyramide_widget.solver.piles import PileOutOfNodes, PileSearch

from solver_reference import crosscheck, playout, replayed

PILE_GAMES = ["A", "Y", "C", "G", "U"]
PLAIN_NODES = 20_000


def plain_answer(game: Game) -> tuple[bool, int] | None:
    """``(winnable, max_removed)`` from the pile search with this module's prunings off, or
    ``None`` when it needs more than :data:`PLAIN_NODES` states."""
    search = PileSearch(game, PLAIN_NODES)
    search.key = lambda state: state  # type: ignore[method-assign]  # every exact state apart
    search.cycle = search.pool = False  # a draw is one step
    search.relaxable = False  # the partner bound only
    search.stuck = lambda state: False  # type: ignore[method-assign]
    try:
        search.run()
    except PileOutOfNodes:
        return None
    return search.solution is not None, search.best_removed


def positions(letter: str, count: int):
    """Deterministic positions of ``letter``'s game: random play from a deal until a few
    pyramid cards are left; on every other deal, a few moves before the end of a winning line
    and one random move off it (random play alone seldom leaves a Giza deal winnable)."""
    rules = PRESETS[letter].rules
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


@pytest.mark.parametrize("letter", PILE_GAMES)
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
        game = playout(Game(Deal.from_letters(letters, rules.table), rules), seed=n, keep=3 + n % 4, stock=-1)
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
    search = PileSearch(game)
    removed, piles, stock, _, _ = search.start
    present = search.full & ~removed
    outside = {search.rank[c] for pile in piles for c in pile} | {search.rank[c] for c in stock}
    for i in range(search.size):
        rank = search.pyramid_rank[i]
        if present >> i & 1 and rank != search.target and search.target - rank not in outside:
            if not search.rank_places[search.target - rank] & present & ~search.apart[i]:
                return True
    return False
