"""The table as text (``str(game)``, :meth:`Game.to_text <..game.Game.to_text>`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..piles import ONE_WASTE

if TYPE_CHECKING:
    from ..game import Game

CELL_WIDTH = 4
"""Characters per pyramid place."""


def game_text(game: Game) -> str:
    """The table as text: header, the pyramid (``··`` for a removed card, ``▒▒`` for a
    face-down one), stock and waste."""
    shape = game.shape
    lines = [
        f"Pyramide {game.code or 'custom layout'} · {game.rules.name} · "
        f"score {game.score} · moves {game.moves} · {game.status.value}"
    ]
    shown = game.visible_position()
    layout = shape.layout()
    for r in range(1, shape.rows + 1):
        first = shape.index(r, 1)
        indices = range(first, first + shape.row_length(r))
        cells = [
            "▒▒"
            if i in shown.face_down
            else "··"
            if shown.pyramid[i] is None
            else str(shown.pyramid[i])
            for i in indices
        ]
        pad = int(layout[first][0] * CELL_WIDTH)
        lines.append((" " * pad + "".join(cell.center(CELL_WIDTH) for cell in cells)).rstrip())
    waste = game.waste
    top = str(waste[-1]) if len(game.table.waste_piles) == 1 and waste else "—"
    stock = game.stock
    counted = f"stock {len(stock)}"
    if game.rules.stock_face_up and stock:
        counted += f" ({' '.join(map(str, stock))})"
    lines.append(f"{counted} · waste {top} ({len(waste)})")
    if game.table.piles != ONE_WASTE:  # the other tables list every pile, top last
        lines.append(
            " · ".join(
                f"{pile_id} {' '.join(map(str, cards)) or '—'}"
                for pile_id, cards in game.piles.items()
            )
        )
    return "\n".join(lines)
