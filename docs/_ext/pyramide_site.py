"""Sphinx extension of the documentation site: what the pages draw from the package.

* At ``config-inited`` the example notebooks are copied, as they are, into ``docs/notebooks/``
  to be rendered as pages (MyST-NB runs them; their kernels record games in a scratch file).
* ``{table-picture} CODE`` draws a deal's table with ``Game._repr_svg_`` into an SVG file.
* ``{preset-table}`` lists the presets from ``PRESETS``; ``{published-rates}``,
  ``{expert-answer}`` and the role ``{rate}`` show the published figures, and
  ``{benchmark-table}`` a benchmark's results file as its script prints it (:mod:`site_data`),
  so no page writes a rate by hand.

The live tables and the site's JupyterLite are the package's own extension's
(``pyramide_widget.sphinx``), as for any other site.
"""

from __future__ import annotations

import filecmp
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any, ClassVar

import site_data
from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.util.docutils import SphinxDirective, SphinxRole

DOCS = Path(__file__).resolve().parent.parent
EXAMPLES = DOCS.parent / "examples"
NOTEBOOK_PAGES = DOCS / "notebooks"
PICTURES = DOCS / "_build" / "pictures"


def notebook_pages(app: Sphinx, config: Config) -> None:
    """The example notebooks as pages: copied into ``docs/notebooks/`` when they changed."""
    notebooks = sorted(EXAMPLES.glob("*.ipynb"))
    NOTEBOOK_PAGES.mkdir(exist_ok=True)
    for old in NOTEBOOK_PAGES.glob("*.ipynb"):
        if old.name not in {n.name for n in notebooks}:
            old.unlink()
    for notebook in notebooks:
        page = NOTEBOOK_PAGES / notebook.name
        if not page.exists() or not filecmp.cmp(notebook, page, shallow=False):
            shutil.copy2(notebook, page)
    # The notebooks' kernels record the games they play: into a scratch file, not a home folder.
    os.environ.setdefault("PYRAMIDE_STATS", str(Path(tempfile.mkdtemp()) / "stats.sqlite3"))


class TablePicture(SphinxDirective):
    """``{table-picture} CODE``: the table of a deal, drawn by the package's static picture.
    ``:play:`` lists moves to make first (notation, separated by spaces)."""

    required_arguments = 1
    option_spec: ClassVar[dict[str, Any]] = {"play": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        code = self.arguments[0]
        played = self.options.get("play", "").split()
        name, svg, label = site_data.table_picture(code, played)
        PICTURES.mkdir(parents=True, exist_ok=True)
        path = PICTURES / name
        if not path.exists() or path.read_text(encoding="utf-8") != svg:
            path.write_text(svg, encoding="utf-8")
        uri = "/" + path.relative_to(DOCS).as_posix()
        self.env.note_dependency(str(path))
        return [nodes.image(uri=uri, alt=label, classes=["pyramide-table"])]


def _table(header: list[str], rows: list[list[str]]) -> nodes.table:
    table = nodes.table(classes=["pyramide-figures"])
    group = nodes.tgroup(cols=len(header))
    table += group
    group.extend(nodes.colspec(colwidth=1) for _ in header)
    head, body = nodes.thead(), nodes.tbody()
    group += head
    group += body
    for cells, part in [(header, head), *((row, body) for row in rows)]:
        row_node = nodes.row()
        for text in cells:
            entry = nodes.entry()
            entry += nodes.paragraph(text=text)
            row_node += entry
        part += row_node
    return table


class PresetTable(SphinxDirective):
    """``{preset-table}``: every preset's letter, name, table and knobs, from ``PRESETS``."""

    def run(self) -> list[nodes.Node]:
        header, rows = site_data.preset_rows()
        return [_table(header, rows)]


class PublishedRates(SphinxDirective):
    """``{published-rates} solver`` (each preset's solver rate) or ``{published-rates}
    players`` (each player beside the solver on the same deals)."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        which = self.arguments[0]
        if which not in site_data.RATE_TABLES:
            raise self.error(f"expected one of {', '.join(site_data.RATE_TABLES)}, got {which!r}")
        header, rows = site_data.RATE_TABLES[which]()
        return [_table(header, rows)]


class BenchmarkTable(SphinxDirective):
    """``{benchmark-table} win-rates`` (each preset's published run, its time and load) or
    ``{benchmark-table} pile-search`` (the pile games' search times): rows printed by the
    benchmark script from its results file."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        which = self.arguments[0]
        if which not in site_data.BENCHMARK_TABLES:
            raise self.error(
                f"expected one of {', '.join(site_data.BENCHMARK_TABLES)}, got {which!r}"
            )
        for source in site_data.BENCHMARK_SOURCES:
            self.env.note_dependency(str(source))
        header, rows = site_data.BENCHMARK_TABLES[which]()
        return [_table(header, rows)]


class ExpertAnswer(SphinxDirective):
    """``{expert-answer}``: where "about 1 in 50" lies against the expert's published rate."""

    def run(self) -> list[nodes.Node]:
        return [nodes.paragraph(text=site_data.expert_answer())]


class RateRole(SphinxRole):
    """``{rate}`T``, ``{rate}`T careful```: a published rate, as the tables print it."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        try:
            text = site_data.rate_text(self.text)
        except (KeyError, ValueError) as error:
            message = self.inliner.reporter.error(str(error), line=self.lineno)
            return [self.inliner.problematic(self.rawtext, self.rawtext, message)], [message]
        return [nodes.inline(text=text, classes=["pyramide-rate"])], []


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("config-inited", notebook_pages)
    app.add_directive("table-picture", TablePicture)
    app.add_directive("preset-table", PresetTable)
    app.add_directive("published-rates", PublishedRates)
    app.add_directive("benchmark-table", BenchmarkTable)
    app.add_directive("expert-answer", ExpertAnswer)
    app.add_role("rate", RateRole())
    return {"parallel_read_safe": True, "parallel_write_safe": True}
