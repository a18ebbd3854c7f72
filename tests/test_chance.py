"""The chance to win from what the player sees (``analysis.chance``) and over a game
(``analysis.chance_review``), checked against an independent count: every order of the cards
the game never showed, each dealt anew, replayed through the engine and decided by the plain
exhaustive search of ``solver_reference``."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import pytest
from solver_reference import exhaustive
from test_strategies import never_shown

from pyramide_widget import Deal, Game, Move, solve
from pyramide_widget.analysis import plot
from pyramide_widget.analysis.chance import (
    CHANCE_SAMPLES,
    MAX_SAMPLES,
    Chance,
    Layouts,
    chance,
    decide,
    layouts_drawn,
    position_seed,
)
from pyramide_widget.analysis.chance_review import ChanceReview, chance_review, scale_top
from pyramide_widget.analysis.rate import wilson_interval
from pyramide_widget.engine.cards import Card


def along_win(code: str, unseen: int) -> Game:
    """The solver's winning line of ``code``, played until at most ``unseen`` cards were never
    seen by the player."""
    game = Game.from_code(code)
    result = solve(game)
    assert result.solution is not None, code
    for move in result.solution:
        if len(never_shown(game)) <= unseen:
            return game
        game.play(move)
    raise AssertionError(f"{code}: the winning line shows all but {len(never_shown(game))} cards")


def dealt_otherwise(game: Game, order: tuple[Card, ...]) -> Game:
    """``game`` dealt with the cards it never showed in ``order`` (sorted order → ``order``),
    its moves replayed: built from the deal, not from the player's view."""
    never = sorted(never_shown(game), key=str)
    swap = dict(zip(never, order, strict=True))
    deal = game.deal
    other = Game(
        Deal(
            tuple(swap.get(card, card) for card in deal.pyramid),
            deal.waste,
            tuple(swap.get(card, card) for card in deal.stock),
            deal.piles,
        ),
        game.rules,
    )
    for move in game.history:
        other.play(move)
    return other


def every_layout(game: Game) -> list[Game]:
    return [
        dealt_otherwise(game, order)
        for order in itertools.permutations(sorted(never_shown(game), key=str))
    ]


def winnable_share(game: Game) -> Fraction:
    """The share of the layouts of ``game``'s unseen cards that can still be won, counted by
    brute force (every order of the cards, exhaustive search)."""
    layouts = every_layout(game)
    return Fraction(sum(exhaustive(layout)[0] for layout in layouts), len(layouts))


def kept_share(game: Game, move: Move) -> Fraction:
    """The share of the layouts in which ``move`` keeps a win, by brute force."""
    kept = 0
    layouts = every_layout(game)
    for layout in layouts:
        layout.play(move)
        kept += exhaustive(layout)[0]
    return Fraction(kept, len(layouts))


# Positions a few cards before the end of the first pass (or, face down, with a few face-down
# cards left) on a winning line: some layouts of the unseen cards win and some do not.
SMALL = [
    ("PY1-S-ZCMLZBZ", 4),
    ("PY1-S-HCKKFIW", 4),
    ("PY1-T-ZCMLZBZ", 4),
    ("PY1-T-LERHIJB", 4),
    ("PY1-P-UQVZQPN", 4),
    ("PY1-F-QKXJPXN", 4),
    ("PY1-F-SRRAZBC", 4),
]


@pytest.mark.parametrize(("code", "unseen"), SMALL)
def test_chance_counts_the_winnable_layouts_exactly_where_they_are_few(
    code: str, unseen: int
) -> None:
    game = along_win(code, unseen)
    truth = winnable_share(game)
    assert 0 < truth < 1, "a position where the unseen cards decide"
    exact = chance(game, samples=200)
    assert exact.exact and exact.undecided == 0 and exact.layouts <= 24
    assert Fraction(exact.won, exact.layouts) == truth
    assert exact.rate == exact.low == exact.high == float(Fraction(exact.won, exact.layouts))


