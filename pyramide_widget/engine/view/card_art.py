"""The card art: both decks' faces and the back, as one inline SVG sprite per deck.

Interface for the front ends (the widget and :mod:`.html`):

* :func:`sprite` ``(deck)`` — an ``<svg>`` holding ``<defs>``: one ``<symbol>`` per face
  (viewBox ``0 0 250 350``, :data:`VIEWBOX`), the back and the shared pieces. Put it in the page
  once per deck (hidden, not ``display: none``) and draw a card with
  ``<svg viewBox="0 0 250 350"><use href="#ID"/></svg>``.
* :func:`face_id` ``(card, index_set)`` — ``pw-fr-KH``, ``pw-fr-10D``, ``pw-es-12O``…, and
  ``pw-fr-KH-fr`` for a face whose corners read otherwise in another index set of its deck (R
  for the king with French indices); :data:`BACK_ID`.
* :func:`top_id` ``(card)`` — the face as shown when a card lies over its lower half (a pyramid
  row, a column): the same card with only the marks that lie wholly above the middle, so no
  sliver of a pip shows between the cards on it.
* :data:`CARD_WIDTH`, :data:`CARD_HEIGHT` — the viewBox size; every card is 5:7 (:data:`ASPECT`).
* :func:`defs` ``(deck, ids)`` — only the pieces those ids need, for a standalone picture.

Ids start with ``pw-fr-`` or ``pw-es-`` (``pw-back`` is shared), so two decks can share a page.
A face is built from marks: ``<use>`` elements with ``x``, ``y``, ``width``, ``height`` (the
lower ones turned by ``rotate(180 …)``) and the index ``<text>``; a pip is one ``<use>`` of the
suit's pip. Colours come from :mod:`.palette`. Drawn for this project (MIT, like the code).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

from ..cards import FRENCH_DECK, Card, Deck, SpanishSuit, Suit
from .palette import ART, TABLE, ink

CARD_WIDTH, CARD_HEIGHT = 250, 350
"""A card's size in the units of its viewBox."""
VIEWBOX = f"0 0 {CARD_WIDTH} {CARD_HEIGHT}"
ASPECT = CARD_WIDTH / CARD_HEIGHT
"""Width over height: 5:7, a poker card's proportions, for both decks."""
MIDDLE = CARD_HEIGHT / 2
BACK_ID = "pw-back"
PAPER_ID = "pw-card"
FONT = 'font-family="Liberation Sans,Arial,Helvetica,DejaVu Sans,sans-serif" font-weight="bold"'

_NAMESPACE = {"French": "fr", "Spanish": "es"}
_FRENCH_RANKS = {1: "A", 11: "J", 12: "Q", 13: "K"}
_REF = re.compile(r'(?:href="#|url\(#)([\w-]+)')


def _n(value: float) -> str:
    """A coordinate, written short."""
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _prefix(deck: Deck) -> str:
    try:
        return "pw-" + _NAMESPACE[deck.name]
    except KeyError:
        raise ValueError(
            f"no card art for the {deck.name} deck: expected French or Spanish"
        ) from None


def _rank(card: Card) -> str:
    return (
        _FRENCH_RANKS.get(card.rank, str(card.rank))
        if isinstance(card.suit, Suit)
        else str(card.rank)
    )


def _other_index(card: Card, index_set: str) -> bool:
    """Whether ``card``'s corners read otherwise in the deck's index set ``index_set`` (a king
    is R with French indices) than in its English one."""
    deck = card.deck
    if index_set not in deck.indices:
        raise ValueError(f"no index set {index_set!r}: expected one of {', '.join(deck.indices)}")
    return deck.rank_text(card.rank, index_set) != deck.rank_text(card.rank)


def face_id(card: Card, index_set: str = "en") -> str:
    """The id of ``card``'s face in its deck's sprite: ``pw-fr-KH``, ``pw-es-12O``; with its
    corners in another index set where they read otherwise there, ``pw-fr-KH-fr`` (R)."""
    if not isinstance(card, Card):
        raise TypeError(f"expected a Card, got {type(card).__name__}")
    ident = f"{_prefix(card.deck)}-{_rank(card)}{card.suit.letter}"
    return f"{ident}-{index_set}" if _other_index(card, index_set) else ident


def top_id(card: Card, index_set: str = "en") -> str:
    """The id of ``card``'s face with only the marks of its upper half (see the module
    docstring)."""
    return face_id(card, index_set) + "-top"


# --------------------------------------------------------------------------------- building blocks


class _Mark:
    """One mark on a face: its markup and how far down it reaches."""

    def __init__(self, markup: str, bottom: float) -> None:
        self.markup = markup
        self.bottom = bottom


def _use(ref: str, x: float, y: float, w: float, h: float, *, turned: bool = False) -> _Mark:
    """A piece drawn in the box (x, y, w, h); ``turned`` rotates it half a turn in place."""
    turn = f' transform="rotate(180 {_n(x + w / 2)} {_n(y + h / 2)})"' if turned else ""
    return _Mark(
        f'<use href="#{ref}" x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}"{turn}/>',
        y + h,
    )


def _pip(ref: str, cx: float, cy: float, size: float, *, turned: bool = False) -> _Mark:
    return _use(ref, cx - size / 2, cy - size / 2, size, size, turned=turned)


def _flip(mark: _Mark) -> _Mark:
    """The mark turned half a turn about the card's centre: the bottom right index, the lower
    half of a court figure."""
    tag = re.match(r"<\w+", mark.markup)
    assert tag is not None and "transform=" not in mark.markup
    turn = f' transform="rotate(180 {CARD_WIDTH // 2} {_n(MIDDLE)})"'
    return _Mark(tag.group() + turn + mark.markup[tag.end() :], CARD_HEIGHT)


def _index(rank: str, colour: str, pip: str, pip_width: float, pip_height: float) -> list[_Mark]:
    """The corner index, top left and bottom right: the rank over a small pip."""
    size, cx, baseline = 62, 34, 62
    fit = f' textLength="{_n(0.8 * size)}" lengthAdjust="spacingAndGlyphs"'
    text = _Mark(
        f'<text x="{cx}" y="{baseline}" font-size="{size}" text-anchor="middle" fill="{colour}"'
        f"{fit if len(rank) > 1 else ''}>{rank}</text>",
        baseline + 0.3 * size,
    )
    small = _use(pip, cx - pip_width / 2, baseline + 10, pip_width, pip_height)
    return [text, small, _flip(text), _flip(small)]


