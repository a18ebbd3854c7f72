"""The game: state, the two play layers (:meth:`Game.tap` as in the app, :meth:`Game.play` by
notation) over one implementation of the rules, undo, status, score and clock.

Design: docs/design/engine.md."""

from __future__ import annotations

import functools
from collections import deque
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from .cards import Card, parse_card
from .clock import GameClock, TimeSource
from .deal import Deal, DealCode
from .errors import CodeError, IllegalMoveError
from .i18n import Message, check_language, translate
from .moves import DRAW, RECYCLE, Move, MoveKind, parse_move
from .piles import PileKind
from .player_view import PlayerView, SeenDeal
from .position import Place, Position, Status
from .rules import CUSTOM_LETTER, Rules, RulesLike, as_rules
from .selection import Selection
from .slots import PILE_SLOTS, pile_slot, slot_pile
from .table import Table
from .taps import tap
from .view.html import game_html, game_svg
from .view.text import game_text

if TYPE_CHECKING:
    from .record import Record

UNDO_LIMIT = 100
"""R21: undo reverses at most the last 100 actions."""
POINTS_PER_CARD = 10
"""R19: each card removed from the pyramid scores 10."""

_F = TypeVar("_F", bound=Callable[..., Any])


def _notifies(method: _F) -> _F:
    """Tell the game's observers once the outermost public call that may change it returns."""

    @functools.wraps(method)
    def wrapper(self: Game, *args: Any, **kwargs: Any) -> Any:
        if not self._observers:
            return method(self, *args, **kwargs)
        self._notify_depth += 1
        try:
            return method(self, *args, **kwargs)
        finally:
            self._notify_depth -= 1
            if not self._notify_depth:
                self._notify_observers()

    return wrapper  # type: ignore[return-value]


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


class _UndoEntry(NamedTuple):
    move: Move
    slots: tuple[
        int, ...
    ]  # where the removed cards were, in move.cards order (a cell move: from, to)
    fresh: bool  # waste freshness before the move
    sizes: tuple[int, ...] = ()  # a draw: the cards it dealt; a recycle: each waste pile's size


