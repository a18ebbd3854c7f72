"""The widget's rules= reads like the engine's: a Rules, a Preset or its letter; anything else
is a TypeError at the call."""

from __future__ import annotations

from typing import Any

import pytest

from pyramide_widget import PRESETS, PyramideWidget

STRICT = PRESETS["S"].rules


@pytest.mark.parametrize(
    "rules", [STRICT, PRESETS["S"], "S", "s"], ids=["Rules", "Preset", "letter", "lower"]
)
def test_widget_rules_may_be_a_rules_a_preset_or_its_letter(rules: Any) -> None:
    widget = PyramideWidget(rules=rules, stats=False)
    assert widget.game.rules == STRICT
    widget.new_game(rules=rules)
    assert widget.game.rules == STRICT
    widget.close()


@pytest.mark.parametrize("rules", [5, object(), {"strict_win": True}])
def test_widget_rules_of_another_kind_is_a_type_error(rules: Any) -> None:
    with pytest.raises(TypeError, match="rules must be a Rules, a Preset or a preset letter"):
        PyramideWidget(rules=rules, stats=False)