def _symbol(ident: str, viewbox: str, body: str, extra: str = "") -> str:
    return f'<symbol id="{ident}" viewBox="{viewbox}"{extra}>{body}</symbol>'


def _card_symbols(ident: str, marks: list[_Mark], paper: str = PAPER_ID) -> list[str]:
    """A face and its top: the top holds the paper and the marks above the middle, the face the
    top and every other mark."""
    upper = [m.markup for m in marks if m.bottom <= MIDDLE]
    lower = [m.markup for m in marks if m.bottom > MIDDLE]
    whole = f'width="{CARD_WIDTH}" height="{CARD_HEIGHT}"'
    return [
        _symbol(f"{ident}-top", VIEWBOX, f'<use href="#{paper}"/>' + "".join(upper), " " + FONT),
        _symbol(ident, VIEWBOX, f'<use href="#{ident}-top" {whole}/>' + "".join(lower), " " + FONT),
    ]


def _paper() -> str:
    return (
        f'<rect id="{PAPER_ID}" x="1.5" y="1.5" width="247" height="347" rx="14" '
        f'fill="{TABLE["card"]}" stroke="{TABLE["card-edge"]}" stroke-width="3"/>'
    )


def _back() -> list[str]:
    """The back: a white border round a lattice of fine lines with rosettes, and a medallion."""
    ground, line = TABLE["back"], TABLE["back-line"]
    lattice = (
        '<pattern id="pw-back-lattice" width="30" height="30" patternUnits="userSpaceOnUse" '
        'x="125" y="175">'
        f'<rect width="30" height="30" fill="{ground}"/>'
        f'<path d="M0 0L30 30M30 0L0 30" stroke="{line}" stroke-width="2"/>'
        f'<circle cx="15" cy="15" r="4" fill="none" stroke="{line}" stroke-width="1.6"/>'
        f'<circle cx="0" cy="0" r="3" fill="{line}"/><circle cx="30" cy="0" r="3" fill="{line}"/>'
        f'<circle cx="0" cy="30" r="3" fill="{line}"/><circle cx="30" cy="30" r="3" fill="{line}"/>'
        "</pattern>"
    )
    petals = "".join(
        f'<ellipse cx="125" cy="140" rx="9" ry="30" transform="rotate({angle} 125 175)"/>'
        for angle in range(0, 360, 45)
    )
    body = (
        f'<use href="#{PAPER_ID}"/>'
        f'<rect x="15" y="15" width="220" height="320" rx="8" fill="url(#pw-back-lattice)"/>'
        f'<rect x="21" y="21" width="208" height="308" rx="5" fill="none" stroke="{line}" '
        'stroke-width="2.5"/>'
        f'<ellipse cx="125" cy="175" rx="58" ry="64" fill="{ground}" stroke="{line}" stroke-width="3"/>'
        f'<g fill="{ground}" stroke="{line}" stroke-width="2.5">{petals}</g>'
        f'<circle cx="125" cy="175" r="13" fill="{line}"/>'
        f'<circle cx="125" cy="175" r="6" fill="{ground}"/>'
    )
    return [lattice, _symbol(BACK_ID, VIEWBOX, body)]


# ------------------------------------------------------------------------------------ French deck

_FRENCH_PIPS = {
    Suit.HEARTS: (
        '<path d="M50 94C45 80 6 62 6 33C6 17 17 6 30 6C40 6 47 12 50 21C53 12 60 6 70 6'
        'C83 6 94 17 94 33C94 62 55 80 50 94Z"/>'
    ),
    Suit.DIAMONDS: '<path d="M50 3C60 22 72 37 86 50C72 63 60 78 50 97C40 78 28 63 14 50C28 37 40 22 50 3Z"/>',
    Suit.SPADES: (
        '<path d="M50 3C57 20 94 37 94 62C94 77 83 86 71 86C63 86 57 82 54 77C55 87 59 93 68 97'
        'H32C41 93 45 87 46 77C43 82 37 86 29 86C17 86 6 77 6 62C6 37 43 20 50 3Z"/>'
    ),
    Suit.CLUBS: (
        '<circle cx="50" cy="28" r="21"/><circle cx="27" cy="60" r="21"/>'
        '<circle cx="73" cy="60" r="21"/><circle cx="50" cy="52" r="12"/>'
        '<path d="M45 55H55L57 76C58 87 62 93 69 97H31C38 93 42 87 43 76Z"/>'
    ),
}

_LEFT, _CENTRE, _RIGHT = 90.0, 125.0, 160.0
_TOP, _BOTTOM = 66, 284


def _rows(count: int) -> list[float]:
    return [_TOP + (_BOTTOM - _TOP) * i / (count - 1) for i in range(count)]


def _french_layout(rank: int) -> list[tuple[float, float]]:
    """The classic pip positions of a number card (centres); those below the middle are drawn
    upside down."""
    three, four = _rows(3), _rows(4)
    columns: list[tuple[float, float]] = [
        (x, y) for x in (_LEFT, _RIGHT) for y in (three if rank in (6, 7, 8) else four)
    ]
    if rank == 2:
        return [(_CENTRE, _TOP), (_CENTRE, _BOTTOM)]
    if rank == 3:
        return [(_CENTRE, y) for y in three]
    if rank in (4, 5):
        corners: list[tuple[float, float]] = [
            (x, y) for x in (_LEFT, _RIGHT) for y in (_TOP, _BOTTOM)
        ]
        return corners + ([(_CENTRE, MIDDLE)] if rank == 5 else [])
    extra: list[tuple[float, float]] = {
        6: [],
        7: [(_CENTRE, (three[0] + three[1]) / 2)],
        8: [(_CENTRE, (three[0] + three[1]) / 2), (_CENTRE, (three[1] + three[2]) / 2)],
        9: [(_CENTRE, MIDDLE)],
        10: [(_CENTRE, (four[0] + four[1]) / 2), (_CENTRE, (four[2] + four[3]) / 2)],
    }[rank]
    return columns + extra


