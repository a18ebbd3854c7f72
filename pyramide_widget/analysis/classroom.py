"""A class's own win rate, pooled without a network: each student plays the deals of one class
number in their own browser, reads out a short result code, and the teacher pools the codes.

:class:`ClassActivity` fixes the class number, the rules and how many deals each student
plays. Student ``n`` gets the ``n``-th run of deals drawn from the class number, so no two
students play the same deal and everyone's deals are known in advance. :meth:`~ClassActivity.play`
hands a student their games and watches them (:class:`DealWatch`): a deal counts as won only
when it is won straight, without Undo, a hint or a restart; a deal the student started counts,
won or not, so skipping a hard deal changes nothing. :meth:`~ClassActivity.result_code` turns
the results into a few symbols of Crockford's base 32 (no I, L, O or U; read back in any case,
with O as 0 and I or L as 1), the last two a check that catches any one mistyped symbol, any two
neighbours swapped and most codes of another class. :meth:`~ClassActivity.pool` adds the codes
(and counts typed in) into the class's share won, with its 95% Wilson interval.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import IntEnum
from itertools import islice

from ..engine.game import Game
from ..engine.position import Status
from ..engine.rules import PRESETS, Rules, RulesLike, as_rules
from ..solver import solve
from .estimation import MAX_SEED, _check_whole, iter_deal_letters
from .rate import WinRate
from .strategies import Player, play_out

__all__ = [
    "ClassActivity",
    "ClassRate",
    "DealResult",
    "DealWatch",
    "ResultCodeError",
    "StudentPlay",
    "StudentResult",
]

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
"""Crockford's base 32: digits and letters without I, L, O and U, which are misread aloud."""
READ_AS = {"O": "0", "I": "1", "L": "1"}
"""Letters a student may type for a digit they look like."""
CHECK = 1021
"""The check's modulus: the largest prime below 32 ** 2, so the check takes two symbols."""
MAX_STUDENTS = 99
MAX_DEALS_EACH = 10


class ResultCodeError(ValueError):
    """A result code that cannot be read, or codes that cannot be pooled: the message says why."""


class DealResult(IntEnum):
    """One deal's result as a result code stores it."""

    NOT_PLAYED = 0
    LOST = 1
    WON = 2


@dataclass(frozen=True)
class StudentResult:
    """Student ``student``'s result for each of their deals, in order."""

    student: int
    results: tuple[DealResult, ...]

    @property
    def played(self) -> int:
        return sum(result is not DealResult.NOT_PLAYED for result in self.results)

    @property
    def won(self) -> int:
        return sum(result is DealResult.WON for result in self.results)

    def describe(self) -> str:
        """The results in words: ``deal 1 won, deal 2 lost, deal 3 not played``."""
        words = {
            DealResult.NOT_PLAYED: "not played",
            DealResult.LOST: "lost",
            DealResult.WON: "won",
        }
        return ", ".join(f"deal {i} {words[result]}" for i, result in enumerate(self.results, 1))


class DealWatch:
    """Watches one game and fixes its result the first time it ends: won only if no Undo,
    hint or restart came before; a game started and not won, or won with help, is lost."""

    def __init__(self, game: Game) -> None:
        if not isinstance(game, Game):
            raise TypeError(f"expected a Game, got {type(game).__name__}")
        self.game = game
        self._started = False
        self._straight = True
        self._actions = 0
        self._ended: DealResult | None = None
        game.observe(self._seen)

    def _seen(self, game: Game) -> None:
        if self._ended is not None:
            return
        count = game.action_count
        if count < self._actions or game.assisted or "undo" in game.actions[self._actions :]:
            self._straight = False  # a restart, a hint, an Undo: the player saw what is hidden
        self._actions = count
        self._started = self._started or count > 0
        if game.is_over:
            won = game.status is Status.WON and self._straight
            self._ended = DealResult.WON if won else DealResult.LOST

    @property
    def result(self) -> DealResult:
        if self._ended is not None:
            return self._ended
        return DealResult.LOST if self._started else DealResult.NOT_PLAYED


