"""An offline JupyterLite site with the installed pyramide-widget in it.

``build_lite(OUTDIR, contents)`` is what ``python -m pyramide_widget lite OUTDIR`` and the
Sphinx extension (:mod:`pyramide_widget.sphinx`) run. It needs the ``lite`` extra
(``pip install "pyramide-widget[lite]"``), npm, Node and the package registries at build time.
"""

from __future__ import annotations

from .errors import LiteBuildError
from .site import LiteSite, build_lite, default_cache, example_notebooks

__all__ = ["LiteBuildError", "LiteSite", "build_lite", "default_cache", "example_notebooks"]