def _french_number(prefix: str, card: Card) -> list[_Mark]:
    pip = f"{prefix}-pip-{card.suit.letter}"
    if card.rank == 1:
        if card.suit is Suit.SPADES:  # the ace of spades, larger and ringed
            return [_pip(f"{prefix}-ring", _CENTRE, MIDDLE, 180), _pip(pip, _CENTRE, MIDDLE, 124)]
        return [_pip(pip, _CENTRE, MIDDLE, 112)]
    size = 56 if card.rank <= 6 else 52 if card.rank <= 8 else 48
    return [_pip(pip, x, y, size, turned=y > MIDDLE + 1) for x, y in _french_layout(card.rank)]


# Court figures: the upper half of a double-headed figure, drawn in card units inside the frame
# (x 18-232, y 18-175, less the corner the index takes). The lower half is the same turned.

_FRAME = "M68 18H232V175H18V124H68Z"
_FIGURE_BOX = (18, 18, 214, 157)
_COLOURS = {
    Suit.HEARTS: ("red", "blue", "yellow"),
    Suit.DIAMONDS: ("blue", "red", "yellow"),
    Suit.CLUBS: ("red", "yellow", "blue"),
    Suit.SPADES: ("blue", "yellow", "red"),
}
"""Each suit's court colours: the robe's two sides and its trim."""


def _a(name: str) -> str:
    return ART[name]


def _outline(width: float = 2.2) -> str:
    return f'stroke="{_a("line")}" stroke-width="{_n(width)}" stroke-linejoin="round"'


def _face(cx: float, cy: float) -> str:
    """Eyes, brows and nose of a face centred at (cx, cy); the oval itself is drawn first."""
    line = _a("line")
    return (
        f'<ellipse cx="{_n(cx)}" cy="{_n(cy)}" rx="19" ry="24" fill="{_a("skin")}" {_outline()}/>'
        f'<g fill="{line}"><ellipse cx="{_n(cx - 8)}" cy="{_n(cy - 3)}" rx="3" ry="2.2"/>'
        f'<ellipse cx="{_n(cx + 8)}" cy="{_n(cy - 3)}" rx="3" ry="2.2"/></g>'
        f'<path d="M{_n(cx - 14)} {_n(cy - 9)}q6 -4 11 -1M{_n(cx + 14)} {_n(cy - 9)}q-6 -4 -11 -1'
        f'M{_n(cx)} {_n(cy - 4)}v10l4 2" fill="none" stroke="{line}" stroke-width="2" '
        'stroke-linecap="round"/>'
    )


def _french_head(rank: int, colours: tuple[str, str, str]) -> str:
    """Hair, face and headgear: a crown and beard for the king, a crown and long hair for the
    queen, a feathered cap for the jack."""
    a, b, c = (_a(name) for name in colours)
    yellow, red, line = _a("yellow"), _a("red"), _a("line")
    cx, cy = 150, 88
    if rank == 13:
        hair = f'<path d="M126 72C120 92 124 112 134 120H166C176 112 180 92 174 72Z" fill="{yellow}" {_outline()}/>'
        beard = (
            f'<path d="M131 94C132 116 142 130 150 133C158 130 168 116 169 94C163 103 157 106 150 106'
            f'C143 106 137 103 131 94Z" fill="{yellow}" {_outline()}/>'
            f'<path d="M141 112v12M150 114v15M159 112v12" stroke="{_a("gold-dark")}" stroke-width="1.6"/>'
            f'<path d="M137 100C142 95 147 96 150 99C153 96 158 95 163 100C158 104 153 103 150 101'
            f'C147 103 142 104 137 100Z" fill="{yellow}" {_outline(1.6)}/>'
        )
        crown = (
            f'<path d="M126 66L120 32L136 48L150 24L164 48L180 32L174 66Z" fill="{yellow}" {_outline()}/>'
            f'<rect x="125" y="56" width="50" height="11" fill="{yellow}" {_outline()}/>'
            f'<circle cx="138" cy="61.5" r="3.5" fill="{red}"/><circle cx="150" cy="61.5" r="3.5" fill="{b}"/>'
            f'<circle cx="162" cy="61.5" r="3.5" fill="{red}"/>'
            f'<g fill="{yellow}" {_outline(1.6)}><circle cx="120" cy="32" r="4"/>'
            f'<circle cx="150" cy="24" r="4.5"/><circle cx="180" cy="32" r="4"/></g>'
        )
        return hair + _face(cx, cy) + beard + crown
    if rank == 12:
        veil = f'<path d="M118 70C106 96 108 132 114 146H186C192 132 194 96 182 70C170 52 130 52 118 70Z" fill="{b}" {_outline()}/>'
        hair = (
            f'<path d="M130 70C120 92 122 118 130 134L140 118C134 102 134 86 138 72Z" fill="{yellow}" {_outline()}/>'
            f'<path d="M170 70C180 92 178 118 170 134L160 118C166 102 166 86 162 72Z" fill="{yellow}" {_outline()}/>'
        )
        crown = (
            f'<path d="M131 66L128 40L140 52L150 34L160 52L172 40L169 66Z" fill="{yellow}" {_outline()}/>'
            f'<rect x="130" y="58" width="40" height="9" fill="{yellow}" {_outline()}/>'
            f'<circle cx="150" cy="62.5" r="3.5" fill="{red}"/>'
            f'<g fill="{yellow}" {_outline(1.6)}><circle cx="128" cy="40" r="3.5"/>'
            f'<circle cx="150" cy="34" r="4"/><circle cx="172" cy="40" r="3.5"/></g>'
        )
        mouth = f'<path d="M145 102q5 4 10 0q-5 -2 -10 0Z" fill="{red}" stroke="{line}" stroke-width="1.2"/>'
        return veil + _face(cx, cy) + hair + mouth + crown
    hair = (
        f'<path d="M132 70C122 92 124 112 132 124L140 110C135 98 135 86 139 74Z" fill="{yellow}" {_outline()}/>'
        f'<path d="M168 70C178 92 176 112 168 124L160 110C165 98 165 86 161 74Z" fill="{yellow}" {_outline()}/>'
    )
    cap = (
        f'<path d="M172 62C190 44 204 30 214 22C210 40 198 58 180 70Z" fill="{c}" {_outline(1.8)}/>'
        f'<path d="M122 68C118 48 136 36 154 37C174 38 186 50 180 68Z" fill="{a}" {_outline()}/>'
        f'<rect x="121" y="61" width="60" height="9" fill="{yellow}" {_outline()}/>'
    )
    mouth = f'<path d="M145 102q5 3 10 0" fill="none" stroke="{line}" stroke-width="2" stroke-linecap="round"/>'
    return _face(cx, cy) + hair + mouth + cap


