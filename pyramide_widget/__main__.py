"""Command line: ``python -m pyramide_widget solve CODE``, ``... estimate --rules N`` and
``... lite OUTDIR`` (an offline JupyterLite site with the widget and the example notebooks).

Errors in the input (a bad code, an unknown rules letter) print one clear line on stderr and
exit with status 2, like ``argparse`` does for bad options; there is never a traceback.
Ctrl-C exits with status 130 and SIGTERM with 143, at once, with no worker process left behind.
On a terminal, ``estimate`` draws a progress bar and ``solve`` the time spent so far, on stderr.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import logging
import signal
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import FrameType
from typing import TextIO

from .analysis.strategies import STRATEGIES
from .engine.deal import DealCode
from .engine.errors import PyramideError
from .engine.rules import Rules, describe_presets
from .lite.errors import LiteBuildError

STOCK_NOTE = "the solver sees the order of the stock, which a player does not"
PLAYER_NOTE = (
    "the strategy saw only what a player sees: never the stock's order nor a face-down card"
)


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        with _sigterm_as_exception():
            if args.command == "solve":
                return _solve(args)
            if args.command == "lite":
                return _lite(args)
            return _estimate(args)
    except PyramideError as error:
        print(f"{parser.prog}: error: {error}", file=sys.stderr)
        return 2
    except LiteBuildError as error:
        print(f"{parser.prog} lite: error: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"{parser.prog}: interrupted", file=sys.stderr)
        return 130
    except _Terminated:
        print(f"{parser.prog}: terminated", file=sys.stderr)
        return 128 + signal.SIGTERM


class _Terminated(BaseException):
    """SIGTERM, raised in the main thread so that cleanup runs as for Ctrl-C (a ``BaseException``
    so that no ``except Exception`` on the way swallows it)."""


@contextlib.contextmanager
def _sigterm_as_exception() -> Iterator[None]:
    """While active, SIGTERM raises :class:`_Terminated` instead of ending the process at once:
    the default action skips every ``finally`` and leaves the process pool's workers and the
    resource tracker running. Only the main thread can set handlers; elsewhere this does
    nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, _raise_terminated)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_DFL if previous is None else previous)


def _raise_terminated(signum: int, frame: FrameType | None) -> None:
    raise _Terminated()


