"""Charts (``pyramide_widget.plot``): checked on the drawn artists' data, not on images."""

from __future__ import annotations

import sys
from types import SimpleNamespace

import pytest

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg", force=True)  # no display; the figures are inspected, never shown
import matplotlib.pyplot as plt  # noqa: E402

from pyramide_widget import Game, Record, Rules  # noqa: E402
from pyramide_widget import plot  # noqa: E402


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def played(code: str, n: int, undo_at: int | None = None) -> Game:
    game = Game.from_code(code)
    for i in range(n):
        if game.is_over:
            break
        if i == undo_at:
            game.undo()
            continue
        moves = game.legal_moves()
        removals = [m for m in moves if m.kind.value not in ("draw", "recycle")]
        game.play(removals[0] if removals else moves[0])
    return game


def test_score_curve_draws_one_line_per_game_with_the_record_scores() -> None:
    games = [played("PY1-N-AAAAAAB", 200), played("PY1-N-AAAAAAC", 40), played("PY1-E-AAAAAAC", 30)]
    records = [g.record() for g in games]
    ax = plot.score_curve(records)
    lines = [line for line in ax.lines if line.get_label() in {"PY1-N-AAAAAAB", "PY1-N-AAAAAAC", "PY1-E-AAAAAAC"}]
    assert len(lines) == 3
    for line, record in zip(lines, records):
        assert list(line.get_ydata()) == record.score_curve()
        assert list(line.get_xdata()) == list(range(len(record) + 1))
    assert ax.get_xlabel() == "move number"
    assert ax.get_ylabel() == "score"
    assert [t.get_text() for t in ax.get_legend().get_texts()] == [l.get_label() for l in lines]
    assert max(lines[0].get_ydata()) == 280


def test_score_curve_puts_an_undo_at_the_same_move_number() -> None:
    game = played("PY1-N-AAAAAAB", 12, undo_at=6)
    assert "undo" in game.actions
    ax = plot.score_curve(game)
    (line,) = [l for l in ax.lines if l.get_label() == "PY1-N-AAAAAAB"]
    xs = list(line.get_xdata())
    assert list(line.get_ydata()) == game.record().score_curve()
    assert len(xs) == len(game.actions) + 1
    assert xs[6] == xs[7]  # the undo keeps the move counter (R21)
    assert xs[-1] == game.moves


def test_score_curve_accepts_json_text_and_labels_and_draws_on_a_given_axes() -> None:
    game = played("PY1-N-AAAAAAB", 20)
    fig, ax = plt.subplots()
    out = plot.score_curve([game.record().to_json(), game.record().to_text()], ax=ax, labels=["json", "text"])
    assert out is ax
    json_line, text_line = [l for l in ax.lines if l.get_label() in ("json", "text")]
    assert list(json_line.get_ydata()) == list(text_line.get_ydata()) == game.record().score_curve()
    with pytest.raises(ValueError, match="2 labels for 1 games"):
        plot.score_curve([game], labels=["a", "b"])


def test_score_curve_numbers_repeated_codes() -> None:
    a, b = played("PY1-N-AAAAAAB", 5), played("PY1-N-AAAAAAB", 9)
    ax = plot.score_curve([a, b])
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["PY1-N-AAAAAAB #1", "PY1-N-AAAAAAB #2"]


def test_axes_repr_is_deterministic() -> None:
    ax = plot.score_curve(played("PY1-N-AAAAAAB", 5))
    assert "0x" not in repr(ax)


ESTIMATES = [
    SimpleNamespace(rules=Rules.preset("N"), deals=200, won=150, win_rate=0.75, ci=(0.69, 0.80),
                    max_removed={28: 150, 20: 30, 14: 20}),
    {"rules": "S", "deals": 200, "won": 4, "ci": SimpleNamespace(low=0.008, high=0.05),
     "max_removed": [28] * 4 + [10] * 196},
]


def test_win_rates_draws_points_with_their_confidence_intervals() -> None:
    ax = plot.win_rates(ESTIMATES)
    (container,) = ax.containers
    line, _caps, (bars,) = container.lines
    assert list(line.get_ydata()) == pytest.approx([75.0, 2.0])
    segments = bars.get_segments()
    assert [(s[0][1], s[1][1]) for s in segments] == [pytest.approx((69.0, 80.0)), pytest.approx((0.8, 5.0))]
    assert [t.get_text() for t in ax.get_xticklabels()] == ["N\nStandard", "S\nStrict"]
    assert ax.get_ylabel() == "winnable deals (%)"
    assert ax.get_xlabel() == "rules preset"