_LEFT_HAND, _RIGHT_HAND = (98, 150), (202, 148)


def _french_robe(rank: int, colours: tuple[str, str, str]) -> tuple[str, str]:
    """Shoulders and chest (two coloured sides, a patterned band down the middle, a collar),
    then the arms (a sleeve in the other side's colour on each, and the hands), which go in
    front of what the figure holds."""
    a, b, c = (_a(name) for name in colours)
    white, line, yellow, skin = _a("white"), _a("line"), _a("yellow"), _a("skin")
    o = _outline()
    body = (
        f'<path d="M18 175V150C30 136 64 124 104 119L128 115L150 142V175Z" fill="{a}" {o}/>'
        f'<path d="M150 142L172 115L200 120C216 123 228 128 232 132V175Z" fill="{b}" {o}/>'
        f'<path d="M138 134H162V175H138Z" fill="{c}" {o}/>'
        f'<path d="M138 148l12 9l12 -9M138 164l12 9l12 -9" fill="none" stroke="{line}" stroke-width="2"/>'
        f'<g fill="{c}" {_outline(1.4)}><circle cx="62" cy="134" r="4"/><circle cx="84" cy="128" r="4"/>'
        '<circle cx="108" cy="128" r="4"/><circle cx="124" cy="146" r="4"/><circle cx="180" cy="128" r="4"/>'
        '<circle cx="214" cy="134" r="4"/></g>'
    )
    lx, ly = _LEFT_HAND
    rx, ry = _RIGHT_HAND
    arms = (
        f'<path d="M18 160C34 148 62 140 {lx - 6} {ly - 10}L{lx - 4} {ly + 8}C64 160 40 166 18 174Z" fill="{b}" {o}/>'
        f'<path d="M24 164C42 154 62 149 {lx - 6} {ly - 1}" fill="none" stroke="{c}" stroke-width="3.5"/>'
        f'<path d="M{lx - 14} {ly - 9}L{lx - 5} {ly - 11}L{lx - 3} {ly + 9}L{lx - 12} {ly + 9}Z" fill="{yellow}" {_outline(1.8)}/>'
        f'<path d="M232 150C224 144 216 {ry - 9} {rx + 6} {ry - 9}L{rx + 5} {ry + 8}C214 {ry + 10} 224 162 232 166Z" fill="{a}" {o}/>'
        f'<path d="M{rx + 14} {ry - 9}L{rx + 5} {ry - 10}L{rx + 4} {ry + 9}L{rx + 13} {ry + 9}Z" fill="{yellow}" {_outline(1.8)}/>'
        f'<g fill="{skin}" {_outline(1.8)}><ellipse cx="{lx}" cy="{ly}" rx="9" ry="7"/>'
        f'<ellipse cx="{rx}" cy="{ry}" rx="9" ry="7"/></g>'
    )
    if rank == 13:
        collar = (
            f'<path d="M106 118C120 132 180 132 194 118L190 136C172 146 128 146 110 136Z" fill="{white}" {o}/>'
            f'<g fill="{line}"><path d="M122 132l3 6l3 -6Z"/><path d="M148 136l3 6l3 -6Z"/>'
            '<path d="M174 132l3 6l3 -6Z"/></g>'
        )
    elif rank == 12:
        collar = (
            f'<path d="M116 122C128 136 172 136 184 122L182 132C170 144 130 144 118 132Z" fill="{yellow}" {o}/>'
            f'<g fill="{_a("red")}" {_outline(1.2)}><circle cx="134" cy="136" r="3"/><circle cx="150" cy="139" r="3.4"/>'
            '<circle cx="166" cy="136" r="3"/></g>'
        )
    else:
        collar = f'<path d="M118 120L150 140L182 120L186 132L150 150L114 132Z" fill="{white}" {o}/>'
    return body + collar, arms


def _item(kind: str, colours: tuple[str, str, str]) -> str:
    """What the figure holds, drawn before the figure so its hand grips it."""
    a, b, c = (_a(name) for name in colours)
    steel, yellow, red, leaf = _a("steel"), _a("yellow"), _a("red"), _a("leaf")

    def held(hand: tuple[int, int], angle: float, body: str) -> str:
        return f'<g transform="translate({hand[0]} {hand[1]}) rotate({angle})">{body}</g>'

    if kind == "sword":
        return held(
            _RIGHT_HAND,
            8,
            f'<path d="M-5 -8V-118L0 -128L5 -118V-8Z" fill="{steel}" {_outline(1.8)}/>'
            f'<path d="M-20 -10H20V-2H-20Z" fill="{yellow}" {_outline(1.8)}/>',
        )
    if kind == "axe":
        return held(
            _RIGHT_HAND,
            6,
            f'<path d="M-3 6V-112H3V6Z" fill="{_a("wood")}" {_outline(1.6)}/>'
            f'<path d="M3 -108C24 -118 34 -100 30 -80C20 -88 10 -90 3 -84Z" fill="{steel}" {_outline(1.8)}/>',
        )
    if kind == "orb":
        return held(
            _LEFT_HAND,
            0,
            f'<circle cy="-20" r="16" fill="{yellow}" {_outline()}/>'
            f'<path d="M-16 -20H16M0 -36V-4" stroke="{_a("line")}" stroke-width="1.6"/>'
            f'<path d="M0 -36V-50M-6 -44H6" stroke="{_a("line")}" stroke-width="3"/>',
        )
    if kind == "sceptre":
        return held(
            _RIGHT_HAND,
            4,
            f'<path d="M-3 10V-104H3V10Z" fill="{yellow}" {_outline(1.6)}/>'
            f'<circle cy="-110" r="9" fill="{b}" {_outline(1.8)}/>'
            f'<path d="M-9 -118L0 -134L9 -118Z" fill="{yellow}" {_outline(1.6)}/>',
        )
    if kind in ("rose", "tulip"):
        bloom = (
            f'<circle cy="-62" r="13" fill="{red}" {_outline(1.8)}/>'
            f'<circle cy="-62" r="6" fill="none" stroke="{_a("line")}" stroke-width="1.4"/>'
            if kind == "rose"
            else f'<path d="M-12 -74C-12 -58 -6 -50 0 -50C6 -50 12 -58 12 -74L6 -66L0 -78L-6 -66Z" fill="{a}" {_outline(1.8)}/>'
        )
        return held(
            _LEFT_HAND,
            -10,
            f'<path d="M0 0V-52" stroke="{leaf}" stroke-width="4"/>'
            f'<path d="M0 -26C10 -36 18 -34 22 -30C14 -24 8 -22 0 -26Z" fill="{leaf}" {_outline(1.2)}/>'
            + bloom,
        )
    if kind == "halberd":
        return held(
            _RIGHT_HAND,
            3,
            f'<path d="M-3 10V-118H3V10Z" fill="{_a("wood")}" {_outline(1.6)}/>'
            f'<path d="M0 -132L5 -114H-5Z" fill="{steel}" {_outline(1.6)}/>'
            f'<path d="M3 -112C18 -112 24 -100 22 -90L3 -94Z" fill="{steel}" {_outline(1.6)}/>'
            f'<path d="M-3 -108L-14 -100L-3 -100Z" fill="{steel}" {_outline(1.4)}/>',
        )
    if kind == "arrow":
        return held(
            _RIGHT_HAND,
            10,
            f'<path d="M-2 14V-104H2V14Z" fill="{_a("wood")}" {_outline(1.4)}/>'
            f'<path d="M0 -122L8 -102H-8Z" fill="{steel}" {_outline(1.6)}/>'
            f'<path d="M-2 14L-10 28V8ZM2 14L10 28V8Z" fill="{c}" {_outline(1.4)}/>',
        )
    # a feather, the jack of hearts' plume
    return held(
        _LEFT_HAND,
        -14,
        f'<path d="M0 0C-12 -30 -10 -60 4 -82C12 -60 12 -30 0 0Z" fill="{c}" {_outline(1.8)}/>'
        f'<path d="M0 0C0 -30 2 -56 4 -80" fill="none" stroke="{_a("line")}" stroke-width="1.4"/>',
    )


