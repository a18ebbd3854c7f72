"""The table's colours: the one place they are written.

:data:`TABLE` names the colours of the table and its cards, for the light theme; :data:`DARK`
the ones a dark theme changes. The static picture (:mod:`.html`) and the card art
(:mod:`.card_art`) read them here, and the widget receives them as CSS custom properties named
``--pw-<name>`` (:func:`stylesheet`, :func:`custom_properties`)::

    --pw-felt            the table's cloth          --pw-felt-shadow   its shaded edge
    --pw-felt-text       text on the cloth          --pw-outline       an empty place's outline
    --pw-card            a card's face              --pw-card-edge     its edge
    --pw-ink-red, --pw-ink-black                    French suits as printed on a card
    --pw-ink-gold, --pw-ink-red, --pw-ink-blue, --pw-ink-green
                         Spanish suits (oros, copas, espadas, bastos) as printed on a card
    --pw-text-red, --pw-text-black, --pw-text-gold, --pw-text-blue, --pw-text-green
                         the same suits written on the page around the table
    --pw-back, --pw-back-line, --pw-back-edge       a card's back: ground, pattern, border
    --pw-free-glow       the light around a free card
    --pw-selected        a selected card's ring    --pw-selected-face  its tinted face
    --pw-hint            a hinted card's ring       --pw-shadow         a card's cast shadow

A suit's colour is named by its deck (``Suit.colour``: ``red``, ``black``, ``gold``…);
:func:`ink` turns that name into the printed colour. :data:`ART` holds the court figures' and
Spanish suit symbols' own colours (the traditional red, blue, yellow and black of playing
cards), which only the card art uses. Standard library only.
"""

from __future__ import annotations

TABLE: dict[str, str] = {
    "felt": "#1f6b3d",
    "felt-shadow": "#0f4124",
    "felt-text": "#f1f6ee",
    "outline": "#9cc8a8",
    "card": "#fdfcf7",
    "card-edge": "#8e8c84",
    "ink-red": "#c3161c",
    "ink-black": "#1b1b1f",
    "ink-gold": "#9a5f00",
    "ink-blue": "#1d4aa3",
    "ink-green": "#23702b",
    "text-red": "#c3161c",
    "text-black": "#1b1b1f",
    "text-gold": "#9a5f00",
    "text-blue": "#1d4aa3",
    "text-green": "#23702b",
    "back": "#a3212b",
    "back-line": "#f4e3c1",
    "back-edge": "#fdfcf7",
    "free-glow": "#ffe37a",
    "selected": "#2f8cff",
    "selected-face": "#fff3b8",
    "hint": "#ff9800",
    "shadow": "#04160b",
}
"""The table's colours in the light theme, by name (the CSS property is ``--pw-<name>``)."""

DARK: dict[str, str] = {
    "felt": "#185631",
    "felt-shadow": "#0a2e19",
    "text-red": "#f07474",
    "text-black": "#e4e4e4",
    "text-gold": "#e5ad3a",
    "text-blue": "#8ab4ff",
    "text-green": "#66c56a",
    "selected": "#64b5f6",
}
"""The colours a dark theme changes; a card's face and inks stay those of a printed card."""

ART: dict[str, str] = {
    "red": "#d0242b",
    "blue": "#2b4f9e",
    "yellow": "#f2c230",
    "black": "#1b1b1f",
    "skin": "#fbe3c4",
    "white": "#fdfcf7",
    "line": "#1b1b1f",
    "gold": "#eab52f",
    "gold-dark": "#8a5300",
    "steel": "#c9d6e6",
    "wood": "#c98d45",
    "wood-dark": "#6b3d12",
    "leaf": "#3f9a3a",
    "horse": "#f3ede0",
    "horse-dark": "#7a5b3a",
}
"""The card art's own colours: court figures, Spanish suit symbols."""

DARK_THEMES = (
    'body[data-jp-theme-light="false"]',
    "body.vscode-dark",
    "body.vscode-high-contrast",
)
"""Where a dark theme is in use: JupyterLab and Notebook 7 mark the body, VS Code too."""


def ink(colour: str) -> str:
    """The printed colour of a suit colour a deck names (``red``, ``black``, ``gold``,
    ``blue``, ``green``)."""
    try:
        return TABLE[f"ink-{colour}"]
    except KeyError:
        raise ValueError(
            f"unknown suit colour {colour!r}: expected one of red, black, gold, blue, green"
        ) from None


def custom_properties(theme: str = "light") -> dict[str, str]:
    """The CSS custom properties of ``theme`` (``light`` or ``dark``): ``{"--pw-felt": ...}``."""
    if theme not in ("light", "dark"):
        raise ValueError(f"theme must be 'light' or 'dark', got {theme!r}")
    colours = TABLE if theme == "light" else {**TABLE, **DARK}
    return {f"--pw-{name}": value for name, value in colours.items()}


def stylesheet(root: str) -> str:
    """CSS that sets the custom properties on the elements ``root`` selects, with the dark
    theme's values under :data:`DARK_THEMES`."""
    light = "".join(f"{name}:{value};" for name, value in custom_properties("light").items())
    dark = "".join(f"--pw-{name}:{value};" for name, value in DARK.items())
    dark_roots = ",".join(f"{theme} {root}" for theme in DARK_THEMES)
    return f"{root}{{{light}}}\n{dark_roots}{{{dark}}}\n"