def test_win_rates_overlays_a_second_series_by_label() -> None:
    ax = plot.win_rates(ESTIMATES, label="200 deals")
    published = {"S · Strict": {"win_rate": 0.021, "ci": (0.018, 0.024)}, "E · Easy": {"win_rate": 0.9}}
    plot.win_rates(published, ax=ax, label="published", offset=0.2)
    second = ax.containers[1].lines[0]
    assert list(second.get_xdata()) == pytest.approx([1.2, 2.2])
    assert [t.get_text() for t in ax.get_xticklabels()] == ["N\nStandard", "S\nStrict", "E\nEasy"]
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["200 deals", "published"]


def test_win_rates_as_shares() -> None:
    ax = plot.win_rates(ESTIMATES[0], percent=False)
    assert list(ax.containers[0].lines[0].get_ydata()) == [0.75]
    assert ax.get_ylabel() == "winnable deals (share)"


def test_estimates_without_a_rate_or_label_are_explained() -> None:
    with pytest.raises(ValueError, match="'rate'"):
        plot.win_rates([{"rules": "N", "max_removed": {}}])
    with pytest.raises(ValueError, match="'rules'"):
        plot.win_rates([{"win_rate": 0.5}])


def test_removable_distribution_draws_deal_counts_per_card_number() -> None:
    ax = plot.removable_distribution(ESTIMATES[0])
    heights = {round(p.get_x() + p.get_width() / 2): p.get_height() for p in ax.patches}
    assert heights == {14: 20, 20: 30, 28: 150}
    assert ax.get_xlabel() == "pyramid cards removable (at most)"
    assert ax.get_ylabel() == "deals"


def test_removable_distribution_compares_several_estimates_as_shares() -> None:
    ax = plot.removable_distribution(ESTIMATES, share=True)
    by_label: dict[str, dict[int, float]] = {}
    for container in ax.containers:
        by_label[container.get_label()] = {
            round(p.get_x() + p.get_width() / 2): p.get_height() for p in container.patches
        }
    assert set(by_label) == {"N · Standard", "S · Strict"}
    assert sum(by_label["S · Strict"].values()) == pytest.approx(1.0)
    assert by_label["S · Strict"][28] == pytest.approx(0.02)
    assert ax.get_ylabel() == "share of deals"


def test_the_engine_never_imports_matplotlib() -> None:
    import subprocess

    code = "import pyramide_widget, pyramide_widget.plot, pyramide_widget.statistics, sys; print('matplotlib' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_the_solvers_estimates_and_their_json_form_plot_directly() -> None:
    from pyramide_widget.estimation import estimate

    quick = [estimate(letter, deals=20, seed=1, executor="serial") for letter in ("N", "E")]
    ax = plot.win_rates(quick)
    (line,) = [ax.containers[0].lines[0]]
    assert list(line.get_ydata()) == pytest.approx([100 * e.rate for e in quick])
    segments = ax.containers[0].lines[2][0].get_segments()
    assert [(s[0][1], s[1][1]) for s in segments] == [pytest.approx((100 * e.low, 100 * e.high)) for e in quick]
    assert [t.get_text() for t in ax.get_xticklabels()] == ["N\nStandard", "E\nEasy"]

    as_json = [e.to_dict() for e in quick]
    ax2 = plot.win_rates(as_json)
    assert list(ax2.containers[0].lines[0].get_ydata()) == pytest.approx([100 * e.rate for e in quick])
    assert [t.get_text() for t in ax2.get_xticklabels()] == ["N\nStandard", "E\nEasy"]

    ax3 = plot.removable_distribution(quick[0])
    heights = {round(p.get_x() + p.get_width() / 2): p.get_height() for p in ax3.patches}
    assert heights == quick[0].max_removed
    ax4 = plot.removable_distribution(as_json[0])
    assert {round(p.get_x() + p.get_width() / 2): p.get_height() for p in ax4.patches} == heights
