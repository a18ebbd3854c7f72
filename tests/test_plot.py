"""Charts (``pyramide_widget.analysis.plot``): checked on their rows, their Vega-Lite specs (against the
Vega-Lite v5 schema and the Vega-Lite compiler of ``js/node_modules``) and the artists that
``to_matplotlib`` draws, never on images. That the specs are drawn by JupyterLab, Notebook 7
and JupyterLite is checked in a real browser (``tests/browser/test_charts.py`` and
``tests/browser/test_jupyterlite.py``)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from html import escape
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from pyramide_widget import PRESETS, Game, Rules, published_rates
from pyramide_widget.analysis import plot
from pyramide_widget.analysis.rate import wilson_interval

ROOT = Path(__file__).resolve().parents[1]
VEGA_LITE = ROOT / "js" / "node_modules" / "vega-lite"
REQUIRED = bool(os.environ.get("PYRAMIDE_REQUIRE_BROWSER"))  # CI: `npm ci --prefix js` has run


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


def by(rows: list[dict[str, Any]], key: str) -> dict[Any, list[dict[str, Any]]]:
    groups: dict[Any, list[dict[str, Any]]] = {}
    for row in rows:
        groups.setdefault(row[key], []).append(row)
    return groups


ESTIMATES = [
    SimpleNamespace(
        rules=Rules.preset("N"),
        deals=200,
        won=150,
        win_rate=0.75,
        ci=(0.69, 0.80),
        max_removed={28: 150, 20: 30, 14: 20},
    ),
    {
        "rules": "S",
        "deals": 200,
        "won": 4,
        "ci": SimpleNamespace(low=0.008, high=0.05),
        "max_removed": [28] * 4 + [10] * 196,
    },
]


EVERY_PRESET = [published_rates(letter) for letter in PRESETS]
PLAYERS_T = {"solver": published_rates("T").solver, **published_rates("T").players}
# Deals won and lost, in a fixed pattern: 2 of every 3 won.
WON = [i % 3 != 2 for i in range(1, 1201)]


def all_charts() -> dict[str, plot.Chart]:
    """One chart of each kind and form, for the checks every chart must pass."""
    games = [played("PY1-N-AAAAAAB", 60, undo_at=6), played("PY1-S-AAAAAAC", 30)]
    published = {
        "S · Strict": {"win_rate": 0.021, "ci": (0.018, 0.024)},
        "E · Easy": {"win_rate": 0.9},
    }
    return {
        "score_curve": plot.score_curve(games),
        "score_curve_one": plot.score_curve(games[0]),
        "win_rates": plot.win_rates(ESTIMATES),
        "win_rates_two_series": plot.win_rates(ESTIMATES, published, labels=["quick", "published"]),
        "win_rates_shares": plot.win_rates(ESTIMATES[0], percent=False),
        "removable_distribution": plot.removable_distribution(ESTIMATES[0]),
        "removable_distribution_shares": plot.removable_distribution(ESTIMATES, share=True),
        "win_rates_every_preset": plot.win_rates([item.solver for item in EVERY_PRESET]),
        "win_rates_players_and_a_reference": plot.win_rates(
            PLAYERS_T, axis="player", measure="deals won", references={"about 1 in 50": 0.02}
        ),
        "running_rate": plot.running_rate(WON[:40]),
        "running_rate_published": plot.running_rate(WON, published=published_rates("N").solver),
        "chance_curve": plot.chance_curve(chance_curve_data()),
    }


def chance_curve_data() -> dict[str, Any]:
    """A chance review's JSON form, its costliest move marked (the review itself is tested in
    tests/test_chance.py, and takes seconds)."""
    points = [
        {"index": 0, "action": None, "chance": 0.5, "low": 0.3, "high": 0.7},
        {"index": 1, "action": "draw", "chance": 0.45, "low": 0.25, "high": 0.65, "cost": 0.0},
        {"index": 2, "action": "5♣+8♥", "chance": 0.1, "low": 0.02, "high": 0.3, "cost": 0.3},
    ]
    points[2]["better_move"] = "draw"
    return {"points": points, "costliest": 2}


# ---------------------------------------------------------------------- rows and specs


def test_score_curve_has_one_row_per_step_with_the_record_scores() -> None:
    games = [played("PY1-N-AAAAAAB", 200), played("PY1-N-AAAAAAC", 40), played("PY1-E-AAAAAAC", 30)]
    records = [g.record() for g in games]
    chart = plot.score_curve(records)
    lines = by(chart.data, "game")
    assert list(lines) == ["PY1-N-AAAAAAB", "PY1-N-AAAAAAC", "PY1-E-AAAAAAC"]
    for record, rows in zip(records, lines.values(), strict=True):
        assert [r["score"] for r in rows] == record.score_curve()
        assert [r["step"] for r in rows] == list(range(len(record) + 1))
        assert [r["action"] for r in rows] == ["deal", *record.actions]
    assert max(r["score"] for r in lines["PY1-N-AAAAAAB"]) == 280
    line, win = chart.spec["layer"]
    assert (
        line["encoding"]["x"]["title"] == "move number"
        and line["encoding"]["y"]["title"] == "score"
    )
    assert (
        line["encoding"]["order"]["field"] == "step"
    )  # undos share a move number: drawn in step order
    assert line["encoding"]["color"]["sort"] == list(lines)
    assert win["data"]["values"] == [{"score": 280}]
    assert chart.title == "Score curves"


def test_score_curve_puts_an_undo_at_the_same_move_number() -> None:
    game = played("PY1-N-AAAAAAB", 12, undo_at=6)
    assert "undo" in game.actions
    rows = plot.score_curve(game).data
    assert [r["score"] for r in rows] == game.record().score_curve()
    assert rows[7]["action"] == "undo"
    assert rows[6]["move"] == rows[7]["move"]  # the undo keeps the move counter (R21)
    assert rows[7]["score"] == rows[5]["score"]  # and takes the points back
    assert rows[-1]["move"] == game.moves


def test_score_curve_accepts_json_text_and_labels() -> None:
    game = played("PY1-N-AAAAAAB", 20)
    chart = plot.score_curve(
        [game.record().to_json(), game.record().to_text()], labels=["json", "text"]
    )
    lines = by(chart.data, "game")
    assert (
        [r["score"] for r in lines["json"]]
        == [r["score"] for r in lines["text"]]
        == game.record().score_curve()
    )


@pytest.mark.parametrize(
    ("labels", "message"),
    [(["a", "b"], "got 2 labels for 1 games"), ("ab", "got a string for 1 games")],
)
def test_score_curve_refuses_labels_that_do_not_name_each_game(labels: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        plot.score_curve([played("PY1-N-AAAAAAB", 3)], labels=labels)


def test_score_curve_refuses_repeated_labels_which_would_merge_two_lines() -> None:
    games = [played("PY1-N-AAAAAAB", 3), played("PY1-N-AAAAAAC", 3)]
    with pytest.raises(ValueError, match="labels must differ"):
        plot.score_curve(games, labels=["me", "me"])


def test_score_curve_numbers_repeated_codes() -> None:
    chart = plot.score_curve([played("PY1-N-AAAAAAB", 5), played("PY1-N-AAAAAAB", 9)])
    assert list(by(chart.data, "game")) == ["PY1-N-AAAAAAB #1", "PY1-N-AAAAAAB #2"]


def test_win_rates_has_a_row_per_estimate_with_its_interval() -> None:
    chart = plot.win_rates(ESTIMATES)
    assert [(r["rules"], r["rate"], r["low"], r["high"], r["deals"]) for r in chart.data] == [
        ("N · Standard", pytest.approx(75.0), pytest.approx(69.0), pytest.approx(80.0), 200),
        ("S · Strict", pytest.approx(2.0), pytest.approx(0.8), pytest.approx(5.0), 200),
    ]
    rule, point = chart.spec["layer"]
    assert point["encoding"]["x"]["sort"] == ["N · Standard", "S · Strict"]
    assert "xOffset" not in point["encoding"]  # one series: the points sit on their category
    assert (
        rule["mark"]["type"],
        rule["encoding"]["y"]["field"],
        rule["encoding"]["y2"]["field"],
    ) == ("rule", "low", "high")
    assert (point["mark"]["type"], point["encoding"]["y"]["field"]) == ("point", "rate")
    assert point["encoding"]["y"]["title"] == "winnable deals (%)"
    assert point["encoding"]["y"]["scale"]["domain"] == [0, 100.0]  # the highest bar reaches 80


def test_win_rates_puts_two_series_side_by_side_by_category() -> None:
    published = {
        "S · Strict": {"win_rate": 0.021, "ci": (0.018, 0.024)},
        "E · Easy": {"win_rate": 0.9},
    }
    chart = plot.win_rates(ESTIMATES, published, labels=["200 deals", "published"])
    assert [(r["series"], r["rules"]) for r in chart.data] == [
        ("200 deals", "N · Standard"),
        ("200 deals", "S · Strict"),
        ("published", "S · Strict"),
        ("published", "E · Easy"),
    ]
    assert chart.data[3]["low"] == chart.data[3]["high"] == pytest.approx(90.0)  # no interval given
    encoding = chart.spec["layer"][1]["encoding"]
    assert encoding["x"]["sort"] == ["N · Standard", "S · Strict", "E · Easy"]
    assert encoding["xOffset"] == {
        "field": "series",
        "type": "nominal",
        "sort": ["200 deals", "published"],
    }


def test_win_rates_as_shares() -> None:
    chart = plot.win_rates(ESTIMATES[0], percent=False)
    assert [r["rate"] for r in chart.data] == [0.75]
    assert chart.spec["layer"][1]["encoding"]["y"]["title"] == "winnable deals (share)"


def test_estimates_without_a_rate_or_label_are_explained() -> None:
    with pytest.raises(ValueError, match="'rate'"):
        plot.win_rates([{"rules": "N", "max_removed": {}}])
    with pytest.raises(ValueError, match="'rules'"):
        plot.win_rates([{"win_rate": 0.5}])
    with pytest.raises(ValueError, match="'max_removed'"):
        plot.removable_distribution({"rules": "N", "win_rate": 0.5})


def test_a_look_alike_of_a_preset_letter_names_no_preset() -> None:
    assert plot.estimate_label({"rules": "s"}) == "S · Strict"
    with pytest.raises(ValueError, match="'rules'"):  # the long s: "ſ".upper() == "S"
        plot.estimate_label({"rules": "\u017f", "win_rate": 0.5})
    assert plot.estimate_label({"rules": "\u017f", "label": "mine"}) == "mine"


@pytest.mark.parametrize("chart", [plot.win_rates, plot.removable_distribution])
def test_a_chart_of_estimates_needs_estimates(chart: Any) -> None:
    with pytest.raises(TypeError, match="at least one estimate"):
        chart()
    with pytest.raises(
        TypeError, match="estimates must be an estimate, a list of them or a mapping"
    ):
        chart(0.5)


@pytest.mark.parametrize(
    ("chart", "flag"), [(plot.win_rates, "percent"), (plot.removable_distribution, "share")]
)
def test_a_chart_flag_must_be_a_bool(chart: Any, flag: str) -> None:
    with pytest.raises(TypeError, match=f"{flag} must be True or False, got str 'no'"):
        chart(ESTIMATES, **{flag: "no"})


def test_win_rates_refuses_labels_that_do_not_name_each_series() -> None:
    with pytest.raises(ValueError, match="got 1 labels for 2 series"):
        plot.win_rates(ESTIMATES, ESTIMATES, labels=["one"])


def test_removable_distribution_counts_deals_per_card_number() -> None:
    chart = plot.removable_distribution(ESTIMATES[0])
    assert {r["cards"]: r["deals"] for r in chart.data} == {14: 20, 20: 30, 28: 150}
    encoding = chart.spec["encoding"]
    assert encoding["x"]["title"] == "pyramid cards removable (at most)"
    assert encoding["x"]["scale"]["domain"] == list(
        range(29)
    )  # every count has its place, even with no deal
    assert (encoding["y"]["field"], encoding["y"]["title"]) == ("deals", "deals")


def test_removable_distribution_compares_several_estimates_in_percent() -> None:
    chart = plot.removable_distribution(ESTIMATES, share=True)
    bars = {
        name: {r["cards"]: r["percent"] for r in rows}
        for name, rows in by(chart.data, "series").items()
    }
    assert set(bars) == {"N · Standard", "S · Strict"}
    assert sum(bars["S · Strict"].values()) == pytest.approx(100.0)
    assert bars["S · Strict"][28] == pytest.approx(2.0)
    encoding = chart.spec["encoding"]
    assert (encoding["y"]["field"], encoding["y"]["title"]) == ("percent", "share of deals (%)")
    assert encoding["xOffset"]["sort"] == ["N · Standard", "S · Strict"]


def test_the_solvers_estimates_and_their_json_form_chart_directly() -> None:
    from pyramide_widget.analysis.estimation import estimate

    quick = [estimate(letter, deals=20, seed=1, executor="serial") for letter in ("N", "E")]
    as_json = [e.to_dict() for e in quick]
    for form in (quick, as_json):
        rows = plot.win_rates(form).data
        assert [(r["rules"], r["rate"], r["low"], r["high"]) for r in rows] == [
            (
                label,
                pytest.approx(100 * e.rate),
                pytest.approx(100 * e.low),
                pytest.approx(100 * e.high),
            )
            for label, e in zip(["N · Standard", "E · Easy"], quick, strict=True)
        ]
        assert {r["cards"]: r["deals"] for r in plot.removable_distribution(form[0]).data} == quick[
            0
        ].max_removed


def test_the_spec_and_data_are_copies() -> None:
    chart = plot.win_rates(ESTIMATES)
    chart.spec["title"] = "changed"
    chart.data[0]["rate"] = -1
    assert chart.title == "Winnable deals per rules preset"
    assert chart.data[0]["rate"] == pytest.approx(75.0)


# ---------------------------------------------------------------------- Vega-Lite itself


def _vega_lite_or_skip() -> None:
    if not (VEGA_LITE / "build" / "vega-lite-schema.json").is_file():
        reason = f"Vega-Lite is not in {VEGA_LITE}: run 'npm ci --prefix js'"
        if REQUIRED:
            pytest.fail(reason)
        pytest.skip(reason)


@pytest.fixture(scope="module")
def vega_lite_schema() -> Any:
    _vega_lite_or_skip()
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((VEGA_LITE / "build" / "vega-lite-schema.json").read_text())
    return jsonschema.Draft7Validator(schema)


def test_every_spec_is_valid_vega_lite_v5(vega_lite_schema: Any) -> None:
    for name, chart in all_charts().items():
        errors = sorted(vega_lite_schema.iter_errors(chart.spec), key=lambda e: list(e.path))
        assert not errors, f"{name}: {errors[0].message} at {list(errors[0].path)}"


def test_the_schema_check_catches_a_bad_spec(vega_lite_schema: Any) -> None:
    """The check above can fail: a mark Vega-Lite does not have is refused."""
    spec = plot.removable_distribution(ESTIMATES[0]).spec
    spec["mark"]["type"] = "column"
    assert not vega_lite_schema.is_valid(spec)


COMPILE_JS = """
import * as vl from "vega-lite";
let text = "";
for await (const chunk of process.stdin) text += chunk;
const warnings = [];
const logger = {level() { return this; }, info() { return this; }, debug() { return this; },
  warn(...a) { warnings.push(a.join(" ")); return this; }, error(...a) { warnings.push(a.join(" ")); return this; }};
