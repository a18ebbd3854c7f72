"""The widget's standard-library helpers: the engine's observer hook, the static HTML/SVG table,
the UI strings in five languages, and the JS test fixtures made from the real Python side."""

from __future__ import annotations

import copy
import pickle
import re
import string

import pytest
import widget_fixtures
from layouts import r5_game

from pyramide_widget.engine.cards import SPANISH_DECK, standard_deck
from pyramide_widget.engine.errors import IllegalMoveError
from pyramide_widget.engine.game import Game
from pyramide_widget.engine.i18n import LANGUAGES
from pyramide_widget.engine.languages import DEFINITIONS
from pyramide_widget.engine.rules import PRESETS
from pyramide_widget.engine.view.palette import TABLE
from pyramide_widget.widget.ui_text import card_name, preset_name, table_for, text

# ---------------------------------------------------------------- Game.observe


def test_observers_hear_each_public_change_once():
    game = r5_game()
    seen: list[int] = []
    stop = game.observe(lambda g: seen.append(g.moves))
    game.tap("pyramid", 7, 6)  # a tap that plays a king: one notification, after the move
    game.tap("pyramid", 7, 2)  # a tap that only selects
    game.deselect()
    game.play("draw")
    game.undo()
    game.undo()  # nothing to undo: the message changes, still one notification
    game.restart()
    assert seen == [1, 1, 1, 2, 2, 2, 0]
    with pytest.raises(IllegalMoveError):
        game.play("Q♣")  # illegal: the game is unchanged, observers are still told (cheap)
    stop()
    game.play("draw")
    assert len(seen) == 8
    stop()  # stopping twice is harmless


@pytest.mark.parametrize("callback", [None, 5, "redraw"])
def test_an_observer_that_is_not_a_function_is_refused_at_once(callback):
    # Before, observe(None) was accepted and failed at the next move, after the move was applied.
    game = r5_game()
    with pytest.raises(TypeError, match="a function of the game"):
        game.observe(callback)
    game.play("draw")  # nothing was registered
    assert game.moves == 1


def test_a_failing_observer_does_not_skip_the_others_and_the_change_stands():
    game = r5_game()
    seen: list[tuple[str, int]] = []

    def broken(g):
        seen.append(("broken", g.moves))
        raise RuntimeError("the observer's own bug")

    game.observe(lambda g: seen.append(("first", g.moves)))
    game.observe(broken)
    game.observe(lambda g: seen.append(("last", g.moves)))
    with pytest.raises(RuntimeError, match="the observer's own bug"):
        game.play("draw")
    # every observer heard the change, once, after it was complete; the move stands
    assert seen == [("first", 1), ("broken", 1), ("last", 1)]
    assert game.moves == 1 and game.actions[-1] == "draw"
    assert Game.replay(game.record()).position() == game.position()
    seen.clear()
    with pytest.raises(RuntimeError):
        game.undo()  # the next call notifies as usual
    assert seen == [("first", 1), ("broken", 1), ("last", 1)] and game.action_count == 2


def test_action_count_is_the_length_of_the_action_log():
    game = r5_game()
    assert game.action_count == 0
    game.play("draw")
    game.play("K♦")
    game.undo()
    game.tap("pyramid", 7, 2)  # a selection is not an action
    assert game.action_count == len(game.actions) == 3
    game.restart()
    assert game.action_count == 0


def test_observers_are_not_copied_or_pickled():
    game = r5_game()
    game.observe(lambda g: None)
    for clone in (copy.deepcopy(game), copy.copy(game), pickle.loads(pickle.dumps(game))):
        assert clone._observers == [] and clone is not game
        clone.play("K♦")
        assert clone.score == 10
    assert len(game._observers) == 1 and game.score == 0


# ---------------------------------------------------------------- static HTML / SVG


def test_game_renders_without_javascript():
    game = r5_game()
    game.play("K♦")
    game.tap("pyramid", 7, 2)
    svg = game._repr_svg_()
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert "<script" not in svg
    cards = re.findall(r'data-card="([^"]+)" data-free="(true|false)"', svg)
    assert len(cards) == 27 + 1  # 27 left in the pyramid, the waste top
    free = {c for c, f in cards if f == "true"}
    assert free == {"7♣", "10♣", "3♥", "4♥", "3♠", "7♠", "7♦"}
    assert TABLE["free-glow"] in svg  # the glow of free cards
    assert TABLE["selected"] in svg  # the ring of the selected 10♣
    html = game._repr_html_()
    assert "score 10, moves 1" in html and svg in html


