"""The charts of ``pyramide_widget.analysis.plot`` are drawn in JupyterLab 4 and Notebook 7.

A notebook makes one chart of each kind; each must be drawn by the front end's own Vega-Lite
renderer (``.jp-RenderedVegaLite``, not the SVG picture the bundle carries for static exports)
with one SVG mark per row of the chart's data: a point and an interval rule per win rate, a bar
per count, a line per game and a point per step. :func:`chart_marks` is shared with the
JupyterLite test, where the same renderer draws the example notebooks' charts.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

CHART_CELLS = [
    """
from pyramide_widget import Game
from pyramide_widget.analysis import plot
from pyramide_widget.analysis.estimation import estimate

games = []
for code in ("PY1-N-AAAAAAB", "PY1-S-AAAAAAC"):
    game = Game.from_code(code)
    for _ in range(25):
        moves = game.legal_moves()
        if not moves:
            break
        removals = [m for m in moves if m.kind.value in ("king", "pair")]
        game.play(removals[0] if removals else moves[0])
    games.append(game)
quick = [estimate(letter, deals=12, seed=7, executor="serial") for letter in ("N", "E")]
charts = [
    plot.score_curve(games),
    plot.win_rates(quick, [e.to_dict() for e in quick], labels=["objects", "JSON"]),
    plot.removable_distribution(*quick),
]
""",
    "charts[0]",
    "charts[1]",
    "charts[2]",
]

# Each mark of a Vega SVG is a <g class="mark-<type> role-mark"> holding one element per item.
MARKS_JS = """
(root) => {
  const counts = {};
  for (const group of root.querySelectorAll('g.role-mark')) {
    const type = [...group.classList].find(c => c.startsWith('mark-') && c !== 'mark-group');
    if (!type || group.closest('.role-axis, .role-legend, .role-title')) continue;
    counts[type.slice(5)] = (counts[type.slice(5)] || 0) + group.childElementCount;
  }
  return counts;
}
"""


def chart_marks(page: Page, count: int, timeout: float = 60.0) -> list[dict[str, int]]:
    """Wait until ``count`` Vega-Lite outputs are drawn as SVG and return each one's marks,
    ``{mark type: number of items}`` (axes, legends and titles left out), in page order."""
    outputs = page.locator(".jp-RenderedVegaLite")
    expect(outputs).to_have_count(count, timeout=timeout * 1000)
    result = []
    for i in range(count):
        svg = outputs.nth(i).locator("svg.marks")
        expect(svg).to_have_count(1, timeout=timeout * 1000)
        result.append(dict(svg.evaluate(MARKS_JS)))
    return result


def test_every_chart_is_drawn_by_the_front_ends_vega_lite_renderer(
    open_nb: Any, page: Page
) -> None:
    nb = open_nb(CHART_CELLS)
    rows = nb.eval_python("[c.data for c in charts]")
    score, rates, removable = chart_marks(page, 3)

    games = list(dict.fromkeys(r["game"] for r in rows[0]))
    assert score == {
        "line": len(games),
        "symbol": len(rows[0]),
        "rule": 1,
    }  # a line per game, the 280 rule
    assert rates == {
        "rule": len(rows[1]),
        "symbol": len(rows[1]),
    }  # each rate: an interval and a point
    assert removable == {"rect": len(rows[2])}
    assert len(rows[1]) == 4 and len(rows[2]) >= 2
    # The front end draws the spec, not the static SVG (which would be an <img>).
    expect(page.locator(".jp-OutputArea-output img")).to_have_count(0)
