"""The languages of the game and the widget: one module per language, each one ``LANGUAGE``
definition, checked against English at import (docs/design/engine.md).

Adding a language is adding its module and its code to :data:`CODES`."""

from __future__ import annotations

import string
from importlib import import_module
from typing import TypedDict

from ..rules import PRESETS

CODES = ("en", "fr", "sk", "vi", "pl")
"""The language codes, in the order language pickers list them; each names a module here."""

REFERENCE = "en"


class Language(TypedDict):
    """The shape of one language's definition (see ``en.py`` for what each part is for)."""

    name: str
    messages: dict[str, str]
    strings: dict[str, str]
    rank_words: list[str]
    suit_words: list[str]
    suit_endings: list[str]
    presets: dict[str, str]
    custom_rules: str


def _placeholders(text: str) -> set[str]:
    """The names filled in ``text``: ``{n}``, and ``{n|one:card|other:cards}`` (the word for
    the number's plural category, which the front end picks) counts as ``n``."""
    return {
        field.split("|")[0]
        for _, field, _, _ in string.Formatter().parse(text)
        if field is not None
    }


def _preset_differences(where: str, value: object) -> list[str]:
    """What is wrong with a language's preset names: each key a preset letter, each name text.
    A language names only the presets it has its own words for (English none: see ``en.py``)."""
    if not isinstance(value, dict):
        return [f"{where}: expected a dict, got {type(value).__name__}"]
    problems = [
        f"{where}: key {letter!r} is not a preset letter ({', '.join(PRESETS)})"
        for letter in value
        if letter not in PRESETS
    ]
    problems += [
        f"{where}.{letter}: expected a str, got {type(name).__name__}"
        for letter, name in value.items()
        if not isinstance(name, str)
    ]
    return problems


def _differences(code: str, value: object, reference: object, path: str) -> list[str]:
    """What in ``value`` does not match the reference's shape, one readable line each."""
    where = f"language {code!r}, {path}" if path else f"language {code!r}"
    if path == "presets":
        return _preset_differences(where, value)
    if isinstance(reference, dict):
        if not isinstance(value, dict):
            return [f"{where}: expected a dict, got {type(value).__name__}"]
        problems = [f"{where}: missing key {key!r}" for key in reference if key not in value]
        problems += [
            f"{where}: key {key!r} is not in {REFERENCE!r}" for key in value if key not in reference
        ]
        for key in reference:
            if key in value:
                problems += _differences(
                    code, value[key], reference[key], f"{path}.{key}" if path else key
                )
        return problems
    if isinstance(reference, list):
        if not isinstance(value, list) or len(value) != len(reference):
            return [f"{where}: expected a list of {len(reference)}, got {value!r}"]
        return [
            p
            for i, (v, r) in enumerate(zip(value, reference, strict=True))
            for p in _differences(code, v, r, f"{path}[{i}]")
        ]
    if not isinstance(value, str):
        return [f"{where}: expected a str, got {type(value).__name__}"]
    assert isinstance(reference, str)  # the reference language is made of dicts, lists and str
    if _placeholders(value) != _placeholders(reference):
        return [
            f"{where}: placeholders {sorted(_placeholders(value))}, expected {sorted(_placeholders(reference))}"
        ]
    return []


def check_definition(code: str, definition: object, reference: Language) -> Language:
    """``definition`` if it has exactly the keys (list lengths, placeholders) of ``reference``;
    otherwise a ValueError listing every missing, extra or mismatched key, naming ``code``."""
    problems = _differences(code, definition, reference, "")
    if problems:
        raise ValueError("; ".join(problems))
    return definition  # type: ignore[return-value]


def _load() -> dict[str, Language]:
    reference: Language = import_module(f"{__name__}.{REFERENCE}").LANGUAGE
    return {
        code: check_definition(code, import_module(f"{__name__}.{code}").LANGUAGE, reference)
        for code in CODES
    }


DEFINITIONS: dict[str, Language] = _load()
"""Each language's definition by code, all checked against English at import."""
