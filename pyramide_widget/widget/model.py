"""``PyramideWidget``: the game in a notebook cell, drawn by an anywidget front end.

The engine owns every rule. Data flows one way each direction:

* **Python → browser**: two synced traits. ``_state`` is the snapshot of the position
  (:mod:`pyramide_widget.engine.view_state`, about 2 KB), re-sent only when it changes; ``_text`` is
  the current language's strings and card names (:mod:`pyramide_widget.widget.ui_text`), sent when
  the language changes (the card indices are one of the snapshot's options).
* **Browser → Python**: custom messages only (``{"type": "tap", "pile": "pyramid", "row": 7,
  "col": 6, "card": "K♦"}``, ``{"type": "undo"}``, ...), checked by one dispatcher; anything
  malformed is ignored with a logged warning. The browser never sets a trait.
* **Statistics**, on request only: the Statistics panel sends ``{"type": "stats", "rules": "N"}``
  and Python answers with a custom message ``{"type": "stats", "rules": "N", "stats":
  StatsStore.view("N") | None, "error": str | None}``. After a game is recorded Python sends
  ``{"type": "stats_changed"}`` so an open panel asks again. ``_state["stats"]`` says whether
  statistics are on (the button is shown only then).

**Long solver work** (a Hint, the post-game Analysis) runs in a background thread
(:mod:`pyramide_widget.widget.background`) whenever the kernel has a running event loop, so the
notebook stays responsive; its progress is the synced trait ``_work`` (``{"hint": True}`` while
a hint is searched, ``{"analysis": {"done": 3, "total": 40}}`` while a game is analysed, ``{}``
when idle), and its results come back on the kernel's main thread, where they are dropped if
the game changed meanwhile. A new game, a restart or any action cancels a running analysis.
Once a game is over (or stuck, see below) ``_state["can_analyze"]`` offers the Analysis; its
result is ``_state["analysis"]`` (:meth:`GameAnalysis.to_dict
<pyramide_widget.analysis.review.GameAnalysis.to_dict>` but its ``moves``), and a replay of the same game carries
``replay["losing"]``, the step of the losing move, and, once asked for, ``replay["better"]``
with the solver's better move highlighted as a hint at the step before it.

Statistics are written only when a game ends (won, no more moves) or is abandoned (New game,
Restart after an action), after the new state has been sent, so no tap waits for the file.

A hint belongs to the position it was asked in: any action (undo, restart and a new game
included) drops it. With unlimited recycles a game that can no longer be won never ends (R18),
so once the player has drawn through a whole cycle of the stock without removing a card, the
solver checks (once per set of cards left) whether any further pyramid card can be removed; if
none can, the views offer a new game (``_state["stuck"]``). Taps of ordinary play never wait for
the solver, and every tap costs the same however long the game has run.

The widget observes its :class:`~pyramide_widget.engine.game.Game` (``Game.observe``), so moves made
directly on ``widget.game`` from Python redraw every view at once, like clicks do.
"""

from __future__ import annotations

import copy
import importlib.util
import logging
import re
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeGuard

import anywidget
import traitlets

from ..engine.clock import TimeSource
from ..engine.deal import DealCode
from ..engine.errors import PyramideError
from ..engine.game import Game
from ..engine.i18n import LANGUAGES, check_language
from ..engine.moves import Move
from ..engine.record import Record
from ..engine.rules import CUSTOM_LETTER, PRESETS, Rules, RulesLike, as_rules
from ..engine.view_state import snapshot
from .background import Task, run
from .ui_text import preset_name, table_for, text

logger = logging.getLogger(__name__)

STATIC = Path(__file__).parent / "static"
"""The front end, shipped as plain files: ``widget.js`` (an ES module) and ``widget.css``."""

OPTIONS = {"explain_mistakes": bool, "language": str, "french_indices": bool}
_MAX_TEXT = 4000  # longest string a message may carry (a pasted code or record line)
_DEAL_LETTERS = re.compile(r"[A-Za-z]{7}")  # a code's 7 deal letters typed alone
STUCK_NODES = 5_000
"""The node budget of the check "can any further pyramid card be removed?" (unlimited
recycles: the solver's pool search, a few milliseconds for most positions; a position where
nothing more can go is a small search). Past it the widget says nothing: only a proof shows
the message."""