const specs = JSON.parse(text);
const out = {};
for (const [name, spec] of Object.entries(specs)) {
  warnings.length = 0;
  const vega = vl.compile(spec, {logger}).spec;
  out[name] = {warnings: [...warnings], marks: vega.marks.length, version: vl.version};
}
console.log(JSON.stringify(out));
"""


def test_every_spec_compiles_without_a_warning() -> None:
    """Vega-Lite's own compiler (the one the front ends run) turns each spec into Vega marks
    and has nothing to say: a field it cannot find or a channel it ignores would be a warning."""
    _vega_lite_or_skip()
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    specs = {name: chart.spec for name, chart in all_charts().items()}
    result = subprocess.run(
        [node, "--input-type=module", "-e", COMPILE_JS],
        input=json.dumps(specs),
        cwd=ROOT / "js",
        capture_output=True,
        text=True,
        check=True,
    )
    compiled = json.loads(result.stdout)
    assert set(compiled) == set(specs)
    for name, info in compiled.items():
        assert info["version"].startswith("5."), info
        assert info["warnings"] == [], name
        assert info["marks"] >= 1, name


# ---------------------------------------------------------------------- display


def test_a_chart_displays_as_vega_lite_with_an_svg_and_a_text_for_static_exports() -> None:
    """What IPython puts in the notebook: the spec for live front ends; for nbconvert and
    GitHub, which do not run Vega, matplotlib's SVG (when importable) and a text summary."""
    pytest.importorskip("matplotlib")
    from IPython.core.formatters import DisplayFormatter

    chart = plot.win_rates(ESTIMATES)
    bundle, metadata = DisplayFormatter().format(chart)
    assert bundle["application/vnd.vegalite.v5+json"] == chart.spec
    assert metadata["application/vnd.vegalite.v5+json"] == {"embed_options": {"renderer": "svg"}}
    assert bundle["text/plain"].splitlines() == [
        "Winnable deals per rules preset (95% interval)",
        "  estimate: N · Standard  75% [69–80%]",
        "  estimate: S · Strict  2% [0.8–5%]",
    ]
    svg = bundle["image/svg+xml"]
    assert svg.lstrip().startswith("<?xml") and "<svg" in svg
    assert svg == chart.to_svg()  # reproducible: a re-run notebook does not change
    assert "text/html" not in bundle  # JupyterLab would prefer HTML to the Vega-Lite renderer


