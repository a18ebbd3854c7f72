"""The cards of one deal on its table and the rules that move them: legal moves, play, undo,
status and score (docs/rules.md). A :class:`~.game.Game` is a board with what a player's game
adds: the clock, messages, taps and selection, observers, records and pictures. A record's
actions are checked on a board (:mod:`.record`).

Design: docs/design/engine.md."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple, TypeVar

from .cards import Card, parse_card
from .deal import Deal, DealCode
from .errors import CodeError, IllegalMoveError
from .legality import resolve
from .moves import DRAW, RECYCLE, Move, MoveKind, parse_move
from .piles import PileKind
from .position import Place, Position, Status
from .rules import CUSTOM_LETTER, Rules, RulesLike, as_rules
from .slots import PILE_SLOTS, pile_slot, slot_pile
from .table import Table

UNDO_LIMIT = 100
"""R21: undo reverses at most the last 100 actions."""
POINTS_PER_CARD = 10
"""R19: each card removed from the pyramid scores 10."""

B = TypeVar("B", bound="Board")


def groups_summing_to(
    places: list[int], ranks: list[int], target: int, least: int = 3
) -> Iterator[tuple[int, ...]]:
    """Every set of ``least`` or more of ``places`` whose ``ranks`` sum to ``target``, each in
    the order of ``places``, the sets in lexicographic order (Tut's Tomb's groups,
    docs/rules.md A5; the solver asks for two or more with a card already chosen)."""

    def extend(start: int, chosen: tuple[int, ...], total: int) -> Iterator[tuple[int, ...]]:
        for n in range(start, len(places)):
            new_total = total + ranks[n]
            if new_total == target and len(chosen) >= least - 1:
                yield (*chosen, places[n])
            elif new_total < target:
                yield from extend(n + 1, (*chosen, places[n]), new_total)

    return extend(0, (), 0)


_REMOVALS = (MoveKind.KING, MoveKind.PAIR, MoveKind.GROUP)
"""The kinds of move that take cards off the table, onto the discard pile."""


class _UndoEntry(NamedTuple):
    move: Move
    slots: tuple[
        int, ...
    ]  # where the removed cards were, in move.cards order (a cell move: from, to)
    fresh: bool  # waste freshness before the move
    sizes: tuple[int, ...] = ()  # a draw: the cards it dealt; a recycle: each waste pile's size


def dealt(deal: Deal, rules: Rules) -> tuple[Position, Status]:
    """The position and the status a board dealt ``deal`` under ``rules`` starts at, without
    building the board where the deal leaves a stock (a card can be drawn: the game goes on).
    ``deal`` is trusted to be one deck of the table (as :meth:`Deal.from_letters` deals)."""
    start = deal.position(rules.table)
    if start.stock:
        return start, Status.PLAYING
    return start, Board(deal, rules).status


class Board:
    """One deal's cards under its rules. Build it with :meth:`from_code`, :meth:`new` or
    :meth:`from_layout`."""

    def __init__(
        self, deal: Deal, rules: RulesLike | None = None, *, code: DealCode | None = None
    ) -> None:
        """``rules``: a :class:`Rules`, a :class:`~pyramide_widget.engine.rules.Preset` or a preset
        letter such as ``"S"`` (standard rules by default)."""
        if not isinstance(deal, Deal):
            raise TypeError(
                f"deal must be a Deal (see Deal.from_layout), got {type(deal).__name__}"
            )
        rules = as_rules(rules) if rules is not None else Rules()
        deal.check(rules.table)
        if code is not None and not isinstance(code, DealCode):
            raise TypeError(
                f"code must be a DealCode or None, got {type(code).__name__}; use Game.from_code for text"
            )
        self.deal = deal
        self.rules = rules
        self._code = code
        self.shape = rules.table.shape
        self._reset()

    def _reset(self) -> None:
        """Deal the cards: the board before its first action."""
        deal, table = self.deal, self.table
        start = deal.position(table)
        self._pyramid: list[Card | None] = list(start.pyramid)
        self._pyramid_index = {card: i for i, card in enumerate(deal.pyramid)}
        self._stock: list[Card] = list(reversed(start.stock))  # top at the end: pop() draws
        self._waste_piles = table.waste_piles
        self._pile_ids = table.pile_ids
        self._cells = tuple(i for i, pile in enumerate(table.piles) if pile.kind is PileKind.CELL)
        self._piles: list[list[Card]] = [list(pile) for pile in start.piles]  # each top at the end
        # Every card the player has seen turned up: what the view remembers (SeenDeal).
        self._seen: set[Card] = {card for i, card in enumerate(deal.pyramid) if self._face_up(i)}
        self._seen.update(deal.waste, *deal.piles)
        if self.rules.stock_face_up:
            self._seen.update(deal.stock)
        self._fresh = False
        self._recycles_used = 0
        self._pyramid_left = len(self._pyramid)
        self._moves = 0
        self._undo: deque[_UndoEntry] = deque(maxlen=UNDO_LIMIT)
        self._history: list[Move] = []
        self._removed: list[Move] = []  # the removals in _history: the discard's top in O(1)
        self._status = self._compute_status()

    # ------------------------------------------------------------------ construction

    @classmethod
    def from_code(cls: type[B], code: str, rules: RulesLike | None = None, **options: Any) -> B:
        """Deal the game a code names (R4). The code's letter fixes the rules; ``rules`` (a
        :class:`Rules`, a preset or its letter) is needed only for custom-rules codes (letter
        ``X``) and must otherwise agree."""
        parsed = DealCode.parse(code)
        rules = None if rules is None else as_rules(rules)
        if rules is None:
            rules = parsed.rules  # for letter X this raises, saying how to pass the rules
        elif parsed.rules_letter == CUSTOM_LETTER:
            parsed = DealCode(rules.letter, parsed.letters, parsed.version)
        elif rules != parsed.rules:
            raise CodeError(
                f"{parsed} names the {parsed.rules.name} rules ({parsed.rules_letter}), "
                f"not {repr(rules) if rules.letter == CUSTOM_LETTER else f'the {rules.name} rules ({rules.letter})'}; "
                "change the code's letter to choose other rules"
            )
        return cls(parsed.deal(rules.table), rules, code=parsed, **options)

    @classmethod
    def new(cls: type[B], rules: RulesLike | None = None, **options: Any) -> B:
        """A random deal under ``rules`` (a :class:`Rules`, a preset or its letter; standard
        by default)."""
        rules = as_rules(rules) if rules is not None else Rules()
        code = DealCode.random(rules)
        return cls(code.deal(rules.table), rules, code=code, **options)

    @classmethod
    def from_layout(
        cls: type[B],
        pyramid: Any,
        waste: Any = (),
        stock: Any = (),
        rules: RulesLike | None = None,
        **options: Any,
    ) -> B:
        """A game on explicit cards (R5): pyramid rows top to bottom, waste bottom to top (last
        = top), stock top first (first = next drawn). The cards must be one deck of the rules'
        table (the standard 52-card deck unless ``rules`` name another table).

        A row, the waste or the stock may be written as bug reports write them, one string of
        cards separated by spaces: ``Game.from_layout(["J♦", "6♣ 7♥", ...], "7♦", "2♠ 9♥ ...")``
        (see :meth:`Deal.from_layout <pyramide_widget.engine.deal.Deal.from_layout>`)."""
        rules = as_rules(rules) if rules is not None else Rules()
        return cls(Deal.from_layout(pyramid, waste, stock, rules.table), rules, **options)

    # ------------------------------------------------------------------ public state

    @property
    def table(self) -> Table:
        """The table this game is played on (the rules' table)."""
        return self.rules.table

    @property
    def code(self) -> str | None:
        """The deal code, or ``None`` for a game built from an explicit layout."""
        return None if self._code is None else str(self._code)

    @property
    def score(self) -> int:
        """R19: 10 per card removed from the pyramid; waste cards score nothing."""
        return POINTS_PER_CARD * (len(self._pyramid) - self._pyramid_left)

    @property
    def moves(self) -> int:
        """R20: removals, draws and recycles played; undo does not lower it (R21)."""
        return self._moves

    @property
    def status(self) -> Status:
        return self._status

    @property
    def is_over(self) -> bool:
        return self._status is not Status.PLAYING

    @property
    def history(self) -> tuple[Move, ...]:
        """The moves that led to the current position (undone moves are not in it)."""
        return tuple(self._history)

    @property
    def last_removal(self) -> Move | None:
        """The last move of :attr:`history` that removed cards (the discard pile's top), or
        ``None``; kept as the game plays and undoes, so it costs the same in a long game."""
        return self._removed[-1] if self._removed else None

    @property
    def pyramid(self) -> list[list[Card | None]]:
        """The pyramid as rows, top to bottom; removed cards are ``None``. Face-down cards are
        in it too (the engine knows them): see :meth:`visible_position` and :meth:`is_face_up`."""
        shape = self.shape
        return [
            [self._pyramid[shape.index(r, c)] for c in range(1, shape.row_length(r) + 1)]
            for r in range(1, shape.rows + 1)
        ]

    @property
    def waste(self) -> tuple[Card, ...]:
        """The waste, bottom to top (the last card is the top); on a table with several waste
        piles (Apophis) their cards one pile after the other, in pile order (see :attr:`piles`)."""
        return tuple(card for i in self._waste_piles for card in self._piles[i])

    @property
    def piles(self) -> dict[str, tuple[Card, ...]]:
        """Every pile of the table by its id (``"waste"``, ``"reserve-3"``, ``"cell"``,
        ``"column-8"``), each bottom to top (the last card is the top)."""
        return {
            pile_id: tuple(pile) for pile_id, pile in zip(self._pile_ids, self._piles, strict=True)
        }

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, top first (the first card is drawn next). The player does not see it."""
        return tuple(reversed(self._stock))

    @property
    def waste_fresh(self) -> bool:
        """Whether the waste top became the top by a draw (matters for draw-against-waste)."""
        return self._fresh

    @property
    def recycles_used(self) -> int:
        return self._recycles_used

    @property
    def recycles_left(self) -> int | None:
        """Recycles still allowed, or ``None`` when unlimited."""
        limit = self.rules.recycles
        return None if limit is None else limit - self._recycles_used

    @property
    def pyramid_left(self) -> int:
        return self._pyramid_left

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    def position(self) -> Position:
        """A hashable snapshot of the cards and stock/waste bookkeeping."""
        return Position(
            tuple(self._pyramid),
            self.waste,
            self.stock,
            self._fresh,
            self._recycles_used,
            self._face_down_places(),
            tuple(map(tuple, self._piles)),
        )

    def visible_position(self) -> Position:
        """The position as the player sees it: like :meth:`position`, but a face-down pyramid
        card reads ``None`` (its index is in ``face_down``, so it is not taken for removed).
        The one place a view that must not see hidden cards (a teaching strategy, the widget)
        takes the pyramid from. The stock is in it as in :meth:`position`, in order; a strategy
        that plays without :attr:`Rules.stock_face_up` must not look at it."""
        hidden = self._face_down_places()
        pyramid = tuple(None if i in hidden else card for i, card in enumerate(self._pyramid))
        return Position(
            pyramid,
            self.waste,
            self.stock,
            self._fresh,
            self._recycles_used,
            hidden,
            tuple(map(tuple, self._piles)),
        )

    def is_face_up(self, row: int, col: int) -> bool:
        """Whether the pyramid card at ``(row, col)`` is face up (always, but on a face-down
        table); a removed card's place counts as face up."""
        return self._face_up(self.shape.index(row, col))

    def _face_down_places(self) -> frozenset[int]:
        if not self.table.face_down:
            return frozenset()
        return frozenset(
            i for i, card in enumerate(self._pyramid) if card is not None and not self._face_up(i)
        )

    def card_at(self, row: int, col: int) -> Card | None:
        """The card at ``(row, col)`` counted from 1, or ``None`` once removed."""
        return self._pyramid[self.shape.index(row, col)]

    def place_of(self, card: Card | str) -> Place | None:
        """Where a card lies, if it is in the pyramid or one of the two top cards of a pile."""
        slot = self._slot_of(parse_card(card, self.table.deck))
        return None if slot is None else self._place_of_slot(slot)

    def is_free(self, card_or_row: Card | str | int, col: int | None = None) -> bool:
        """R6/R7: a pyramid card with both coverers gone, or the top of a pile (the waste top).
        Takes a card (``g.is_free("10♠")``) or a row and position (``g.is_free(6, 5)``)."""
        if isinstance(card_or_row, int) and not isinstance(card_or_row, bool):
            if col is None:
                raise ValueError("is_free(row, col) needs both a row and a position")
            index = self.shape.index(card_or_row, col)
            return self._pyramid[index] is not None and self._is_free(index)
        slot = self._slot_of(parse_card(card_or_row, self.table.deck))  # type: ignore[arg-type]  # parse_card refuses a bool
        return slot is not None and self._is_free(slot)

    def free_cards(self) -> list[Card]:
        """Every free card: free pyramid cards in row-major order, then each pile's top (the
        waste top) in pile order."""
        cards = [self._pyramid[i] for i in range(len(self._pyramid)) if self._is_free(i)]
        cards += [pile[-1] for pile in self._piles if pile]
        return [card for card in cards if card is not None]

    def free_places(self) -> list[Place]:
        """The places of :meth:`free_cards`, in the same order."""
        return [self._place_of_slot(self._slot_of(card)) for card in self.free_cards()]  # type: ignore[arg-type]

    def selectable_places(self) -> list[Place]:
        """Every place a tap would select: free cards, plus the cards the rules let pair with
        one particular partner (a card with one coverer left, a fresh draw's waste card)."""
        slots = [i for i in range(len(self._pyramid)) if self._selectable(i)]
        slots += [s for s in self._pile_slots() if self._selectable(s)]
        return [self._place_of_slot(s) for s in slots]

    def _pile_slots(self) -> Iterator[int]:
        """Every pile slot, pile by pile, the top before the card beneath."""
        for pile in range(len(self._piles)):
            yield pile_slot(pile, 1)
            yield pile_slot(pile, 2)

    # ------------------------------------------------------------------ the rules

    def _is_free(self, slot: int) -> bool:
        if slot >= PILE_SLOTS:
            pile, depth = slot_pile(slot)
            return depth == 1 and bool(self._piles[pile])
        if self._pyramid[slot] is None:
            return False
        pyramid = self._pyramid
        return all(pyramid[c] is None for c in self.shape.covers[slot])

    def _face_up(self, slot: int) -> bool:
        """Whether pyramid place ``slot`` shows its card: always, but on a face-down table
        until every card covering it is gone."""
        return not self.table.face_down or all(
            self._pyramid[c] is None for c in self.shape.covers[slot]
        )

    def _only_coverer(self, slot: int) -> int | None:
        """The one remaining card on a pyramid card, if exactly one remains (pair with coverer)."""
        left = [c for c in self.shape.covers[slot] if self._pyramid[c] is not None]
        return left[0] if len(left) == 1 else None

    def _may_pair(self, slot: int, partner: int) -> bool:
        """Whether ``slot`` may be removed together with ``partner`` (R7, R12, R16, §9 knobs)."""
        if self._is_free(slot):
            return True
        if slot >= PILE_SLOTS:
            return self._fresh_under(slot) and partner == slot - 1
        if self.rules.pair_with_coverer and self._pyramid[slot] is not None:
            return (
                self._face_up(slot)
                and self._only_coverer(slot) == partner
                and self._is_free(partner)
            )
        return False

    def _pair_allowed(self, a: int, b: int) -> bool:
        return a != b and self._may_pair(a, b) and self._may_pair(b, a)

    def _selectable(self, slot: int) -> bool:
        """Whether a tap selects the card here: it is free or could pair with some partner."""
        if self._is_free(slot):
            return True
        if slot >= PILE_SLOTS:
            return self._fresh_under(slot)
        if self.rules.pair_with_coverer and self._pyramid[slot] is not None:
            coverer = self._only_coverer(slot)
            return coverer is not None and self._face_up(slot) and self._is_free(coverer)
        return False

    def _fresh_under(self, slot: int) -> bool:
        """Whether ``slot`` is the card beneath a waste pile's fresh top (draw against waste,
        §9): it may pair with that top only."""
        pile, depth = slot_pile(slot)
        return (
            depth == 2
            and self.rules.draw_against_waste
            and self._fresh
            and self.table.piles[pile].kind is PileKind.WASTE
            and len(self._piles[pile]) >= 2
        )

    def _card_at(self, slot: int) -> Card:
        """The card at an occupied slot."""
        card = self._card_at_slot(slot)
        assert card is not None
        return card

    def _card_at_slot(self, slot: int) -> Card | None:
        if slot < PILE_SLOTS:
            return self._pyramid[slot]
        pile, depth = slot_pile(slot)
        cards = self._piles[pile]
        return cards[-depth] if len(cards) >= depth else None

    def _slot_of(self, card: Card) -> int | None:
        index = self._pyramid_index.get(card)
        if index is not None and self._pyramid[index] is card:
            return index
        for pile, cards in enumerate(self._piles):  # a pyramid card may have moved to a cell
            if cards and cards[-1] is card:
                return pile_slot(pile, 1)
            if len(cards) >= 2 and cards[-2] is card:
                return pile_slot(pile, 2)
        return None

    def _place_of_slot(self, slot: int) -> Place:
        if slot < PILE_SLOTS:
            row, col = self.shape.position(slot)
            return Place("pyramid", row, col)
        pile, depth = slot_pile(slot)
        return Place(self._pile_ids[pile], depth)

    def _has_waste(self) -> bool:
        return any(self._piles[i] for i in self._waste_piles)

    def _can_recycle(self) -> bool:
        limit = self.rules.recycles
        return (
            not self._stock and self._has_waste() and (limit is None or self._recycles_used < limit)
        )

    def _removals(self) -> Iterator[tuple[int, ...]]:
        """Every legal removal as slots in stable order: kings, then pairs (by slot), then (on
        a table with groups) every set of three or more free cards summing to the pair sum."""
        target = self.rules.target
        pyramid = self._pyramid
        candidates = [i for i in range(len(pyramid)) if self._selectable(i)]
        candidates += [s for s in self._pile_slots() if self._selectable(s)]
        cards = {slot: self._card_at_slot(slot) for slot in candidates}
        for slot in candidates:
            if cards[slot].rank == target and self._is_free(slot):  # type: ignore[union-attr]
                yield (slot,)
        for n, a in enumerate(candidates):
            for b in candidates[n + 1 :]:
                if cards[a].rank + cards[b].rank == target and self._pair_allowed(a, b):  # type: ignore[union-attr]
                    yield (a, b)
        if self.table.groups:
            free = [slot for slot in candidates if self._is_free(slot)]
            yield from groups_summing_to(free, [cards[slot].rank for slot in free], target)  # type: ignore[union-attr]

    def _cell_moves(self) -> Iterator[tuple[int, int]]:
        """Every legal move into the cell, as (from, to) slots: each free card of the pyramid
        or of a waste pile, into the first empty cell (docs/rules.md A3)."""
        empty = next((i for i in self._cells if not self._piles[i]), None)
        if empty is None:
            return
        to = pile_slot(empty, 1)
        for slot in range(len(self._pyramid)):
            if self._is_free(slot) and self._face_up(slot):
                yield (slot, to)
        for pile in self._waste_piles:
            if self._piles[pile]:
                yield (pile_slot(pile, 1), to)

    def legal_moves(self) -> list[Move]:
        """Every legal move now, in a stable order: kings, pairs, groups, moves to the cell,
        then draw and recycle."""
        if self._status is not Status.PLAYING:
            return []
        moves = [self._move_for(slots) for slots in self._removals()]
        moves += [Move(MoveKind.CELL, (self._card_at_slot(a),)) for a, _ in self._cell_moves()]  # type: ignore[arg-type]
        if self._stock:
            moves.append(DRAW)
        elif self._can_recycle():
            moves.append(RECYCLE)
        return moves

    def _move_for(self, slots: tuple[int, ...]) -> Move:
        cards = tuple(self._card_at_slot(s) for s in slots)
        kind = (
            MoveKind.KING
            if len(slots) == 1
            else MoveKind.PAIR
            if len(slots) == 2
            else MoveKind.GROUP
        )
        return Move(kind, cards)  # type: ignore[arg-type]

    def _has_legal_move(self) -> bool:
        if self._stock or self._can_recycle():
            return True
        return (
            next(self._removals(), None) is not None or next(self._cell_moves(), None) is not None
        )

    def _compute_status(self) -> Status:
        # A card parked in a cell is still in play: the game is not won while one is there.
        cleared = self._pyramid_left == 0 and not any(self._piles[i] for i in self._cells)
        if cleared and (not self.rules.strict_win or not (self._stock or any(self._piles))):
            return Status.WON
        return Status.PLAYING if self._has_legal_move() else Status.NO_MOVES

    # ------------------------------------------------------------------ the programmatic layer

    def is_legal(self, move: Move | str) -> bool:
        try:
            self._resolve(self._parse(move))
        except IllegalMoveError:
            return False
        return True

    def play(self, move: Move | str) -> Move:
        """Play a move given as a :class:`Move` or in notation (``"10♣+3♠"``, ``"draw"``).

        Raises :class:`~pyramide_widget.engine.errors.IllegalMoveError`, saying why, if the move is
        malformed or illegal; the game is then exactly as it was. Returns the move played.
        """
        parsed = self._parse(move)
        self._apply(parsed, self._resolve(parsed))
        return parsed

    def _parse(self, move: Move | str) -> Move:
        """A move in this game's notation: its deck's cards, groups only where the table has them."""
        return parse_move(move, self.table.deck, groups=self.table.groups)

    def _resolve(self, move: Move) -> tuple[int, ...]:
        """The slots a legal move acts on; raise :class:`IllegalMoveError` with the reason
        (:mod:`.legality`)."""
        return resolve(self, move)

    def _apply(self, move: Move, slots: tuple[int, ...]) -> None:
        """Carry out a resolved, legal move (see :meth:`_change`)."""
        entry = _UndoEntry(move, slots, self._fresh, self._sizes_for(move))
        self._change(
            str(move),
            lambda: self._move_cards(move, slots, entry.sizes),
            lambda: self._return_cards(entry),
        )
        self._undo.append(entry)
        self._history.append(move)
        if move.kind in _REMOVALS:
            self._removed.append(move)
        self._moves += 1

    def undo(self) -> Move | None:
        """R21: reverse the last action (up to 100 back). Cards return, points are subtracted,
        the move counter stays. Returns the move undone, or ``None`` if there is nothing to undo."""
        if not self._undo:
            return None
        entry = self._undo[-1]
        self._change(
            "undo",
            lambda: self._return_cards(entry),
            lambda: self._move_cards(entry.move, entry.slots, entry.sizes),
        )
        self._undo.pop()
        self._history.pop()
        if entry.move.kind in _REMOVALS:
            self._removed.pop()
        return entry.move

    def _sizes_for(self, move: Move) -> tuple[int, ...]:
        """What undo needs beyond the slots: how many cards a draw deals (fewer than
        ``table.draw`` at the end of the stock), each waste pile's size before a recycle."""
        if move.kind is MoveKind.DRAW:
            return (min(self.table.draw, len(self._stock)),)
        if move.kind is MoveKind.RECYCLE:
            return tuple(len(self._piles[i]) for i in self._waste_piles)
        return ()

    def _move_cards(self, move: Move, slots: tuple[int, ...], sizes: tuple[int, ...]) -> None:
        """Play ``move`` on the cards; with :meth:`_return_cards`, the only place where the
        table changes. A draw deals ``sizes[0]`` cards, one onto each waste pile in turn; a
        recycle gathers the waste piles, the first pile's bottom card on top of the new stock
        (docs/rules.md A1)."""
        waste_piles = self._waste_piles
        if move.kind is MoveKind.DRAW:
            for n in range(sizes[0]):
                card = self._stock.pop()
                self._piles[waste_piles[n % len(waste_piles)]].append(card)
                self._seen.add(card)
            self._fresh = True
        elif move.kind is MoveKind.RECYCLE:
            gathered = [card for i in waste_piles for card in self._piles[i]]
            self._stock = gathered[::-1]
            for i in waste_piles:
                self._piles[i] = []
            self._fresh = False
            self._recycles_used += 1
        elif move.kind is MoveKind.CELL:
            source, cell = slots
            self._take(source)
            self._piles[slot_pile(cell)[0]].append(move.cards[0])
            self._turn_up(slots)
        else:
            # Take pile cards top first so a (top, under) pair pops in the right order.
            for slot in sorted(slots):
                self._take(slot)
            self._turn_up(slots)

    def _turn_up(self, slots: tuple[int, ...]) -> None:
        """On a face-down table, remember the cards the removal of ``slots`` turned face up."""
        if not self.table.face_down:
            return
        for slot in slots:
            if slot < PILE_SLOTS:
                for place in self.shape.covered[slot]:
                    card = self._pyramid[place]
                    if card is not None and self._face_up(place):
                        self._seen.add(card)

    def _take(self, slot: int) -> None:
        """Take the card at ``slot`` off the table (a pile's card must be its top by then)."""
        if slot < PILE_SLOTS:
            self._pyramid[slot] = None
            self._pyramid_left -= 1
            return
        pile = slot_pile(slot)[0]
        self._piles[pile].pop()
        if self.table.piles[pile].kind is PileKind.WASTE:
            self._fresh = False

    def _put_back(self, slot: int, card: Card) -> None:
        """Undo :meth:`_take`: the card returns to ``slot`` (freshness is restored by the caller)."""
        if slot < PILE_SLOTS:
            self._pyramid[slot] = card
            self._pyramid_left += 1
        else:
            self._piles[slot_pile(slot)[0]].append(card)

    def _return_cards(self, entry: _UndoEntry) -> None:
        """Put the cards of ``entry``'s move back where they were (the table half of undo)."""
        move = entry.move
        waste_piles = self._waste_piles
        if move.kind is MoveKind.DRAW:
            for n in reversed(range(entry.sizes[0])):
                self._stock.append(self._piles[waste_piles[n % len(waste_piles)]].pop())
        elif move.kind is MoveKind.RECYCLE:
            gathered = self._stock[::-1]
            start = 0
            for i, size in zip(waste_piles, entry.sizes, strict=False):
                self._piles[i] = gathered[start : start + size]
                start += size
            self._stock = []
            self._recycles_used -= 1
        elif move.kind is MoveKind.CELL:
            source, cell = entry.slots
            self._piles[slot_pile(cell)[0]].pop()
            self._put_back(source, move.cards[0])
        else:
            # The card beneath goes back first, then the top on it.
            for slot in sorted(entry.slots, reverse=True):
                self._put_back(slot, move.cards[entry.slots.index(slot)])
        self._fresh = entry.fresh

    def _change(self, action: str, forward: Callable[[], None], back: Callable[[], None]) -> None:
        """Change the cards with ``forward`` and update the status. A game also times the
        action and updates its message and selection, and calls ``back`` to return the cards
        when that fails (:meth:`Game._change <.game.Game._change>`)."""
        forward()
        self._status = self._compute_status()

    def __repr__(self) -> str:
        where = self.code or "custom layout"
        return f"<{type(self).__name__} {where} {self.rules.name}: score {self.score}, moves {self._moves}, {self._status.value}>"