class Game:
    """One game of Pyramide. Build it with :meth:`from_code`, :meth:`new`, :meth:`from_layout`
    or :meth:`replay`."""

    def __init__(
        self,
        deal: Deal,
        rules: RulesLike | None = None,
        *,
        code: DealCode | None = None,
        explain_mistakes: bool = True,
        language: str = "en",
        clock: TimeSource | None = None,
    ) -> None:
        """``rules``: a :class:`Rules`, a :class:`~pyramide_widget.engine.rules.Preset` or a preset
        letter such as ``"S"`` (standard rules by default). ``clock``: a function returning
        seconds (``time.monotonic`` by default); see :mod:`~pyramide_widget.engine.clock`."""
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
        self.explain_mistakes = explain_mistakes
        self.language = language
        self._clock_source = clock
        self.shape = rules.table.shape
        self._observers: list[Callable[[Game], None]] = []
        self._notify_depth = 0
        self._reset()

    def _reset(self) -> None:
        deal = self.deal
        self._pyramid: list[Card | None] = list(deal.pyramid)
        self._pyramid_index = {card: i for i, card in enumerate(deal.pyramid)}
        self._stock: list[Card] = list(reversed(deal.stock))  # top at the end: pop() draws
        table = self.table
        self._waste_piles = table.waste_piles
        self._pile_ids = table.pile_ids
        self._cells = tuple(i for i, pile in enumerate(table.piles) if pile.kind is PileKind.CELL)
        self._piles: list[list[Card]] = [[] for _ in table.piles]  # each top at the end
        if self._waste_piles:
            self._piles[self._waste_piles[0]].extend(deal.waste)
        dealt = iter(deal.piles)
        for i, pile in enumerate(table.piles):
            if pile.dealt:
                self._piles[i].extend(next(dealt))
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
        self._log: list[tuple[str, float]] = []
        self._selection = Selection()
        self._message_key: str | None = None
        self.clock = GameClock(self._clock_source)
        self._status = self._compute_status()
        self.assisted = False
        """Whether the player had help in this game: the solver consulted while it was in
        progress (:func:`pyramide_widget.solver.solve` or :func:`~pyramide_widget.solver.hint`),
        or help a front end reports by setting it. Records and statistics keep it
        (assisted wins are not ranked); :meth:`restart` clears it with the rest."""

    @property
    def explain_mistakes(self) -> bool:
        """Whether a tap that does nothing says why (R8)."""
        return self._explain_mistakes

    @explain_mistakes.setter
    def explain_mistakes(self, value: bool) -> None:
        # Only a bool: "no" or 0 would be stored as is and read as a (wrong) truth value.
        if not isinstance(value, bool):
            raise TypeError(
                f"explain_mistakes must be True or False, got {type(value).__name__} {value!r}"
            )
        self._explain_mistakes = value

    @property
    def language(self) -> str:
        """The language of :attr:`message`: one of :data:`~pyramide_widget.engine.i18n.LANGUAGES`;
        any other is refused when set."""
        return self._language

    @language.setter
    def language(self, value: str) -> None:
        self._language = check_language(value)

    # ------------------------------------------------------------------ construction

    @classmethod
    def from_code(cls, code: str, rules: RulesLike | None = None, **options: Any) -> Game:
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
    def new(cls, rules: RulesLike | None = None, **options: Any) -> Game:
        """A random deal under ``rules`` (a :class:`Rules`, a preset or its letter; standard
        by default)."""
        rules = as_rules(rules) if rules is not None else Rules()
        code = DealCode.random(rules)
        return cls(code.deal(rules.table), rules, code=code, **options)

    @classmethod
    def from_layout(
        cls,
        pyramid: Any,
        waste: Any = (),
        stock: Any = (),
        rules: RulesLike | None = None,
        **options: Any,
    ) -> Game:
        """A game on explicit cards (R5): pyramid rows top to bottom, waste bottom to top (last
        = top), stock top first (first = next drawn). The cards must be one deck of the rules'
        table (the standard 52-card deck unless ``rules`` name another table).

        A row, the waste or the stock may be written as bug reports write them, one string of
        cards separated by spaces: ``Game.from_layout(["J♦", "6♣ 7♥", ...], "7♦", "2♠ 9♥ ...")``
        (see :meth:`Deal.from_layout <pyramide_widget.engine.deal.Deal.from_layout>`)."""
        rules = as_rules(rules) if rules is not None else Rules()
        return cls(Deal.from_layout(pyramid, waste, stock, rules.table), rules, **options)

    @classmethod
    def replay(
        cls, record: Record | str | dict[str, Any], upto: int | None = None, **options: Any
    ) -> Game:
        """Rebuild a game from a record (or its JSON/text form), optionally only its first
        ``upto`` actions. Raises :class:`~pyramide_widget.engine.errors.RecordError` if it does not replay."""
        from .record import Record

        return Record.load(record).replay(upto=upto, **options)

    def observe(self, callback: Callable[[Game], None]) -> Callable[[], None]:
        """Call ``callback(game)`` after each tap, play, undo, restart or deselect (the widget
        uses it to redraw). Returns a function that stops the calls. Observers are not copied
        or pickled with the game.

        Observers are called in the order they were added, once the change is complete. One
        that raises does not stop the others: after all have run, the first exception is raised
        from the call that made the change, and the change stands."""
        if not callable(callback):
            raise TypeError(
                f"an observer must be a function of the game, callback(game); got {type(callback).__name__} {callback!r}"
            )
        self._observers.append(callback)
        return lambda: self._observers.remove(callback) if callback in self._observers else None

    def _notify_observers(self) -> None:
        """Call every observer, even after one raised; then raise the first exception."""
        error: Exception | None = None
        for observer in tuple(self._observers):
            try:
                observer(self)
            except Exception as raised:
                if error is None:
                    error = raised
        if error is not None:
            raise error

    def __getstate__(self) -> dict[str, Any]:
        state = self.__dict__.copy()
        state["_observers"] = []
        state["_notify_depth"] = 0
        return state

    @_notifies
    def restart(self) -> None:
        """Deal the same cards again: a fresh game, clock and counters reset."""
        self._reset()

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
    def elapsed(self) -> float:
        """Seconds of play: from the first action to the end of the game."""
        return self.clock.elapsed

    @property
    def message(self) -> Message | None:
        """The message of the last action or tap, in the game's language, or ``None``."""
        if self._message_key is None:
            return None
        return Message(
            self._message_key, translate(self._message_key, self.language, target=self.rules.target)
        )

    @property
    def selected(self) -> Place | None:
        """The place of the selected card (tap layer), or ``None``."""
        slot = self._selection.slot
        return None if slot is None else self._place_of_slot(slot)

    @property
    def selected_card(self) -> Card | None:
        return self._selection.card

    @property
    def selection(self) -> list[Place]:
        """Every selected place, the last tapped last: one at most but on Tut's Tomb, where a
        group is gathered tap by tap (A5)."""
        return [self._place_of_slot(slot) for slot in self._selection.slots()]

    @property
    def history(self) -> tuple[Move, ...]:
        """The moves that led to the current position (undone moves are not in it)."""
        return tuple(self._history)

    @property
    def actions(self) -> tuple[str, ...]:
        """Every action in order, undos included, in notation: what a record stores."""
        return tuple(action for action, _ in self._log)

    @property
    def action_count(self) -> int:
        """``len(actions)`` without building the tuple: constant time, for callers that ask
        on every tap (the widget) however long the game has run."""
        return len(self._log)

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

    def player_view(self) -> PlayerView:
        """What a player sees now, for a playing strategy: the face-up cards, the waste, the
        cards removed, the stock's count (never its order, unless the rules lay it face up),
        the recycles left and the legal moves; nothing that reveals a hidden card, and no
        reference back to this game (see :mod:`~pyramide_widget.engine.player_view`). What the
        player saw before and remembers is in it too: the moves played and the deal as far as
        the player has seen it."""
        hidden = self._face_down_places()
        deal, seen = self.deal, self._seen
        return PlayerView(
            rules=self.rules,
            pyramid=tuple(None if i in hidden else card for i, card in enumerate(self._pyramid)),
            face_down=hidden,
            waste=self.waste,
            piles=tuple(self.piles.items()),
            waste_fresh=self._fresh,
            stock_count=len(self._stock),
            stock=self.stock if self.rules.stock_face_up else None,
            recycles_left=self.recycles_left,
            removed=tuple(
                card
                for move in self._history
                if move.kind is not MoveKind.CELL
                for card in move.cards
            ),
            legal_moves=tuple(self.legal_moves()),
            history=tuple(self._history),
            deal=SeenDeal(
                tuple(card if card in seen else None for card in deal.pyramid),
                deal.waste,
                tuple(card if card in seen else None for card in deal.stock),
                deal.piles,
            ),
        )

    def exchanged(self, cards: Mapping[Card, Card]) -> Game:
        """A copy of this game in which cards the player has never seen lie elsewhere: the
        card of each key of ``cards`` is replaced, in the deal and on the table, by its value.

        The cards must be ones the player has never seen (a stock card never drawn, a face-down
        card never turned up), exchanged among themselves: the values are the keys in another
        order. The copy then shows the player what this game shows, with the same history, and
        its moves replay on its deal (they only moved cards the player saw): one of the games
        the player cannot tell from this one. It has no deal code. A ``ValueError`` says what is
        wrong with other cards, and changes nothing."""
        if not isinstance(cards, Mapping):
            raise TypeError(f"cards must be a mapping {{card: card}}, got {type(cards).__name__}")
        if set(cards) != set(cards.values()):
            raise ValueError(
                "the cards must be exchanged among themselves: the values must be the keys in "
                "another order"
            )
        deck = self.table.deck
        for card in cards:
            if not isinstance(card, Card) or card not in deck:
                raise ValueError(f"{card!r} is not a card of the {deck.name} deck")
            if card in self._seen:
                raise ValueError(f"{card} has been seen: only cards never seen can be exchanged")
        swap = cards.get
        deal = self.deal
        game = Game.__new__(Game)
        game.__dict__.update(self.__dict__)
        game.deal = Deal(
            tuple(swap(card, card) for card in deal.pyramid),
            deal.waste,
            tuple(swap(card, card) for card in deal.stock),
            deal.piles,
        )
        game._code = None
        game._pyramid = [card if card is None else swap(card, card) for card in self._pyramid]
        game._pyramid_index = {swap(card, card): i for card, i in self._pyramid_index.items()}
        game._stock = [swap(card, card) for card in self._stock]
        game._piles = [list(pile) for pile in self._piles]  # face up: seen, never exchanged
        game._seen = set(self._seen)
        game._undo = deque(self._undo, maxlen=UNDO_LIMIT)
        game._history = list(self._history)
        game._log = list(self._log)
        game._selection = self._selection.copy()
        game._observers = []
        game._notify_depth = 0
        game.clock = GameClock(self._clock_source)
        game.clock.restore(self.clock.state())
        return game

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

    @_notifies
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
        """The slots a legal move acts on; raise :class:`IllegalMoveError` with the reason."""
        if self._status is not Status.PLAYING:
            raise IllegalMoveError(f"{move} is not legal: the game is over ({self._status.value})")
        if move.kind is MoveKind.DRAW:
            if not self._stock:
                raise IllegalMoveError(
                    "draw is not legal: the stock is empty (play 'recycle' to turn the waste over)"
                )
            return ()
        if move.kind is MoveKind.RECYCLE:
            if self._stock:
                raise IllegalMoveError("recycle is not legal: the stock is not empty yet")
            if not self._has_waste():
                raise IllegalMoveError("recycle is not legal: the waste is empty")
            if not self._can_recycle():
                raise IllegalMoveError(
                    f"recycle is not legal: the {self.rules.recycles} recycle(s) these rules allow are used up"
                )
            return ()
        slots = []
        for card in move.cards:
            slot = self._slot_of(card)
            if slot is None:
                raise IllegalMoveError(f"{move} is not legal: {self._where_is(card)}")
            slots.append(slot)
        target = self.rules.target
        if move.kind is MoveKind.CELL:
            return self._resolve_cell(move, slots[0])
        if move.kind is MoveKind.GROUP:
            return self._resolve_group(move, tuple(slots))
        if move.kind is MoveKind.KING:
            if move.cards[0].rank != target:
                raise IllegalMoveError(
                    f"{move} is not legal: only a {self.table.deck.top_name} is removed alone; "
                    f"pair {move.cards[0]} with a card that makes {target}"
                )
            if not self._is_free(slots[0]):
                raise IllegalMoveError(f"{move} is not legal: {move.cards[0]} is not free")
            return tuple(slots)
        a, b = move.cards
        if a.rank + b.rank != target:
            raise IllegalMoveError(
                f"{move} is not legal: the ranks sum to {a.rank + b.rank}, not {target}"
            )
        if not self._pair_allowed(slots[0], slots[1]):
            blocked = next(
                c
                for c, s, o in ((a, slots[0], slots[1]), (b, slots[1], slots[0]))
                if not self._may_pair(s, o)
            )
            raise IllegalMoveError(
                f"{move} is not legal: {blocked} is not free ({self._where_is(blocked)})"
            )
        return tuple(slots)

    def _resolve_cell(self, move: Move, slot: int) -> tuple[int, ...]:
        card = move.cards[0]
        if not self._cells:
            raise IllegalMoveError(f"{move} is not legal: the {self.table.name} table has no cell")
        for from_slot, to_slot in self._cell_moves():
            if from_slot == slot:
                return (from_slot, to_slot)
        if all(self._piles[i] for i in self._cells):
            raise IllegalMoveError(
                f"{move} is not legal: the cell already holds {self._piles[self._cells[0]][-1]}"
            )
        if slot >= PILE_SLOTS and slot_pile(slot)[0] in self._cells:
            raise IllegalMoveError(f"{move} is not legal: {card} is in the cell already")
        if slot >= PILE_SLOTS and self.table.piles[slot_pile(slot)[0]].kind is not PileKind.WASTE:
            raise IllegalMoveError(
                f"{move} is not legal: only a pyramid card or a waste top goes to the cell"
            )
        raise IllegalMoveError(f"{move} is not legal: {card} is not free ({self._where_is(card)})")

    def _resolve_group(self, move: Move, slots: tuple[int, ...]) -> tuple[int, ...]:
        if not self.table.groups:
            raise IllegalMoveError(
                f"{move} is not legal: only Tut's Tomb removes three or more cards together"
            )
        total = sum(card.rank for card in move.cards)
        if total != self.rules.target:
            raise IllegalMoveError(
                f"{move} is not legal: the ranks sum to {total}, not {self.rules.target}"
            )
        for card, slot in zip(move.cards, slots, strict=True):
            if not self._is_free(slot):
                raise IllegalMoveError(
                    f"{move} is not legal: {card} is not free ({self._where_is(card)})"
                )
        return slots

    def _where_is(self, card: Card) -> str:
        if card not in self.table.deck:
            return f"{card} is not a card of the {self.table.deck.name} deck"
        index = self._pyramid_index.get(card)
        if index is not None and self._pyramid[index] is card:
            row, col = self.shape.position(index)
            coverers = [
                str(self._pyramid[c])
                for c in self.shape.covers[index]
                if self._pyramid[c] is not None
            ]
            return f"{card} (row {row}, position {col}) is covered by {' and '.join(coverers)}"
        if card in self._stock:
            return f"{card} is in the stock"
        for pile_id, cards in zip(self._pile_ids, self._piles, strict=True):
            if card in cards:
                name = "the waste" if pile_id == "waste" else pile_id
                if len(cards) >= 2 and cards[-2] is card:
                    return f"{card} lies under the {'waste top' if pile_id == 'waste' else f'top of {name}'} {cards[-1]}"
                return f"{card} is buried in {name}"
        return f"{card} has already been removed"

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
        self._moves += 1

    @_notifies
    def undo(self) -> Move | None:
        """R21: reverse the last action (up to 100 back). Cards return, points are subtracted,
        the move counter stays. Returns the move undone, or ``None`` if there is nothing to undo."""
        if not self._undo:
            self._message_key = "no_undo"
            return None
        entry = self._undo[-1]
        self._change(
            "undo",
            lambda: self._return_cards(entry),
            lambda: self._move_cards(entry.move, entry.slots, entry.sizes),
        )
        self._undo.pop()
        self._history.pop()
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
        """Change the cards with ``forward``, then time the action and update the status,
        message and selection. The clock (a user's time source may raise) is read only after
        the cards moved, because whether it stops or resumes depends on the new status; if a
        reading fails, ``back`` returns the cards and the clock is restored, so the game is
        exactly as it was (errors.py) and its record still replays to it."""
        was_over = self._status is not Status.PLAYING
        saved = self.clock.state()
        forward()
        try:
            self.clock.start()  # the first action starts it
            elapsed = self.clock.elapsed
            status = self._compute_status()
            if status is not Status.PLAYING:
                self.clock.stop()
            elif was_over:
                self.clock.resume()
        except BaseException:
            back()
            self.clock.restore(saved)
            raise
        self._log.append((action, elapsed))
        self._status = status
        self._message_key = (
            None if status is Status.PLAYING else "won" if status is Status.WON else "no_moves"
        )
        # R13: a selection goes with its card, once it cannot be played, after a group's move,
        # and after a draw or recycle, which changes what it could pair with (docs/rules.md §10).
        selection = self._selection
        if selection.slot is not None and (
            action in (str(DRAW), str(RECYCLE))
            or self._card_at_slot(selection.slot) is not selection.card
            or not self._selectable(selection.slot)
            or selection.group
        ):
            selection.clear()

    # ------------------------------------------------------------------ the tap layer

    @_notifies
    def tap(self, pile: str, row: int | None = None, col: int | None = None) -> Move | None:
        """Click on the table as in the app and return the move the tap played, if any.

        ``tap("pyramid", 7, 6)``, ``tap("stock")``, or a pile by its id (:attr:`piles`) with
        the depth of its card: ``tap("waste")`` the top, ``tap("waste", 2)`` the card beneath,
        ``tap("reserve-3")``, ``tap("cell")`` (moves the selected card into the empty cell, A3).
        On Tut's Tomb each tap adds a free card to the selection until the ranks reach the pair
        sum (A5); a card deeper in a pile than a move can take is blocked (R8). A game reason (a covered card, a wrong sum) never raises: it sets :attr:`message` as
        the app would. ``ValueError``: a place the table does not have; ``TypeError``: a row
        or position that is not an ``int``. The tap layer itself is :mod:`.taps`.
        """
        return tap(self, pile, row, col)

    @_notifies
    def deselect(self) -> None:
        """Clear the selection (the tap layer's state) without playing anything."""
        self._selection.clear()

    # ------------------------------------------------------------------ records

    def record(self) -> Record:
        """A record of this game: deal, rules and every action with its time."""
        from .record import Record

        return Record(
            code=self.code,
            rules=self.rules,
            deal=None if self._code is not None else self.deal,
            actions=self.actions,
            times=tuple(round(t, 3) for _, t in self._log),
            assisted=self.assisted,
        )

    # ------------------------------------------------------------------ display

    def to_text(self) -> str:
        """The table as text: header, the pyramid (``··`` for a removed card, ``▒▒`` for a
        face-down one), stock and waste."""
        return game_text(self)

    def __str__(self) -> str:
        return self.to_text()

    def _repr_svg_(self) -> str:
        return game_svg(self)

    def _repr_html_(self) -> str:
        return game_html(self)

    def __repr__(self) -> str:
        where = self.code or "custom layout"
        return f"<Game {where} {self.rules.name}: score {self.score}, moves {self._moves}, {self._status.value}>"