# Text matplotlib would read as mathtext: an unbalanced or unknown expression fails to draw,
# a balanced one draws as a formula ("$5 or $" in italics); a game name or a label is text.
MATHTEXT = ["cost $5", "$$", "$x^$", r"$\foo$", "cost $5 or $6", r"\$ and $"]


def charts_labelled(label: str) -> list[plot.Chart]:
    estimate = {"win_rate": 0.5, "ci": (0.4, 0.6), "max_removed": {28: 1, 20: 1}}
    return [
        plot.score_curve(played("PY1-N-AAAAAAB", 5), labels=[label]),
        plot.win_rates({label: estimate}, labels=[label], title=label, axis=label, measure=label),
        plot.removable_distribution({label: estimate}),
    ]


def strings(value: Any) -> list[str]:
    """Every text in a spec (keys and values, at any depth)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [text for item in value.items() for part in item for text in strings(part)]
    if isinstance(value, list):
        return [text for item in value for text in strings(item)]
    return []


@pytest.mark.parametrize("label", MATHTEXT)
def test_a_label_is_shown_as_written_in_every_representation(label: str) -> None:
    # Before, '$$' or '$x^$' made matplotlib's SVG raise, which lost the chart's whole display,
    # the Vega-Lite spec included; 'cost $5 or $6' was drawn as a formula.
    matplotlib = pytest.importorskip("matplotlib")
    from IPython.core.formatters import DisplayFormatter

    for chart in charts_labelled(label):
        bundle, _metadata = DisplayFormatter().format(chart)
        assert label in strings(bundle[plot.VEGA_LITE_MIME])
        assert label in bundle["text/plain"]
        assert "image/svg+xml" in bundle
        with matplotlib.rc_context({"svg.fonttype": "none"}):  # text as text, not as paths
            svg = chart.to_svg()
        assert svg is not None and f">{escape(label)}</text>" in svg, chart.title


@pytest.mark.parametrize("label", MATHTEXT)
def test_a_label_stays_as_written_on_matplotlib_axes(label: str, plt: Any) -> None:
    from matplotlib.text import Text

    for chart in charts_labelled(label):
        ax = chart.to_matplotlib()
        ax.figure.canvas.draw()  # drawn later, as a notebook does, outside the chart's code
        labelled = [text for text in ax.findobj(Text) if text.get_text() == label]
        assert labelled, chart.title  # a legend entry, and a title, axis and tick on win_rates
        assert not any(text.get_parse_math() for text in labelled)  # drawn as the text it is


def test_without_matplotlib_charts_still_display_and_only_axes_need_it() -> None:
    code = (
        "import sys, json\n"
        "sys.modules['matplotlib'] = None  # an interpreter without matplotlib, as in JupyterLite\n"
        "from pyramide_widget import Game\nfrom pyramide_widget.analysis import plot\n"
        "chart = plot.score_curve(Game.from_code('PY1-N-AAAAAAS'))\n"
        "bundle, _metadata = chart._repr_mimebundle_()\n"
        "print(json.dumps(sorted(bundle)))\n"
        "print(bundle['text/plain'])\n"
        "try:\n"
        "    chart.to_matplotlib()\n"
        "except ImportError as error:\n"
        "    print(error)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert json.loads(out[0]) == ["application/vnd.vegalite.v5+json", "text/plain"]
    assert out[1:3] == [
        "Score curve (move number: score)",
        "  PY1-N-AAAAAAS: 0 actions, ends at move 0 with score 0",
    ]
    assert out[3].startswith("pyramide_widget.analysis.plot needs matplotlib (")


def test_the_engine_and_the_charts_never_import_matplotlib() -> None:
    code = (
        "import pyramide_widget, pyramide_widget.analysis.plot, pyramide_widget.analysis.statistics, sys\n"
        "from pyramide_widget import Game\n"
        "pyramide_widget.analysis.plot.score_curve(Game.from_code('PY1-N-AAAAAAS')).spec\n"
        "print('matplotlib' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_repr_is_short_and_deterministic() -> None:
    chart = plot.score_curve(played("PY1-N-AAAAAAB", 5))
    assert repr(chart) == "<Chart 'Score curve': 6 rows>"


# ---------------------------------------------------------------------- matplotlib


@pytest.fixture
def plt() -> Any:
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg", force=True)  # no display; the figures are inspected, never shown
    import matplotlib.pyplot as pyplot

    yield pyplot
    pyplot.close("all")


def test_to_matplotlib_draws_the_score_curves_on_axes(plt: Any) -> None:
    games = [played("PY1-N-AAAAAAB", 200), played("PY1-N-AAAAAAC", 12, undo_at=6)]
    records = [g.record() for g in games]
    ax = plot.score_curve(records).to_matplotlib()
    lines = [line for line in ax.lines if line.get_label() in {"PY1-N-AAAAAAB", "PY1-N-AAAAAAC"}]
    assert len(lines) == 2
    for line, game in zip(lines, games, strict=True):
        assert list(line.get_ydata()) == game.record().score_curve()
        assert list(line.get_xdata())[-1] == game.moves
    assert (ax.get_xlabel(), ax.get_ylabel()) == ("move number", "score")
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["PY1-N-AAAAAAB", "PY1-N-AAAAAAC"]


def test_to_matplotlib_draws_on_a_given_axes(plt: Any) -> None:
    _fig, ax = plt.subplots()
    assert plot.win_rates(ESTIMATES).to_matplotlib(ax) is ax
    (container,) = ax.containers
    line, _caps, (bars,) = container.lines
    assert list(line.get_ydata()) == pytest.approx([75.0, 2.0])
    assert [(s[0][1], s[1][1]) for s in bars.get_segments()] == [
        pytest.approx((69.0, 80.0)),
        pytest.approx((0.8, 5.0)),
    ]
    assert [t.get_text() for t in ax.get_xticklabels()] == ["N\nStandard", "S\nStrict"]
    assert ax.get_ylabel() == "winnable deals (%)"


def test_to_matplotlib_offsets_a_second_series(plt: Any) -> None:
    published = {
        "S · Strict": {"win_rate": 0.021, "ci": (0.018, 0.024)},
        "E · Easy": {"win_rate": 0.9},
    }
    ax = plot.win_rates(ESTIMATES, published, labels=["200 deals", "published"]).to_matplotlib()
    assert list(ax.containers[0].lines[0].get_xdata()) == pytest.approx([-0.1, 0.9])
    assert list(ax.containers[1].lines[0].get_xdata()) == pytest.approx([1.1, 2.1])
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["200 deals", "published"]


def test_to_matplotlib_draws_the_distribution_bars(plt: Any) -> None:
    ax = plot.removable_distribution(ESTIMATES, share=True).to_matplotlib()
    bars = {
        c.get_label(): {round(p.get_x() + p.get_width() / 2): p.get_height() for p in c.patches}
        for c in ax.containers
    }
    assert set(bars) == {"N · Standard", "S · Strict"}
    assert bars["S · Strict"][28] == pytest.approx(2.0)
    assert ax.get_ylabel() == "share of deals (%)"


def test_to_matplotlib_refuses_what_is_not_axes(plt: Any) -> None:
    fig, _ax = plt.subplots()
    with pytest.raises(TypeError, match="ax must be matplotlib Axes or None, got Figure"):
        plot.win_rates(ESTIMATES).to_matplotlib(fig)


def test_axes_repr_is_deterministic(plt: Any) -> None:
    assert "0x" not in repr(plot.score_curve(played("PY1-N-AAAAAAB", 5)).to_matplotlib())


def test_win_rates_can_name_other_categories_than_presets() -> None:
    """The strategies' chart: the categories are players, the rates deals won."""
    chart = plot.win_rates(
        {"careful": ESTIMATES[0], "greedy": ESTIMATES[1]},
        title="Deals won by each player",
        axis="player",
        measure="deals won",
    )
    spec = chart.spec
    assert chart.title == "Deals won by each player" and str(chart).startswith(
        "Deals won by each player"
    )
    assert spec["layer"][0]["encoding"]["x"]["title"] == "player"
    assert all(layer["encoding"]["y"]["title"] == "deals won (%)" for layer in spec["layer"])
    assert [row["rules"] for row in chart.data] == ["careful", "greedy"]
    with pytest.raises(TypeError, match="axis must be text"):
        plot.win_rates(ESTIMATES, axis=3)