_ITEMS = {
    13: {Suit.HEARTS: "sword", Suit.DIAMONDS: "axe", Suit.CLUBS: "orb", Suit.SPADES: "sceptre"},
    12: {Suit.HEARTS: "rose", Suit.DIAMONDS: "tulip", Suit.CLUBS: "rose", Suit.SPADES: "sceptre"},
    11: {
        Suit.HEARTS: "feather",
        Suit.DIAMONDS: "halberd",
        Suit.CLUBS: "arrow",
        Suit.SPADES: "halberd",
    },
}


def _french_figure(prefix: str, card: Card) -> str:
    """The symbol of a court card's upper half: frame, figure and the suit's pip by the head."""
    assert isinstance(card.suit, Suit)
    colours = _COLOURS[card.suit]
    item = _item(_ITEMS[card.rank][card.suit], colours)
    robe, arms = _french_robe(card.rank, colours)
    body = (
        f'<path d="{_FRAME}" fill="{_a("white")}"/>'
        + robe
        + item
        + arms
        + _french_head(card.rank, colours)
        + f'<use href="#{prefix}-pip-{card.suit.letter}" x="76" y="26" width="34" height="34"/>'
        + f'<path d="{_FRAME}" fill="none" stroke="{_a("line")}" stroke-width="3"/>'
    )
    x, y, w, h = _FIGURE_BOX
    return _symbol(f"{face_id(card)}-figure", f"{x} {y} {w} {h}", body)


def _french_court(card: Card) -> list[_Mark]:
    x, y, w, h = _FIGURE_BOX
    ref = f"{face_id(card)}-figure"
    return [_use(ref, x, y, w, h), _flip(_use(ref, x, y, w, h))]


def _french_pieces(prefix: str) -> list[str]:
    """The four pips and the ace of spades' ring."""
    black = ink("black")
    ring = (
        f'<circle cx="50" cy="50" r="47" fill="none" stroke="{black}" stroke-width="2"/>'
        f'<circle cx="50" cy="50" r="43" fill="none" stroke="{black}" stroke-width="1.2" '
        'stroke-dasharray="1.5 2.5"/>'
    )
    return [
        _symbol(
            f"{prefix}-pip-{suit.letter}",
            "0 0 100 100",
            f'<g fill="{ink(suit.colour)}">{_FRENCH_PIPS[suit]}</g>',
        )
        for suit in Suit
    ] + [_symbol(f"{prefix}-ring", "0 0 100 100", ring)]


# ----------------------------------------------------------------------------------- Spanish deck


