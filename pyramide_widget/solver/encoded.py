"""The encoded position: a position turned into small integers and bit masks once, with
the per-layout facts every search asks for (free cards, legal pairs, dead cards, bounds)."""

from __future__ import annotations

import functools

from ..engine.cards import Card
from ..engine.position import Position
from ..engine.rules import Rules

_TALON_BITS = 32  # state keys: pyramid mask | talon mask << pyramid size | cards drawn << that + 32

#: Pyramid cards counted against the talon: (how many can go without talon cards, and per rank
#: whose cards outnumber those: (talon cards of the partner rank, how many cards want one)).
Counted = tuple[int, tuple[tuple[int, int], ...]]


class Layer:
    """What the search needs to know about one set of pyramid cards left, computed once."""

    __slots__ = (
        "counted",
        "counts",
        "free_by_need",
        "freeable",
        "kings",
        "needs",
        "orphan_ranks",
        "pairs",
    )

    def __init__(
        self,
        kings: tuple[int, ...],
        pairs: tuple[tuple[int, int], ...],
        free_by_need: dict[int, tuple[int, ...]],
        needs: tuple[tuple[int, int], ...],
        counts: list[int],
        orphan_ranks: tuple[tuple[int, int], ...],
    ) -> None:
        self.kings = kings  # free pyramid kings
        self.pairs = pairs  # legal pyramid pairs (free+free, and card+only coverer if allowed)
        self.free_by_need = free_by_need  # partner rank -> free pyramid cards wanting it
        self.needs = needs  # (talon cards that could save them, pyramid cards lost without)
        self.counts = counts  # cards left by rank; counts[0] is all the cards left
        # Talon cards no pyramid card left can pair with: (those cards, talon cards of the
        # partner rank), one entry per such rank.
        self.orphan_ranks = orphan_ranks
        # These cards counted against the talon (EncodedPosition.class_counts), when first needed.
        self.counted: Counted | None = None
        # talon ranks that can reach the waste top -> (ranks of the pyramid cards that might
        # then go, those cards counted): see EncodedPosition.freeable
        self.freeable: dict[int, tuple[int, Counted]] = {}


