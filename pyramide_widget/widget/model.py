"""``PyramideWidget``: the game in a notebook cell, drawn by an anywidget front end.

Python sends the views the synced traits ``_state`` and ``_table`` (the position on every
change, the table's static layout once per table: :mod:`~pyramide_widget.widget.state`),
``_text`` (:mod:`~pyramide_widget.widget.ui_text`), ``_art``, plus ``_work`` while the solver
works in the background (:mod:`~pyramide_widget.widget.background`). The views send custom messages
only, checked against :mod:`~pyramide_widget.widget.protocol` and handled by one dispatcher.
The widget observes its :class:`~pyramide_widget.engine.game.Game`, so moves made on
``widget.game`` from Python redraw every view, like clicks do. ``docs/widget.md`` tells the
whole design.
"""

from __future__ import annotations

import copy
import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import anywidget
import traitlets

from ..engine.clock import TimeSource
from ..engine.errors import PyramideError
from ..engine.game import Game
from ..engine.i18n import LANGUAGES, check_language
from ..engine.moves import Move
from ..engine.record import Record
from ..engine.rules import Rules, RulesLike, as_rules
from . import protocol, recording
from .art import art_for_views, with_deck
from .assistance import STUCK_NODES, Analysis, Hint, StuckWatch, has_solver
from .background import Tasks
from .chance import ShownReview, final, indicator_samples, review_samples, review_shown, seed, shown
from .dealing import deal, from_dialog
from .protocol import MalformedMessage
from .replay import Replay, same_game
from .state import changed, widget_state
from .ui_text import table_for

if TYPE_CHECKING:
    from ..analysis.chance import Chance
    from ..analysis.chance_review import ChanceReview
    from ..analysis.review import GameAnalysis
    from ..analysis.statistics import StatsStore

logger = logging.getLogger(__name__)

STATIC = Path(__file__).parent / "static"
"""The front end, shipped as plain files: ``widget.js`` (one ES module, bundled from the
repository's ``js/src`` by ``npm run build --prefix js``) and ``widget.css``."""


