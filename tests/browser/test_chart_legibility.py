"""Every chart of ``pyramide_widget.analysis.plot`` is legible as drawn in JupyterLab.

Measured from bounding boxes in the page, as a reader would judge: no two axis labels of a
chart overlap (a turned label is compared by its turned outline, not by the upright box around
it), every label lies inside the drawn chart and none is written as a power of ten, and every
legend is whole: inside the chart and inside the output area, none of its names shortened with
"…", and not titled with a data field's name. :func:`chart_problems` is shared with the offline
site's test (``test_lesson_offline.py``), which checks the lesson's charts the same way.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page
from test_charts import chart_marks

# For each drawn Vega-Lite output: its visible axis labels, as the four corners of each one's
# outline on the screen (getBBox in the label's own turned frame, mapped by its screen CTM);
# its legends' boxes and names; its own box; the output area's box.
MEASURE_JS = """
(outputs) => outputs.map((output) => {
  const svg = output.querySelector('svg.marks');
  const box = (el) => { const r = el.getBoundingClientRect();
    return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; };
  const visible = (el) => {
    for (let node = el; node && node !== svg; node = node.parentNode) {
      const opacity = node.getAttribute && node.getAttribute('opacity');
      if (opacity !== null && opacity !== undefined && Number(opacity) === 0) return false;
      if (getComputedStyle(node).opacity === '0') return false;
    }
    return el.textContent.trim() !== '';
  };
  const corners = (el) => {
    const b = el.getBBox();
    const m = el.getScreenCTM();
    return [[b.x, b.y], [b.x + b.width, b.y], [b.x + b.width, b.y + b.height], [b.x, b.y + b.height]]
      .map(([x, y]) => [m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f]);
  };
  const labels = [...svg.querySelectorAll('.role-axis-label text')].filter(visible)
    .map((el) => ({text: el.textContent, corners: corners(el), box: box(el),
                   size: parseFloat(getComputedStyle(el).fontSize)}));
  const legends = [...svg.querySelectorAll('.role-legend')].map((el) => ({
    box: box(el),
    title: [...el.querySelectorAll('.role-legend-title text')].map((t) => t.textContent).join(' '),
    names: [...el.querySelectorAll('.role-legend-label text')].map((t) => t.textContent),
  }));
  const area = output.closest('.jp-OutputArea-output') || output;
  return {title: (svg.querySelector('.role-title-text') || {}).textContent || '',
          labels, legends, chart: box(svg), area: box(area)};
})
"""

FIELD_NAMES = {"series", "rules"}
"""Names of the charts' data fields that mean nothing to a reader: no legend may be titled so."""

SMALLEST_FONT = 9
"""The smallest axis label a reader can read, in CSS pixels."""


def _axes(corners: list[list[float]]) -> list[tuple[float, float]]:
    return [
        (corners[i + 1][1] - corners[i][1], corners[i][0] - corners[i + 1][0]) for i in range(2)
    ]


def overlap(first: list[list[float]], second: list[list[float]], slack: float = 0.5) -> bool:
    """Whether two labels' outlines (rectangles, turned alike or not) overlap by more than
    ``slack`` pixels: no separating axis among their edges' normals."""
    for axis in _axes(first) + _axes(second):
        length = (axis[0] ** 2 + axis[1] ** 2) ** 0.5 or 1.0
        ux, uy = axis[0] / length, axis[1] / length
        a = [x * ux + y * uy for x, y in first]
        b = [x * ux + y * uy for x, y in second]
        if min(max(a), max(b)) - max(min(a), min(b)) <= slack:
            return False
    return True


def inside(inner: dict[str, float], outer: dict[str, float], slack: float = 1.0) -> bool:
    return (
        inner["left"] >= outer["left"] - slack
        and inner["top"] >= outer["top"] - slack
        and inner["right"] <= outer["right"] + slack
        and inner["bottom"] <= outer["bottom"] + slack
    )


POWER_OF_TEN = re.compile(r"\de[+-]?\d")
"""A label such as 1e+1, which a reader does not read as 10."""


