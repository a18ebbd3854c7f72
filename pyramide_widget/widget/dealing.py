"""What a new game deals: a code, a code's 7 letters under some rules, or a random deal; and
what the New game dialog deals from the code typed and the rules chosen."""

from __future__ import annotations

import re
from typing import Any

from ..engine.clock import TimeSource
from ..engine.deal import DealCode
from ..engine.errors import CodeError, PyramideError
from ..engine.game import Game
from ..engine.rules import CUSTOM_LETTER, Rules
from .ui_text import preset_name, text

DEAL_LETTERS = re.compile(r"[A-Za-z]{7}")
"""A code's 7 deal letters typed alone: they fix the cards, not the rules."""


class RulesConflict(PyramideError):
    """A code typed in the New game dialog is of other rules than the ones chosen."""


def deal(
    code: str | None,
    rules: Rules | None,
    *,
    explain_mistakes: bool,
    language: str,
    clock: TimeSource | None,
) -> Game:
    """A new game of ``code`` (or of its 7 letters under ``rules``, standard by default), or
    a random deal under ``rules`` without a code."""
    options: dict[str, Any] = {
        "explain_mistakes": explain_mistakes,
        "language": language,
        "clock": clock,
    }
    if code is None:
        return Game.new(rules, **options)
    if not isinstance(code, str):
        raise TypeError(
            f"code must be a deal code such as 'PY1-N-AAAAAAS', got {type(code).__name__}"
        )
    if DEAL_LETTERS.fullmatch(code.strip()):
        rules = rules or Rules()
        return Game.from_code(str(DealCode.for_rules(rules, code.strip())), rules, **options)
    return Game.from_code(code, rules, **options)


EXAMPLE_CODE = "PY1-N-AAAAAAS"
"""A deal code shown to a player who typed something else, when the game has none of its own."""


def from_dialog(
    code: str, letter: str, current: Rules, language: str
) -> tuple[str | None, Rules | None]:
    """The ``(code, rules)`` to deal for the New game dialog's ``code`` as typed (a code, its
    7 letters, or nothing for a random deal) and ``letter``, the rules chosen in its menu or
    ``""``. Letters alone or nothing deal under the chosen rules, else ``current``. A code
    carries its own rules: chosen rules that differ raise :class:`RulesConflict`, whose
    message states the two ways out; a bad code raises :class:`CodeError`."""
    typed, chosen = code.strip(), Rules.preset(letter) if letter else None
    if not typed or DEAL_LETTERS.fullmatch(typed):
        return typed or None, chosen or current
    try:
        parsed = DealCode.parse(typed)
    except CodeError:  # said as a player understands it, with an example
        raise CodeError(text("new_bad_code", language, example=EXAMPLE_CODE)) from None
    if parsed.rules_letter == CUSTOM_LETTER:  # custom rules travel outside the code
        return typed, chosen or (current if current.letter == CUSTOM_LETTER else None)
    if chosen is None or chosen.letter == parsed.rules_letter:
        return typed, None
    raise RulesConflict(
        text(
            "new_conflict",
            language,
            code=str(parsed),
            letters=parsed.letters,
            code_rules=preset_name(parsed.rules_letter, language),
            chosen=preset_name(chosen.letter, language),
        )
    )


__all__ = ["DEAL_LETTERS", "EXAMPLE_CODE", "RulesConflict", "deal", "from_dialog"]