class PyramideWidget(anywidget.AnyWidget):
    """Play Pyramide in a notebook.

    ``PyramideWidget()`` deals at random, ``PyramideWidget("PY1-N-AAAAAAS")`` deals a code,
    ``PyramideWidget(game=g)`` shows (and plays) an existing :class:`Game`. ``rules`` is a
    :class:`Rules` or a preset letter (``"S"``) for random deals and custom-rules codes.
    ``explain_mistakes`` and ``language`` default to the wrapped game's settings, else ``True``
    and ``"en"``; ``french_indices`` shows R/D/V instead of K/Q/J; ``highlight_free=False``
    draws free cards like any other (for players who want the challenge); ``show_chance=True``
    shows the chance to win from here, measured in the background after each move (off by
    default: it tells a player how they stand). ``clock`` is the engine's
    time source (for tests). ``stats`` records finished and abandoned games in the statistics
    and offers the Statistics panel (:func:`pyramide_widget.analysis.statistics.open_stats`:
    ``True``, the default, for the default file (``$PYRAMIDE_STATS`` overrides it), a path, a
    ``StatsStore``; ``False`` turns statistics off). A statistics file that cannot be used
    never stops the game: it gives a warning. Unknown keyword arguments are an error, and so is a
    switch (``explain_mistakes``...) that is not ``True`` or ``False``.
    """

    _esm = STATIC / "widget.js"
    _css = STATIC / "widget.css"

    _state = traitlets.Dict().tag(sync=True)
    _table = traitlets.Dict().tag(sync=True)
    _text = traitlets.Dict().tag(sync=True)
    _work = traitlets.Dict().tag(sync=True)
    _art = traitlets.Dict().tag(sync=True)

    explain_mistakes = traitlets.Bool(True, help="Say why a tap did nothing (R8).")
    language = traitlets.Unicode("en", help=f"One of {', '.join(LANGUAGES)}: every visible string.")
    french_indices = traitlets.Bool(False, help="Card corners show R/D/V instead of K/Q/J.")
    highlight_free = traitlets.Bool(True, help="Free cards are lifted in a light (the help).")
    show_chance = traitlets.Bool(
        False, help="Show the chance to win from here, from what the player sees."
    )

    def __init__(
        self,
        code: str | None = None,
        *,
        game: Game | None = None,
        rules: RulesLike | None = None,
        explain_mistakes: bool | None = None,
        language: str | None = None,
        french_indices: bool = False,
        highlight_free: bool = True,
        show_chance: bool = False,
        clock: TimeSource | None = None,
        stats: Any = True,
    ) -> None:
        if game is not None:
            if not isinstance(game, Game):
                raise TypeError(f"game must be a pyramide_widget.Game, got {type(game).__name__}")
            if code is not None or rules is not None:
                raise TypeError("pass either game= or a code/rules to deal, not both")
            if clock is not None:
                raise TypeError("clock= is for new deals; a wrapped game keeps its own clock")
        if language is not None:
            check_language(language)
        protocol.check_options(
            explain_mistakes=True if explain_mistakes is None else explain_mistakes,
            french_indices=french_indices,
            highlight_free=highlight_free,
            show_chance=show_chance,
        )
        if explain_mistakes is None:
            explain_mistakes = game.explain_mistakes if game else True
        if language is None:
            language = game.language if game else "en"
        self._clock = clock
        self._stop_observing: Callable[[], None] = lambda: None
        self._hint: Hint | None = None
        self._error: str | None = None  # the New game dialog's
        self._replay: Replay | None = None
        # background work: "hint", "analysis", "chance_review", "chance"
        self._tasks = Tasks(self._show_work)
        self._analysis: Analysis | None = None
        self._chance_review: ShownReview | None = None
        self._chance: dict[str, Any] | None = None  # the indicator's, for this position
        self._hint_offered = has_solver()
        self._stats = recording.open_store(stats)
        if game is None:
            game = deal(
                code,
                _rules(rules),
                explain_mistakes=explain_mistakes,
                language=language,
                clock=clock,
            )
        game.explain_mistakes = explain_mistakes
        game.language = language
        self._game = game
        self._stuck = StuckWatch(game)
        state, table = self._snapshot()
        super().__init__(
            explain_mistakes=explain_mistakes,
            language=language,
            french_indices=french_indices,
            highlight_free=highlight_free,
            show_chance=show_chance,
            _text=self._static_text(language),
            _art=art_for_views([game.table.deck]),
            _table=table,
            _state=state,
        )
        self._observe(game)
        self.on_msg(self._on_message)
        self._measure_chance()

    # ------------------------------------------------------------------ the game

    @property
    def game(self) -> Game:
        """The live :class:`Game`. Play on it directly (``widget.game.play("10♣+3♠")``) and
        every view follows. :meth:`new_game` replaces it; :meth:`restart` keeps it."""
        return self._game

    @game.setter
    def game(self, game: Game) -> None:
        if not isinstance(game, Game):
            raise TypeError(f"game must be a pyramide_widget.Game, got {type(game).__name__}")
        game.explain_mistakes = self.explain_mistakes
        game.language = self.language
        old = self._game
        self._game = game
        self._replay = None
        self._hint = None
        self._drop_analysis()
        self._stuck = StuckWatch(game)
        self._observe(game)
        self._drop_chance()
        self._publish()
        self._measure_chance()
        if old is not game:
            self._record(old, abandoned=True)  # after the new deal is on its way to the views

    def _observe(self, game: Game) -> None:
        self._stop_observing()
        self._stop_observing = game.observe(self._on_game_change)

    def new_game(self, code: str | None = None, *, rules: RulesLike | None = None) -> Game:
        """Deal ``code`` (or a random deal under ``rules``) as a new :class:`Game` and show it.
        ``code`` may also be a code's 7 letters alone (``"AAAAAAS"``): that deal under ``rules``
        (standard by default). A bad code raises :class:`~pyramide_widget.engine.errors.CodeError`
        and changes nothing."""
        game = deal(
            code,
            _rules(rules),
            explain_mistakes=self.explain_mistakes,
            language=self.language,
            clock=self._clock,
        )
        self._error = None
        self.game = game
        return game

    def restart(self) -> None:
        """Deal the same cards again (the same ``Game`` object, counters and clock reset)."""
        self._replay = None
        self._hint = None
        self._drop_analysis()
        self._record(self._game, abandoned=True)
        self._game.restart()

    def undo(self) -> Move | None:
        """R21: take back the last action; returns it, or ``None`` if there is nothing to undo."""
        return self._game.undo()

    def tap(self, pile: str, row: int | None = None, col: int | None = None) -> Move | None:
        """Tap a place as a click would (see :meth:`Game.tap`)."""
        return self._game.tap(pile, row, col)

    def _on_game_change(self, game: Game) -> None:
        """After each change of the game: drop a hint and an analysis after any action, and
        follow whether anything more can be removed; record a game that ended."""
        if game is not self._game:
            return
        try:
            self._error = None
            acted = self._stuck.update(game, ask_solver=self._hint_offered)
            if self._hint is not None and self._hint.actions != game.action_count:
                self._hint = None
            if acted:
                self._drop_analysis()  # an analysis is of the game as it stood
                self._drop_chance()
            self._publish()
            if acted:
                self._measure_chance()  # after the move is on its way to the views
            if game.is_over:
                self._record(game)  # once per game; the views already have the final state
        except Exception:  # never break the engine call that notified us
            logger.exception("PyramideWidget could not redraw after a change of its game")

    # ------------------------------------------------------------------ the solver's help

    def hint(self) -> Move | None:
        """Ask the solver for a move and highlight it. ``None`` if no move is possible, or if
        no line removes another pyramid card: the views then offer a new game while drawing
        is still legal, rather than say "no move is possible"."""
        if not self._hint_offered:
            raise RuntimeError(
                "hints need the solver (pyramide_widget.solver), which is not installed"
            )
        from ..solver import hint

        move = hint(self._game)
        self._show_hint(move)
        return move

    def _show_hint(self, move: Move | None) -> None:
        game = self._game
        if move is None and not game.is_over:
            self._hint, self._stuck.verdict = None, True
        else:
            self._hint = Hint(move, game.action_count)
            if move is not None:
                game.deselect()  # a selection the hint makes stale goes (docs/rules.md §10)
        self._publish()

    def _hint_in_background(self) -> None:
        """The Hint button: the solver searches a copy of the game in the background while
        ``_work`` says so; its move is shown only if the game has not changed meanwhile.
        Asking makes the game assisted at once, whatever the answer."""
        if "hint" in self._tasks:
            return  # one search at a time; the views disable the button meanwhile
        from ..solver import hint

        game, actions = self._game, self._game.action_count
        position = copy.deepcopy(game)  # the work reads only its own copy
        if not game.is_over:
            game.assisted = True

        def show(move: Move | None) -> None:
            if self._game is game and game.action_count == actions:
                self._show_hint(move)

        self._tasks.start("hint", lambda report: hint(position), show)

    @property
    def analysis(self) -> GameAnalysis | None:
        """The :class:`~pyramide_widget.analysis.review.GameAnalysis` of the current game as it
        stands, once :meth:`analyze` has finished (``None`` before, or once the game changed)."""
        return None if self._analysis is None else self._analysis.result

    @property
    def can_analyze(self) -> bool:
        """Whether the views offer the Analysis: the game is over, or nothing more can be
        removed (R18), and the solver is installed. (:meth:`analyze` itself works at any time.)"""
        return self._hint_offered and (self._game.is_over or bool(self._stuck.verdict))

    def analyze(self) -> None:
        """Analyse the current game move by move (:func:`pyramide_widget.analyze`) and show it in
        the Analysis panel: in a background thread when the kernel allows it (then this returns
        at once, and :attr:`analysis` is set when it is done), else before returning."""
        if not self._hint_offered:
            raise RuntimeError(
                "the analysis needs the solver (pyramide_widget.solver), which is not installed"
            )
        game, actions = self._game, self._game.action_count
        if "analysis" in self._tasks or (
            self._analysis is not None and self._analysis.actions == actions
        ):
            return
        from ..analysis.review import analyze

        record = game.record()
        if not game.is_over:  # a stuck game can be undone and played on with what it shows
            game.assisted = True

        def work(report: Callable[[Any], None]) -> GameAnalysis:
            return analyze(record, progress=lambda done, total: report(_progress(done, total)))

        def show(result: GameAnalysis) -> None:
            if self._game is game and game.action_count == actions:
                self._analysis = Analysis.of(result, actions)
                self._publish()
                self._review_chance()  # after the analysis, which the panel shows first

        self._tasks.start("analysis", work, show, progress=_progress(0, 0))

    @property
    def chance_review(self) -> ChanceReview | None:
        """The chance over the current game as it stands
        (:func:`~pyramide_widget.analysis.chance_review.chance_review`), once :meth:`analyze`
        has finished it (``None`` before, or once the game changed)."""
        return None if self._chance_review is None else self._chance_review.result

    def _review_chance(self) -> None:
        """The chance over the game for the Analysis panel's graph, in the background like the
        analysis, with its progress in ``_work``."""
        game, actions = self._game, self._game.action_count
        if "chance_review" in self._tasks or (
            self._chance_review is not None and self._chance_review.actions == actions
        ):
            return
        from ..analysis.chance_review import chance_review

        record, samples = game.record(), review_samples(game.table)
        chance_samples = indicator_samples(game.table)  # each position as the indicator shows it

        def work(report: Callable[[Any], None]) -> ChanceReview:
            return chance_review(
                record,
                samples=samples,
                chance_samples=chance_samples,
                progress=lambda done, total: report(_progress(done, total)),
            )

        def show(result: ChanceReview) -> None:
            if self._game is game and game.action_count == actions:
                self._chance_review = ShownReview(result, review_shown(result), actions)
                self._publish()

        total = len(record.actions)
        self._tasks.start("chance_review", work, show, progress=_progress(0, total))

    def show_better_move(self) -> None:
        """Replay the analysed game at the step before its losing move, with the solver's
        better move highlighted (the Analysis panel's button). Nothing to show: no change."""
        found = self.analysis
        if found is None or found.losing_move is None:
            return
        if self._replay is None or not same_game(self._replay.record, found.record):
            self.replay(found.record)
        self.replay_to(found.losing_move - 1)
        assert self._replay is not None
        self._replay.better_shown = True
        self._publish()

    def _drop_analysis(self) -> None:
        self._analysis = None
        self._chance_review = None
        self._tasks.cancel("analysis")
        self._tasks.cancel("chance_review")

    # ------------------------------------------------------------------ the chance indicator

    @property
    def chance(self) -> dict[str, Any] | None:
        """What the chance indicator shows for the current position: ``rate`` (of the decided
        layouts), ``low``, ``high`` (shares of 1), ``undecided`` of ``layouts``, ``exact`` and
        ``final`` (the game is over); ``None`` while measured, or :attr:`show_chance` off."""
        return self._chance

    def _drop_chance(self) -> None:
        self._chance = None
        self._tasks.cancel("chance")

    def _measure_chance(self) -> None:
        """When :attr:`show_chance` is on: the chance to win from the position the player sees
        (:func:`~pyramide_widget.analysis.chance.chance`), measured in the background (without
        threads, a few layouts at a time between the front end's messages) and shown only if
        the game has not moved on meanwhile (a newer position cancels it); at the end of a
        game, won or lost, at once."""
        game = self._game
        if not (self.show_chance and self._hint_offered) or self._chance or "chance" in self._tasks:
            return
        self._chance = final(game)
        if self._chance is not None:
            self._publish()
            return
        from ..analysis.chance import chance_steps

        view, actions = game.player_view(), game.action_count
        steps = chance_steps(view, samples=indicator_samples(game.table), seed=seed(game, view))

        def show(result: Chance) -> None:
            if self._game is game and game.action_count == actions and self.show_chance:
                self._chance = shown(result)
                self._publish()

        self._tasks.start_steps("chance", steps, show)

    def _show_work(self, work: dict[str, Any]) -> None:
        self._work = work

    # ------------------------------------------------------------------ replay

    def replay(self, record: Record | str | dict[str, Any] | None = None, index: int = 0) -> None:
        """Step through ``record`` (default: this game's own record) in the widget, starting at
        step ``index`` (0 = the deal). The game itself is not touched; :meth:`stop_replay`
        returns to it. Raises :class:`~pyramide_widget.engine.errors.RecordError` for a bad record."""
        loaded = self._game.record() if record is None else Record.load(record)
        replay = Replay(loaded, explain_mistakes=self.explain_mistakes, language=self.language)
        replay.goto(index)  # a bad index changes nothing
        self._replay = replay
        self._publish()

    def replay_to(self, index: int) -> None:
        """Show step ``index`` of the replay (a whole number, clamped to the record's length)."""
        if self._replay is None:
            raise RuntimeError("not replaying: call replay() first")
        self._replay.goto(index)
        self._publish()

    def stop_replay(self) -> None:
        """Leave the replay and show the game again."""
        self._replay = None
        self._publish()

    @property
    def replaying(self) -> bool:
        return self._replay is not None

    @property
    def replay_index(self) -> int | None:
        """The step shown while replaying, else ``None``."""
        return None if self._replay is None else self._replay.index

    # ------------------------------------------------------------------ statistics

    @property
    def stats(self) -> StatsStore | None:
        """The :class:`~pyramide_widget.analysis.statistics.StatsStore` games are recorded in,
        or ``None``."""
        return self._stats

    def stats_view(self, rules: str | None = None) -> dict[str, Any]:
        """What the Statistics panel shows for ``rules`` (a preset letter; default: the current
        game's): ``{"rules", "stats": StatsStore.view(...) | None, "error": str | None}``."""
        return recording.view(self._stats, rules or self._game.rules.letter)

    def _record(self, game: Game, abandoned: bool = False) -> None:
        """Add a finished or abandoned game to the statistics, after the views have the new
        state, so no tap waits for the file."""
        if recording.record(self._stats, game, abandoned=abandoned):
            self.send({"type": "stats_changed"})  # an open Statistics panel asks again

    # ------------------------------------------------------------------ state sent to the views

    def _static_text(self, language: str) -> dict[str, Any]:
        return {**table_for(language), "hint": self._hint_offered}

    def _snapshot(self) -> tuple[dict[str, Any], dict[str, Any]]:
        return widget_state(
            self._game,
            replay=self._replay,
            hint=self._hint,
            stuck=bool(self._stuck.verdict),
            analysis=self._analysis,
            chance=self._chance,
            chance_review=self._chance_review,
            error=self._error,
            stats=self._stats is not None,
            can_analyze=self.can_analyze,
            french_indices=bool(self.french_indices),
            highlight_free=bool(self.highlight_free),
            show_chance=bool(self.show_chance and self._hint_offered),
        )

    def _publish(self, force: bool = False) -> None:
        """Send the state if anything but the clock reading changed (or if forced: a new view
        asks for a fresh clock reading), and the table's layout only if the table changed: both
        in one message, so that a view never draws a state on another table's layout."""
        state, table = self._snapshot()
        deck = self._game.table.deck
        if deck.name not in self._art["decks"]:  # the art first: the state draws with it
            self._art = with_deck(self._art, deck)
        with self.hold_sync():
            if table != self._table:
                self._table = table
            if force or changed(self._state, state):
                self._state = state

    @traitlets.validate("language")
    def _check_language(self, proposal: dict[str, Any]) -> str:
        try:
            return check_language(proposal["value"])
        except ValueError as error:
            raise traitlets.TraitError(str(error)) from None

    @traitlets.observe(
        "explain_mistakes", "language", "french_indices", "highlight_free", "show_chance"
    )
    def _on_option(self, change: dict[str, Any]) -> None:
        game = self._game
        game.explain_mistakes = self.explain_mistakes
        if change["name"] == "language":  # the indices travel in the snapshot's options
            game.language = self.language
            self._text = self._static_text(self.language)
        if self._replay is not None:  # its step shows the messages as now asked for
            self._replay.relabel(explain_mistakes=self.explain_mistakes, language=self.language)
        if change["name"] == "show_chance":
            self._drop_chance()
        self._publish()
        if change["name"] == "show_chance":
            self._measure_chance()

    # ------------------------------------------------------------------ messages from the views

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """The one dispatcher: check ``content`` against the protocol, then hand it to the
        handler of its type. A malformed message is logged and changes nothing."""
        try:
            message = protocol.check(content)
            _HANDLERS[message["type"]](self, message)
        except MalformedMessage as error:
            logger.warning(
                "PyramideWidget ignored a malformed front-end message %s: %s",
                _short(content),
                error,
            )
        except Exception:
            logger.exception("PyramideWidget failed on the front-end message %s", _short(content))

    def _msg_tap(self, msg: dict[str, Any]) -> None:
        protocol.check_tap(msg, self._game)
        pile, row, col, card = msg["pile"], msg.get("row"), msg.get("col"), msg.get("card")
        if self._replay is not None:
            logger.info("PyramideWidget ignored a tap during a replay")
        elif card is not None and card != _card_at(self._game, pile, row, col):
            logger.info("PyramideWidget ignored a tap on %s: the view was out of date", card)
        else:
            self._game.tap(pile, row, col)

    def _msg_new(self, msg: dict[str, Any]) -> None:
        """The New game dialog (see :func:`~pyramide_widget.widget.dealing.from_dialog`): a
        code or rules that cannot be dealt are shown in the dialog and change nothing."""
        try:
            code, rules = from_dialog(
                msg.get("code", ""), msg.get("rules", ""), self._game.rules, self.language
            )
            self.new_game(code, rules=rules)
        except PyramideError as error:
            self._error = str(error)
            self._publish()

    def _msg_undo(self, msg: dict[str, Any]) -> None:  # and Escape's deselect
        if self._replay is None:
            self._game.undo() if msg["type"] == "undo" else self._game.deselect()

    def _msg_restart(self, msg: dict[str, Any]) -> None:
        self.restart()

    def _msg_hint(self, msg: dict[str, Any]) -> None:
        if self._hint_offered and self._replay is None:
            self._hint_in_background()

    def _msg_analyze(self, msg: dict[str, Any]) -> None:
        if self.can_analyze and self._replay is None:
            self.analyze()
        else:
            logger.info("PyramideWidget ignored an analysis request: the game is not over")

    def _msg_analysis_better(self, msg: dict[str, Any]) -> None:
        self.show_better_move()

    def _msg_option(self, msg: dict[str, Any]) -> None:
        setattr(self, msg["name"], msg["value"])

    def _msg_replay_start(self, msg: dict[str, Any]) -> None:
        self.replay()  # at the deal, so that Next plays the game forward

    def _msg_replay_goto(self, msg: dict[str, Any]) -> None:
        if self._replay is not None:
            self.replay_to(msg["index"])

    def _msg_replay_stop(self, msg: dict[str, Any]) -> None:
        self.stop_replay()

    def _msg_refresh(self, msg: dict[str, Any]) -> None:
        self._publish(force=True)

    def _msg_stats(self, msg: dict[str, Any]) -> None:
        if self._stats is None:
            logger.info("PyramideWidget ignored a statistics request: statistics are off")
            return
        self.send({"type": "stats", **self.stats_view(msg.get("rules"))})

    # ------------------------------------------------------------------ display

    def __repr__(self) -> str:
        game = self._game
        return (
            f"PyramideWidget(code={game.code!r}, score={game.score}, moves={game.moves}, "
            f"status={game.status.value!r})"
        )

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is not None:  # a static copy of the table for viewers without widgets
            data, metadata = bundle
            data = {**data, "text/html": self._game._repr_html_()}
            bundle = (data, metadata)
        return bundle

    def close(self) -> None:
        tasks = getattr(self, "_tasks", None)  # absent if __init__ refused its arguments
        if tasks is not None:
            tasks.cancel_all()
        stop = getattr(self, "_stop_observing", None)
        if stop is not None:
            stop()
        super().close()