def has_solver() -> bool:
    """Whether the solver module is installed, i.e. whether the Hint button is offered."""
    try:
        return importlib.util.find_spec("pyramide_widget.solver") is not None
    except (ImportError, ValueError):
        return False


class MalformedMessage(ValueError):
    """A front-end message that does not follow the protocol; it is ignored."""


@dataclass(frozen=True)
class _Hint:
    """The solver's hint, valid for the position after ``actions`` actions of the current game
    (``move`` is ``None`` when the game is over: no move at all)."""

    move: Move | None
    actions: int


@dataclass(frozen=True)
class _Analysis:
    """The analysis of the current game after ``actions`` actions (``data`` is what the views
    draw: :meth:`GameAnalysis.to_dict` without the verdict of every move, which the panel does
    not show and every later snapshot, replay steps included, would carry)."""

    result: Any  # GameAnalysis; the analysis layer is imported only when it is first used
    data: dict[str, Any]
    actions: int


@dataclass
class _Replay:
    """A record being stepped through: one snapshot per step, 0 = the deal."""

    record: Record
    frames: list[dict[str, Any]]
    index: int = 0


class PyramideWidget(anywidget.AnyWidget):
    """Play Pyramide in a notebook.

    ``PyramideWidget()`` deals at random, ``PyramideWidget("PY1-N-AAAAAAS")`` deals a code,
    ``PyramideWidget(game=g)`` shows (and plays) an existing :class:`Game`. ``rules`` is a
    :class:`Rules` or a preset letter (``"S"``) for random deals and custom-rules codes.
    ``explain_mistakes`` and ``language`` default to the wrapped game's settings, else ``True``
    and ``"en"``; ``french_indices`` shows R/D/V instead of K/Q/J. ``clock`` is the engine's
    time source (for tests). ``stats`` records finished and abandoned games in the statistics
    and offers the Statistics panel (:func:`pyramide_widget.analysis.statistics.open_stats`: ``True``, the
    default, for the default file (``$PYRAMIDE_STATS`` overrides it), a path, a ``StatsStore``;
    ``False`` turns statistics off). A statistics file that cannot be used never stops the game:
    it gives a warning. Unknown keyword arguments are an error.
    """

    _esm = STATIC / "widget.js"
    _css = STATIC / "widget.css"

    _state = traitlets.Dict().tag(sync=True)
    _text = traitlets.Dict().tag(sync=True)
    _work = traitlets.Dict().tag(sync=True)

    explain_mistakes = traitlets.Bool(True, help="Say why a tap did nothing (R8).")
    language = traitlets.Unicode("en", help=f"One of {', '.join(LANGUAGES)}: every visible string.")
    french_indices = traitlets.Bool(False, help="Card corners show R/D/V instead of K/Q/J.")

    def __init__(
        self,
        code: str | None = None,
        *,
        game: Game | None = None,
        rules: RulesLike | None = None,
        explain_mistakes: bool | None = None,
        language: str | None = None,
        french_indices: bool = False,
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
        explain = (
            explain_mistakes
            if explain_mistakes is not None
            else (game.explain_mistakes if game else True)
        )
        lang = language if language is not None else (game.language if game else "en")
        self._clock = clock
        self._stop_observing: Callable[[], None] = lambda: None
        self._hint: _Hint | None = None
        self._stuck: bool | None = None  # None: not asked for these cards; see _follow
        self._error: str | None = None
        self._replay: _Replay | None = None
        self._tasks: dict[str, Task[Any]] = {}  # background work by name: "hint", "analysis"
        self._progress: tuple[int, int] = (0, 0)
        self._analysis: _Analysis | None = None
        self._better_shown = False  # the replay highlights the better move at the losing step
        self._hint_offered = has_solver()
        self._stats = _open_stats(stats)
        if game is None:
            game = self._deal(code, _rules(rules), explain, lang)
        game.explain_mistakes = bool(explain)
        game.language = lang
        self._game = game
        self._follow_from(game)
        super().__init__(
            explain_mistakes=bool(explain),
            language=lang,
            french_indices=bool(french_indices),
            _text=self._static_text(lang),
            _state=self._snapshot(),
        )
        self._watch(game)
        self.on_msg(self._on_message)

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
        self._follow_from(game)
        self._watch(game)
        self._publish()
        if old is not game:
            self._record(old, abandoned=True)  # after the new deal is on its way to the views

    def _watch(self, game: Game) -> None:
        self._stop_observing()
        self._stop_observing = game.observe(self._on_game_change)

    def _deal(self, code: str | None, rules: Rules | None, explain: bool, language: str) -> Game:
        options: dict[str, Any] = {
            "explain_mistakes": explain,
            "language": language,
            "clock": self._clock,
        }
        if code is None:
            return Game.new(rules, **options)
        if not isinstance(code, str):
            raise TypeError(
                f"code must be a deal code such as 'PY1-N-AAAAAAS', got {type(code).__name__}"
            )
        if _DEAL_LETTERS.fullmatch(
            code.strip()
        ):  # the 7 letters alone fix the cards, not the rules
            rules = rules or Rules()
            return Game.from_code(f"PY1-{rules.letter}-{code.strip()}", rules, **options)
        return Game.from_code(code, rules, **options)

    def new_game(self, code: str | None = None, *, rules: RulesLike | None = None) -> Game:
        """Deal ``code`` (or a random deal under ``rules``) as a new :class:`Game` and show it.
        ``code`` may also be a code's 7 letters alone (``"AAAAAAS"``): that deal under ``rules``
        (standard by default). A bad code raises :class:`~pyramide_widget.engine.errors.CodeError`
        and changes nothing."""
        game = self._deal(code, _rules(rules), self.explain_mistakes, self.language)
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
            self._hint, self._stuck = None, True
        else:
            self._hint = _Hint(move, game.action_count)
        self._publish()

    def _hint_in_background(self) -> None:
        """The Hint button: the solver searches a copy of the game in a background thread (see
        the module docstring) while ``_work`` says so; its move is shown only if the game has
        not changed meanwhile. Asking makes the game assisted at once, whatever the answer."""
        if "hint" in self._tasks:
            return  # one search at a time; the views disable the button meanwhile
        from ..solver import hint

        game, actions = self._game, self._game.action_count
        position = copy.deepcopy(
            game
        )  # the thread reads only its own copy (never the action log's text)
        if not game.is_over:
            game.assisted = True
        task: Task[Move | None] = Task("hint")

        def done(move: Move | None, error: BaseException | None) -> None:
            self._end_task(task)
            if error is not None:
                logger.error("PyramideWidget: the hint failed", exc_info=error)
            elif self._game is game and game.action_count == actions:
                self._show_hint(move)

        self._start_task(task)
        run(task, lambda report: hint(position), lambda _value: None, done)

    # ------------------------------------------------------------------ post-game analysis

    @property
    def analysis(self) -> Any:
        """The :class:`~pyramide_widget.analysis.review.GameAnalysis` of the current game as it
        stands, once :meth:`analyze` has finished (``None`` before, or once the game changed)."""
        return None if self._analysis is None else self._analysis.result

    @property
    def can_analyze(self) -> bool:
        """Whether the views offer the Analysis: the game is over, or nothing more can be
        removed (R18), and the solver is installed. (:meth:`analyze` itself works at any time.)"""
        return self._hint_offered and (self._game.is_over or bool(self._stuck))

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
        task: Task[Any] = Task("analysis")

        def progress(value: tuple[int, int]) -> None:
            self._progress = value
            self._send_work()

        def done(result: Any, error: BaseException | None) -> None:
            self._end_task(task)
            if error is not None:
                logger.error("PyramideWidget: the analysis failed", exc_info=error)
            elif self._game is game and game.action_count == actions:
                summary = {key: value for key, value in result.to_dict().items() if key != "moves"}
                self._analysis = _Analysis(result, summary, actions)
                self._publish()

        self._progress = (0, 0)
        self._start_task(task)
        run(
            task,
            lambda report: analyze(record, progress=lambda done_, total: report((done_, total))),
            progress,
            done,
        )

    def show_better_move(self) -> None:
        """Replay the analysed game at the step before its losing move, with the solver's
        better move highlighted (the Analysis panel's button). Nothing to show: no change."""
        found = self._analysis
        if found is None or found.result.losing_move is None:
            return
        if self._replay is None or not _same_game(self._replay.record, found.result.record):
            self.replay(found.result.record)
        self.replay_to(found.result.losing_move - 1)
        self._better_shown = True
        self._publish()

    def _drop_analysis(self) -> None:
        self._analysis = None
        task = self._tasks.get("analysis")
        if task is not None:
            task.cancel()
            self._end_task(task)

    def _start_task(self, task: Task[Any]) -> None:
        self._tasks[task.name] = task
        self._send_work()

    def _end_task(self, task: Task[Any]) -> None:
        if self._tasks.get(task.name) is task:
            del self._tasks[task.name]
            self._send_work()

    def _send_work(self) -> None:
        work: dict[str, Any] = {}
        if "hint" in self._tasks:
            work["hint"] = True
        if "analysis" in self._tasks:
            work["analysis"] = {"done": self._progress[0], "total": self._progress[1]}
        self._work = work

    # ------------------------------------------------------------------ replay

    def replay(self, record: Record | str | dict[str, Any] | None = None, index: int = 0) -> None:
        """Step through ``record`` (default: this game's own record) in the widget, starting at
        step ``index`` (0 = the deal). The game itself is not touched; :meth:`stop_replay`
        returns to it. Raises :class:`~pyramide_widget.engine.errors.RecordError` for a bad record."""
        loaded = self._game.record() if record is None else Record.load(record)
        frames = []
        for step, game in loaded.steps(
            explain_mistakes=self.explain_mistakes, language=self.language
        ):
            frame = snapshot(game)
            frame.update(
                mode="replay",
                running=False,
                elapsed=round(step.time or 0.0, 1),
                replay={"index": step.index, "length": len(loaded), "action": step.action},
            )
            frames.append(frame)
        self._replay = _Replay(loaded, frames)
        self.replay_to(index)

    def replay_to(self, index: int) -> None:
        """Show step ``index`` of the replay (clamped to the record's length)."""
        if self._replay is None:
            raise RuntimeError("not replaying: call replay() first")
        self._replay.index = max(0, min(int(index), len(self._replay.frames) - 1))
        self._better_shown = False
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

    # ------------------------------------------------------------------ state sent to the views

    def _static_text(self, language: str) -> dict[str, Any]:
        table = table_for(language)
        table["hint"] = self._hint_offered
        return table

    def _snapshot(self) -> dict[str, Any]:
        if self._replay is not None:
            state = dict(self._replay.frames[self._replay.index])
            self._mark_replay(state)
        else:
            game, hint = self._game, self._hint  # _on_game_change drops a stale hint at once
            state = snapshot(
                game, hint=None if hint is None else hint.move, stuck=bool(self._stuck)
            )
            if hint is not None and hint.move is None:
                state["hint"] = {"move": None, "kind": "none", "cards": []}  # asked, but no move
        state["error"] = self._error
        state["stats"] = self._stats is not None
        state["can_analyze"] = self._replay is None and self.can_analyze
        state["analysis"] = self._analysis.data if self._analysis is not None else None
        state["options"] = {
            "explain_mistakes": self._game.explain_mistakes,
            "french_indices": bool(self.french_indices),
        }
        return state

    def _mark_replay(self, state: dict[str, Any]) -> None:
        """In a replay of the analysed game: the losing move's step, and the better move as a
        hint at the step before it once asked for (:meth:`show_better_move`)."""
        found = self._analysis
        assert self._replay is not None
        if (
            found is None
            or found.result.losing_move is None
            or not _same_game(self._replay.record, found.result.record)
        ):
            return
        losing = found.result.losing_move
        state["replay"] = {**state["replay"], "losing": losing, "better": None}
        if self._better_shown and self._replay.index == losing - 1:
            better = found.result.better_move
            state["replay"]["better"] = {"move": str(better), "played": found.data["losing_action"]}
            state["hint"] = {
                "move": str(better),
                "kind": better.kind.value,
                "cards": [str(card) for card in better.cards],
            }

    def _publish(self, force: bool = False) -> None:
        """Send the snapshot if anything but the clock reading changed (or if forced: a new
        view asks for a fresh clock reading)."""
        new = self._snapshot()
        old = self._state
        if not force and old and {**old, "elapsed": None} == {**new, "elapsed": None}:
            return
        self._state = new

    @property
    def stats(self) -> Any:
        """The :class:`~pyramide_widget.analysis.statistics.StatsStore` games are recorded in, or ``None``."""
        return self._stats

    def _record(self, game: Game, abandoned: bool = False) -> None:
        if self._stats is None:
            return
        from ..analysis.statistics import record_safely

        if record_safely(self._stats, game, abandoned=abandoned) is not None:
            self.send({"type": "stats_changed"})  # an open Statistics panel asks again

    def stats_view(self, rules: str | None = None) -> dict[str, Any]:
        """What the Statistics panel shows for ``rules`` (a preset letter; default: the current
        game's): ``{"rules", "stats": StatsStore.view(...) | None, "error": str | None}``."""
        letter = rules or self._game.rules.letter
        if self._stats is None:
            return {"rules": letter, "stats": None, "error": "statistics are off (stats=False)"}
        try:
            return {"rules": letter, "stats": self._stats.view(letter), "error": None}
        except Exception as error:
            logger.warning("PyramideWidget could not read the statistics: %s", error)
            return {"rules": letter, "stats": None, "error": str(error)}

    def _on_game_change(self, game: Game) -> None:
        if game is not self._game:
            return
        try:
            self._error = None
            self._follow(game)
            self._publish()
            if game.is_over:
                self._record(game)  # once per game; the views already have the final state
        except Exception:  # never break the engine call that notified us
            logger.exception("PyramideWidget could not redraw after a change of its game")

    def _follow_from(self, game: Game) -> None:
        """Start following a game (new, or wrapped): nothing known about its position yet."""
        self._stuck, self._cards_seen = None, _cards_left(game)
        self._actions_seen, self._idle_actions = game.action_count, 0

    def _follow(self, game: Game) -> None:
        """After each change of the game: drop the hint after any action, and the "stuck"
        verdict once the cards left change (a draw or recycle only turns the talon, which does
        not change it; every removal and every undo of one changes the counts, and each change
        passes through here, so a restart or undo that comes back to the same counts cannot go
        unnoticed). With unlimited recycles, once the player has drawn a whole cycle of the
        talon without removing a card, ask the solver whether any pyramid card can still go:
        taps of ordinary play never wait for it."""
        count = game.action_count
        if self._hint is not None and self._hint.actions != count:
            self._hint = None
        if count != self._actions_seen and (
            "analysis" in self._tasks or self._analysis is not None
        ):
            self._drop_analysis()  # an analysis is of the game as it stood
        cards = _cards_left(game)
        if cards != self._cards_seen:
            self._stuck, self._cards_seen, self._idle_actions = None, cards, 0
        elif count != self._actions_seen:
            self._idle_actions += 1
        self._actions_seen = count
        if (
            self._stuck is None
            and 0 < cards[1] <= self._idle_actions
            and self._hint_offered
            and game.rules.recycles is None
            and not game.is_over
        ):
            self._stuck = _nothing_more_removable(game)

    @traitlets.validate("language")
    def _check_language(self, proposal: dict[str, Any]) -> str:
        try:
            return check_language(proposal["value"])
        except ValueError as error:
            raise traitlets.TraitError(str(error)) from None

    @traitlets.observe("explain_mistakes", "language", "french_indices")
    def _on_option(self, change: dict[str, Any]) -> None:
        game = self._game
        game.explain_mistakes = self.explain_mistakes
        if change["name"] == "language":  # the indices travel in the snapshot's options
            game.language = self.language
            self._text = self._static_text(self.language)
            if self._replay is not None:  # replay frames hold messages in the old language
                self.replay(self._replay.record, self._replay.index)
        self._publish()

    # ------------------------------------------------------------------ messages from the views

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        try:
            self._dispatch(content)
        except MalformedMessage as error:
            logger.warning(
                "PyramideWidget ignored a malformed front-end message %s: %s",
                _short(content),
                error,
            )
        except Exception:
            logger.exception("PyramideWidget failed on the front-end message %s", _short(content))

    def _dispatch(self, content: Any) -> None:
        if not isinstance(content, dict):
            raise MalformedMessage("expected a JSON object")
        kind = content.get("type")
        handler = _HANDLERS.get(kind) if isinstance(kind, str) else None
        if handler is None:
            raise MalformedMessage(f"unknown type {kind!r}; expected one of {sorted(_HANDLERS)}")
        fields, method = handler
        _check_keys(content, fields)
        method(self, content)

    def _msg_tap(self, msg: dict[str, Any]) -> None:
        pile, row, col, card = msg["pile"], msg.get("row"), msg.get("col"), msg.get("card")
        if pile == "pyramid":
            shape = self._game.shape
            if not (_is_int(row, 1, shape.rows) and _is_int(col, 1, shape.row_length(row))):
                raise MalformedMessage(f"no pyramid place at row {row!r}, position {col!r}")
        elif pile == "stock":
            if row is not None or col is not None or card is not None:
                raise MalformedMessage("a stock tap takes no row, col or card")
        elif isinstance(pile, str) and pile in self._game.piles:
            # Any pile of the table (the waste, "reserve-3", "cell"...): a card by its depth, 1 the top.
            deepest = max(2, len(self._game.piles[pile]))
            if col is not None or not (row is None or _is_int(row, 1, deepest)):
                raise MalformedMessage(
                    f"a tap on the pile {pile!r} takes a row from 1 (its top card) to {deepest} and no col"
                )
        else:
            known = ", ".join(repr(name) for name in ("pyramid", "stock", *self._game.piles))
            raise MalformedMessage(f"unknown pile {pile!r}: expected one of {known}")
        if card is not None and not isinstance(card, str):
            raise MalformedMessage("card must be a card in notation")
        if self._replay is not None:
            logger.info("PyramideWidget ignored a tap during a replay")
            return
        if card is not None and card != self._card_at(pile, row, col):
            logger.info("PyramideWidget ignored a tap on %s: the view was out of date", card)
            return
        self._game.tap(pile, row, col)

    def _card_at(self, pile: str, row: int | None, col: int | None) -> str | None:
        if pile == "pyramid":
            card = self._game.card_at(row, col)  # type: ignore[arg-type]
            return None if card is None else str(card)
        cards = self._game.piles[pile]
        depth = row or 1
        return str(cards[-depth]) if len(cards) >= depth else None

    def _msg_new(self, msg: dict[str, Any]) -> None:
        """The New game dialog: ``code`` as typed (a code, its 7 letters, or nothing for a
        random deal) and ``rules``, the menu's letter if the player chose one, else ``""``.

        Letters alone or nothing deal under the chosen rules (else the current game's). A code
        carries its own rules: it is dealt as it is unless the player chose other rules, a
        conflict the dialog states, dealing nothing."""
        code, letter = msg.get("code", ""), msg.get("rules", "")
        if not isinstance(code, str) or len(code) > _MAX_TEXT or not isinstance(letter, str):
            raise MalformedMessage("new takes a code and a rules letter as text")
        if letter and letter not in PRESETS:
            raise MalformedMessage(f"unknown rules letter {letter!r}")
        typed, chosen = code.strip(), Rules.preset(letter) if letter else None
        current = self._game.rules
        try:
            if not typed or _DEAL_LETTERS.fullmatch(typed):
                self.new_game(typed or None, rules=chosen or current)
                return
            parsed = DealCode.parse(typed)
            if parsed.rules_letter == CUSTOM_LETTER:  # custom rules travel outside the code
                self.new_game(
                    typed, rules=chosen or (current if current.letter == CUSTOM_LETTER else None)
                )
            elif chosen is None or chosen.letter == parsed.rules_letter:
                self.new_game(typed)
            else:
                self._error = self._conflict(parsed, chosen)
                self._publish()
        except PyramideError as error:
            self._error = str(error)  # shown in the widget; the game is unchanged
            self._publish()

    def _conflict(self, code: DealCode, chosen: Rules) -> str:
        """Why a typed code and the chosen rules cannot both be followed, and the two ways out."""
        language = self.language
        return text(
            "new_conflict",
            language,
            code=str(code),
            letters=code.letters,
            code_rules=preset_name(code.rules_letter, language),
            chosen=preset_name(chosen.letter, language),
        )

    def _msg_undo(self, msg: dict[str, Any]) -> None:
        if self._replay is None:
            self._game.undo()

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
        name, value = msg["name"], msg["value"]
        if not isinstance(name, str) or name not in OPTIONS or type(value) is not OPTIONS[name]:
            raise MalformedMessage(f"bad option {name!r}={value!r}")
        if name == "language" and value not in LANGUAGES:
            raise MalformedMessage(f"unknown language {value!r}")
        setattr(self, name, value)

    def _msg_replay_start(self, msg: dict[str, Any]) -> None:
        self.replay()  # at the deal, so that Next plays the game forward

    def _msg_replay_goto(self, msg: dict[str, Any]) -> None:
        if not _is_int(msg["index"], 0, 1 << 30):
            raise MalformedMessage("index must be a whole number >= 0")
        if self._replay is not None:
            self.replay_to(msg["index"])

    def _msg_replay_stop(self, msg: dict[str, Any]) -> None:
        self.stop_replay()

    def _msg_refresh(self, msg: dict[str, Any]) -> None:
        self._publish(force=True)

    def _msg_stats(self, msg: dict[str, Any]) -> None:
        letter = msg.get("rules")
        if letter is not None and not (
            isinstance(letter, str) and (letter in PRESETS or letter == CUSTOM_LETTER)
        ):
            raise MalformedMessage(f"unknown rules letter {letter!r}")
        if self._stats is None:
            logger.info("PyramideWidget ignored a statistics request: statistics are off")
            return
        self.send({"type": "stats", **self.stats_view(letter)})

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
        for task in list(getattr(self, "_tasks", {}).values()):
            task.cancel()
        stop = getattr(self, "_stop_observing", None)  # absent if __init__ refused its arguments
        if stop is not None:
            stop()
        super().close()


# Each message type: its allowed keys ({key: required}) and the method that handles it.
_HANDLERS: dict[str, tuple[dict[str, bool], Callable[[PyramideWidget, dict[str, Any]], None]]] = {
    "tap": ({"pile": True, "row": False, "col": False, "card": False}, PyramideWidget._msg_tap),
    "new": ({"code": False, "rules": False}, PyramideWidget._msg_new),
    "undo": ({}, PyramideWidget._msg_undo),
    "restart": ({}, PyramideWidget._msg_restart),
    "hint": ({}, PyramideWidget._msg_hint),
    "analyze": ({}, PyramideWidget._msg_analyze),
    "analysis_better": ({}, PyramideWidget._msg_analysis_better),
    "option": ({"name": True, "value": True}, PyramideWidget._msg_option),
    "replay_start": ({}, PyramideWidget._msg_replay_start),
    "replay_goto": ({"index": True}, PyramideWidget._msg_replay_goto),
    "replay_stop": ({}, PyramideWidget._msg_replay_stop),
    "refresh": ({}, PyramideWidget._msg_refresh),
    "stats": ({"rules": False}, PyramideWidget._msg_stats),
}


def _check_keys(msg: dict[str, Any], fields: dict[str, bool]) -> None:
    extra = set(msg) - set(fields) - {"type"}
    if extra:
        raise MalformedMessage(f"unexpected keys {sorted(map(str, extra))}")
    missing = [key for key, required in fields.items() if required and key not in msg]
    if missing:
        raise MalformedMessage(f"missing keys {missing}")


def _is_int(value: Any, low: int, high: int) -> TypeGuard[int]:
    return type(value) is int and low <= value <= high


def _open_stats(option: Any) -> Any:
    """The store for ``stats=`` (see :func:`~pyramide_widget.analysis.statistics.open_stats`); a default store
    that cannot even be located becomes a warning and statistics off, never an error."""
    from ..analysis.statistics import (  # sqlite3 itself is imported only on first use
        StatsWarning,
        open_stats,
    )

    try:
        return open_stats(option)
    except TypeError:
        raise
    except Exception as error:
        warnings.warn(f"statistics are off: {error}", StatsWarning, stacklevel=3)
        return None


def _cards_left(game: Game) -> tuple[int, int]:
    """Pyramid cards and talon cards left: every removal, or undo of one, changes them."""
    return game.pyramid_left, len(game.waste) + len(game.stock)


def _nothing_more_removable(game: Game) -> bool:
    """Whether the solver proves, within :data:`STUCK_NODES`, that no further pyramid card
    can be removed; ``False`` when it cannot tell in time."""
    from ..solver import SearchLimitReached, solve

    try:
        result = solve(game, max_nodes=STUCK_NODES)
    except SearchLimitReached:
        return False
    return result.max_removed == game.shape.size - game.pyramid_left


def _same_game(a: Record, b: Record) -> bool:
    """Whether two records are of one game as far as (code, deal, rules, actions): their times
    may differ (a replay of the game's record against the analysis of it)."""
    return (a.code, a.deal, a.rules, a.actions) == (b.code, b.deal, b.rules, b.actions)


def _rules(rules: RulesLike | None) -> Rules | None:
    return None if rules is None else as_rules(rules)


def _short(content: Any, limit: int = 200) -> str:
    text_ = repr(content)
    return text_ if len(text_) <= limit else text_[:limit] + "…"


__all__ = ["STUCK_NODES", "MalformedMessage", "PyramideWidget", "has_solver"]
