"""The ``pyramide`` directive: a live, playable table in a page.

The table is a JupyterLite REPL of the site's own JupyterLite in an ``<iframe>``, running
``w = PyramideWidget(...)`` with its code hidden; ``pyramide-lite.js`` fits the frame to the
table and, with ``:start: button``, starts it only when the reader presses the button over the
deal's static picture.
"""

from __future__ import annotations

import html
from typing import Any, ClassVar
from urllib.parse import urlencode

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util.docutils import SphinxDirective
from sphinx.util.osutil import relative_uri

from ..engine.deal import DealCode
from ..engine.errors import PyramideError
from ..engine.game import Game
from ..engine.rules import Rules, describe_presets

STARTS = ("open", "button")
POSTERS = ("picture", "none")
DEFAULT_BUTTON = "Play"
REPL_PAGE = "repl/index.html"


class pyramide_table(nodes.General, nodes.Element):  # a node class is named in lower case
    """A live table; its attributes are the directive's, checked."""


def python_code(deal: str | None) -> str:
    """What the REPL runs: the widget, bound to ``w``, as the last value (so it is shown)."""
    if deal is None:
        make = "PyramideWidget()"
    elif len(deal) == 1:
        make = f"PyramideWidget(rules={deal!r})"
    else:
        make = f"PyramideWidget({deal!r})"
    return f"from pyramide_widget import PyramideWidget\nw = {make}\nw"


def check_deal(text: str) -> str:
    """A deal code (normalised) or a preset letter (upper case); raises ``PyramideError``."""
    text = text.strip()
    if len(text) == 1:
        Rules.preset(text)
        return text.upper()
    return str(DealCode.parse(text))


def repl_query(code: str) -> str:
    """The REPL's address parameters: the Pyodide kernel, the code run at once with its input
    hidden, no banner (and no toolbar: the REPL shows one only when ``toolbar`` is given)."""
    return urlencode({"kernel": "python", "showBanner": "0", "hideCodeInput": "1", "code": code})


def _height(text: str) -> int:
    value = directives.nonnegative_int(text.removesuffix("px"))
    if not 200 <= value <= 3000:
        raise ValueError(f"a height in pixels from 200 to 3000, got {text!r}")
    return value


def _start(text: str) -> str:
    return str(directives.choice(text, STARTS))


def _poster(text: str) -> str:
    return str(directives.choice(text, POSTERS))


class PyramideDirective(SphinxDirective):
    """``.. pyramide:: [CODE or LETTER]`` with ``:start: open|button``, ``:height: PIXELS``,
    ``:button: TEXT`` and ``:poster: picture|none`` (what shows before the button is pressed:
    the deal's static picture, or the button alone)."""

    optional_arguments = 1
    final_argument_whitespace = False
    option_spec: ClassVar[dict[str, Any]] = {
        "start": _start,
        "height": _height,
        "button": directives.unchanged_required,
        "poster": _poster,
    }

    def run(self) -> list[nodes.Node]:
        deal = None
        if self.arguments:
            try:
                deal = check_deal(self.arguments[0])
            except PyramideError as error:
                raise self.error(
                    f"pyramide: expected a deal code such as PY1-N-AAAAAAS or a preset letter "
                    f"({describe_presets()}), got {self.arguments[0]!r}: {error}"
                ) from None
        start = self.options.get("start", "open")
        picture = start == "button" and self.options.get("poster", "picture") == "picture"
        # The deal's static picture shows until the button starts the live table.
        poster = Game.from_code(deal)._repr_svg_() if picture and deal and len(deal) > 1 else ""
        node = pyramide_table(
            code=python_code(deal),
            deal=deal or "",
            start=start,
            height=self.options.get("height"),
            button=self.options.get("button", DEFAULT_BUTTON),
            poster=poster,
        )
        self.set_source_info(node)
        return [node]


def visit_html(translator: Any, node: pyramide_table) -> None:
    builder = translator.builder
    lite = builder.config.pyramide_lite_dir.strip("/")
    here = builder.get_target_uri(builder.current_docname)
    src = f"{relative_uri(here, f'{lite}/{REPL_PAGE}')}?{repl_query(node['code'])}"
    label = f"Pyramide {node['deal']}".strip()
    height = node["height"]
    attributes = {
        "class": "pyramide-table",
        "data-deal": node["deal"],
        "data-start": node["start"],
        "data-fit": "false" if height else "true",
    }
    style = f' style="height: {height}px"' if height else ""
    parts = [
        "<div " + " ".join(f'{k}="{html.escape(v)}"' for k, v in attributes.items()) + f"{style}>"
    ]
    frame_src = "data-src" if node["start"] == "button" else "src"
    parts.append(
        f'<iframe class="pyramide-frame" {frame_src}="{html.escape(src)}" '
        f'title="{html.escape(label)}" loading="lazy"></iframe>'
    )
    if node["start"] == "button":
        bare = "" if node["poster"] else " pyramide-bare"
        parts.append(
            f'<div class="pyramide-poster{bare}">{node["poster"]}'
            f'<button type="button" class="pyramide-play">{html.escape(node["button"])}</button>'
            "</div>"
        )
    parts.append("</div>")
    translator.body.append("".join(parts))
    raise nodes.SkipNode


def skip(translator: Any, node: pyramide_table) -> None:
    """Other formats than HTML have no live table."""
    raise nodes.SkipNode