@pytest.mark.parametrize(("code", "unseen"), SMALL[:4:2])
def test_a_sampled_chance_has_an_interval_around_the_count(code: str, unseen: int) -> None:
    game = along_win(code, unseen)
    truth = winnable_share(game)
    layouts = Layouts(game.player_view()).count()
    for seed in range(3):
        sampled = chance(game, samples=layouts - 1, seed=seed)
        assert not sampled.exact and sampled.layouts == layouts - 1
        assert sampled.low <= truth <= sampled.high


def test_chance_reads_only_the_view() -> None:
    """Two games that differ only in the cards the player never saw: the same views, the same
    chance, though the solver wins one and not the other."""
    game = along_win("PY1-T-LERHIJB", 4)
    verdicts = {}
    for layout in every_layout(game):
        verdicts.setdefault(solve(layout).winnable, layout)
    won, lost = verdicts[True], verdicts[False]
    assert won.player_view() == lost.player_view() == game.player_view()
    assert chance(won, seed=1) == chance(lost, seed=1) == chance(game.player_view(), seed=1)
    assert chance(won, samples=5, seed=2) == chance(lost.player_view(), samples=5, seed=2)


def test_a_position_without_unseen_cards_is_one_layout() -> None:
    """R15: after a whole pass the player knows the stock; the chance is the solver's answer."""
    game = Game.from_code("PY1-N-AAAAAAS")
    while not game.recycles_used:
        game.play("draw" if game.stock else "recycle")
    result = chance(game)
    assert result.exact and result.layouts == 1 and Layouts(game.player_view()).count() == 1
    assert result.won == solve(game).winnable


def test_suits_never_matter_so_layouts_are_counted_by_rank() -> None:
    game = along_win("PY1-S-HCKKFIW", 4)
    ranks = [card.rank for card in never_shown(game)]
    assert len(set(ranks)) < len(ranks)  # two unseen cards of one rank
    layouts = Layouts(game.player_view())
    orders = {tuple(card.rank for card in cards) for cards in layouts.every()}
    assert layouts.count() == len(orders) == len(list(layouts.every())) == 12


def test_the_rate_is_over_the_decided_layouts() -> None:
    """Issue 30: 154 of 200 layouts won and 46 undecided is 100% of the decided, not 77%."""
    every_decided_wins = Chance.of(won=154, undecided=46, layouts=200, exact=False)
    assert every_decided_wins.rate == 1.0 and every_decided_wins.decided == 154
    assert (every_decided_wins.low, every_decided_wins.high) == wilson_interval(154, 154)
    assert every_decided_wins.rate_range == (0.77, 1.0)
    exact = Chance.of(won=3, undecided=1, layouts=12, exact=True)
    assert exact.rate == 3 / 11 and (exact.low, exact.high) == (3 / 12, 4 / 12)
    nothing = Chance.of(won=0, undecided=5, layouts=5, exact=False)
    assert (nothing.rate, nothing.low, nothing.high, nothing.decided) == (0.0, 0.0, 1.0, 0)


def test_a_position_of_hard_layouts_is_measured_on_fewer_nearly_all_decided() -> None:
    """With the nodes per layout on average, a layout may take what easier ones left: where
    many layouts need more than that, fewer are tried and at most the last one is left
    undecided, instead of a share of them counted as undecided."""
    game = Game.from_code("PY1-T-NGNLPLT")  # one pass: every layout a whole deal
    asked = []
    stingy = chance(game, samples=40, max_nodes=2_000, progress=lambda d, t: asked.append(d))
    assert stingy.undecided <= 1 and stingy.layouts < 40 and stingy.decided >= 3
    assert stingy.rate == stingy.won / stingy.decided
    assert asked == list(range(1, stingy.layouts + 1))
    per_layout = [decide(game, 2_000) for game in _sampled_games(game, 40)]
    assert per_layout.count(None) > 2, "the same layouts, each held to 2,000 nodes"
    # None takes all a measure's nodes: a layout harder than LAYOUT_SHARE layouts' worth is
    # left undecided, and the others are still tried.
    ceiling = chance(game, samples=40, max_nodes=200)
    assert ceiling.layouts > 1 and ceiling.undecided >= 1


def _sampled_games(game: Game, samples: int) -> list[Game]:
    """The games of ``samples`` layouts drawn as chance() draws them (seed 0)."""
    import random

    layouts = Layouts(game.player_view())
    drawn, _count, _exact = layouts_drawn(layouts, samples, random.Random(0))
    return [layouts.game(cards) for cards in drawn]