# ---------------------------------------------------------------------- charts that teach


def quantitative_tooltips(spec: dict[str, Any]) -> list[dict[str, Any]]:
    """Every tooltip field of a spec that holds a number other than a count of cards or steps."""
    layers = spec.get("layer", [spec])
    fields = [
        item
        for layer in layers
        for item in layer.get("encoding", {}).get("tooltip", [])
        if item["field"] in {"rate", "low", "high", "percent", "deals", "won"}
    ]
    return fields


def test_win_rates_fits_its_axis_to_rates_far_below_100_percent() -> None:
    """Under Traditional every rate is below 8%: drawn on 0-100% they all lie on the floor."""
    rule, point = plot.win_rates(PLAYERS_T, axis="player", measure="deals won").spec["layer"]
    assert point["encoding"]["y"]["scale"] == rule["encoding"]["y"]["scale"] == {"domain": [0, 8]}
    highest = max(rate.high for rate in PLAYERS_T.values())
    assert 100 * highest < 8 < 1.2 * 100 * highest


def test_win_rates_turns_to_a_log_scale_where_rates_span_orders_of_magnitude() -> None:
    chart = plot.win_rates([item.solver for item in EVERY_PRESET])
    rates = [row["rate"] for row in chart.data]
    assert max(rates) / min(rates) > 100  # Strict 0.12%, Cell 98.5%
    y = chart.spec["layer"][1]["encoding"]["y"]
    assert y["scale"] == {"type": "symlog", "constant": 0.1, "domain": [0, 100]}
    assert y["axis"] == {
        "title": "winnable deals (%, log scale)",
        "values": [0, 0.1, 0.3, 1, 3, 10, 30, 100],
        "format": ".2~r",
    }