class EncodedPosition:
    """A position encoded as small integers: the deal-specific constants of the search."""

    def __init__(self, position: Position, rules: Rules) -> None:
        self.position = position
        self.rules = rules
        self.target = rules.target
        pyramid: tuple[Card | None, ...] = position.pyramid
        waste: tuple[Card, ...] = position.waste
        stock: tuple[Card, ...] = position.stock
        self.pyramid_cards = pyramid
        self.rank = [card.rank if card is not None else 0 for card in pyramid]
        self.pyramid0 = sum(1 << i for i, card in enumerate(pyramid) if card is not None)
        shape = rules.table.shape
        self.size = size = shape.size
        self.removed0 = size - self.pyramid0.bit_count()
        self.talon: tuple[Card, ...] = waste + stock
        self.talon_rank = [card.rank for card in self.talon]
        if len(self.talon) > _TALON_BITS:
            raise ValueError(
                f"the solver handles at most {_TALON_BITS} stock and waste cards, not {len(self.talon)}"
            )
        self.talon0 = (1 << len(self.talon)) - 1
        self.talon_shift = size
        self.drawn_shift = size + _TALON_BITS
        self.drawn0 = len(waste)
        self.recycles0 = position.recycles_used if rules.recycles is not None else 0
        self.fresh0 = int(position.fresh and self.fresh_pair(self.talon0, self.drawn0))
        self.talon_by_rank = [0] * (self.target + 1)
        for index, rank in enumerate(self.talon_rank):
            self.talon_by_rank[rank] |= 1 << index
        self.cover_mask = [sum(1 << c for c in shape.covers[i]) for i in range(size)]
        # A face-down card turns up only once nothing covers it, so it never pairs with a coverer.
        self.coverer_pairs = rules.pair_with_coverer and not rules.table.face_down
        self._layers: dict[int, Layer] = {}
        self._stock_ranks: dict[int, int] = {}
        self.mirror = _mirror(self.target)

    # The tables below serve the pure-Python searches only: computed at their first use, so a
    # compiled solve, which reads just the plain data above, does not pay for them.

    @functools.cached_property
    def blocked_by(self) -> list[int]:
        """Per place: itself and the places it lies on, transitively (they wait for it)."""
        above = _closure(self.rules.table.shape.covered)
        return [(1 << i) | above[i] for i in range(self.size)]

    @functools.cached_property
    def partners(self) -> list[int]:
        """Per place: the pyramid cards that may ever pair with its card."""
        shape = self.rules.table.shape
        below = _closure(shape.covers)  # cards lying on a card, transitively
        above = _closure(shape.covered)  # cards a card lies on, transitively (they wait for it)
        partners = [0] * self.size
        for i in range(self.size):
            for j in range(self.size):
                if i == j or self.rank[i] + self.rank[j] != self.target or not self.rank[j]:
                    continue
                stacked = (below[i] | above[i]) >> j & 1
                adjacent = (self.cover_mask[i] | self.cover_mask[j]) & ((1 << i) | (1 << j))
                if not stacked or (self.coverer_pairs and adjacent):
                    partners[i] |= 1 << j
        return partners

    def fresh_pair(self, talon: int, drawn: int) -> bool:
        """Whether a fresh waste top here could pair with the card beneath (else freshness is
        irrelevant and is dropped from the state, so equal positions meet)."""
        if not self.rules.draw_against_waste:
            return False
        waste = talon & ((1 << drawn) - 1)
        if not waste:
            return False
        top = waste.bit_length() - 1
        under = (waste ^ (1 << top)).bit_length() - 1
        return under >= 0 and self.talon_rank[top] + self.talon_rank[under] == self.target

    def layer(self, pyramid: int) -> Layer:
        layer = self._layers.get(pyramid)
        if layer is None:
            layer = self._layers[pyramid] = self._make_layer(pyramid)
        return layer

    def _make_layer(self, pyramid: int) -> Layer:
        target, rank, cover = self.target, self.rank, self.cover_mask
        left = [i for i in range(self.size) if pyramid >> i & 1]
        free = [i for i in left if not pyramid & cover[i]]
        kings = tuple(i for i in free if rank[i] == target)
        pairs = [
            (a, b) for n, a in enumerate(free) for b in free[n + 1 :] if rank[a] + rank[b] == target
        ]
        if self.coverer_pairs:
            for i in left:
                rest = pyramid & cover[i]
                if rest and not rest & (rest - 1):
                    j = rest.bit_length() - 1
                    if not pyramid & cover[j] and rank[i] + rank[j] == target:
                        pairs.append((i, j))
        free_by_need: dict[int, list[int]] = {}
        for i in free:
            if rank[i] != target:
                free_by_need.setdefault(target - rank[i], []).append(i)
        lost_without: dict[int, int] = {}
        counts = [0] * (target + 1)
        counts[0] = len(left)
        for i in left:
            counts[rank[i]] += 1
            if rank[i] != target and not self.partners[i] & pyramid:
                need = target - rank[i]
                lost_without[need] = lost_without.get(need, 0) | self.blocked_by[i]
        needs = tuple(
            (self.talon_by_rank[need], lost) for need, lost in sorted(lost_without.items())
        )
        orphan_ranks: tuple[tuple[int, int], ...] = ()
        if self.rules.strict_win and self.rules.draw_against_waste:  # for talon_stuck only
            orphan_ranks = tuple(
                (self.talon_by_rank[r], self.talon_by_rank[target - r])
                for r in range(1, target)
                if not counts[target - r] and self.talon_by_rank[r]
            )
        return Layer(
            kings,
            tuple(pairs),
            {k: tuple(v) for k, v in free_by_need.items()},
            needs,
            counts,
            orphan_ranks,
        )

    def counted(self, layer: Layer, pyramid: int) -> Counted:
        """:meth:`class_counts` of the pyramid cards left (``layer``), computed once per layer."""
        if layer.counted is None:
            layer.counted = self.class_counts(pyramid)
        return layer.counted

    def class_counts(self, cards: int) -> Counted:
        """How many of the pyramid ``cards`` can go without the talon (kings, plus the cards of
        the most pyramid pairs each class {a, 13 - a} can form; with an even pair sum, such as
        the Spanish deck's 12, the 6s also pair among themselves) and, per rank whose cards
        outnumber those pairs, (talon cards of the partner rank, how many cards want one)."""
        target, rank, partners, by_rank = self.target, self.rank, self.partners, self.talon_by_rank
        of_rank: list[list[int]] = [[] for _ in range(target + 1)]
        rest = cards
        while rest:
            low = rest & -rest
            i = low.bit_length() - 1
            of_rank[rank[i]].append(i)
            rest ^= low
        base = len(of_rank[target])
        classes = []
        for a in range(1, (target + 1) // 2):
            b = target - a
            count_a, count_b = len(of_rank[a]), len(of_rank[b])
            if count_a or count_b:
                mated = 0
                if count_a and count_b:
                    mates = [partners[i] & cards for i in of_rank[a]]
                    if count_a == 1 or count_b == 1:
                        mated = 1 if any(mates) else 0
                    else:
                        mated = _matching(mates)
                base += 2 * mated
                if count_a > mated:  # these need talon cards of rank b
                    classes.append((by_rank[b], count_a - mated))
                if count_b > mated:
                    classes.append((by_rank[a], count_b - mated))
        if target % 2 == 0 and of_rank[target // 2]:  # a rank that pairs with its own kind
            half = of_rank[target // 2]
            mated = _self_matching([partners[i] & cards for i in half], half)
            base += 2 * mated
            if len(half) > 2 * mated:
                classes.append((by_rank[target // 2], len(half) - 2 * mated))
        return base, tuple(classes)

    def lost_cards(self, layer: Layer, talon: int) -> int:
        """Pyramid cards that can never be removed, given the talon cards left."""
        lost = 0
        for savers, cards in layer.needs:
            if not talon & savers:
                lost |= cards
        return lost

    def talon_stuck(self, layer: Layer, talon: int) -> bool:
        """Strict win only: whether the talon cards left cannot all be removed, each lacking
        its own pyramid partner (or, with draw against waste, any partner left)."""
        by_rank, target, counts = self.talon_by_rank, self.target, layer.counts
        if not self.rules.draw_against_waste:
            return any(
                (talon & by_rank[a]).bit_count() > counts[target - a] for a in range(1, target)
            )
        return any(talon & cards and not talon & partners for cards, partners in layer.orphan_ranks)

    def assess(
        self, layer: Layer, pyramid: int, talon: int, drawn: int, fresh: int, last_pass: bool
    ) -> tuple[int, bool, int]:
        """At most how many of the pyramid cards left can still go, whether the state is lost,
        and the talon cards that can still be played: on the last pass, all but those under a
        lid (:meth:`lid`, :meth:`freeable`; docs/design/solver.md, "The last pass")."""
        reachable = talon
        buried = False
        if last_pass and not fresh:
            waste = talon & ((1 << drawn) - 1)
            if waste:
                lid = self.lid(layer, talon, drawn, waste)
                if lid >= 0:
                    reachable = talon & ~((2 << lid) - 1)
            counted, accessible = self.freeable(layer, pyramid, talon, drawn)
            reachable &= accessible
            buried = reachable != talon
        else:
            counted = self.counted(layer, pyramid)
        lost = 0
        for savers, cards in layer.needs:
            if not reachable & savers:
                lost |= cards
        left = layer.counts[0]
        paired, wanting = counted
        for partners, count in wanting:
            paired += min(count, (reachable & partners).bit_count())
        removable = min(left - lost.bit_count(), paired)
        hopeless = removable < left or (
            self.rules.strict_win
            and (
                buried
                or self.talon_stuck(layer, talon)
                or (last_pass and not fresh and self.waste_stuck(layer, talon, drawn))
            )
        )
        return removable, hopeless, reachable

    def stock_ranks(self, stock: int) -> int:
        """The ranks of the talon cards ``stock`` (a bit mask of talon cards) as a bit mask of
        ranks, remembered per stock."""
        ranks = self._stock_ranks.get(stock)
        if ranks is None:
            ranks = 0
            for r, cards in enumerate(self.talon_by_rank):
                if stock & cards:
                    ranks |= 1 << r
            self._stock_ranks[stock] = ranks
        return ranks

    def freeable(self, layer: Layer, pyramid: int, talon: int, drawn: int) -> tuple[Counted, int]:
        """Last pass, waste top not fresh: the pyramid cards that might still be removed
        (counted by :meth:`class_counts`) and the talon cards that might still come to the waste
        top, as a least fixpoint that ignores counts (docs/design/solver.md, "The last pass")."""
        stock_ranks = self.stock_ranks(talon >> drawn << drawn)
        mirror, trank = self.mirror, self.talon_rank
        base = 1 << self.target
        if self.rules.draw_against_waste:
            base |= mirror[stock_ranks]
        waste = talon & ((1 << drawn) - 1)
        cache = layer.freeable
        found: tuple[int, Counted] = (0, (0, ()))
        last = -1
        while True:
            poppable = base | mirror[found[0]]
            reach = stock_ranks
            w = waste
            while w:
                top = w.bit_length() - 1
                r = trank[top]
                reach |= 1 << r
                if not poppable >> r & 1:
                    break
                w ^= 1 << top
            if reach == last:
                return found[1], talon & ~((2 << (w.bit_length() - 1)) - 1) if w else talon
            last = reach
            cached = cache.get(reach)
            if cached is None:
                cards, ranks = self._freeable_with(pyramid, reach)
                cached = cache[reach] = (ranks, self.class_counts(cards))
            found = cached

    def _freeable_with(self, pyramid: int, reach: int) -> tuple[int, int]:
        """The fixpoint of :meth:`freeable` for the pyramid alone, when the talon ranks in the
        bit mask ``reach`` can all come to the waste top: (those pyramid cards, their ranks)."""
        target, rank, cover, partners = self.target, self.rank, self.cover_mask, self.partners
        coverer_pairs = self.coverer_pairs
        removable, removable_ranks = 0, 0
        left = pyramid
        grown = True
        while grown:
            grown = False
            rest = left
            while rest:
                low = rest & -rest
                rest ^= low
                i = low.bit_length() - 1
                blocking = cover[i] & left
                r = rank[i]
                ok = False
                if not blocking:
                    if r == target or reach >> (target - r) & 1:
                        ok = True
                    else:
                        # A mate free at the same time or, with coverer pairs, one that
                        # only this card still covers (partners holds only legal such pairs).
                        others = left ^ low if coverer_pairs else left
                        mates = partners[i] & pyramid
                        while mates:
                            q = mates & -mates
                            mates ^= q
                            if not cover[q.bit_length() - 1] & others:
                                ok = True
                                break
                elif coverer_pairs and not blocking & (blocking - 1) and partners[i] & blocking:
                    ok = not cover[blocking.bit_length() - 1] & left
                if ok:
                    removable |= low
                    removable_ranks |= 1 << r
                    left ^= low
                    grown = True
        return removable, removable_ranks

    def lid(self, layer: Layer, talon: int, drawn: int, waste: int) -> int:
        """The highest waste card that can never leave the waste on this last pass, or -1:
        walking down from the top, the first whose partner rank the cards above it have used up
        (docs/design/solver.md, "The last pass")."""
        target, trank = self.target, self.talon_rank
        avail = layer.counts[:]
        if self.rules.draw_against_waste:
            stock = talon >> drawn << drawn
            by_rank = self.talon_by_rank
            for rank in range(1, target):
                avail[rank] += (stock & by_rank[rank]).bit_count()
        while waste:
            top = waste.bit_length() - 1
            rank = trank[top]
            if rank != target:
                need = target - rank
                if not avail[need]:
                    return top
                avail[need] -= 1
            waste ^= 1 << top
        return -1

    def waste_stuck(self, layer: Layer, talon: int, drawn: int) -> bool:
        """Strict win, last pass, waste top not fresh: each waste card must still go, with a
        pyramid card or (draw against waste) with a card still to be drawn straight onto it,
        so a rank in the waste must not outnumber its partner cards left in the pyramid and,
        for that, in the stock."""
        waste = talon & ((1 << drawn) - 1)
        if not waste:
            return False
        by_rank, target, counts = self.talon_by_rank, self.target, layer.counts
        stock = talon >> drawn << drawn if self.rules.draw_against_waste else 0
        for a in range(1, target):
            cards = waste & by_rank[a]
            if (
                cards
                and cards.bit_count()
                > counts[target - a] + (stock & by_rank[target - a]).bit_count()
            ):
                return True
        return False


def _closure(links: tuple[tuple[int, ...], ...]) -> list[int]:
    """For each place, the bit mask of the places reached through ``links`` (a shape's
    ``covers`` or ``covered``), transitively; any order of the places."""
    reached: list[int | None] = [None] * len(links)

    def walk(i: int) -> int:
        mask = reached[i]
        if mask is None:
            mask = 0
            for j in links[i]:
                mask |= (1 << j) | walk(j)
            reached[i] = mask
        return mask

    return [walk(i) for i in range(len(links))]


@functools.cache
@functools.cache
def _mirror(target: int) -> tuple[int, ...]:
    """For every bit mask of ranks, the mask of their partner ranks (``target - rank``)."""
    table = [0] * (1 << (target + 1))
    for mask in range(1, len(table)):
        low = mask & -mask
        rank = low.bit_length() - 1
        table[mask] = table[mask ^ low] | (1 << (target - rank) if 0 < rank < target else 0)
    return tuple(table)


def _self_matching(mates: list[int], cards: list[int]) -> int:
    """The size of a largest matching among ``cards`` (one rank that pairs with itself);
    ``mates[i]`` is the bit mask of the partners of ``cards[i]``. A deck has at most four
    cards of a rank, so trying every pairing is cheap."""
    if len(cards) < 2:
        return 0
    rest, rest_mates = cards[1:], mates[1:]
    best = _self_matching(rest_mates, rest)  # the first card left unpaired
    for n, other in enumerate(rest):
        if mates[0] >> other & 1:
            others = rest[:n] + rest[n + 1 :]
            best = max(best, 1 + _self_matching(rest_mates[:n] + rest_mates[n + 1 :], others))
    return best


def _matching(mates: list[int]) -> int:
    """The size of a largest matching; ``mates[i]`` is the bit mask of the partners of the
    i-th card on one side (at most four cards a side, so plain augmenting paths)."""
    owner: dict[int, int] = {}

    def place(i: int, tried: int) -> bool:
        options = mates[i] & ~tried
        while options:
            low = options & -options
            options ^= low
            tried |= low
            if low not in owner or place(owner[low], tried):
                owner[low] = i
                return True
        return False

    return sum(place(i, 0) for i in range(len(mates)))
