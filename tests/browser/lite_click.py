"""A click while the chance indicator measures, in the offline JupyterLite site: the scenario
``test_lite_click_latency.py`` checks and ``benchmarks/bench_lite_click.py`` times.

In the page's Python (Pyodide, no threads) the indicator measures on the kernel's event loop a
few layouts at a time (``widget/background.py``). The scenario deals a slow position with the
indicator on, waits until the indicator says it is measuring, taps the stock, and reads from
the page's own clock when the tap was made, when the indicator began to measure, and when the
draw showed on screen, and in the kernel how far each measure came (counted as it runs); then it times, in the same kernel, the very measure the tap interrupted
run in one go (``chance()``), and reads the indicator's number for the new position beside the
one-shot measure of that position. The same tap with the indicator off, nothing measured, is
the baseline.
"""

from __future__ import annotations

from typing import Any

from jupyter_harness import NotebookSession
from playwright.sync_api import Locator, Page

SLOW = "PY1-T-AAAAAAS"
"""A Traditional deal whose first measure is among the slowest (its layouts are whole deals)."""

# Page-clock times (performance.now) of the indicator's states and of the moves shown, and of
# every pointer press on the table, from the moment it is installed.
WATCH_JS = """
(root) => {
  const box = root.querySelector('[data-field="chance-box"]');
  const moves = root.querySelector('[data-field="moves"]');
  root.clickWatch = {states: [], moves: [], pressed: []};
  new MutationObserver(() => root.clickWatch.states.push(
    {at: performance.now(), state: box.dataset.state || null}
  )).observe(box, {attributes: true, attributeFilter: ['data-state']});
  new MutationObserver(() => root.clickWatch.moves.push(
    {at: performance.now(), text: moves.textContent}
  )).observe(moves, {subtree: true, characterData: true, childList: true});
  root.addEventListener('pointerdown', () => root.clickWatch.pressed.push(performance.now()), true);
}
"""

# The one-shot measure of a position as the indicator measures it, timed in the kernel.
ONE_SHOT = """
def _pyramide_one_shot(game):
    import time
    from pyramide_widget.analysis.chance import chance
    from pyramide_widget.widget.chance import indicator_samples, seed, shown
    view = game.player_view()
    started = time.perf_counter()
    found = chance(view, samples=indicator_samples(game.table), seed=seed(game, view))
    return [time.perf_counter() - started, shown(found)]
"""


# Each measure the indicator starts from now on, counted as it runs: its layouts so far and
# whether it came to its end (the measure itself is the real one).
COUNT_MEASURES = """
import pyramide_widget.analysis.chance as _pyramide_chance
_pyramide_measures = []
_pyramide_real_steps = _pyramide_chance.chance_steps
def _pyramide_counted(*args, **kwargs):
    inner = _pyramide_real_steps(*args, **kwargs)
    record = {"layouts": 0, "finished": False}
    _pyramide_measures.append(record)
    def counting():
        while True:
            try:
                step = next(inner)
            except StopIteration as end:
                record["finished"] = True
                return end.value
            record["layouts"] += 1
            yield step
    return counting()
_pyramide_chance.chance_steps = _pyramide_counted
"""


def click_during_measure(page: Page, nb: NotebookSession, name: str) -> dict[str, Any]:
    """Run the scenario on the widget ``name`` of the open notebook ``nb``; its figures (page
    milliseconds) and what the kernel measured."""
    table: Locator = page.locator(".pyr-root").last
    idle = _idle_tap_ms(page, nb, name, table)
    nb.execute(f"{name}.new_game({SLOW!r})")
    table.locator('[data-field="code"]').filter(has_text=SLOW).wait_for(timeout=60_000)
    page.evaluate(WATCH_JS, table.element_handle())
    nb.execute(COUNT_MEASURES)
    nb.execute(f"{name}.show_chance = True")  # the measure starts, in slices
    box = table.locator('[data-field="chance-box"][data-state="working"]')
    box.wait_for(timeout=60_000)
    table.locator('[data-pile="stock"]').click()
    nb.wait_python(f"{name}.game.moves", 1, timeout=120)
    table.locator('[data-field="chance-box"][data-state="measured"]').wait_for(timeout=120_000)
    watch = page.evaluate("(root) => root.clickWatch", table.element_handle())
    pressed = watch["pressed"][0]
    shown = next(m["at"] for m in watch["moves"] if m["at"] >= pressed)
    working = next(s["at"] for s in watch["states"] if s["state"] == "working")
    numbers_before_the_move = [
        s for s in watch["states"] if s["state"] == "measured" and s["at"] < shown
    ]
    indicator = nb.eval_python(f"{name}.chance")
    measures = nb.eval_python("_pyramide_measures")
    nb.execute("_pyramide_chance.chance_steps = _pyramide_real_steps")
    nb.execute(ONE_SHOT)
    after_the_draw = nb.eval_python(f"_pyramide_one_shot({name}.game)")
    at_the_deal = nb.eval_python(
        f"_pyramide_one_shot(__import__('pyramide_widget').Game.from_code({SLOW!r}))"
    )
    return {
        "deal": SLOW,
        "click_to_screen_ms": round(shown - pressed, 1),
        "idle_click_to_screen_ms": idle,
        "measure_start_to_screen_ms": round(shown - working, 1),
        "measure_start_to_click_ms": round(pressed - working, 1),
        "one_shot_measure_ms": round(at_the_deal[0] * 1000, 1),
        "numbers_shown_before_the_move": len(numbers_before_the_move),
        "measures": measures,
        "indicator_after_the_move": indicator,
        "one_shot_after_the_move": after_the_draw[1],
    }


def _idle_tap_ms(page: Page, nb: NotebookSession, name: str, table: Locator) -> float:
    """The same tap on the same deal with the indicator off, nothing measured: from the tap to
    the draw on screen."""
    nb.execute(f"{name}.show_chance = False\n{name}.new_game({SLOW!r})")
    table.locator('[data-field="code"]').filter(has_text=SLOW).wait_for(timeout=60_000)
    page.evaluate(WATCH_JS, table.element_handle())
    table.locator('[data-pile="stock"]').click()
    nb.wait_python(f"{name}.game.moves", 1, timeout=120)
    watch = page.evaluate("(root) => root.clickWatch", table.element_handle())
    pressed = watch["pressed"][0]
    return round(next(m["at"] for m in watch["moves"] if m["at"] >= pressed) - pressed, 1)
