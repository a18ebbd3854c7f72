"""Every string the widget shows, in English, French, Slovak, Vietnamese and Polish.

The engine's own messages ("The sum must be 13", ...) stay in :mod:`pyramide_widget.i18n`;
this table holds the rest of the widget: buttons, labels, banners, and the names of the cards
that screen readers speak ("queen of clubs, blocked"). The widget sends one language's table to
the front end when the language changes, never on each tap.

Standard library only, like the engine, so it can be tested and reused without a browser.
"""

from __future__ import annotations

from typing import Any

from .cards import FRENCH_DECK, SPANISH_DECK, Card, SpanishSuit, Suit, standard_deck
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
        "code_label": "Deal code or its 7 letters",
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
        "stuck_title": "Nothing more can be removed",
        "stuck_help": "No further pyramid card can be removed, however you draw. Start a new game?",
        "new_conflict": "{code} is a code of the {code_rules} rules, but {chosen} is chosen: choose {code_rules}, "
                        "or type only the letters {letters} to play this deal under {chosen}.",
        "free": "free",
        "blocked": "blocked",
        "selected": "selected",
        "card_state": "{card}, {state}",
        "card_of": "{rank} of {suit}",
        "stats": "Statistics",
        "stats_played": "Played",
        "stats_won": "Won",
        "stats_win_rate": "Win rate",
        "stats_best_time": "Best time",
        "stats_fewest_moves": "Fewest moves",
        "stats_ranking": "Best games won without help: time, then moves",
        "stats_rank": "Rank",
        "stats_date": "Date",
        "stats_none": "No finished game under these rules yet.",
        "stats_no_wins": "No game won without help under these rules yet.",
        "stats_error": "Statistics are unavailable: {error}",
        "stats_loading": "Loading…",
        "custom_layout": "custom layout",
        "close": "Close",
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
        "code_label": "Code de la donne ou ses 7 lettres",
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
        "stuck_title": "Plus rien ne peut être retiré",
        "stuck_help": "Aucune autre carte de la pyramide ne peut être retirée, quelles que soient les cartes tirées. Nouvelle partie ?",
        "new_conflict": "{code} est un code des règles « {code_rules} », mais les règles « {chosen} » sont choisies : "
                        "choisissez « {code_rules} », ou tapez seulement les lettres {letters} pour jouer cette donne "
                        "avec les règles « {chosen} ».",
        "free": "libre",
        "blocked": "bloquée",
        "selected": "sélectionnée",
        "card_state": "{card}, {state}",
        "card_of": "{rank} de {suit}",
        "stats": "Statistiques",
        "stats_played": "Jouées",
        "stats_won": "Gagnées",
        "stats_win_rate": "Taux de victoire",
        "stats_best_time": "Meilleur temps",
        "stats_fewest_moves": "Moins de coups",
        "stats_ranking": "Meilleures parties gagnées sans aide : temps, puis coups",
        "stats_rank": "Rang",
        "stats_date": "Date",
        "stats_none": "Aucune partie terminée avec ces règles pour l'instant.",
        "stats_no_wins": "Aucune partie gagnée sans aide avec ces règles pour l'instant.",
        "stats_error": "Statistiques indisponibles : {error}",
        "stats_loading": "Chargement…",
        "custom_layout": "donne personnalisée",
        "close": "Fermer",
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
        "code_label": "Kód rozdania alebo jeho 7 písmen",
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
        "stuck_title": "Už nemožno nič odobrať",
        "stuck_help": "Žiadnu ďalšiu kartu pyramídy už nemožno odobrať, nech ťaháte akokoľvek. Začať novú hru?",
        "new_conflict": "{code} je kód pravidiel „{code_rules}“, ale sú zvolené pravidlá „{chosen}“: zvoľte „{code_rules}“ "
                        "alebo zadajte len písmená {letters} a hrajte toto rozdanie s pravidlami „{chosen}“.",
        "free": "voľná",
        "blocked": "blokovaná",
        "selected": "vybraná",
        "card_state": "{card}, {state}",
        "card_of": "{suit} {rank}",
        "stats": "Štatistiky",
        "stats_played": "Odohrané",
        "stats_won": "Vyhrané",
        "stats_win_rate": "Úspešnosť",
        "stats_best_time": "Najlepší čas",
        "stats_fewest_moves": "Najmenej ťahov",
        "stats_ranking": "Najlepšie hry vyhrané bez pomoci: čas, potom ťahy",
        "stats_rank": "Poradie",
        "stats_date": "Dátum",
        "stats_none": "S týmito pravidlami zatiaľ nie je dohraná žiadna hra.",
        "stats_no_wins": "S týmito pravidlami zatiaľ nie je bez pomoci vyhraná žiadna hra.",
        "stats_error": "Štatistiky nie sú dostupné: {error}",
        "stats_loading": "Načítava sa…",
        "custom_layout": "vlastné rozdanie",
        "close": "Zavrieť",
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
        "code_label": "Mã ván chơi hoặc 7 chữ cái của mã",
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
        "stuck_title": "Không thể bỏ thêm lá nào nữa",
        "stuck_help": "Dù rút bài thế nào cũng không thể bỏ thêm lá nào khỏi kim tự tháp. Bắt đầu ván mới?",
        "new_conflict": "{code} là mã của luật “{code_rules}”, nhưng bạn đang chọn luật “{chosen}”: hãy chọn “{code_rules}”, "
                        "hoặc chỉ nhập các chữ cái {letters} để chơi ván này theo luật “{chosen}”.",
        "free": "tự do",
        "blocked": "bị chặn",
        "selected": "đang chọn",
        "card_state": "{card}, {state}",
        "card_of": "{rank} {suit}",
        "stats": "Thống kê",
        "stats_played": "Đã chơi",
        "stats_won": "Thắng",
        "stats_win_rate": "Tỉ lệ thắng",
        "stats_best_time": "Thời gian tốt nhất",
        "stats_fewest_moves": "Ít nước đi nhất",
        "stats_ranking": "Ván thắng hay nhất không nhờ trợ giúp: theo thời gian, rồi số nước đi",
        "stats_rank": "Hạng",
        "stats_date": "Ngày",
        "stats_none": "Chưa có ván nào kết thúc với luật này.",
        "stats_no_wins": "Chưa có ván nào thắng mà không nhờ trợ giúp với luật này.",
        "stats_error": "Không xem được thống kê: {error}",
        "stats_loading": "Đang tải…",
        "custom_layout": "ván tự xếp",
        "close": "Đóng",
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
        "code_label": "Kod rozdania lub jego 7 liter",
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
        "stuck_title": "Nic więcej nie można usunąć",
        "stuck_help": "Żadnej karty piramidy nie da się już usunąć, niezależnie od dobierania. Zacząć nową grę?",
        "new_conflict": "{code} to kod zasad „{code_rules}”, ale wybrano zasady „{chosen}”: wybierz „{code_rules}” "
                        "albo wpisz tylko litery {letters}, aby zagrać to rozdanie na zasadach „{chosen}”.",
        "free": "wolna",
        "blocked": "zablokowana",
        "selected": "wybrana",
        "card_state": "{card}, {state}",
        "card_of": "{rank} {suit}",
        "stats": "Statystyki",
        "stats_played": "Rozegrane",
        "stats_won": "Wygrane",
        "stats_win_rate": "Odsetek wygranych",
        "stats_best_time": "Najlepszy czas",
        "stats_fewest_moves": "Najmniej ruchów",
        "stats_ranking": "Najlepsze gry wygrane bez pomocy: czas, potem ruchy",
        "stats_rank": "Miejsce",
        "stats_date": "Data",
        "stats_none": "Brak zakończonych gier z tymi zasadami.",
        "stats_no_wins": "Brak gier wygranych bez pomocy z tymi zasadami.",
        "stats_error": "Statystyki są niedostępne: {error}",
        "stats_loading": "Wczytywanie…",
        "custom_layout": "własny układ",
        "close": "Zamknij",
    },
}