def _spanish_pips() -> dict[SpanishSuit, tuple[str, str]]:
    """Each Spanish suit's symbol: (viewBox, drawing)."""
    gold, dark, red, line = _a("gold"), _a("gold-dark"), _a("red"), _a("line")
    blue, steel, wood, wood_dark, leaf = (
        _a("blue"),
        _a("steel"),
        _a("wood"),
        _a("wood-dark"),
        _a("leaf"),
    )
    rays = "".join(
        f'<path d="M50 22L53 34H47Z" transform="rotate({angle} 50 50)"/>'
        for angle in range(0, 360, 45)
    )
    oros = (
        f'<circle cx="50" cy="50" r="46" fill="{gold}" stroke="{dark}" stroke-width="4"/>'
        f'<circle cx="50" cy="50" r="36" fill="none" stroke="{dark}" stroke-width="2.5"/>'
        f'<g fill="{dark}">{rays}</g>'
        f'<circle cx="50" cy="50" r="13" fill="{red}" stroke="{dark}" stroke-width="3"/>'
        f'<circle cx="50" cy="50" r="5" fill="{gold}"/>'
    )
    copas = (
        f'<path d="M10 12H70C70 42 60 58 47 62V76C47 82 56 86 62 96H18C24 86 33 82 33 76V62'
        f'C20 58 10 42 10 12Z" fill="{red}" stroke="{line}" stroke-width="3" stroke-linejoin="round"/>'
        f'<path d="M10 12H70V22H10Z" fill="{gold}" stroke="{line}" stroke-width="3"/>'
        f'<ellipse cx="40" cy="70" rx="11" ry="5" fill="{gold}" stroke="{line}" stroke-width="2.5"/>'
        f'<path d="M16 96H64V103H16Z" fill="{gold}" stroke="{line}" stroke-width="3"/>'
        f'<path d="M24 34C30 46 50 46 56 34" fill="none" stroke="{gold}" stroke-width="3"/>'
    )
    espadas = (
        f'<path d="M11 34V104L15 116L19 104V34Z" fill="{steel}" stroke="{blue}" stroke-width="2.5"/>'
        f'<path d="M15 38V104" stroke="{blue}" stroke-width="1.5"/>'
        f'<path d="M1 28C6 34 24 34 29 28L27 36H3Z" fill="{gold}" stroke="{line}" stroke-width="2"/>'
        f'<path d="M11 28V10H19V28Z" fill="{blue}" stroke="{line}" stroke-width="2"/>'
        f'<circle cx="15" cy="7" r="5" fill="{gold}" stroke="{line}" stroke-width="2"/>'
    )
    bastos = (
        f'<path d="M7 12C7 2 27 2 27 12L25 40C24 50 28 52 23 64L20 112C20 118 14 118 14 112'
        f'L12 64C7 52 11 48 9 40Z" fill="{wood}" stroke="{wood_dark}" stroke-width="2.5" stroke-linejoin="round"/>'
        f'<g fill="{wood_dark}"><ellipse cx="14" cy="24" rx="2.5" ry="4"/><ellipse cx="21" cy="46" rx="2.2" ry="3.5"/>'
        '<ellipse cx="15" cy="78" rx="2" ry="3.2"/></g>'
        f'<path d="M26 30C34 24 36 18 34 14C28 18 26 24 26 30ZM10 60C2 56 0 50 2 46C8 48 10 54 10 60Z" '
        f'fill="{leaf}" stroke="{wood_dark}" stroke-width="1.4"/>'
    )
    return {
        SpanishSuit.OROS: ("0 0 100 100", oros),
        SpanishSuit.COPAS: ("0 0 80 108", copas),
        SpanishSuit.ESPADAS: ("0 0 30 120", espadas),
        SpanishSuit.BASTOS: ("0 0 36 120", bastos),
    }


_ROUND = {  # oros and copas: (x, y) centres
    2: [(125, 96), (125, 254)],
    3: [(125, 72), (125, 175), (125, 278)],
    4: [(88, 92), (162, 92), (88, 258), (162, 258)],
    5: [(88, 84), (162, 84), (125, 175), (88, 266), (162, 266)],
    6: [(88, 72), (162, 72), (88, 175), (162, 175), (88, 278), (162, 278)],
    7: [(88, 68), (162, 68), (125, 120), (88, 175), (162, 175), (88, 282), (162, 282)],
    8: [(88, 66), (162, 66), (88, 136), (162, 136), (88, 214), (162, 214), (88, 284), (162, 284)],
    9: [(x, y) for y in (72, 175, 278) for x in (86, 125, 164)],
}
_LONG = {  # espadas and bastos: (x, y, angle) of long symbols
    2: [(125, 175, -24), (125, 175, 24)],
    3: [(125, 175, -26), (125, 175, 0), (125, 175, 26)],
    4: [(95, 175, -16), (95, 175, 16), (155, 175, -16), (155, 175, 16)],
    5: [(88, 175, -16), (88, 175, 16), (125, 175, 0), (162, 175, -16), (162, 175, 16)],
    6: [(x, y, a) for y in (100, 250) for x, a in ((92, -14), (125, 0), (158, 14))],
    7: [(x, y, a) for y in (100, 250) for x, a in ((92, -14), (125, 0), (158, 14))]
    + [(125, 175, 90)],
    8: [(x, y, a) for y in (96, 254) for x, a in ((80, -12), (110, -4), (140, 4), (170, 12))],
    9: [(x, y, a) for y in (80, 175, 270) for x, a in ((90, -12), (125, 0), (160, 12))],
}


def _spanish_number(
    prefix: str, card: Card, shapes: dict[SpanishSuit, tuple[str, str]]
) -> list[_Mark]:
    suit = card.suit
    assert isinstance(suit, SpanishSuit)
    pip = f"{prefix}-pip-{suit.letter}"
    vw, vh = (float(v) for v in shapes[suit][0].split()[2:])
    if card.rank == 1:
        height = 190 if suit in (SpanishSuit.ESPADAS, SpanishSuit.BASTOS) else 130
        width = height * vw / vh
        return [_use(pip, 125 - width / 2, MIDDLE - height / 2, width, height)]
    if suit in (SpanishSuit.OROS, SpanishSuit.COPAS):
        height = {2: 74, 3: 62, 4: 66, 5: 60, 6: 58, 9: 38}.get(card.rank, 50)
        width = height * vw / vh
        return [
            _use(pip, x - width / 2, y - height / 2, width, height) for x, y in _ROUND[card.rank]
        ]
    height = {2: 190, 3: 180, 4: 170, 5: 170, 6: 110, 7: 100, 8: 112}.get(card.rank, 88)
    width = height * vw / vh
    marks = []
    for x, y, angle in _LONG[card.rank]:
        mark = _use(pip, x - width / 2, y - height / 2, width, height)
        if angle:
            mark = _Mark(
                mark.markup.replace("/>", f' transform="rotate({angle} {_n(x)} {_n(y)})"/>'),
                y + height / 2 if abs(angle) < 1 else CARD_HEIGHT,
            )
        marks.append(mark)
    return marks


_PINTA_GAPS = {
    SpanishSuit.OROS: 0,
    SpanishSuit.COPAS: 1,
    SpanishSuit.ESPADAS: 2,
    SpanishSuit.BASTOS: 3,
}
"""The breaks in a Spanish card's frame line (la pinta) that tell its suit at a glance."""


def _pinta(prefix: str, suit: SpanishSuit) -> str:
    """The upper half of the frame line, broken in the middle of its top once per break."""
    gaps = _PINTA_GAPS[suit]
    left, right, top = 7, 243, 7
    if gaps:
        starts = [125 - (gaps * 14 - 4) / 2 + i * 14 for i in range(gaps)]
        edges = [left, *[v for s in starts for v in (s, s + 10)], right]
    else:
        edges = [left, right]
    top_line = "".join(f"M{_n(edges[i])} {top}H{_n(edges[i + 1])}" for i in range(0, len(edges), 2))
    body = (
        f'<path d="M{left} {_n(MIDDLE)}V{top + 10}Q{left} {top} {left + 10} {top}'
        f'M{right - 10} {top}Q{right} {top} {right} {top + 10}V{_n(MIDDLE)}" fill="none" '
        f'stroke="{ink(suit.colour)}" stroke-width="3"/>'
        f'<path d="{top_line.replace(f"M{left} {top}", f"M{left + 10} {top}").replace(f"H{right}", f"H{right - 10}")}" '
        f'stroke="{ink(suit.colour)}" stroke-width="3"/>'
    )
    return _symbol(f"{prefix}-pinta-{suit.letter}", f"0 0 {CARD_WIDTH} {_n(MIDDLE)}", body)


