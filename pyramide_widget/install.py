"""How to install an optional part of the package, in the way this copy was installed.

An ``ImportError`` for an optional dependency (matplotlib, for :mod:`pyramide_widget.analysis.plot`)
must name a command that works when pasted, and that depends on how the package got here:

* an editable install from a checkout (``pip install -e .``, the README's commands):
  ``pip install -e "<checkout>[plot]"`` — a plain ``pip install "pyramide-widget[plot]"``
  would replace the checkout with another copy of the package;
* an install from a local folder: ``pip install "<folder>[plot]"``;
* a normal install from an index: ``pip install "pyramide-widget[plot]"``;
* Pyodide (JupyterLite): pip does not exist there; a Pyodide distribution that carries the
  module loads it with ``%pip install <module>``, and the offline JupyterLite site of this
  project does not carry matplotlib (``docs/charts.md``).

Standard library only, so any layer may use it (it sits below them all); the charts of
:mod:`pyramide_widget.analysis.plot` do.
"""

from __future__ import annotations

import importlib.metadata
import json
import sys
from pathlib import Path
from urllib.parse import urlparse
from urllib.request import url2pathname

DISTRIBUTION = "pyramide-widget"
_CHECKOUT = Path(__file__).resolve().parent.parent


def install_command(extra: str, distribution: importlib.metadata.Distribution | None = None) -> str:
    """The pip command that adds the optional dependencies ``extra`` to this installation.

    ``distribution`` is the installed package's metadata (looked up when not given); with none
    at all the package runs from a checkout on ``sys.path``, so the advice is the editable
    install of that checkout."""
    if not isinstance(extra, str) or not extra.isidentifier():
        raise ValueError(
            f"extra must be the name of one of the package's extras, such as 'plot', not {extra!r}"
        )
    if distribution is None:
        try:
            distribution = importlib.metadata.distribution(DISTRIBUTION)
        except importlib.metadata.PackageNotFoundError:
            distribution = None
    if distribution is None:
        if (_CHECKOUT / "pyproject.toml").is_file():
            return f'pip install -e "{_CHECKOUT}[{extra}]"'
        return f'pip install "{DISTRIBUTION}[{extra}]"'
    folder, editable = _local_folder(distribution)
    if folder is None:
        return f'pip install "{DISTRIBUTION}[{extra}]"'
    return f'pip install {"-e " if editable else ""}"{folder}[{extra}]"'


def missing_dependency(feature: str, module: str, extra: str, error: ImportError) -> ImportError:
    """The error to raise when ``feature`` cannot import ``module`` of the extra ``extra``: it
    says what is missing and how to get it here. Raise it ``from None``: ``error`` is quoted."""
    if sys.platform == "emscripten":
        advice = (
            f"this Pyodide kernel does not have it: run '%pip install {module}' in a cell if its "
            f"Pyodide distribution carries {module}; the offline JupyterLite site of "
            f"{DISTRIBUTION} does not, so {feature} is not available there"
        )
    else:
        advice = f"install it with: {install_command(extra)}"
    return ImportError(f"{feature} needs {module} ({error}); {advice}")


def _local_folder(distribution: importlib.metadata.Distribution) -> tuple[str | None, bool]:
    """The folder the package was installed from and whether the install is editable, from the
    installer's record of it (``direct_url.json``, PEP 610); ``None`` for an index install."""
    text = distribution.read_text("direct_url.json")
    if not text:
        return None, False
    try:
        origin = json.loads(text)
    except ValueError:
        return None, False
    url = urlparse(origin.get("url", "")) if isinstance(origin, dict) else None
    if url is None or url.scheme != "file" or "dir_info" not in origin:
        return None, False
    editable = bool(isinstance(origin["dir_info"], dict) and origin["dir_info"].get("editable"))
    return url2pathname(url.path), editable