def test_an_undecided_layout_counts_neither_way() -> None:
    game = along_win("PY1-T-ZCMLZBZ", 4)
    truth = winnable_share(game)
    cut = chance(game, max_nodes=1)
    assert cut.undecided > 0 and cut.won + cut.undecided <= cut.layouts
    assert cut.rate == (cut.won / cut.decided if cut.decided else 0.0)
    full = chance(game, max_nodes=None)
    assert full.exact and full.undecided == 0 and Fraction(full.won, full.decided) == truth


def test_a_measure_stops_at_its_progress_before_drawing_all_its_layouts(monkeypatch) -> None:
    """Issue 30: progress, the way to cancel, runs after the first layout however many are
    asked for (up to MAX_SAMPLES); more is a ValueError saying the range."""
    drawn: list[int] = []
    sample = Layouts.sample
    monkeypatch.setattr(Layouts, "sample", lambda self, rng: drawn.append(1) or sample(self, rng))

    def stop(done: int, total: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        chance(Game.from_code("PY1-N-AAAAAAS"), samples=MAX_SAMPLES, progress=stop)
    assert len(drawn) == 1
    with pytest.raises(ValueError, match="samples must be a whole number from 1 to 100,000"):
        chance(Game.from_code("PY1-N-AAAAAAS"), samples=10**18)


def test_chance_refuses_bad_input_saying_what_it_expects() -> None:
    game = Game.from_code("PY1-N-AAAAAAS")
    with pytest.raises(TypeError, match="a Game or a PlayerView"):
        chance("PY1-N-AAAAAAS")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="samples must be a whole number from 1"):
        chance(game, samples=0)
    with pytest.raises(TypeError, match="seed must be"):
        chance(game, seed=1.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="max_nodes must be"):
        chance(game, max_nodes=0)
    with pytest.raises(TypeError, match="progress must be a function"):
        chance(game, progress=3)  # type: ignore[arg-type]
    assert game.moves == 0


@pytest.mark.parametrize("seed", [None, 1.5, [], True])
def test_the_review_refuses_the_seeds_chance_refuses(seed: object) -> None:
    record = Game.from_code("PY1-N-AAAAAAS").record()
    with pytest.raises(TypeError, match="seed must be a whole number or text"):
        chance(Game.from_code("PY1-N-AAAAAAS"), seed=seed)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="seed must be a whole number or text"):
        chance_review(record, seed=seed)  # type: ignore[arg-type]


def test_chance_reports_each_layout_and_stops_when_its_progress_raises() -> None:
    game = Game.from_code("PY1-N-AAAAAAS")
    seen: list[tuple[int, int]] = []
    result = chance(game, samples=7, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(done, 7) for done in range(1, 8)] and result.layouts == 7

    def stop(done: int, total: int) -> None:
        if done == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        chance(game, samples=7, progress=stop)


def test_chance_prints_what_it_measured() -> None:
    result = Chance.of(won=3, undecided=1, layouts=12, exact=True)
    assert result.summary() == (
        "chance 27.3% (95% interval 25.0-33.3%): 3 of 11 decided, every layout, can be won "
        "(1 more undecided)"
    )
    assert repr(result) == (
        "Chance(rate=0.2727, interval=[0.2500, 0.3333], won=3, decided=11, undecided=1, "
        "layouts=12, exact=True)"
    )


# ---------------------------------------------------------------- over a game


def test_the_review_has_the_chance_after_each_action() -> None:
    game = along_win("PY1-S-ICJIFEB", 6)
    review = chance_review(game.record(), samples=10, seed=4, max_nodes=2_000)
    assert [point.index for point in review.points] == list(range(len(game.actions) + 1))
    deal = Game.from_code("PY1-S-ICJIFEB")
    assert review.points[0].chance == chance(
        deal, samples=CHANCE_SAMPLES, seed=position_seed(4, deal.code, ()), max_nodes=2_000
    )
    steps = Game.replay_steps(game.record())
    for point, (_step, position) in zip(review.points, steps, strict=True):
        view = position.player_view()  # each point as chance() measures its position
        at = position_seed(4, game.code, view.history)
        assert point.chance == chance(view, seed=at, max_nodes=2_000)
    json.dumps(review.to_dict())
    assert review.summary().startswith("PY1-S-ICJIFEB: chance ")