def _spanish_frame(prefix: str, suit: SpanishSuit) -> list[_Mark]:
    ref = f"{prefix}-pinta-{suit.letter}"
    return [_use(ref, 0, 0, CARD_WIDTH, MIDDLE), _flip(_use(ref, 0, 0, CARD_WIDTH, MIDDLE))]


_SPANISH_COLOURS = {
    SpanishSuit.OROS: ("red", "blue", "yellow"),
    SpanishSuit.COPAS: ("blue", "red", "yellow"),
    SpanishSuit.ESPADAS: ("yellow", "red", "blue"),
    SpanishSuit.BASTOS: ("red", "yellow", "blue"),
}


def _spanish_figure(prefix: str, card: Card) -> str:
    """A full-length figure (sota, caballo, rey) holding the suit's symbol, drawn in card
    units as a group; the card shows it in two halves."""
    suit = card.suit
    assert isinstance(suit, SpanishSuit)
    a, b, c = (_a(name) for name in _SPANISH_COLOURS[suit])
    skin, line, yellow, red = _a("skin"), _a("line"), _a("yellow"), _a("red")
    pip = f"{prefix}-pip-{suit.letter}"
    long = suit in (SpanishSuit.ESPADAS, SpanishSuit.BASTOS)
    o = _outline()

    def symbol_at(x: float, y: float, height: float) -> str:
        vw, vh = (float(v) for v in _spanish_pips()[suit][0].split()[2:])
        width = height * vw / vh
        return f'<use href="#{pip}" x="{_n(x - width / 2)}" y="{_n(y - height / 2)}" width="{_n(width)}" height="{_n(height)}"/>'

    def head(cx: float, cy: float, hat: str) -> str:
        return (
            f'<ellipse cx="{cx}" cy="{cy}" rx="15" ry="18" fill="{skin}" {o}/>'
            f'<g fill="{line}"><circle cx="{cx - 6}" cy="{cy - 2}" r="2"/><circle cx="{cx + 6}" cy="{cy - 2}" r="2"/></g>'
            f'<path d="M{cx} {cy}v7h3M{cx - 5} {cy + 11}q5 3 10 0" fill="none" stroke="{line}" stroke-width="1.8"/>'
            + hat
        )

    if card.rank == 12:  # rey: crowned, bearded, a long robe and a cape
        held = symbol_at(172, 150, 110 if long else 50)
        body = (
            f'<path d="M92 104L70 300H180L158 104C145 96 105 96 92 104Z" fill="{b}" {o}/>'
            f'<path d="M102 104L94 304H156L148 104Z" fill="{a}" {o}/>'
            f'<path d="M122 104V304M102 160H148" stroke="{yellow}" stroke-width="5"/>'
            f'<path d="M96 100C110 112 140 112 154 100L150 116C136 124 114 124 100 116Z" fill="{_a("white")}" {o}/>'
            f'<path d="M84 310H112V318H84ZM138 310H166V318H138Z" fill="{line}"/>'
            f'<path d="M150 116L172 150" stroke="{a}" stroke-width="14" stroke-linecap="round"/>'
            f'<ellipse cx="172" cy="154" rx="8" ry="7" fill="{skin}" {_outline(1.8)}/>'
            + head(
                125,
                78,
                f'<path d="M112 84C112 104 120 110 125 110C130 110 138 104 138 84C132 92 118 92 112 84Z" fill="{yellow}" {o}/>'
                f'<path d="M108 64L106 38L116 50L125 34L134 50L144 38L142 64Z" fill="{yellow}" {o}/>'
                f'<circle cx="125" cy="58" r="3.5" fill="{red}"/>',
            )
            + held
        )
    elif card.rank == 10:  # sota: a page in a tunic and hose
        held = symbol_at(168, 130, 110 if long else 50)
        body = (
            f'<path d="M106 212V300H118V212ZM132 212V300H144V212Z" fill="{c}" {o}/>'
            f'<path d="M100 300H120V310H96ZM130 300H150L154 310H130Z" fill="{line}"/>'
            f'<path d="M98 104L86 218H164L152 104C140 96 110 96 98 104Z" fill="{a}" {o}/>'
            f'<path d="M90 190H160" stroke="{yellow}" stroke-width="6"/>'
            f'<path d="M125 100V214" stroke="{b}" stroke-width="10"/>'
            f'<path d="M150 110L166 134" stroke="{a}" stroke-width="13" stroke-linecap="round"/>'
            f'<ellipse cx="168" cy="138" rx="8" ry="7" fill="{skin}" {_outline(1.8)}/>'
            + head(
                125,
                80,
                f'<path d="M108 72C106 56 118 48 128 48C140 48 148 58 144 72Z" fill="{b}" {o}/>'
                f'<path d="M140 60C150 50 158 46 164 44C160 52 152 60 144 66Z" fill="{yellow}" {_outline(1.6)}/>'
                f'<path d="M110 76C106 90 108 100 112 104M140 76C144 90 142 100 138 104" fill="none" stroke="{yellow}" stroke-width="6"/>',
            )
            + held
        )
    else:  # caballo: a rider on a horse
        horse, horse_dark = _a("horse"), _a("horse-dark")
        held = symbol_at(88, 92, 100 if long else 46)
        body = (
            f'<path d="M72 210C56 222 54 250 60 272" fill="none" stroke="{horse_dark}" stroke-width="10" stroke-linecap="round"/>'
            f'<path d="M86 234L82 270L88 298M104 240V300M150 240L154 270L148 300M166 234V298" fill="none" stroke="{line}" stroke-width="15" stroke-linejoin="round"/>'
            f'<path d="M86 234L82 270L88 296M104 240V298M150 240L154 270L148 298M166 234V296" fill="none" stroke="{horse}" stroke-width="10" stroke-linejoin="round"/>'
            f'<path d="M80 296H96V306H80ZM96 298H112V308H96ZM140 298H156V308H140ZM158 296H174V306H158Z" fill="{line}"/>'
            f'<ellipse cx="126" cy="218" rx="60" ry="30" fill="{horse}" {o}/>'
            f'<path d="M148 200C156 178 164 160 172 144L196 156C188 172 184 192 180 216Z" fill="{horse}" {o}/>'
            f'<path d="M170 150C170 134 184 126 196 132L216 160C220 168 212 176 204 172L186 162Z" fill="{horse}" {o}/>'
            f'<path d="M176 136L180 118L190 132Z" fill="{horse}" {_outline(1.8)}/>'
            f'<path d="M172 142C164 158 156 176 150 196" fill="none" stroke="{horse_dark}" stroke-width="8" stroke-linecap="round"/>'
            f'<circle cx="193" cy="146" r="3" fill="{line}"/>'
            f'<path d="M208 166L140 176" stroke="{red}" stroke-width="2.5"/>'
            f'<path d="M96 204H160V222H96Z" fill="{b}" {o}/>'
            f'<path d="M112 196L118 244H132L130 196Z" fill="{c}" {o}/>'
            f'<path d="M106 118L100 204H144L140 118C132 112 114 112 106 118Z" fill="{a}" {o}/>'
            f'<path d="M110 128L90 104" stroke="{a}" stroke-width="12" stroke-linecap="round"/>'
            f'<ellipse cx="88" cy="102" rx="7" ry="6" fill="{skin}" {_outline(1.8)}/>'
            + head(
                123,
                96,
                f'<path d="M104 88C102 68 114 62 124 62C136 62 146 70 142 88Z" fill="{c}" {o}/>'
                f'<path d="M100 86H146V92H100Z" fill="{yellow}" {_outline(1.6)}/>',
            )
            + held
        )
    return f'<g id="{face_id(card)}-figure">{body}</g>'


