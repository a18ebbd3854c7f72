"""The presets grouped as tests use them, read from ``PRESETS`` so that a new game joins its
groups without a test naming it."""

from __future__ import annotations

from pyramide_widget.engine.rules import PRESETS
from pyramide_widget.solver.piles import needs_pile_search

PILE_PRESETS = [
    letter for letter, preset in PRESETS.items() if needs_pile_search(preset.rules.table)
]
"""The games with other piles (several waste piles, a reserve, a cell, columns, groups)."""