# A position with four cards unseen where the moves keep different shares of the layouts.
CHOICE = ("PY1-T-LERHIJB", 4)


def test_a_move_costs_the_layouts_the_best_move_keeps_and_it_does_not() -> None:
    game = along_win(*CHOICE)
    legal = game.legal_moves()
    shares = {move: kept_share(game, move) for move in legal}
    worst = min(legal, key=shares.__getitem__)
    assert len(legal) == 3 and max(shares.values()) > shares[worst], "a position with a choice"
    game.play(worst)
    # Its 24 layouts are tried one by one; before it, 24 drawn at random, cut short.
    review = chance_review(game.record(), samples=24, max_nodes=2_000)
    point = review.points[-1]
    assert point.chance.exact
    assert Fraction(point.best).limit_denominator(24) == max(shares.values())
    assert Fraction(point.kept).limit_denominator(24) == shares[worst]
    assert shares[point.better_move] == max(shares.values())
    assert point.cost == point.best - point.kept > 0
    costs = [p.cost or 0 for p in review.points]
    assert review.costliest == costs.index(max(costs))


def test_an_undone_move_is_never_the_costliest() -> None:
    game = along_win(*CHOICE)
    worst = min(game.legal_moves(), key=lambda move: kept_share(game, move))
    game.play(worst)
    game.undo()
    review = chance_review(game.record(), samples=24, max_nodes=2_000)
    assert review.points[-2].undone and review.points[-2].cost
    assert review.costliest != review.points[-2].index
    assert review.points[-1].cost is None  # an undo is not a move


def test_draws_in_the_standard_game_cost_nothing() -> None:
    """R15: with unlimited passes any stock card comes round again."""
    game = Game.from_code("PY1-N-AAAAAAS")
    for _ in range(5):
        game.play("draw")
    review = chance_review(game.record(), samples=10)
    assert all(not point.cost for point in review.points) and review.costliest is None


# The careful heuristic's first 32 actions on this deal (benchmarks/bench_chance.py plays them).
CAREFUL_N_XYIBKLR = (
    "K♠ K♣ 6♣+7♥ draw draw draw draw K♥ draw 8♦+5♥ draw 4♠+9♦ 3♥+10♠ draw draw Q♥+A♣ Q♦+A♥ "
    "draw 5♦+8♠ draw draw draw A♦+Q♣ draw draw 6♦+7♦ draw draw draw A♠+Q♠ draw 6♥+7♣"
)


def test_the_layouts_follow_the_game_after_a_draw_was_weighed_and_not_played() -> None:
    # At move 30 the review weighs a draw on every layout and takes it back; each layout then
    # remembers its own stock card. The draw played next must still count as showing a card
    # the player never saw, so the layouts are drawn anew, not each drawing its own top.
    game = Game.from_code("PY1-N-XYIBKLR")
    for action in CAREFUL_N_XYIBKLR.split():
        game.play(action)
    review = chance_review(game.record(), samples=8)
    assert [point.index for point in review.points] == list(range(game.action_count + 1))


def test_the_review_refuses_bad_input() -> None:
    with pytest.raises(TypeError, match="record must be a Record"):
        chance_review(3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="samples must be"):
        chance_review(Game.from_code("PY1-N-AAAAAAS").record(), samples=0)


# ---------------------------------------------------------------- the chart


@pytest.fixture(scope="module")
def costly_review() -> ChanceReview:
    game = along_win(*CHOICE)
    game.play(min(game.legal_moves(), key=lambda move: kept_share(game, move)))
    return chance_review(game.record(), samples=24, max_nodes=2_000)


