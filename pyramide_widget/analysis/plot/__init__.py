"""Charts of games and of the solver's estimates, as Vega-Lite specs that every front end draws.

* :func:`score_curve` — the score against the move number of one or several games;
* :func:`win_rates` — the winnable share of deals per rules preset, with confidence intervals;
* :func:`running_rate` — the share won so far as deals are added, with its likely range;
* :func:`removable_distribution` — how many deals allow removing at most k pyramid cards;
* :func:`chance_curve` — the chance to win after each action of a game, its costliest move marked.

Each function returns a :class:`Chart`. Why Vega-Lite and not matplotlib: the offline
JupyterLite site cannot have matplotlib (PyPI carries no Pyodide wheel of it or of numpy),
while JupyterLab, Notebook 7, JupyterLite and VS Code all draw the
``application/vnd.vegalite.v5+json`` MIME type themselves. A spec is plain dicts, so this
package needs nothing beyond the standard library and one code path serves every front end.
Static exports (nbconvert HTML, GitHub) do not run Vega, so the chart's display also carries
an SVG drawn by matplotlib when matplotlib is importable, and always a plain-text summary.
:meth:`Chart.to_matplotlib` draws the same data on matplotlib ``Axes`` for people who want them.
matplotlib is imported only there, so importing this package, and the engine, never needs it.

The estimate arguments are duck-typed: anything with the attributes below, or a ``dict``
with the same keys, works — the solver's estimate results have them.

* label: ``rules`` (a :class:`~pyramide_widget.Rules` or a preset letter), else ``label``;
* win rate: ``rate`` (or ``win_rate``), else ``won / deals``;
* interval: ``low`` and ``high``, or ``ci``/``ci95`` (a ``(low, high)`` pair or an object with
  ``low``/``high``);
* cards removable: ``max_removed``, a mapping ``{cards: number of deals}`` or one number per deal.

:class:`pyramide_widget.analysis.estimation.Estimate` and its ``to_dict()`` (the form of the published
results) both fit.

One module per family of charts: :mod:`.scores`, :mod:`.rates` (win rates and the running
rate), :mod:`.distribution`, :mod:`.chance`; what they share is :mod:`.chart` (the
:class:`Chart` and the look) and :mod:`.estimates` (reading an estimate).
"""

from __future__ import annotations

from .chance import CHANCE_SERIES, chance_curve
from .chart import LEGEND, PERCENT, VEGA_LITE_MIME, Chart
from .distribution import removable_distribution
from .estimates import estimate_label, estimate_rate
from .rates import RUNNING_POINTS, running_rate, win_rates
from .scores import score_curve

__all__ = [
    "CHANCE_SERIES",
    "LEGEND",
    "PERCENT",
    "RUNNING_POINTS",
    "VEGA_LITE_MIME",
    "Chart",
    "chance_curve",
    "estimate_label",
    "estimate_rate",
    "removable_distribution",
    "running_rate",
    "score_curve",
    "win_rates",
]
