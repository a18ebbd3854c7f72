"""The one error of the JupyterLite builder."""

from __future__ import annotations


class LiteBuildError(RuntimeError):
    """A JupyterLite site could not be built, or was built but would not work offline."""