def test_win_rates_turns_its_labels_when_they_cannot_sit_side_by_side() -> None:
    many = plot.win_rates([item.solver for item in EVERY_PRESET]).spec["layer"][1]["encoding"]
    few = plot.win_rates(ESTIMATES).spec["layer"][1]["encoding"]
    assert len(many["x"]["sort"]) == len(PRESETS) and many["x"]["axis"]["labelAngle"] == -45
    assert few["x"]["axis"]["labelAngle"] == 0
    assert many["x"]["axis"]["labelLimit"] == few["x"]["axis"]["labelLimit"] == 0  # never cut


def test_a_legend_names_each_series_whole_and_one_series_needs_none() -> None:
    one = plot.win_rates(ESTIMATES).spec
    assert all("color" not in layer["encoding"] for layer in one["layer"])
    two = plot.win_rates(ESTIMATES, ESTIMATES[:1], labels=["quick", "published"]).spec
    colour = two["layer"][1]["encoding"]["color"]
    assert colour["sort"] == ["quick", "published"]
    running = plot.running_rate(WON[:5]).spec["layer"][0]["encoding"]["color"]
    distribution = plot.removable_distribution(ESTIMATES).spec["encoding"]["color"]
    for channel in (colour, running, distribution):  # no title: the field's name would show
        assert channel["legend"]["labelLimit"] == 0 and channel["legend"]["title"] == ""