def _parser() -> argparse.ArgumentParser:
    rules_help = (
        f"a preset letter ({describe_presets()}) or custom rules as JSON, e.g. "
        '\'{"strict_win": true, "recycles": 1}\''
    )
    parser = argparse.ArgumentParser(
        prog="python -m pyramide_widget",
        description=f"Solve Pyramide deals and measure win rates ({STOCK_NOTE}).",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    solve = commands.add_parser(
        "solve", help="solve one deal: winnable, most cards removable, a solution"
    )
    solve.add_argument("code", help="a deal code such as PY1-N-AAAAAAS, or just its 7 letters")
    solve.add_argument("--rules", help=f"play the deal under other rules: {rules_help}")
    solve.add_argument(
        "--optimal", action="store_true", help="a winning line with the fewest moves (slower)"
    )
    solve.add_argument("--json", action="store_true", help="print JSON instead of text")
    estimate = commands.add_parser(
        "estimate", help="measure the win rate of a rule set over many deals"
    )
    estimate.add_argument("--rules", default="N", help=rules_help)
    estimate.add_argument(
        "--deals",
        type=int,
        default=10_000,
        help="how many distinct deals, 1 to 26**7; memory barely grows with it (default 10000)",
    )
    estimate.add_argument(
        "--seed",
        type=int,
        default=0,
        help="the seed the deals are drawn from, 0 to 2**64-1 (default 0)",
    )
    estimate.add_argument(
        "--player",
        choices=list(STRATEGIES),
        help="play the deals with this strategy, which sees only what a player sees, instead of solving them",
    )
    estimate.add_argument(
        "--max-nodes",
        type=int,
        help="stop each deal's search after this many states, 1 to 2**62, and count the deal as undecided (default: no limit)",
    )
    estimate.add_argument(
        "--serial", action="store_true", help="solve in this process instead of a process pool"
    )
    estimate.add_argument("--json", action="store_true", help="print JSON instead of text")
    lite = commands.add_parser(
        "lite",
        help="write an offline JupyterLite site with the widget and the example notebooks "
        '(needs pip install "pyramide-widget[lite]", npm and Node)',
    )
    lite.add_argument(
        "outdir", type=Path, help="the site's folder: new, empty, or a site built there before"
    )
    lite.add_argument(
        "--contents",
        type=Path,
        action="append",
        help="a notebook or folder for the site, instead of the example notebooks (repeatable)",
    )
    lite.add_argument(
        "--sourcemaps", action="store_true", help="keep JavaScript source maps (twice the size)"
    )
    return parser


def _rules(text: str | None) -> Rules | None:
    if text is None:
        return None
    if text.lstrip().startswith("{"):
        try:
            return Rules.from_dict(json.loads(text))
        except (ValueError, TypeError) as error:
            raise PyramideError(f"bad --rules {_shorten(text)}: {error}") from None
        except RecursionError:
            raise PyramideError(f"bad --rules {_shorten(text)}: JSON nested too deeply") from None
    if len(text.strip()) != 1:
        raise PyramideError(
            f"bad --rules {_shorten(text)}: expected a preset letter ({describe_presets()}) or rules as a JSON object"
        )
    return Rules.preset(text.strip())


def _shorten(text: str, limit: int = 60) -> str:
    """``repr`` of at most ``limit`` characters of ``text``: an error names the input without
    echoing a megabyte of it."""
    return repr(text) if len(text) <= limit else f"{text[:limit]!r}... ({len(text)} characters)"


def _whole(option: str, value: int, low: int, high: int) -> int:
    if not low <= value <= high:
        raise PyramideError(f"{option} must be a whole number from {low} to {high}, got {value}")
    return value


def _solve(args: argparse.Namespace) -> int:
    from .engine.game import Game
    from .solver import solve

    rules = _rules(args.rules)
    text = args.code.strip()
    if len(text) == 7 and text.isalpha():
        code = DealCode.for_rules(rules or Rules(), text)
    else:
        code = DealCode.parse(text)
        if rules is not None:
            code = DealCode.for_rules(rules, code.letters)
    game = Game.from_code(str(code), rules=rules)
    with (
        _Ticker(sys.stderr, f"solving {game.code}")
        if sys.stderr.isatty()
        else contextlib.nullcontext()
    ):
        result = solve(game, optimal=args.optimal)
    line = result.solution if result.solution is not None else result.best_line
    if args.json:
        print(
            json.dumps(
                {
                    "code": game.code,
                    "rules": game.rules.to_dict(),
                    "winnable": result.winnable,
                    "max_removed": result.max_removed,
                    "optimal": result.optimal,
                    "solution": None
                    if result.solution is None
                    else [str(m) for m in result.solution],
                    "best_line": [str(m) for m in line],
                    "nodes": result.nodes,
                    "engine": result.engine,
                    "seconds": round(result.seconds, 4),
                    "note": STOCK_NOTE,
                },
                ensure_ascii=False,
            )
        )
        return 0
    print(f"{game.code} · {game.rules.name} ({game.rules.describe()})")
    print(f"winnable: {'yes' if result.winnable else 'no'}")
    print(f"max removed: {result.max_removed} of {game.shape.size} pyramid cards")
    label = "solution" if result.winnable else "best line"
    shortest = " (fewest moves)" if result.optimal and result.winnable else ""
    print(f"{label}{shortest}, {len(line)} moves: {' '.join(str(m) for m in line)}")
    print(
        f"searched {result.nodes} states in {result.seconds:.3f} s ({result.engine} search); {STOCK_NOTE}"
    )
    return 0


def _lite(args: argparse.Namespace) -> int:
    from .lite import build_lite, example_notebooks

    logging.basicConfig(level=logging.INFO, format="%(message)s", stream=sys.stderr)
    contents = args.contents if args.contents is not None else example_notebooks()
    site = build_lite(args.outdir, contents, sourcemaps=args.sourcemaps)
    print(f"wrote {site.path} ({site.size / 1e6:.0f} MB), offline, with Pyodide {site.pyodide}")
    print(f"serve it: python -m http.server -d {site.path}, then open lab/index.html")
    return 0


def _estimate(args: argparse.Namespace) -> int:
    from .analysis.estimation import MAX_DEALS, MAX_SEED, estimate
    from .solver import check_node_budget

    rules = _rules(args.rules)
    assert rules is not None
    deals = _whole("--deals", args.deals, 1, MAX_DEALS)
    seed = _whole("--seed", args.seed, 0, MAX_SEED)
    try:
        max_nodes = check_node_budget("--max-nodes", args.max_nodes)
    except ValueError as error:
        raise PyramideError(str(error)) from None
    if max_nodes is not None and args.player is not None:
        raise PyramideError("--max-nodes is the solver's budget: a --player plays without one")
    bar = _ProgressBar(sys.stderr) if sys.stderr.isatty() else None
    try:
        # Only the figures (and, for JSON, the codes won) are kept: memory stays flat for any --deals.
        result = estimate(
            rules,
            deals=deals,
            seed=seed,
            executor="serial" if args.serial else None,
            progress=bar.update if bar else None,
            keep="won" if args.json else "none",
            player=args.player,
            max_nodes=max_nodes,
        )
    finally:
        if bar:
            bar.close()
    if args.json:
        data = result.to_dict()
        data["note"] = STOCK_NOTE if args.player is None else PLAYER_NOTE
        print(json.dumps(data, ensure_ascii=False))
        return 0
    print(result.summary())
    print(f"rules: {rules.describe()}")
    removed = (
        "most pyramid cards removable"
        if args.player is None
        else "pyramid cards the strategy removed"
    )
    print(
        f"{removed} (cards: deals): "
        + ", ".join(f"{k}: {v}" for k, v in result.max_removed.items())
    )
    slowest = result.slowest()
    note = STOCK_NOTE if args.player is None else PLAYER_NOTE
    print(
        f"{result.seconds:.1f} s; slowest deal {slowest.code} ({slowest.seconds * 1000:.0f} ms); {note}"
    )
    return 0


class _ProgressBar:
    """A one-line bar on a terminal, redrawn in place with a carriage return."""

    def __init__(self, stream: TextIO, width: int = 30) -> None:
        self.stream = stream
        self.width = width
        self.started = time.perf_counter()

    def update(self, done: int, total: int) -> None:
        filled = self.width * done // total
        elapsed = time.perf_counter() - self.started
        self.stream.write(
            f"\r[{'#' * filled}{'.' * (self.width - filled)}] {done}/{total} deals {elapsed:6.1f} s"
        )
        self.stream.flush()

    def close(self) -> None:
        self.stream.write("\n")
        self.stream.flush()


class _Ticker:
    """``label`` and the seconds spent so far, redrawn in place by a thread: the solver has no
    progress hook, and a redraw every ``period`` seconds costs the search nothing noticeable.
    The line is erased on exit."""

    def __init__(self, stream: TextIO, label: str, period: float = 0.5) -> None:
        self.stream = stream
        self.label = label
        self.period = period
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, name="pyramide-ticker", daemon=True)
        self.width = 0

    def __enter__(self) -> None:
        self.thread.start()

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.thread.join()
        self.stream.write("\r" + " " * self.width + "\r")
        self.stream.flush()

    def _run(self) -> None:
        started = time.perf_counter()
        while True:
            line = f"{self.label}: {time.perf_counter() - started:.0f} s (Ctrl-C stops)"
            self.width = max(self.width, len(line))
            self.stream.write("\r" + line)
            self.stream.flush()
            if self.stop.wait(self.period):
                return


if __name__ == "__main__":
    sys.exit(main())