def test_the_chart_draws_the_chance_after_each_action_in_percent(
    costly_review: ChanceReview,
) -> None:
    chart = plot.chance_curve(costly_review)
    rows = chart.data
    assert [row["step"] for row in rows] == [p.index for p in costly_review.points]
    assert [row["chance"] for row in rows] == [100 * p.chance.rate for p in costly_review.points]
    assert [row["before"] for row in rows[1:]] == [row["chance"] for row in rows[:-1]]
    assert [row["step"] for row in rows if row["costliest"]] == [costly_review.costliest]
    assert chart.data == plot.chance_curve(json.loads(json.dumps(costly_review.to_dict()))).data


def test_the_chart_reads_percent_with_rounded_tooltips_and_named_legend(
    costly_review: ChanceReview,
) -> None:
    spec = plot.chance_curve(costly_review).spec
    axes = [layer["encoding"]["y"] for layer in spec["layer"]]
    top = round(100 * costly_review.scale_top)
    assert all(y["scale"] == {"domain": [0, top], "nice": False} for y in axes)
    assert {y["title"] for y in axes} == {"chance to win (%)"}
    named = [json.loads(layer["transform"][-1]["calculate"]) for layer in spec["layer"]]
    assert named == ["likely range (95%)", "chance to win", "costliest move", "costliest move"]
    colours = [layer["encoding"]["color"] for layer in spec["layer"]]
    assert all(c["field"] == "series" and c["legend"] == plot.LEGEND for c in colours)
    assert all(c["scale"]["domain"] == list(plot.CHANCE_SERIES) for c in colours)
    tooltip = spec["layer"][1]["encoding"]["tooltip"]
    percents = [t for t in tooltip if t["field"] in ("chance", "low", "high", "cost")]
    assert len(percents) == 4 and all(t["format"] == plot.PERCENT for t in percents)


@pytest.mark.parametrize(
    ("highest", "top"), [(0.0, 0.1), (0.07, 0.1), (0.1, 0.1), (0.13, 0.2), (0.4, 0.5), (0.9, 1.0)]
)
def test_the_charts_scale_fits_the_chances_it_draws(highest: float, top: float) -> None:
    # A game of small chances is not drawn along the floor of a 0-100% scale.
    review = {
        "points": [
            {
                "index": i,
                "action": None if i == 0 else "draw",
                "chance": highest / 2,
                "low": 0.0,
                "high": highest if i == 1 else highest / 2,
            }
            for i in range(3)
        ],
        "costliest": None,
    }
    spec = plot.chance_curve(review).spec
    assert {json.dumps(layer["encoding"]["y"]["scale"]) for layer in spec["layer"]} == {
        json.dumps({"domain": [0, round(100 * top)], "nice": False})
    }
    assert scale_top(highest) == top


def test_the_chart_marks_nothing_where_no_move_cost_chance() -> None:
    game = Game.from_code("PY1-N-AAAAAAS")
    game.play("draw")
    chart = plot.chance_curve(chance_review(game.record(), samples=5))
    assert len(chart.spec["layer"]) == 2 and "costliest" not in str(chart)
    legend = chart.spec["layer"][0]["encoding"]["color"]["scale"]["domain"]
    assert legend == list(plot.CHANCE_SERIES[:2])  # no entry for a mark not drawn


def test_the_chart_says_in_text_what_it_draws(costly_review: ChanceReview) -> None:
    text = str(plot.chance_curve(costly_review))
    point = costly_review.costliest_point
    assert point is not None
    assert text.startswith("Chance to win over the game")
    assert f"costliest move: {point.index}. {point.action}" in text
    assert f"better: {point.better_move}" in text


def test_the_chart_draws_on_matplotlib_axes(costly_review: ChanceReview) -> None:
    pytest.importorskip("matplotlib")
    ax = plot.chance_curve(costly_review).to_matplotlib()
    assert ax.get_ylim() == (0, 100) and ax.get_ylabel() == "chance to win (%)"
    labels = [text.get_text() for text in ax.get_legend().get_texts()]
    assert sorted(labels) == sorted(plot.CHANCE_SERIES)


def test_the_chart_refuses_what_is_not_a_review() -> None:
    with pytest.raises(TypeError, match="ChanceReview"):
        plot.chance_curve([1, 2])
    with pytest.raises(ValueError, match="costliest must be the index of an action"):
        plot.chance_curve({"points": [{"index": 0}], "costliest": 3})