_HANDLERS: dict[str, Callable[[PyramideWidget, dict[str, Any]], None]] = {
    "tap": PyramideWidget._msg_tap,
    "new": PyramideWidget._msg_new,
    "undo": PyramideWidget._msg_undo,
    "deselect": PyramideWidget._msg_undo,
    "restart": PyramideWidget._msg_restart,
    "hint": PyramideWidget._msg_hint,
    "analyze": PyramideWidget._msg_analyze,
    "analysis_better": PyramideWidget._msg_analysis_better,
    "option": PyramideWidget._msg_option,
    "replay_start": PyramideWidget._msg_replay_start,
    "replay_goto": PyramideWidget._msg_replay_goto,
    "replay_stop": PyramideWidget._msg_replay_stop,
    "refresh": PyramideWidget._msg_refresh,
    "stats": PyramideWidget._msg_stats,
}
"""The handler of each message of :data:`protocol.REQUESTS`, by its type."""


def _card_at(game: Game, pile: str, row: int | None, col: int | None) -> str | None:
    """The card a checked tap's place shows now (a pile's card by its depth, 1 the top)."""
    if pile == "pyramid":
        assert row is not None and col is not None
        card = game.card_at(row, col)
        return None if card is None else str(card)
    cards = game.piles[pile]
    depth = row or 1
    return str(cards[-depth]) if len(cards) >= depth else None


def _progress(done: int, total: int) -> dict[str, int]:
    """An analysis's progress as the views show it."""
    return {"done": done, "total": total}


def _rules(rules: RulesLike | None) -> Rules | None:
    return None if rules is None else as_rules(rules)


def _short(content: Any, limit: int = 200) -> str:
    text_ = repr(content)
    return text_ if len(text_) <= limit else text_[:limit] + "…"


__all__ = ["STUCK_NODES", "MalformedMessage", "PyramideWidget", "has_solver"]