def _spanish_court(card: Card) -> list[_Mark]:
    """The figure in two symbols, above and below the middle, so a covered card keeps its top."""
    return [
        _use(f"{face_id(card)}-upper", 0, 0, CARD_WIDTH, MIDDLE),
        _use(f"{face_id(card)}-lower", 0, MIDDLE, CARD_WIDTH, MIDDLE),
    ]


def _spanish_halves(card: Card) -> list[str]:
    figure = f'<use href="#{face_id(card)}-figure"/>'
    return [
        _symbol(f"{face_id(card)}-upper", f"0 0 {CARD_WIDTH} {_n(MIDDLE)}", figure),
        _symbol(f"{face_id(card)}-lower", f"0 {_n(MIDDLE)} {CARD_WIDTH} {_n(MIDDLE)}", figure),
    ]


# ------------------------------------------------------------------------------------ the sprite


class _Sprite:
    """A deck's pieces by id, in the order they are written, and what each refers to."""

    def __init__(self, pieces: list[str]) -> None:
        self.pieces: dict[str, str] = {}
        for piece in pieces:
            ident = re.search(r'id="([\w-]+)"', piece)
            assert ident is not None
            self.pieces[ident.group(1)] = piece

    def needed(self, ids: Iterable[str]) -> list[str]:
        """The ids and every id they refer to, in sprite order."""
        wanted: set[str] = set()
        todo = list(ids)
        while todo:
            ident = todo.pop()
            if ident in wanted:
                continue
            if ident not in self.pieces:
                raise KeyError(f"no piece {ident!r} in the sprite")
            wanted.add(ident)
            todo.extend(_REF.findall(self.pieces[ident]))
        return [ident for ident in self.pieces if ident in wanted]


@cache
def _build(deck: Deck) -> _Sprite:
    prefix = _prefix(deck)
    pieces = [_paper(), *_back()]
    if deck is FRENCH_DECK:
        pieces += _french_pieces(prefix)
        for card in deck.cards():
            assert isinstance(card.suit, Suit)
            pip = f"{prefix}-pip-{card.suit.letter}"
            if card.rank > 10:
                pieces.append(_french_figure(prefix, card))
                marks = _french_court(card)
            else:
                marks = _french_number(prefix, card)
            # The face once for each index set its corners read otherwise in (K, and R).
            for index_set in ("en", *(i for i in deck.indices if _other_index(card, i))):
                index = _index(
                    deck.rank_text(card.rank, index_set), ink(card.suit.colour), pip, 30, 30
                )
                pieces += _card_symbols(face_id(card, index_set), index + marks)
        return _Sprite(pieces)
    shapes = _spanish_pips()
    pieces += [
        _symbol(f"{prefix}-pip-{suit.letter}", view, drawing)
        for suit, (view, drawing) in shapes.items()
    ]
    pieces += [_pinta(prefix, suit) for suit in SpanishSuit]
    for card in deck.cards():
        assert isinstance(card.suit, SpanishSuit)
        pip = f"{prefix}-pip-{card.suit.letter}"
        view_width, view_height = (float(v) for v in shapes[card.suit][0].split()[2:])
        height = 30 if view_width / view_height > 0.5 else 52
        marks = _spanish_frame(prefix, card.suit) + _index(
            str(card.rank), ink(card.suit.colour), pip, height * view_width / view_height, height
        )
        if card.rank >= 10:
            pieces.append(_spanish_figure(prefix, card))
            pieces += _spanish_halves(card)
            marks += _spanish_court(card)
        else:
            marks += _spanish_number(prefix, card, shapes)
        pieces += _card_symbols(face_id(card), marks)
    return _Sprite(pieces)


def defs(deck: Deck, ids: Iterable[str]) -> str:
    """A ``<defs>`` element with the pieces the ``ids`` of ``deck``'s sprite need."""
    built = _build(deck)
    return "<defs>" + "".join(built.pieces[i] for i in built.needed(ids)) + "</defs>"


@cache
def sprite(deck: Deck) -> str:
    """The deck's sprite: a hidden ``<svg>`` whose ``<defs>`` hold every face, the back and the
    pieces they share (see the module docstring)."""
    built = _build(deck)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0" aria-hidden="true" '
        f'style="position:absolute;width:0;height:0;overflow:hidden" data-deck="{deck.name}">'
        + defs(deck, built.pieces)
        + "</svg>"
    )