def chart_problems(page: Page) -> list[list[str]]:
    """For each Vega-Lite chart drawn in ``page``, in page order, what a reader would find
    illegible: overlapping axis labels, labels too small, outside the chart or written as powers
    of ten, legends cut."""
    outputs = page.locator(".jp-RenderedVegaLite")
    measured: list[dict[str, Any]] = outputs.evaluate_all(MEASURE_JS)
    problems = []
    for chart in measured:
        found = []
        labels = chart["labels"]
        for i, first in enumerate(labels):
            if POWER_OF_TEN.search(first["text"]):
                found.append(f"label {first['text']!r} is written as a power of ten")
            if first["size"] < SMALLEST_FONT:
                found.append(f"label {first['text']!r} is {first['size']} px")
            if not inside(first["box"], chart["chart"]):
                found.append(f"label {first['text']!r} lies outside the chart")
            for second in labels[i + 1 :]:
                if overlap(first["corners"], second["corners"]):
                    found.append(f"labels {first['text']!r} and {second['text']!r} overlap")
        for legend in chart["legends"]:
            if not inside(legend["box"], chart["chart"]) or not inside(
                legend["box"], chart["area"]
            ):
                found.append(f"legend {legend['names']} is cut by the chart or the output")
            found += [
                f"legend name {name!r} is shortened" for name in legend["names"] if "…" in name
            ]
            if legend["title"] in FIELD_NAMES:
                found.append(f"legend titled with a field's name, {legend['title']!r}")
        problems.append(found)
    return problems


CHART_CELLS = [
    """
from pyramide_widget import PRESETS, Game, published_rates
from pyramide_widget.analysis import plot

every = [published_rates(letter) for letter in PRESETS]
traditional = published_rates("T")
standard = published_rates("N")
games = []
for code in ("PY1-N-AAAAAAB", "PY1-W-AAAAAAC"):
    game = Game.from_code(code)
    for _ in range(30):
        moves = game.legal_moves()
        removals = [m for m in moves if m.kind.value in ("king", "pair")]
        game.play(removals[0] if removals else moves[0])
    games.append(game)
won = [i % 3 != 0 for i in range(1, 1500)]
charts = [
    plot.win_rates([item.solver for item in every]),
    plot.win_rates(
        {"solver": traditional.solver, **traditional.players},
        axis="player", measure="deals won", references={"about 1 in 50": 0.02},
    ),
    plot.win_rates(
        {"solver": standard.players["careful"].solver, **standard.players},
        [item.solver for item in every[:2]],
        labels=["the first 2,000 deals of the published run, played by each", "every deal of the solver's run"],
    ),
    plot.running_rate(won[:10]),  # ten deals' axis once read 0 2 4 6 8 1e+1
    plot.running_rate(won, published=standard.solver),
    plot.removable_distribution({item.rules.name: item.solver for item in every[:6]}, share=True),
    plot.score_curve(games),
    plot.chance_curve({
        "points": [
            {"index": i, "action": None if i == 0 else "draw", "chance": max(0.0, 0.6 - i / 100),
             "low": max(0.0, 0.45 - i / 100), "high": min(1.0, 0.75 - i / 100),
             "cost": 0.3 if i == 40 else 0.0, "better_move": "5♣+8♥" if i == 40 else None}
            for i in range(81)
        ],
        "costliest": 40,
    }),
]
# What the charts looked like before: fifteen upright labels side by side, a legend name cut.
crowded = charts[0].spec
for layer in crowded["layer"]:
    layer["encoding"]["x"]["axis"]["labelAngle"] = 0
    layer["encoding"]["color"] = {"field": "series", "type": "nominal", "legend": {"labelLimit": 60}}
for row in crowded["data"]["values"]:
    row["series"] = "published: 10,000 deals per preset"
""",
    *(f"charts[{i}]" for i in range(8)),
    "bundle, metadata = charts[0]._repr_mimebundle_()\n"
    "display({plot.VEGA_LITE_MIME: crowded}, metadata=metadata, raw=True)",
]


@pytest.mark.parametrize("jupyter_app", ["lab"], indirect=True)
def test_every_kind_of_chart_is_legible_in_jupyterlab(open_nb: Any, page: Page) -> None:
    open_nb(CHART_CELLS)
    drawn = chart_marks(page, 9)
    assert all(drawn), "a chart drew no mark"
    *ours, before = chart_problems(page)
    assert ours == [[]] * 8, ours
    # The check can fail: the crowded chart's labels overlap, its legend is shortened and titled
    # with the field's name.
    assert any("overlap" in problem for problem in before), before
    assert any("shortened" in problem for problem in before), before
    assert any("field's name, 'series'" in problem for problem in before), before
