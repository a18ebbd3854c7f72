"""Layouts the engine tests build by hand: the app's R5 deal and constructed deals with known
outcomes (a straight win, a game that ends with no moves)."""

from __future__ import annotations

from pyramide_widget import Card, Game, Rules, Suit, parse_card
from pyramide_widget.engine.cards import standard_deck

R5_PYRAMID = [
    ["J♦"],
    ["6♣", "7♥"],
    ["A♠", "4♦", "Q♠"],
    ["5♥", "3♦", "6♥", "8♠"],
    ["K♥", "K♣", "A♦", "K♠", "9♣"],
    ["Q♣", "2♣", "8♦", "10♦", "10♠", "J♠"],
    ["7♣", "10♣", "3♥", "4♥", "3♠", "K♦", "7♠"],
]
R5_WASTE = ["7♦"]


def r5_stock() -> list[str]:
    """The rules page does not give the stock order; use the other 23 cards in deck order."""
    used = {card for row in R5_PYRAMID for card in row} | set(R5_WASTE)
    return [str(card) for card in standard_deck() if str(card) not in used]


def r5_game(rules: Rules | None = None, **options: object) -> Game:
    """The deal the app's rules page shows for PY1-N-AAAAAAS (R5)."""
    return Game.from_layout(R5_PYRAMID, waste=R5_WASTE, stock=r5_stock(), rules=rules, **options)


class RankDealer:
    """Turns ranks into distinct cards, giving each rank's suits out in order ♣ ♦ ♥ ♠."""

    def __init__(self) -> None:
        self.used: dict[int, int] = {}

    def card(self, rank: int) -> Card:
        n = self.used.get(rank, 0)
        if n >= 4:
            raise ValueError(f"rank {rank} used more than four times")
        self.used[rank] = n + 1
        return Card(rank, list(Suit)[n])

    def rest(self) -> list[Card]:
        taken = {(rank, i) for rank, n in self.used.items() for i in range(n)}
        return [c for c in standard_deck() if (c.rank, list(Suit).index(c.suit)) not in taken]


def ranks_game(
    pyramid_ranks: list[list[int]],
    waste_ranks: list[int],
    stock_ranks: list[int] | None,
    rules: Rules | None = None,
) -> Game:
    """A game from ranks: ``stock_ranks`` are the top of the stock, the unused cards follow
    in deck order."""
    dealer = RankDealer()
    pyramid = [[dealer.card(r) for r in row] for row in pyramid_ranks]
    waste = [dealer.card(r) for r in waste_ranks]
    stock = [dealer.card(r) for r in stock_ranks or []]
    return Game.from_layout(pyramid, waste=waste, stock=stock + dealer.rest(), rules=rules)


def placed_game(
    placed: dict[tuple[int, int], str], waste: tuple[str, ...] = (), rules: Rules | None = None
) -> Game:
    """A game with the given cards at the given pyramid places and waste; every other card
    fills the rest of the pyramid, then the stock, in deck order."""
    fixed = {parse_card(c) for c in (*placed.values(), *waste)}
    rest = iter(c for c in standard_deck() if c not in fixed)
    rows = [[placed.get((r, c)) or next(rest) for c in range(1, r + 1)] for r in range(1, 8)]
    return Game.from_layout(rows, waste=list(waste), stock=list(rest), rules=rules)


# A pyramid that clears itself bottom-up: each row pairs off (or holds a king) left to right.
WINNABLE_PYRAMID = [
    [13],
    [6, 7],
    [13, 5, 8],
    [3, 10, 4, 9],
    [13, 1, 12, 2, 11],
    [4, 9, 5, 8, 6, 7],
    [13, 1, 12, 2, 11, 3, 10],
]


def winnable_game(rules: Rules | None = None) -> Game:
    return ranks_game(WINNABLE_PYRAMID, [1], None, rules)


def win_by_taps(game: Game) -> None:
    """Clear WINNABLE_PYRAMID with taps: each row from the left, kings alone, pairs in order."""
    for row in range(7, 0, -1):
        col = 1
        while col <= row:
            card = game.card_at(row, col)
            if card is None:  # already removed by the caller
                col += 1
                continue
            game.tap("pyramid", row, col)
            if card.rank != 13:
                game.tap("pyramid", row, col + 1)
                col += 1
            col += 1


# A deal that ends with "No more moves possible" (R18): rows 4-7 are removed by pairing each
# card with the next stock card, the four kings are drawn and removed last, and rows 1-3 (A 2 3
# free, nothing pairs) stay.
DEAD_END_PYRAMID = [
    [12],
    [11, 10],
    [1, 2, 3],
    [5, 6, 6, 6],
    [3, 3, 4, 4, 5],
    [1, 1, 2, 2, 2, 3],
    [6, 7, 4, 4, 5, 5, 1],
]
# The partner of each card of rows 7 (from position 3) up to 4, in that order, then the kings.
DEAD_END_PARTNERS = [
    9,
    9,
    8,
    8,
    12,
    12,
    12,
    11,
    11,
    11,
    10,
    10,
    10,
    9,
    9,
    8,
    8,
    7,
    7,
    7,
    13,
    13,
    13,
    13,
]


def dead_end_game(rules: Rules | None = None) -> Game:
    return ranks_game(DEAD_END_PYRAMID, DEAD_END_PARTNERS[:1], DEAD_END_PARTNERS[1:], rules)


# A deal where no pyramid card can ever be removed, though the stock can be drawn forever under
# unlimited recycles (R18): the free bottom row is aces and twos, and every queen and jack, their
# only partners, lies above them in the pyramid.
STUCK_PYRAMID = [
    [12],
    [12, 12],
    [12, 11, 11],
    [11, 11, 5, 5],
    [5, 5, 6, 6, 6],
    [6, 7, 7, 7, 7, 8],
    [1, 1, 1, 1, 2, 2, 2],
]


def stuck_game(rules: Rules | None = None) -> Game:
    return ranks_game(STUCK_PYRAMID, [3], None, rules)


def dead_end_order() -> list[tuple[int, int]]:
    """The pyramid places that pair with the stock, in the order the stock brings partners."""
    return [(7, c) for c in range(3, 8)] + [(r, c) for r in (6, 5, 4) for c in range(1, r + 1)]


def play_dead_end(game: Game) -> None:
    """Play DEAD_END to its end: 6+7 first, then every stock card with its pyramid partner."""
    game.play(f"{game.card_at(7, 1)}+{game.card_at(7, 2)}")
    for n, (row, col) in enumerate(dead_end_order()):
        if n:
            game.play("draw")
        game.play(f"{game.card_at(row, col)}+{game.waste[-1]}")
    for _ in range(4):
        game.play("draw")
        game.play(str(game.waste[-1]))
