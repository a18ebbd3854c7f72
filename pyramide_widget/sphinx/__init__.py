"""Sphinx extension: live, playable Pyramide tables in your pages, fully offline.

In ``conf.py``: ``extensions = ["pyramide_widget.sphinx"]``; in a page: ``.. pyramide::
PY1-N-AAAAAAS`` (MyST: ```` ```{pyramide} PY1-N-AAAAAAS ``` ````). After an HTML build the
site's JupyterLite is built into ``<html output>/lite`` from the installed package
(:mod:`pyramide_widget.lite`): Pyodide and every wheel inside the site, nothing fetched from
elsewhere when a page is read. Settings (``conf.py``):

* ``pyramide_lite_contents``: files or folders (relative to ``conf.py``) for the JupyterLite
  file browser, e.g. your notebooks;
* ``pyramide_lite_dir``: the site's JupyterLite folder (``"lite"``);
* ``pyramide_lite_sourcemaps``: JavaScript source maps in the site (``False``: they double it);
* ``pyramide_lite_cache``: where Pyodide and the wheels are kept between builds;
* ``pyramide_lite_build``: ``False`` skips building JupyterLite (a draft of the pages).

Needs ``pip install "pyramide-widget[sphinx]"``, and npm, Node and the package registries at build
time.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.errors import ExtensionError
from sphinx.util import logging

from ..lite import LiteBuildError, build_lite
from .table import PyramideDirective, pyramide_table, skip, visit_html

STATIC = Path(__file__).parent / "static"
logger = logging.getLogger(__name__)


def add_static_files(app: Sphinx) -> None:
    if app.builder.format == "html":
        app.config.html_static_path.append(str(STATIC))
        app.add_js_file("pyramide-lite.js", defer="defer")
        app.add_css_file("pyramide-lite.css")


def build_site_lite(app: Sphinx, error: Exception | None) -> None:
    """After a successful HTML build: the site's JupyterLite, checked to be offline."""
    if error is not None or app.builder.format != "html" or not app.config.pyramide_lite_build:
        return
    config = app.config
    confdir = Path(app.confdir)
    contents = [confdir / item for item in config.pyramide_lite_contents]
    output = Path(app.outdir) / config.pyramide_lite_dir.strip("/")
    logger.info("pyramide: building the site's JupyterLite into %s", output)
    try:
        site = build_lite(
            output,
            contents,
            cache=Path(config.pyramide_lite_cache) if config.pyramide_lite_cache else None,
            sourcemaps=config.pyramide_lite_sourcemaps,
        )
    except LiteBuildError as failure:
        raise ExtensionError(f"pyramide: the site's JupyterLite: {failure}") from failure
    logger.info(
        "pyramide: JupyterLite with Pyodide %s and %s, %.0f MB",
        site.pyodide,
        ", ".join(site.wheels),
        site.size / 1e6,
    )


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("pyramide_lite_contents", [], "html", list)
    app.add_config_value("pyramide_lite_dir", "lite", "html", str)
    app.add_config_value("pyramide_lite_sourcemaps", False, "html", bool)
    app.add_config_value("pyramide_lite_cache", None, "html")
    app.add_config_value("pyramide_lite_build", True, "html", bool)
    app.add_node(
        pyramide_table,
        html=(visit_html, None),
        latex=(skip, None),
        text=(skip, None),
        man=(skip, None),
        texinfo=(skip, None),
        epub=(skip, None),
    )
    app.add_directive("pyramide", PyramideDirective)
    app.connect("builder-inited", add_static_files)
    app.connect("build-finished", build_site_lite)
    from .. import __version__

    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True}
