"""The game: a board (:mod:`.board`: the cards and the rules) with what a player's game adds:
the two play layers (:meth:`Game.tap` as in the app, :meth:`Game.play` by notation), the clock,
the message of the last action in the player's language, observers, records and pictures.

Design: docs/design/engine.md."""

from __future__ import annotations

import functools
from collections import deque
from collections.abc import Callable, Iterator, Mapping
from typing import Any, TypeVar

from .board import UNDO_LIMIT, Board
from .cards import Card
from .clock import GameClock, TimeSource
from .deal import Deal, DealCode
from .i18n import Message, check_language, translate
from .moves import DRAW, RECYCLE, Move, MoveKind
from .player_view import PlayerView, SeenDeal
from .position import Place, Status
from .record import Record, ScriptedTime, Step, dealt, replay_actions
from .rules import RulesLike
from .selection import Selection
from .taps import tap
from .view.html import game_html, game_svg
from .view.text import game_text

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


class Game(Board):
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
        self._clock_source = clock
        self._observers: list[Callable[[Game], None]] = []
        self._notify_depth = 0
        super().__init__(deal, rules, code=code)
        self.explain_mistakes = explain_mistakes
        self.language = language

    def _reset(self) -> None:
        super()._reset()
        self._log: list[tuple[str, float]] = []
        self._selection = Selection()
        self._message_key: str | None = None
        self.clock = GameClock(self._clock_source)
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
    def replay(
        cls, record: Record | str | dict[str, Any], upto: int | None = None, **options: Any
    ) -> Game:
        """Rebuild a game from a record (or its JSON/text form), optionally only its first
        ``upto`` actions. Raises :class:`~pyramide_widget.engine.errors.RecordError` if it does not replay."""
        loaded = Record.load(record)
        game, time = cls._at_deal(loaded, options)
        for _ in replay_actions(loaded, game, upto, time):
            pass
        return game

    @classmethod
    def replay_steps(
        cls, record: Record | str | dict[str, Any], **options: Any
    ) -> Iterator[tuple[Step, Game]]:
        """Replay a record step by step: yields ``(step, game)`` after the deal and after each
        action. The same game object is advanced in place; copy what you keep
        (``game.position()``)."""
        loaded = Record.load(record)
        game, time = cls._at_deal(loaded, options)
        times = loaded.times
        yield Step(0, None, game.score, game.moves, 0.0 if times else None), game
        for index, action in replay_actions(loaded, game, None, time):
            yield (
                Step(index, action, game.score, game.moves, times[index - 1] if times else None),
                game,
            )

    @classmethod
    def _at_deal(cls, record: Record, options: dict[str, Any]) -> tuple[Game, ScriptedTime | None]:
        """The game of ``record`` at its deal, with the help it had, and the time source that
        gives it the recorded times (``None`` without times, or with a clock of the caller's)."""
        time = None
        if record.times is not None and "clock" not in options:
            time = ScriptedTime()
            options = {**options, "clock": time}
        game = dealt(record, cls, **options)
        game.assisted = record.assisted  # a replayed game had the help the original had
        return game, time

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
    def actions(self) -> tuple[str, ...]:
        """Every action in order, undos included, in notation: what a record stores."""
        return tuple(action for action, _ in self._log)

    @property
    def action_count(self) -> int:
        """``len(actions)`` without building the tuple: constant time, for callers that ask
        on every tap (the widget) however long the game has run."""
        return len(self._log)

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
        game = self.copy()
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
        return game

    def copy(self) -> Game:
        """An independent copy of this game as it stands (history, undo, clock and settings),
        without its observers. Its moves are this game's, shared: a copy costs one pointer per
        action, not a replay."""
        game = Game.__new__(Game)
        game.__dict__.update(self.__dict__)
        game._pyramid = list(self._pyramid)
        game._pyramid_index = dict(self._pyramid_index)
        game._stock = list(self._stock)
        game._piles = [list(pile) for pile in self._piles]
        game._seen = set(self._seen)
        game._undo = deque(self._undo, maxlen=UNDO_LIMIT)
        game._history = list(self._history)
        game._removed = list(self._removed)
        game._log = list(self._log)
        game._selection = self._selection.copy()
        game._observers = []
        game._notify_depth = 0
        game.clock = GameClock(self._clock_source)
        game.clock.restore(self.clock.state())
        return game

    # ------------------------------------------------------------------ playing

    @_notifies
    def play(self, move: Move | str) -> Move:
        """Play a move given as a :class:`Move` or in notation (``"10♣+3♠"``, ``"draw"``).

        Raises :class:`~pyramide_widget.engine.errors.IllegalMoveError`, saying why, if the move is
        malformed or illegal; the game is then exactly as it was. Returns the move played.
        """
        return super().play(move)

    @_notifies
    def undo(self) -> Move | None:
        """R21: reverse the last action (up to 100 back). Cards return, points are subtracted,
        the move counter stays. Returns the move undone, or ``None`` if there is nothing to undo."""
        if not self.can_undo:
            self._message_key = "no_undo"
        return super().undo()

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