# Card names for screen readers, rank 1 (ace) to 13 (king) and suits in deck order ♣ ♦ ♥ ♠.
RANK_WORDS = {
    "en": ["ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king"],
    "fr": ["as", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix", "valet", "dame", "roi"],
    # Slovak as the app's rules page writes it: "kárová 7", "pikové eso", "krížová dáma", "srdcový kráľ".
    "sk": ["eso", "2", "3", "4", "5", "6", "7", "8", "9", "10", "dolník", "dáma", "kráľ"],
    # Vietnamese as the app's rules page writes it: "Át bích", "6 tép", "Bồi rô", "Đầm bích", "Già cơ".
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
SPANISH_FIGURES = {10: "sota", 11: "caballo", 12: "rey"}
"""A Spanish card is named in Spanish in every language ("rey de oros", "7 de copas"): its
suits have no names in the other languages."""

PRESET_NAMES = {
    "en": {"N": "Standard", "S": "Strict", "T": "Traditional", "P": "Par Pyramid", "R": "Relaxed Pyramid", "E": "Easy",
           "W": "Six Rows", "V": "Triangle", "F": "Face-down", "B": "Spanish"},
    "fr": {"N": "Standard", "S": "Stricte", "T": "Traditionnelle", "P": "Par Pyramid", "R": "Pyramide détendue", "E": "Facile",
           "W": "Six rangées", "V": "Triangle", "F": "Face cachée", "B": "Espagnole"},
    "sk": {"N": "Štandardné", "S": "Prísne", "T": "Tradičné", "P": "Par Pyramid", "R": "Voľnejšia pyramída", "E": "Ľahké",
           "W": "Šesť radov", "V": "Trojuholník", "F": "Rubom nahor", "B": "Španielske"},
    "vi": {"N": "Tiêu chuẩn", "S": "Nghiêm ngặt", "T": "Truyền thống", "P": "Par Pyramid", "R": "Kim tự tháp nới lỏng", "E": "Dễ",
           "W": "Sáu hàng", "V": "Tam giác", "F": "Úp bài", "B": "Tây Ban Nha"},
    "pl": {"N": "Standardowe", "S": "Ścisłe", "T": "Tradycyjne", "P": "Par Pyramid", "R": "Luźna piramida", "E": "Łatwe",
           "W": "Sześć rzędów", "V": "Trójkąt", "F": "Zakryte", "B": "Hiszpańska"},
}
CUSTOM_RULES_NAME = {"en": "Custom", "fr": "Personnalisées", "sk": "Vlastné", "vi": "Tùy chỉnh", "pl": "Własne"}

RANK_INDICES = {
    french: [FRENCH_DECK.rank_text(rank, "fr" if french else "en") for rank in range(1, FRENCH_DECK.ranks + 1)]
    for french in (False, True)
}
"""What the corner of a card shows: English indices (K/Q/J) or French ones (R/D/V), as the
deck writes them (:class:`~pyramide_widget.cards.Deck`)."""


def text(key: str, language: str, **values: object) -> str:
    """One UI string in ``language`` with its ``{placeholders}`` filled in."""
    return STRINGS[check_language(language)][key].format(**values)


def card_name(card: Card, language: str) -> str:
    """The spoken name of a card: "queen of clubs", "dame de trèfle", "krížová dáma"..."""
    language = check_language(language)
    if isinstance(card.suit, SpanishSuit):
        return f"{SPANISH_FIGURES.get(card.rank, str(card.rank))} de {card.suit.display_name}"
    rank = RANK_WORDS[language][card.rank - 1]
    suit = SUIT_WORDS[language][list(Suit).index(card.suit)]
    if language == "sk":
        suit += _SK_ENDINGS.get(card.rank, "á")
    return STRINGS[language]["card_of"].format(rank=rank, suit=suit)


def preset_name(letter: str, language: str) -> str:
    """A rules preset's name in ``language`` (``Custom`` for rules that match no preset). A
    preset not translated yet keeps its own name, so a new game needs no entry here to show."""
    language = check_language(language)
    if letter in PRESET_NAMES[language]:
        return PRESET_NAMES[language][letter]
    return PRESETS[letter].name if letter in PRESETS else CUSTOM_RULES_NAME[language]


def table_for(language: str, french_indices: bool = False) -> dict[str, Any]:
    """Everything static the front end needs to draw in ``language``: sent once per change."""
    language = check_language(language)
    return {
        "language": language,
        "strings": {
            **STRINGS[language],
            # The end banners use the engine's own words (docs/rules.md §8).
            "won_title": translate("won", language),
            "no_moves_title": translate("no_moves", language),
        },
        "cards": {str(card): card_name(card, language) for card in (*standard_deck(), *SPANISH_DECK.cards())},
        "ranks": list(RANK_INDICES[bool(french_indices)]),
        "presets": [{"letter": letter, "name": preset_name(letter, language)} for letter in PRESETS],
        "custom_rules": CUSTOM_RULES_NAME[language],
        "languages": [{"code": code, "name": LANGUAGE_NAMES[code]} for code in LANGUAGES],
    }
