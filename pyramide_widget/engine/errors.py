"""The exceptions the engine raises: each a ``ValueError`` subclass, raised before anything
changes, so a game that raised is exactly as it was."""

from __future__ import annotations


class PyramideError(ValueError):
    """Base class of every error the engine raises on bad input."""


class CardError(PyramideError):
    """A card could not be parsed (for example ``"11♠"`` or ``"K"``)."""


class CodeError(PyramideError):
    """A deal code is malformed or names unknown rules."""


class LayoutError(PyramideError):
    """An explicit layout is not one valid deck for the rules."""


class IllegalMoveError(PyramideError):
    """A move is malformed or not legal in the current position."""


class RecordError(PyramideError):
    """A game record is malformed or does not replay."""
