"""Every string the widget shows, in English, French, Slovak, Vietnamese and Polish.

The engine's own messages ("The sum must be 13", ...) stay in :mod:`pyramide_widget.i18n`;
this table holds the rest of the widget: buttons, labels, banners, and the names of the cards
that screen readers speak ("queen of clubs, blocked"). The widget sends one language's table to
the front end when the language changes, never on each tap.

Standard library only, like the engine, so it can be tested and reused without a browser.
"""

from __future__ import annotations

from typing import Any

from .cards import Card, Suit, standard_deck
from .i18n import LANGUAGES, check_language, translate
from .rules import PRESETS

LANGUAGE_NAMES = {"en": "English", "fr": "Français", "sk": "Slovenčina", "vi": "Tiếng Việt", "pl": "Polski"}
"""Each language in its own words, as language pickers show them."""

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "table": "Pyramide table",
        "pyramid": "Pyramid",
        "stock": "Stock",
        "waste": "Waste",
        "stock_draw": "Stock, {n} cards: draw a card",
        "stock_recycle": "Empty stock: turn the waste over",
        "stock_empty": "Empty stock",
        "recycle": "Recycle",
        "waste_count": "{n} cards in the waste",
        "waste_empty": "Empty waste",
        "code": "Deal",
        "score": "Score",
        "moves": "Moves",
        "time": "Time",
        "copy": "Copy",
        "copied": "Copied",
        "undo": "Undo",
        "new": "New game",
        "restart": "Restart",
        "hint": "Hint",
        "replay": "Replay",
        "new_title": "New game",
        "code_label": "Deal code",
        "code_placeholder": "empty for a random deal",
        "rules_label": "Rules",
        "deal": "Deal",
        "cancel": "Cancel",
        "options": "Options",
        "explain": "Explain mistakes",
        "language": "Language",
        "indices": "Card indices",
        "won_detail": "Score {score} · Time {time} · Moves {moves}",
        "no_moves_help": "Undo, restart this deal or start a new game.",
        "first": "First",
        "previous": "Previous",
        "next": "Next",
        "last": "Last",
        "leave_replay": "Back to the game",
        "step": "Step {index} of {length}",
        "at_deal": "the deal",
        "replay_slider": "Replay step",
        "hint_move": "Hint: {move}",
        "hint_draw": "Hint: draw a card",
        "hint_recycle": "Hint: turn the waste over",
        "hint_none": "No hint: no move is possible",
        "free": "free",
        "blocked": "blocked",
        "selected": "selected",
        "card_state": "{card}, {state}",
        "card_of": "{rank} of {suit}",
    },
    "fr": {
        "table": "Table de Pyramide",
        "pyramid": "Pyramide",
        "stock": "Talon",
        "waste": "Défausse",
        "stock_draw": "Talon, {n} cartes : tirer une carte",
        "stock_recycle": "Talon vide : retourner la défausse",
        "stock_empty": "Talon vide",
        "recycle": "Retourner",
        "waste_count": "{n} cartes dans la défausse",
        "waste_empty": "Défausse vide",
        "code": "Donne",
        "score": "Score",
        "moves": "Coups",
        "time": "Temps",
        "copy": "Copier",
        "copied": "Copié",
        "undo": "Annuler",
        "new": "Nouvelle partie",
        "restart": "Recommencer",
        "hint": "Indice",
        "replay": "Revoir",
        "new_title": "Nouvelle partie",
        "code_label": "Code de la donne",
        "code_placeholder": "vide pour une donne au hasard",
        "rules_label": "Règles",
        "deal": "Distribuer",
        "cancel": "Annuler",
        "options": "Options",
        "explain": "Expliquer les erreurs",
        "language": "Langue",
        "indices": "Index des cartes",
        "won_detail": "Score {score} · Temps {time} · Coups {moves}",
        "no_moves_help": "Annulez, recommencez cette donne ou lancez une nouvelle partie.",
        "first": "Début",
        "previous": "Précédent",
        "next": "Suivant",
        "last": "Fin",
        "leave_replay": "Retour à la partie",
        "step": "Étape {index} sur {length}",
        "at_deal": "la donne",
        "replay_slider": "Étape du replay",
        "hint_move": "Indice : {move}",
        "hint_draw": "Indice : tirez une carte",
        "hint_recycle": "Indice : retournez la défausse",
        "hint_none": "Pas d'indice : aucun coup possible",
        "free": "libre",
        "blocked": "bloquée",
        "selected": "sélectionnée",
        "card_state": "{card}, {state}",
        "card_of": "{rank} de {suit}",
    },
    "sk": {
        "table": "Stôl hry Pyramide",
        "pyramid": "Pyramída",
        "stock": "Doberací balíček",
        "waste": "Odkladací balíček",
        "stock_draw": "Doberací balíček, {n} kariet: potiahnuť kartu",
        "stock_recycle": "Prázdny doberací balíček: otočiť odkladací balíček",
        "stock_empty": "Prázdny doberací balíček",
        "recycle": "Otočiť",
        "waste_count": "{n} kariet v odkladacom balíčku",
        "waste_empty": "Prázdny odkladací balíček",
        "code": "Rozdanie",
        "score": "Skóre",
        "moves": "Ťahy",
        "time": "Čas",
        "copy": "Kopírovať",
        "copied": "Skopírované",
        "undo": "Späť",
        "new": "Nová hra",
        "restart": "Začať znova",
        "hint": "Nápoveda",
        "replay": "Záznam",
        "new_title": "Nová hra",
        "code_label": "Kód rozdania",
        "code_placeholder": "prázdne pre náhodné rozdanie",
        "rules_label": "Pravidlá",
        "deal": "Rozdať",
        "cancel": "Zrušiť",
        "options": "Nastavenia",
        "explain": "Pomoc pri chybách",
        "language": "Jazyk",
        "indices": "Označenie kariet",
        "won_detail": "Skóre {score} · Čas {time} · Ťahy {moves}",
        "no_moves_help": "Vráťte ťah, začnite rozdanie znova alebo začnite novú hru.",
        "first": "Začiatok",
        "previous": "Predchádzajúci",
        "next": "Ďalší",
        "last": "Koniec",
        "leave_replay": "Späť do hry",
        "step": "Krok {index} z {length}",
        "at_deal": "rozdanie",
        "replay_slider": "Krok záznamu",
        "hint_move": "Nápoveda: {move}",
        "hint_draw": "Nápoveda: potiahnite kartu",
        "hint_recycle": "Nápoveda: otočte odkladací balíček",
        "hint_none": "Bez nápovedy: žiadny ťah nie je možný",
        "free": "voľná",
        "blocked": "blokovaná",
        "selected": "vybraná",
        "card_state": "{card}, {state}",
        "card_of": "{suit} {rank}",
    },
    "vi": {
        "table": "Bàn chơi Pyramide",
        "pyramid": "Kim tự tháp",
        "stock": "Chồng bài rút",
        "waste": "Chồng bài bỏ",
        "stock_draw": "Chồng bài rút, {n} lá: rút một lá",
        "stock_recycle": "Chồng bài rút trống: tái lập từ chồng bài bỏ",
        "stock_empty": "Chồng bài rút trống",
        "recycle": "Tái lập",
        "waste_count": "{n} lá trong chồng bài bỏ",
        "waste_empty": "Chồng bài bỏ trống",
        "code": "Ván",
        "score": "Điểm",
        "moves": "Nước đi",
        "time": "Thời gian",
        "copy": "Sao chép",
        "copied": "Đã sao chép",
        "undo": "Hoàn tác",
        "new": "Ván mới",
        "restart": "Chơi lại",
        "hint": "Gợi ý",
        "replay": "Xem lại",
        "new_title": "Ván mới",
        "code_label": "Mã ván chơi",
        "code_placeholder": "để trống để chia ngẫu nhiên",
        "rules_label": "Luật chơi",
        "deal": "Chia bài",
        "cancel": "Hủy",
        "options": "Tùy chọn",
        "explain": "Giải thích lỗi",
        "language": "Ngôn ngữ",
        "indices": "Ký hiệu lá bài",
        "won_detail": "Điểm {score} · Thời gian {time} · Nước đi {moves}",
        "no_moves_help": "Hãy hoàn tác, chơi lại ván này hoặc bắt đầu ván mới.",
        "first": "Đầu",
        "previous": "Trước",
        "next": "Sau",
        "last": "Cuối",
        "leave_replay": "Trở lại ván chơi",
        "step": "Bước {index} / {length}",
        "at_deal": "lúc chia bài",
        "replay_slider": "Bước xem lại",
        "hint_move": "Gợi ý: {move}",
        "hint_draw": "Gợi ý: rút một lá",
        "hint_recycle": "Gợi ý: tái lập chồng bài rút",
        "hint_none": "Không có gợi ý: không còn nước đi nào",
        "free": "tự do",
        "blocked": "bị chặn",
        "selected": "đang chọn",
        "card_state": "{card}, {state}",
        "card_of": "{rank} {suit}",
    },
    "pl": {
        "table": "Stół gry Pyramide",
        "pyramid": "Piramida",
        "stock": "Talia",
        "waste": "Stos odkrytych kart",
        "stock_draw": "Talia, {n} kart: dobierz kartę",
        "stock_recycle": "Pusta talia: odwróć stos odkrytych kart",
        "stock_empty": "Pusta talia",
        "recycle": "Odwróć",
        "waste_count": "{n} kart na stosie",
        "waste_empty": "Pusty stos",
        "code": "Rozdanie",
        "score": "Wynik",
        "moves": "Ruchy",
        "time": "Czas",
        "copy": "Kopiuj",
        "copied": "Skopiowano",
        "undo": "Cofnij",
        "new": "Nowa gra",
        "restart": "Od nowa",
        "hint": "Podpowiedź",
        "replay": "Powtórka",
        "new_title": "Nowa gra",
        "code_label": "Kod rozdania",
        "code_placeholder": "puste: losowe rozdanie",
        "rules_label": "Zasady",
        "deal": "Rozdaj",
        "cancel": "Anuluj",
        "options": "Opcje",
        "explain": "Wyjaśniaj błędy",
        "language": "Język",
        "indices": "Oznaczenia kart",
        "won_detail": "Wynik {score} · Czas {time} · Ruchy {moves}",
        "no_moves_help": "Cofnij ruch, zacznij to rozdanie od nowa lub rozpocznij nową grę.",
        "first": "Początek",
        "previous": "Poprzedni",
        "next": "Następny",
        "last": "Koniec",
        "leave_replay": "Powrót do gry",
        "step": "Krok {index} z {length}",
        "at_deal": "rozdanie",
        "replay_slider": "Krok powtórki",
        "hint_move": "Podpowiedź: {move}",
        "hint_draw": "Podpowiedź: dobierz kartę",
        "hint_recycle": "Podpowiedź: odwróć stos odkrytych kart",
        "hint_none": "Brak podpowiedzi: żaden ruch nie jest możliwy",
        "free": "wolna",
        "blocked": "zablokowana",
        "selected": "wybrana",
        "card_state": "{card}, {state}",
        "card_of": "{rank} {suit}",
    },
}