@dataclass(frozen=True)
class ClassRate:
    """The share of deals won by a class (or by a player on the class's deals): ``won`` of
    ``deals``, with the 95% Wilson interval (``low``, ``high``). ``played`` holds the codes of
    the deals read from result codes (counts typed in add deals without codes)."""

    rules: Rules
    label: str
    won: int
    deals: int
    students: int
    played: tuple[str, ...]

    @property
    def rate(self) -> float:
        """The share won (0 before any deal)."""
        return self.won / self.deals if self.deals else 0.0

    @property
    def low(self) -> float:
        return WinRate(self.won, self.deals).interval()[0] if self.deals else 0.0

    @property
    def high(self) -> float:
        return WinRate(self.won, self.deals).interval()[1] if self.deals else 1.0

    def summary(self) -> str:
        """One sentence: what was won, the share and its likely range."""
        if not self.deals:
            return f"{self.label}: no deals played yet."
        return (
            f"{self.label}: {self.won:,} won of {self.deals:,} deals = {100 * self.rate:.1f}% "
            f"(likely range {100 * self.low:.1f}% to {100 * self.high:.1f}%)."
        )

    def solved(self) -> ClassRate:
        """The solver on the deals read from result codes: how many of them could be won."""
        won = sum(solve(code).winnable for code in self.played)
        return ClassRate(
            self.rules, "the solver on these deals", won, len(self.played), 0, self.played
        )

    def __repr__(self) -> str:
        return f"<ClassRate {self.label!r}: {self.won} of {self.deals}>"


class StudentPlay:
    """A student's games, watched: :meth:`result` and :meth:`code` say how they went."""

    def __init__(self, activity: ClassActivity, student: int) -> None:
        self.activity = activity
        self.student = student
        self.games = tuple(
            Game.from_code(code, activity.rules) for code in activity.deal_codes(student)
        )
        self.watches = tuple(DealWatch(game) for game in self.games)

    def result(self) -> StudentResult:
        return StudentResult(self.student, tuple(watch.result for watch in self.watches))

    def code(self) -> str:
        return self.activity.result_code(self.result())

    def summary(self) -> str:
        """The result code and what it says, for the student to read out."""
        result = self.result()
        return f"Your result code: {self.code()} ({result.describe()})."


