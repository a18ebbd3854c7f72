"""Sphinx configuration of the documentation site: ``python docs/build_site.py`` builds it.

The pages are Markdown (MyST), the example notebooks are executed at build time (MyST-NB, with
a cache), the API reference comes from the docstrings (autodoc), and the widget is live in the
pages through the package's own Sphinx extension (``pyramide_widget.sphinx``: the ``pyramide``
directive, and an offline JupyterLite with the example notebooks in ``lite/``).
``_ext/pyramide_site.py`` draws the tables and figures the pages show from the package itself.
"""

from __future__ import annotations

import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
sys.path[:0] = [str(DOCS / "_ext")]

project = "pyramide-widget"
author = "pyramide-widget contributors"
copyright = "pyramide-widget contributors, MIT licence"

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "pyramide_widget.sphinx",
    "pyramide_site",
]

root_doc = "index"
exclude_patterns = [
    "_build",
    "README.md",  # the folder's own note on GitHub: how to build this site
]
# Names and notation print as the package writes them ("Tut's Tomb", not a curly quote).
smartquotes = False
html_theme = "furo"
html_title = "pyramide-widget"
html_static_path: list[str] = []
html_last_updated_fmt = None

# MyST: Markdown pages; headings up to ### get anchors that links may use.
myst_enable_extensions = ["colon_fence"]
myst_heading_anchors = 3

# MyST-NB: the example notebooks run at build time, cached by their content.
nb_execution_mode = "cache"
nb_execution_cache_path = str(DOCS / "_build" / "jupyter_cache")
nb_execution_timeout = 300
nb_execution_raise_on_error = True
nb_execution_show_tb = True
# A widget's output is drawn by its static picture (text/html): the live widget needs a kernel,
# and the widget-embedding scripts would come from a CDN. No script from outside the site.
nb_ipywidgets_js: dict[str, dict[str, str]] = {}
nb_mime_priority_overrides = [("html", "application/vnd.jupyter.widget-view+json", None)]

# autodoc: the API reference, in the order of the source.
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": False}

# The site's JupyterLite (lite/): the example notebooks in its file browser, opened from the
# guides. Pyodide and the downloaded wheels are kept in the user's cache, shared with any other
# JupyterLite build (the guide's recipe in the tests).
pyramide_lite_contents = [str(path) for path in sorted((DOCS.parent / "examples").glob("*.ipynb"))]

# A chart's display carries a Vega-Lite spec, an SVG and text; MyST-NB reads every type before
# it picks one, and a static page has no Vega-Lite renderer: it shows the SVG.
suppress_warnings = ["mystnb.unknown_mime_type"]