def test_the_interval_bars_are_explained_under_the_title() -> None:
    spec = plot.win_rates(ESTIMATES).spec
    assert spec["title"] == {
        "text": "Winnable deals per rules preset",
        "subtitle": "dot: share won · bar: likely range (95%)",
    }


@pytest.mark.parametrize(
    "name",
    ["win_rates", "win_rates_two_series", "removable_distribution", "running_rate", "chance_curve"],
)
def test_tooltips_round_their_numbers(name: str) -> None:
    fields = quantitative_tooltips(all_charts()[name].spec)
    assert fields and all(item.get("format") and item.get("title") for item in fields), fields


def test_a_reference_line_is_drawn_across_with_its_label() -> None:
    chart = plot.win_rates(PLAYERS_T, references={"about 1 in 50": 0.02})
    *_, reference = chart.spec["layer"]
    assert reference["data"]["values"] == [
        {"reference": "about 1 in 50", "value": pytest.approx(2.0)}
    ]
    rule, label = reference["layer"]
    assert rule["mark"]["type"] == "rule" and rule["mark"]["strokeDash"]
    assert label["mark"]["type"] == "text" and label["encoding"]["text"] == {"field": "reference"}
    assert "about 1 in 50: 2%" in str(chart)


@pytest.mark.parametrize(
    ("references", "error", "message"),
    [
        ([0.02], TypeError, "references must be a mapping"),
        ({"x": "2%"}, TypeError, "references must map text to a share"),
        ({"x": 2}, ValueError, "a reference is a share from 0 to 1"),
    ],
)
def test_a_reference_must_be_a_labelled_share(references: Any, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        plot.win_rates(ESTIMATES, references=references)


def test_the_score_curves_dotted_line_is_labelled_where_it_meets_the_axis() -> None:
    line, rule = plot.score_curve(played("PY1-N-AAAAAAB", 20)).spec["layer"]
    axis = line["encoding"]["y"]["axis"]
    assert axis["values"] == [0, 50, 100, 150, 200, 250, 280]
    assert axis["labelExpr"] == "datum.value == 280 ? '280 (won)' : datum.label"
    assert rule["data"]["values"] == [{"score": 280}]


def test_running_rate_draws_the_share_won_so_far_with_its_likely_range() -> None:
    won = [True, False, True, True, False, False, True, True, True, False]
    chart = plot.running_rate(won)
    assert [row["deals"] for row in chart.data] == list(range(1, 11))
    for row in chart.data:
        wins = sum(won[: row["deals"]])
        low, high = wilson_interval(wins, row["deals"])
        assert (row["won"], row["rate"], row["low"], row["high"]) == (
            wins,
            pytest.approx(100 * wins / row["deals"]),
            pytest.approx(100 * low),
            pytest.approx(100 * high),
        )
    assert chart.title == "After 10 deals: 60% won (likely range 31.3% to 83.2%)"
    band, line = chart.spec["layer"]
    assert (band["mark"]["type"], band["encoding"]["y"]["field"], band["encoding"]["y2"]) == (
        "area",
        "low",
        {"field": "high"},
    )
    assert line["transform"] == [{"calculate": '"share won so far"', "as": "series"}]
    assert band["transform"] == [{"calculate": '"likely range (95%)"', "as": "series"}]
    assert line["encoding"]["color"]["field"] == "series"
    assert line["encoding"]["x"]["scale"] == {"domain": [0, 10]}


def test_running_rate_settles_towards_a_published_figure_named_in_its_legend() -> None:
    published = published_rates("N").solver
    chart = plot.running_rate(WON, published=published)
    *_, goal = chart.spec["layer"]
    name = f"published: 66.6% of {published.deals:,} deals"
    assert goal["data"]["values"] == [{"name": name, "rate": pytest.approx(100 * published.rate)}]
    assert goal["transform"] == [{"calculate": json.dumps(name), "as": "series"}]
    assert goal["encoding"]["color"]["scale"]["domain"] == [
        "share won so far",
        "likely range (95%)",
        name,
    ]
    x = chart.spec["layer"][1]["encoding"]["x"]
    assert x["scale"] == {"type": "log", "domain": [1, len(WON)]}  # 1,200 deals: from 1 to 1,200
    assert x["title"] == "deals so far (log scale)"


def test_a_charts_text_prints_no_power_of_ten() -> None:
    """A bound at 0, computed as 2.7e-18 (the published random player's under Traditional),
    reads 0 in the text a static page shows."""
    traditional = published_rates("T")
    assert 0 < traditional.players["random"].low < 1e-9
    texts = [
        str(plot.win_rates({"solver": traditional.solver, **traditional.players})),
        str(plot.running_rate([False] * 30)),
    ]
    for text in texts:
        assert not re.search(r"\de[+-]?\d", text), text
    assert "random  0% [0–" in texts[0]


def test_running_rate_draws_a_long_run_in_a_few_hundred_points_and_its_last() -> None:
    rows = plot.running_rate(WON * 10).data
    assert len(rows) <= plot.RUNNING_POINTS
    assert rows[0]["deals"] == 1 and rows[-1]["deals"] == 12_000
    assert rows[-1]["won"] == 8_000
    assert [row["deals"] for row in rows] == sorted({row["deals"] for row in rows})


def test_running_rate_takes_an_estimates_outcomes() -> None:
    from pyramide_widget.analysis.estimation import estimate

    result = estimate("N", deals=12, seed=3, executor="serial")
    rows = plot.running_rate(result).data
    assert rows[-1]["won"] == result.won and rows[-1]["deals"] == 12
    assert plot.running_rate(result.outcomes).data == rows
    with pytest.raises(ValueError, match="kept its outcomes"):
        plot.running_rate(estimate("N", deals=2, seed=3, executor="serial", keep="won"))


@pytest.mark.parametrize(
    ("won", "error", "message"),
    [
        ([], ValueError, "at least one deal"),
        ([True, None], ValueError, "an undecided deal cannot be counted"),
        ([1, 0], ValueError, "won .True. or lost .False., got 1"),
        ("TF", TypeError, "won must be a list of True or False"),
    ],
)
def test_running_rate_refuses_what_is_not_won_or_lost(won: Any, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        plot.running_rate(won)


def test_to_matplotlib_draws_the_running_rate(plt: Any) -> None:
    ax = plot.running_rate(WON, published=published_rates("N").solver).to_matplotlib()
    (line,) = [line for line in ax.lines if line.get_label() == "share won so far"]
    assert list(line.get_xdata())[-1] == len(WON) and ax.get_xscale() == "log"
    assert sorted(t.get_text() for t in ax.get_legend().get_texts()) == [
        "likely range (95%)",
        "published: 66.6% of 10,000 deals",
        "share won so far",
    ]