def test_static_html_escapes_and_shows_the_message():
    game = r5_game(language="fr")
    game.tap("pyramid", 6, 1)
    assert "Cette carte est bloquée par une autre carte" in game._repr_html_()


# ---------------------------------------------------------------- UI strings


# The plural categories (Unicode CLDR, as Intl.PluralRules gives them) a count of cards falls
# in, by language: "1 card", "2 karty", "5 kariet", "5 kart".
PLURALS = {
    "en": {"one", "other"},
    "fr": {"one", "other"},
    "sk": {"one", "few", "other"},
    "pl": {"one", "few", "many", "other"},
    "vi": set(),
}


@pytest.mark.parametrize("key", ["stock_draw", "waste_count"])
def test_a_count_of_cards_has_a_word_for_each_plural_form_of_each_language(key):
    for language, categories in PLURALS.items():
        value = DEFINITIONS[language]["strings"][key]
        words = re.findall(r"\{n\|([^}]*)\}", value)
        forms = {form.split(":")[0] for word in words for form in word.split("|")}
        assert forms >= categories and ("other" in forms or not words), (language, value)


def test_every_language_has_every_string_with_the_same_placeholders():
    strings = {language: DEFINITIONS[language]["strings"] for language in LANGUAGES}
    keys = set(strings["en"])
    fields = {
        key: {f.split("|")[0] for _, f, _, _ in string.Formatter().parse(strings["en"][key]) if f}
        for key in keys
    }
    for language in LANGUAGES:
        assert set(strings[language]) == keys, language
        for key in keys:
            value = strings[language][key]
            assert value.strip(), (language, key)
            assert {
                f.split("|")[0] for _, f, _, _ in string.Formatter().parse(value) if f
            } == fields[key], (
                language,
                key,
            )


def test_every_visible_string_differs_from_english_where_it_should():
    # Proof that the tables are translated, not copied: most strings differ from English.
    for language in ("fr", "sk", "vi", "pl"):
        english, strings = DEFINITIONS["en"]["strings"], DEFINITIONS[language]["strings"]
        same = [k for k in english if strings[k] == english[k]]
        assert len(same) <= 6, (language, same)


@pytest.mark.parametrize(
    ("language", "card", "name"),
    [
        ("en", "Q♣", "queen of clubs"),
        ("en", "10♦", "ten of diamonds"),
        ("fr", "Q♣", "dame de trèfle"),
        ("fr", "A♥", "as de cœur"),
        ("sk", "Q♣", "krížová dáma"),
        ("sk", "A♠", "pikové eso"),
        ("sk", "K♥", "srdcový kráľ"),
        ("sk", "7♦", "kárová 7"),
        ("sk", "J♦", "kárový dolník"),
        ("vi", "K♥", "Già cơ"),
        ("vi", "A♠", "Át bích"),
        ("vi", "6♣", "6 tép"),
        ("pl", "Q♣", "dama trefl"),
        ("pl", "K♥", "król kier"),
    ],
)
def test_card_names_as_the_seeds_write_them(language, card, name):
    from pyramide_widget import parse_card

    assert card_name(parse_card(card), language) == name


def test_card_names_are_distinct_and_the_table_is_complete():
    for language in LANGUAGES:
        table = table_for(language)
        every_card = standard_deck() + SPANISH_DECK.cards()  # both decks a table may use
        assert len(set(table["cards"].values())) == len(every_card) == 100
        assert set(table["cards"]) == {str(c) for c in every_card}
        assert [p["letter"] for p in table["presets"]] == list(PRESETS)
        assert table["strings"]["won_title"] and table["strings"]["no_moves_title"]
    assert table_for("en")["strings"]["no_moves_title"] == "No more moves possible"
    assert "ranks" not in table_for("en")  # the snapshot's deck carries the indices
    assert preset_name("X", "fr") == "Personnalisées"
    assert text("step", "sk", index=2, length=5) == "Krok 2 z 5 (ťahy a vrátenia)"


# ---------------------------------------------------------------- JS fixtures


def test_js_fixtures_are_current():
    """``npm test`` draws these states; they must be what the widget really sends.
    Regenerate with ``python tests/widget_fixtures.py``."""
    for name, value in widget_fixtures.build().items():
        path = widget_fixtures.FIXTURES / name
        assert path.read_text(encoding="utf-8") == widget_fixtures.dump(value), f"{name} is stale"


def test_game_of_the_fixtures_is_the_seed_layout():
    state = widget_fixtures.build()["r5_start.json"]
    assert [c["card"] for c in state["pyramid"][:3]] == ["J♦", "6♣", "7♥"]