# Card names for screen readers, rank 1 (ace) to 13 (king) and suits in deck order ♣ ♦ ♥ ♠.
RANK_WORDS = {
    "en": ["ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king"],
    "fr": ["as", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix", "valet", "dame", "roi"],
    # Slovak as the seeds write it: "kárová 7", "pikové eso", "krížová dáma", "srdcový kráľ".
    "sk": ["eso", "2", "3", "4", "5", "6", "7", "8", "9", "10", "dolník", "dáma", "kráľ"],
    # Vietnamese as the seeds write it: "Át bích", "6 tép", "Bồi rô", "Đầm bích", "Già cơ".
    "vi": ["Át", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Bồi", "Đầm", "Già"],
    "pl": ["as", "dwójka", "trójka", "czwórka", "piątka", "szóstka", "siódemka", "ósemka", "dziewiątka",
           "dziesiątka", "walet", "dama", "król"],
}
SUIT_WORDS = {
    "en": ["clubs", "diamonds", "hearts", "spades"],
    "fr": ["trèfle", "carreau", "cœur", "pique"],
    "sk": ["krížov", "károv", "srdcov", "pikov"],  # adjective stems: the ending follows the rank's gender
    "vi": ["tép", "rô", "cơ", "bích"],
    "pl": ["trefl", "karo", "kier", "pik"],
}
_SK_ENDINGS = {1: "é", 11: "ý", 13: "ý"}  # eso is neuter, dolník and kráľ masculine, the rest feminine

PRESET_NAMES = {
    "en": {"N": "Standard", "S": "Strict", "T": "Traditional", "P": "Par Pyramid", "R": "Relaxed Pyramid", "E": "Easy"},
    "fr": {"N": "Standard", "S": "Stricte", "T": "Traditionnelle", "P": "Par Pyramid", "R": "Pyramide détendue", "E": "Facile"},
    "sk": {"N": "Štandardné", "S": "Prísne", "T": "Tradičné", "P": "Par Pyramid", "R": "Voľnejšia pyramída", "E": "Ľahké"},
    "vi": {"N": "Tiêu chuẩn", "S": "Nghiêm ngặt", "T": "Truyền thống", "P": "Par Pyramid", "R": "Kim tự tháp nới lỏng", "E": "Dễ"},
    "pl": {"N": "Standardowe", "S": "Ścisłe", "T": "Tradycyjne", "P": "Par Pyramid", "R": "Luźna piramida", "E": "Łatwe"},
}
CUSTOM_RULES_NAME = {"en": "Custom", "fr": "Personnalisées", "sk": "Vlastné", "vi": "Tùy chỉnh", "pl": "Własne"}

RANK_INDICES = {
    False: ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"],
    True: ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "V", "D", "R"],
}
"""What the corner of a card shows: English indices (K/Q/J) or French ones (R/D/V)."""


def text(key: str, language: str, **values: object) -> str:
    """One UI string in ``language`` with its ``{placeholders}`` filled in."""
    return STRINGS[check_language(language)][key].format(**values)


def card_name(card: Card, language: str) -> str:
    """The spoken name of a card: "queen of clubs", "dame de trèfle", "krížová dáma"..."""
    language = check_language(language)
    rank = RANK_WORDS[language][card.rank - 1]
    suit = SUIT_WORDS[language][list(Suit).index(card.suit)]
    if language == "sk":
        suit += _SK_ENDINGS.get(card.rank, "á")
    return STRINGS[language]["card_of"].format(rank=rank, suit=suit)


def preset_name(letter: str, language: str) -> str:
    """A rules preset's name in ``language`` (``Custom`` for rules that match no preset)."""
    return PRESET_NAMES[check_language(language)].get(letter, CUSTOM_RULES_NAME[language])


def table_for(language: str, french_indices: bool = False) -> dict[str, Any]:
    """Everything static the front end needs to draw in ``language``: sent once per change."""
    language = check_language(language)
    return {
        "language": language,
        "strings": {
            **STRINGS[language],
            # The end banners use the engine's own words (RULES.md §8).
            "won_title": translate("won", language),
            "no_moves_title": translate("no_moves", language),
        },
        "cards": {str(card): card_name(card, language) for card in standard_deck()},
        "ranks": list(RANK_INDICES[bool(french_indices)]),
        "presets": [{"letter": letter, "name": preset_name(letter, language)} for letter in PRESETS],
        "custom_rules": CUSTOM_RULES_NAME[language],
        "languages": [{"code": code, "name": LANGUAGE_NAMES[code]} for code in LANGUAGES],
    }
