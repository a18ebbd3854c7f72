"""Where the marks of a card art symbol land: each pip, piece and index text as a box.

A face symbol of :mod:`pyramide_widget.engine.view.card_art` is the paper plus marks: ``<use>``
elements with ``x``, ``y``, ``width``, ``height`` (perhaps turned by a ``rotate``) and index
``<text>`` elements; a face may ``<use>`` its top symbol, whose marks count as its own. This
module follows those references and transforms and gives each mark's box in the coordinates
of the element that drew the card.

A text's box surely holds its glyphs: each glyph at most one em wide (or the ``textLength`` it
is squeezed into), ascent at most one em, descent at most 0.3 em.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from typing import NamedTuple

from pyramide_widget.engine.view.card_art import PAPER_ID, VIEWBOX

SVG = "{http://www.w3.org/2000/svg}"


class Box(NamedTuple):
    left: float
    top: float
    right: float
    bottom: float

    def inside(self, other: Box, slack: float = 0) -> bool:
        return (
            self.left >= other.left - slack
            and self.top >= other.top - slack
            and self.right <= other.right + slack
            and self.bottom <= other.bottom + slack
        )

    def overlaps(self, other: Box) -> bool:
        return (
            self.left < other.right
            and other.left < self.right
            and self.top < other.bottom
            and other.top < self.bottom
        )


Matrix = tuple[float, float, float, float, float, float]  # a b c d e f, as SVG's matrix()
IDENTITY: Matrix = (1, 0, 0, 1, 0, 0)


def multiply(m: Matrix, n: Matrix) -> Matrix:
    """The transform doing ``n`` first, then ``m``."""
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return (
        a * p + c * q,
        b * p + d * q,
        a * r + c * s,
        b * r + d * s,
        a * t + c * u + e,
        b * t + d * u + f,
    )


def parse_transform(text: str | None) -> Matrix:
    """The matrix of a ``transform`` attribute made of translate, scale and rotate."""
    matrix = IDENTITY
    for name, args in re.findall(r"(\w+)\(([^)]*)\)", text or ""):
        values = [float(v) for v in re.split(r"[\s,]+", args.strip())]
        if name == "translate":
            step: Matrix = (1, 0, 0, 1, values[0], values[1] if len(values) > 1 else 0)
        elif name == "scale":
            step = (values[0], 0, 0, values[-1], 0, 0)
        elif name == "rotate":
            angle = math.radians(values[0])
            cx, cy = (values[1], values[2]) if len(values) == 3 else (0, 0)
            cos, sin = math.cos(angle), math.sin(angle)
            step = multiply(
                (1, 0, 0, 1, cx, cy), multiply((cos, sin, -sin, cos, 0, 0), (1, 0, 0, 1, -cx, -cy))
            )
        else:
            raise ValueError(f"transform {name} is not expected in the card art")
        matrix = multiply(matrix, step)
    return matrix


def apply(matrix: Matrix, box: Box) -> Box:
    """The box around ``box``'s corners once transformed."""
    a, b, c, d, e, f = matrix
    xs, ys = [], []
    for x in (box.left, box.right):
        for y in (box.top, box.bottom):
            xs.append(a * x + c * y + e)
            ys.append(b * x + d * y + f)
    return Box(min(xs), min(ys), max(xs), max(ys))


def rect_box(el: ET.Element) -> Box:
    x, y = float(el.get("x", 0)), float(el.get("y", 0))
    return Box(x, y, x + float(el.get("width", 0)), y + float(el.get("height", 0)))


def text_box(text: ET.Element) -> Box:
    """A box that surely holds the drawn text (see the module docstring)."""
    size = float(text.get("font-size", 16))
    width = float(text.get("textLength", size * len(text.text or "")))
    x, baseline = float(text.get("x", 0)), float(text.get("y", 0))
    left = {"middle": x - width / 2, "end": x - width}.get(text.get("text-anchor", "start"), x)
    return Box(left, baseline - size, left + width, baseline + 0.3 * size)


def href(el: ET.Element) -> str:
    return (el.get("href") or "").removeprefix("#")


def pieces(root: ET.Element) -> dict[str, ET.Element]:
    """Every element with an id, by id."""
    return {el.get("id", ""): el for el in root.iter() if el.get("id")}


def placed(symbol: ET.Element, use: ET.Element) -> Matrix:
    """The transform that draws ``symbol``'s viewBox into ``use``'s box (uniform scale: every
    piece is drawn into a box of its own proportions)."""
    vx, vy, vw, vh = (float(v) for v in symbol.get("viewBox", "0 0 1 1").split())
    box = rect_box(use)
    scale = (box.right - box.left) / vw
    if abs((box.bottom - box.top) / vh - scale) > 0.01 * scale:
        raise ValueError(f"{href(use)} is drawn into a box of other proportions than its own")
    return multiply(
        parse_transform(use.get("transform")),
        (scale, 0, 0, scale, box.left - vx * scale, box.top - vy * scale),
    )


def marks(
    by_id: dict[str, ET.Element], ident: str, matrix: Matrix = IDENTITY
) -> list[tuple[str, Box]]:
    """The marks of the card symbol ``ident`` as (what, box): a piece's id or an index text,
    with its box under ``matrix``. The paper is not a mark; a card symbol used inside another
    (a face's top) gives its own marks."""
    found = []
    for el in by_id[ident]:
        if el.tag == f"{SVG}text":
            found.append((el.text or "", apply(matrix, text_box(el))))
        elif el.tag == f"{SVG}use" and href(el) != PAPER_ID:
            inner = by_id[href(el)]
            where = multiply(matrix, placed(inner, el))
            if inner.get("viewBox") == VIEWBOX:
                found += marks(by_id, href(el), where)
            else:
                vx, vy, vw, vh = (float(v) for v in inner.get("viewBox", "").split())
                found.append((href(el), apply(where, Box(vx, vy, vx + vw, vy + vh))))
    return found
