"""A click is never held by the chance indicator's measure in the offline JupyterLite site.

The page's Python has no threads: the indicator measures on the kernel's event loop a few
layouts at a time, so a tap made while a slow position is measured reaches the kernel between
two slices (``tests/browser/lite_click.py``). The measure under way when the tap comes must be
ended by it, never finished, with no number shown for the position it left (a kernel held for
the whole measure would finish it first); and the indicator's number for the new position is
the one-shot measure's. How long the tap waited, beside the measure run in one go, is timed by
``benchmarks/bench_lite_click.py`` into ``benchmarks/results/lite_click.json``.
"""

from __future__ import annotations

from docs_site import docs_site  # noqa: F401 (the fixture lite_site is built from)
from lite_click import click_during_measure
from playwright.sync_api import Page
from test_jupyterlite import (  # noqa: F401 (fixtures, shared with the site's other tests)
    FIND_WIDGET,
    NOTEBOOK,
    LiteServer,
    lite_server,
    lite_site,
    open_lite_notebook,
)


def test_a_tap_during_a_slow_measure_is_handled_before_the_measure_ends(
    page: Page,
    lite_server: LiteServer,  # noqa: F811
) -> None:
    nb = open_lite_notebook(page, lite_server, NOTEBOOK)
    nb.run_all(timeout=180)
    assert nb.eval_python("__import__('sys').platform") == "emscripten"
    assert (
        nb.eval_python(
            "__import__('pyramide_widget.solver', fromlist=['available_engines']).available_engines()"
        )[0]
        == "wasm"
    )
    found = click_during_measure(page, nb, nb.eval_python(FIND_WIDGET))
    print(found)
    # The deal's measure was under way when the tap came, and the tap ended it: it never came to
    # its end nor showed a number; the new position's measure did.
    at_the_deal, after_the_tap = found["measures"]
    assert at_the_deal["layouts"] >= 1 and not at_the_deal["finished"], found
    assert after_the_tap["finished"] and found["numbers_shown_before_the_move"] == 0, found
    assert found["indicator_after_the_move"] == found["one_shot_after_the_move"]
