"""Each language is one definition in one module: all five have the same shape as
English, and a language that lacks or adds a key is refused, naming the language and the key."""

from __future__ import annotations

import copy
import re
import sys
import types

import pytest

from pyramide_widget.engine import languages
from pyramide_widget.engine.i18n import LANGUAGES, translate
from pyramide_widget.engine.languages import DEFINITIONS, check_definition
from pyramide_widget.engine.rules import PRESETS
from pyramide_widget.widget.ui_text import card_name, table_for


def _shape(value: object) -> object:
    """The keys of a definition all the way down (list lengths for lists), without its words."""
    if isinstance(value, dict):
        return {key: _shape(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_shape(item) for item in value]
    return type(value).__name__


def test_all_five_languages_define_exactly_the_keys_english_defines():
    assert LANGUAGES == ("en", "fr", "sk", "vi", "pl") == tuple(DEFINITIONS)
    english = _shape(DEFINITIONS["en"])
    assert {
        "name",
        "messages",
        "strings",
        "rank_words",
        "suit_words",
        "suit_endings",
        "presets",
        "custom_rules",
    } == set(english)
    for language in LANGUAGES:
        shape = _shape(DEFINITIONS[language])
        assert isinstance(shape, dict) and set(shape) == set(english), language
        assert {k: v for k, v in shape.items() if k != "presets"} == {
            k: v for k, v in english.items() if k != "presets"
        }, language


def test_english_preset_names_are_written_once_in_the_presets():
    assert DEFINITIONS["en"]["presets"] == {}
    names = {item["letter"]: item["name"] for item in table_for("en")["presets"]}
    assert names == {letter: preset.name for letter, preset in PRESETS.items()}
    for language in LANGUAGES:
        assert set(DEFINITIONS[language]["presets"]) <= set(PRESETS), language


def test_each_language_module_is_where_its_words_come_from():
    from pyramide_widget.engine.languages import sk, vi

    assert DEFINITIONS["sk"] is sk.LANGUAGE and DEFINITIONS["vi"] is vi.LANGUAGE
    assert translate("sum", "vi", target=13) == "Tổng phải bằng 13"
    assert table_for("sk")["strings"]["undo"] == sk.LANGUAGE["strings"]["undo"] == "Späť"


@pytest.mark.parametrize(
    ("break_it", "named"),
    [
        (lambda d: d["strings"].pop("undo"), "language 'fr', strings: missing key 'undo'"),
        (lambda d: d["messages"].pop("sum"), "language 'fr', messages: missing key 'sum'"),
        (lambda d: d.pop("custom_rules"), "language 'fr': missing key 'custom_rules'"),
        (
            lambda d: d["strings"].update(shout="!"),
            "language 'fr', strings: key 'shout' is not in 'en'",
        ),
        (lambda d: d["rank_words"].pop(), "language 'fr', rank_words: expected a list of 13"),
        (
            lambda d: d["presets"].update(Q="Quelconque"),
            "language 'fr', presets: key 'Q' is not a preset letter",
        ),
        (
            lambda d: d["strings"].update(step="Étape {index}"),
            "language 'fr', strings.step: placeholders ['index'], expected ['index', 'length']",
        ),
    ],
)
def test_a_language_missing_or_adding_a_key_is_refused_naming_it(break_it, named):
    broken = copy.deepcopy(DEFINITIONS["fr"])
    break_it(broken)
    with pytest.raises(ValueError, match=re.escape(named)):
        check_definition("fr", broken, DEFINITIONS["en"])


def test_a_new_language_module_with_a_missing_key_stops_the_import(monkeypatch):
    # What adding a language is: one module named by its code, listed in CODES.
    incomplete = copy.deepcopy(DEFINITIONS["en"])
    del incomplete["strings"]["hint"]
    module = types.ModuleType("pyramide_widget.engine.languages.xx")
    module.LANGUAGE = incomplete  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, module.__name__, module)
    monkeypatch.setattr(languages, "CODES", (*languages.CODES, "xx"))
    with pytest.raises(ValueError, match=re.escape("language 'xx', strings: missing key 'hint'")):
        languages._load()
    incomplete["strings"]["hint"] = "Tip"
    assert languages._load()["xx"] is incomplete


def test_slovak_suits_agree_with_the_rank_from_its_own_definition():
    from pyramide_widget import parse_card

    endings = DEFINITIONS["sk"]["suit_endings"]
    assert (endings[0], endings[6], endings[10], endings[12]) == ("é", "á", "ý", "ý")
    assert [card_name(parse_card(c), "sk") for c in ("A♠", "7♦", "J♦", "K♥")] == [
        "pikové eso",
        "kárová 7",
        "kárový dolník",
        "srdcový kráľ",
    ]


# A button or menu named in the docs or the example notebooks, as *Name* or **Name** before
# "button" or "menu".
NAMED_CONTROL = re.compile(r"\*\*?([A-Z][\w' …]{1,30}?)\*\*? (?:button|menu)")


def test_buttons_named_in_the_docs_and_notebooks_are_labelled_so_in_the_widget():
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    english = DEFINITIONS["en"]["strings"]
    labels = {value for value in english.values() if isinstance(value, str)}
    pages = [root / "README.md", *root.glob("docs/**/*.md"), *root.glob("examples/*.ipynb")]
    named = {
        (page.relative_to(root).as_posix(), name)
        for page in pages
        if "_build" not in page.parts
        for name in NAMED_CONTROL.findall(page.read_text(encoding="utf-8"))
    }
    assert ("examples/replay_and_score_curves.ipynb", "Back to the game") in named
    notebook_own = {"Run"}  # JupyterLab's menu, named in the teaching pages
    assert not {(page, name) for page, name in named if name not in labels | notebook_own}