class ClassActivity:
    """The deals and the result codes of one class: ``class_number`` (any whole number the
    teacher picks) draws the deals, under ``rules`` (a preset; Traditional by default),
    ``deals_each`` deals for each student numbered 1 to 99."""

    def __init__(self, class_number: int, rules: RulesLike = "T", deals_each: int = 5) -> None:
        _check_whole("class_number", class_number, 0, MAX_SEED)
        _check_whole("deals_each", deals_each, 1, MAX_DEALS_EACH)
        self.class_number = class_number
        self.rules = as_rules(rules)
        if self.rules.letter not in PRESETS:
            raise ValueError(f"a class plays a preset's rules, got {self.rules!r}")
        self.deals_each = deals_each
        self._payload_symbols = _symbols_for(MAX_STUDENTS * 3**deals_each - 1)
        key = f"{class_number}:{self.rules.letter}:{deals_each}".encode()
        self._key = zlib.crc32(key) % CHECK

    def __repr__(self) -> str:
        return (
            f"ClassActivity({self.class_number}, rules={self.rules.letter!r}, "
            f"deals_each={self.deals_each})"
        )

    def deal_codes(self, student: int) -> tuple[str, ...]:
        """The codes of student ``student``'s deals (1 to 99), the same on every computer."""
        _check_whole("student", student, 1, MAX_STUDENTS)
        first = (student - 1) * self.deals_each
        letters = islice(iter_deal_letters(self.class_number), first, first + self.deals_each)
        return tuple(f"PY1-{self.rules.letter}-{deal}" for deal in letters)

    def play(self, student: int) -> StudentPlay:
        """Student ``student``'s games, each watched from its first move."""
        return StudentPlay(self, student)

    def codes_played_by(self, player: Player | str, students: int) -> list[str]:
        """The result codes of a pretend class of ``students`` who all play like ``player``
        (a strategy or its name), each of their deals to its end."""
        _check_whole("students", students, 1, MAX_STUDENTS)
        codes = []
        for student in range(1, students + 1):
            play = self.play(student)
            for game in play.games:
                play_out(game, player, seed=f"{self.class_number}:{game.code}")
            codes.append(play.code())
        return codes

    def result_code(self, result: StudentResult) -> str:
        """``result`` as a short code to read out: the payload, then two check symbols."""
        if not isinstance(result, StudentResult):
            raise TypeError(f"expected a StudentResult, got {type(result).__name__}")
        _check_whole("student", result.student, 1, MAX_STUDENTS)
        if len(result.results) != self.deals_each:
            raise ValueError(
                f"a result of this class has {self.deals_each} deals, got {len(result.results)}"
            )
        payload = result.student - 1
        for index, outcome in enumerate(result.results):
            payload += DealResult(outcome) * 3**index * MAX_STUDENTS
        digits = _to_base32(payload, self._payload_symbols)
        check = self._check(digits)
        text = "".join(ALPHABET[d] for d in [*digits, check // 32, check % 32])
        cut = (len(text) + 1) // 2
        return f"{text[:cut]}-{text[cut:]}"

    def read_code(self, code: str) -> StudentResult:
        """The result a code gives; a :class:`ResultCodeError` says what is wrong with it."""
        if not isinstance(code, str):
            raise TypeError(f"a result code is text, got {type(code).__name__}")
        text = re.sub(r"[\s-]", "", code).upper()
        text = "".join(READ_AS.get(symbol, symbol) for symbol in text)
        wrong = sorted({symbol for symbol in text if symbol not in ALPHABET})
        if wrong:
            raise ResultCodeError(
                f"{code!r} is not a result code: {', '.join(wrong)} never appear in one"
            )
        if len(text) != self._payload_symbols + 2:
            raise ResultCodeError(
                f"{code!r} has {len(text)} symbols; a result code of this class has "
                f"{self._payload_symbols + 2}: a symbol is missing or one too many"
            )
        values = [ALPHABET.index(symbol) for symbol in text]
        digits, check = values[:-2], values[-2] * 32 + values[-1]
        if check != self._check(digits):
            raise ResultCodeError(
                f"{code!r} does not check: a symbol is mistyped, or the code is of another "
                f"class or other rules (this is {self!r})"
            )
        payload = _from_base32(digits)
        student, outcomes = payload % MAX_STUDENTS + 1, payload // MAX_STUDENTS
        if outcomes >= 3**self.deals_each:
            raise ResultCodeError(f"{code!r} does not check: it holds too many deals")
        results = tuple(DealResult(outcomes // 3**i % 3) for i in range(self.deals_each))
        return StudentResult(student, results)

    def pool(
        self,
        codes: str | Iterable[str] = (),
        *,
        won: int = 0,
        deals: int = 0,
        label: str = "the class",
    ) -> ClassRate:
        """The class's share won from its result codes (text with one code per line or
        separated by spaces or commas, or a list of codes) and counts typed in (``won`` of
        ``deals``, e.g. from games played on paper). Two codes of one student are an error."""
        _check_whole("deals", deals, 0, 10**9)
        _check_whole("won", won, 0, deals)
        texts = re.split(r"[\s,;]+", codes) if isinstance(codes, str) else list(codes)
        results: dict[int, tuple[str, StudentResult]] = {}
        for code in texts:
            if isinstance(code, str) and not code.strip(" -"):
                continue
            result = self.read_code(code)
            if result.student in results:
                raise ResultCodeError(
                    f"two codes of student {result.student}: {results[result.student][0]!r} and "
                    f"{code!r}; keep the later one"
                )
            results[result.student] = (code, result)
        played = tuple(
            deal
            for _code, result in results.values()
            for deal, outcome in zip(self.deal_codes(result.student), result.results, strict=True)
            if outcome is not DealResult.NOT_PLAYED
        )
        total_won = won + sum(result.won for _code, result in results.values())
        return ClassRate(self.rules, label, total_won, deals + len(played), len(results), played)

    def _check(self, digits: Sequence[int]) -> int:
        """The check of a payload: weighted so a changed symbol or two swapped neighbours change it."""
        return (self._key + sum((i + 1) * d for i, d in enumerate(digits))) % CHECK


def _symbols_for(largest: int) -> int:
    symbols = 1
    while 32**symbols <= largest:
        symbols += 1
    return symbols


def _to_base32(value: int, symbols: int) -> list[int]:
    return [value // 32**i % 32 for i in reversed(range(symbols))]


def _from_base32(digits: Sequence[int]) -> int:
    value = 0
    for digit in digits:
        value = value * 32 + digit
    return value
