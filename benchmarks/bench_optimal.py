"""Benchmark ``solve(..., optimal=True)`` against the Java A* solver of mchung94/solitaire-player.

Prints figures, asserts nothing::

    python benchmarks/bench_optimal.py --their-checkout /tmp/work/java-astar --decks 200 --python-decks 20

Both solvers get the same decks under the rules of Microsoft Solitaire Collection's Pyramid,
which theirs plays (``Rules(recycles=2, draw_against_waste=True)``: three passes through the
stock, the stock's top card pairs with the waste top) and the same question: the fewest moves
that clear the pyramid. The decks are theirs (``src/test/resources/random-decks.txt`` of
their repository: 52 cards a line, the 28 pyramid cards row by row from the top, then the
stock from its top); without their checkout, our seeded deals are written in that format.

Their "Board Challenge" solver (``BoardChallengeSolver``, A*) is compiled from their checkout
(fetch it yourself; nothing of it is in this repository) together with
``benchmarks/java/OptimalTimer.java``, which times each deck in one JVM, so the JVM starts
once and its JIT warms up as it would in a long-running program. It needs a JDK and Debian's
``libtrove3-java`` and ``libjackson2-databind-java``; where any of them is missing this says
so and times ours alone.

Ours runs with the engine the README's install gives (``engine="auto"``: the compiled search where
it is built; each row says which ran); ``--python-decks N`` also times pure Python (what Pyodide
runs) on the first N decks. CPU time per deck: ours ``time.process_time()`` around
``solve``; theirs the JVM's process CPU time around building their ``Deck`` (which precomputes
the successor masks of every pyramid shape for that deck) and solving, the JIT and garbage
collector threads included.

Line lengths are counted two ways because the games count differently: they play the stock's
top card in place, one action, where we draw it and then pair it, two moves. Their line in our
count adds one move per removal that takes the stock's top card; our line in theirs drops one
move per draw whose card is removed before the next draw or recycle. Each solver's own count is
the one it minimises, so ours must be no longer than theirs converted, and theirs no longer
than ours converted (checked and printed).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pyramide_widget import Game, Rules
from pyramide_widget.engine.moves import MoveKind
from pyramide_widget.solver import solve

HERE = Path(__file__).resolve().parent
MSC = Rules(recycles=2, draw_against_waste=True)
JARS = [
    Path("/usr/share/java") / name
    for name in (
        "trove4j.jar",
        "jackson-databind.jar",
        "jackson-core.jar",
        "jackson-annotations.jar",
    )
]
SOLVER_SOURCES = "src/main/java/com/secondthorn/solitaireplayer/solvers/pyramid"
DECK_FILE = "src/test/resources/random-decks.txt"
RANKS = "A23456789TJQK"


def game_of(deck: str) -> Game:
    """One of their deck lines as our game: rows of the pyramid from the top, then the stock."""
    cards = deck.split()
    rows = [" ".join(cards[r * (r + 1) // 2 : (r + 1) * (r + 2) // 2]) for r in range(7)]
    return Game.from_layout(rows, (), " ".join(cards[28:]), rules=MSC)


def seeded_decks(count: int, seed: int) -> list[str]:
    """Shuffled decks in their format, when their deck file is not at hand."""
    rng = random.Random(seed)
    deck = [rank + suit for rank in RANKS for suit in "cdhs"]
    decks = []
    for _ in range(count):
        rng.shuffle(deck)
        decks.append(" ".join(deck))
    return decks


def in_their_count(game: Game, line: list) -> int:
    """Our line's length counted as they count: a card drawn and removed before the next draw
    or recycle was played from the stock in place, one action instead of two."""
    replay = Game(game.deal, game.rules)
    drawn_card = None
    saved = 0
    for move in line:
        replay.play(move)
        if move.kind is MoveKind.DRAW:
            drawn_card = replay.position().waste[-1]
        elif move.kind is MoveKind.RECYCLE:
            drawn_card = None
        elif drawn_card is not None and drawn_card in move.cards:
            saved += 1
            drawn_card = None
    return len(line) - saved


def ours(decks: list[str], engine: str = "auto") -> list[dict]:
    rows = []
    for n, deck in enumerate(decks):
        game = game_of(deck)
        started = time.process_time()
        result = solve(game, optimal=True, engine=engine)
        seconds = time.process_time() - started
        line = result.solution
        rows.append(
            {
                "deck": n,
                "cpu_ms": round(seconds * 1000, 2),
                "winnable": result.winnable,
                "moves": len(line) if line is not None else None,
                "actions_their_count": in_their_count(game, line) if line is not None else None,
                "nodes": result.nodes,
                "engine": result.engine,
            }
        )
        print(
            f"ours   deck {n:>4}  {seconds * 1000:9.1f} ms  moves {rows[-1]['moves']}  ({result.engine})",
            flush=True,
        )
    return rows


def build_theirs(checkout: Path, into: Path) -> str | None:
    """Compile their solver and our timer; the class path, or None (with the reason printed)."""
    missing = [tool for tool in ("javac", "java") if shutil.which(tool) is None]
    if missing:
        print(f"no JDK ({', '.join(missing)} not found): timing ours alone")
        return None
    sources = sorted((checkout / SOLVER_SOURCES).glob("*.java"))
    if not sources:
        print(
            f"no checkout of mchung94/solitaire-player at {checkout} ({SOLVER_SOURCES} not found): timing ours alone"
        )
        return None
    absent = [str(jar) for jar in JARS if not jar.exists()]
    if absent:
        print(
            f"missing {', '.join(absent)} (apt-get install libtrove3-java libjackson2-databind-java): timing ours alone"
        )
        return None
    class_path = os.pathsep.join([str(into), *map(str, JARS)])
    subprocess.run(
        [
            "javac",
            "-nowarn",
            "-cp",
            class_path,
            "-d",
            str(into),
            *map(str, sources),
            str(HERE / "java" / "OptimalTimer.java"),
        ],
        check=True,
    )
    (into / "Pyramid").mkdir(exist_ok=True)  # the pyramid shapes they load as a resource
    shutil.copy(
        checkout / "src/main/resources/Pyramid/Pyramid.json", into / "Pyramid" / "Pyramid.json"
    )
    return class_path


def theirs(class_path: str, decks: list[str], workdir: Path) -> list[dict]:
    deck_file = workdir / "decks.txt"
    deck_file.write_text("\n".join(decks) + "\n")
    out = subprocess.run(
        ["java", "-cp", class_path, "OptimalTimer", str(deck_file), str(len(decks))],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    rows = []
    for text in out.split("\n"):
        if not text.strip():
            continue
        n, process_ms, thread_ms, length, from_stock = text.split()
        actions = int(length)
        rows.append(
            {
                "deck": int(n),
                "cpu_ms": float(process_ms),
                "thread_cpu_ms": float(thread_ms),
                "winnable": actions >= 0,
                "actions": actions if actions >= 0 else None,
                "moves_our_count": actions + int(from_stock) if actions >= 0 else None,
            }
        )
    return rows


def summary(name: str, rows: list[dict]) -> dict:
    ms = sorted(row["cpu_ms"] for row in rows)
    slowest = max(rows, key=lambda row: row["cpu_ms"])
    figures = {
        "decks": len(rows),
        "median_ms": round(statistics.median(ms), 1),
        "total_s": round(sum(ms) / 1000, 2),
        "slowest_ms": round(slowest["cpu_ms"], 1),
        "slowest_deck": slowest["deck"],
    }
    print(
        f"{name:<6} decks {figures['decks']:>4}  CPU median {figures['median_ms']:8.1f} ms  "
        f"total {figures['total_s']:8.1f} s  slowest {figures['slowest_ms']:8.1f} ms (deck {slowest['deck']})"
    )
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--their-checkout",
        type=Path,
        default=Path(os.environ.get("SOLITAIRE_PLAYER", "/tmp/work/java-astar")),
        help="a checkout of mchung94/solitaire-player (default $SOLITAIRE_PLAYER or /tmp/work/java-astar)",
    )
    parser.add_argument("--decks", type=int, default=200, help="the first N decks (default 200)")
    parser.add_argument(
        "--seed", type=int, default=1, help="seed of our decks when theirs are absent (default 1)"
    )
    parser.add_argument(
        "--python-decks",
        type=int,
        default=0,
        help="also time ours in pure Python (engine='python') on the first N decks (default 0)",
    )
    parser.add_argument(
        "--out", type=Path, help="write the figures and every deck's row to this JSON file"
    )
    parser.add_argument("--note", default="", help="the machine's conditions, for the results file")
    args = parser.parse_args()
    print(
        f"python {sys.version.split()[0]}, {platform.machine()}, {os.cpu_count()} cores; CPU time per deck, one deck after another"
    )
    deck_file = args.their_checkout / DECK_FILE
    if deck_file.exists():
        decks = deck_file.read_text().split("\n")[: args.decks]
        source = f"their {DECK_FILE}, first {len(decks)}"
    else:
        decks = seeded_decks(args.decks, args.seed)
        source = f"{len(decks)} decks shuffled with seed {args.seed}"
    print(f"decks: {source}; rules: {MSC!r}")
    result: dict = {
        "decks": source,
        "rules": repr(MSC),
        "note": args.note,
        "python": sys.version.split()[0],
        "nproc": os.cpu_count(),
        "date": time.strftime("%Y-%m-%d"),
        "load_average_at_start": [round(x, 2) for x in os.getloadavg()],
    }
    with tempfile.TemporaryDirectory() as tmp:
        class_path = build_theirs(args.their_checkout, Path(tmp))
        their_rows = theirs(class_path, decks, Path(tmp)) if class_path else []
    our_rows = ours(decks)
    result["ours"] = {"summary": summary("ours", our_rows), "rows": our_rows}
    if args.python_decks:
        # What Pyodide (the JupyterLite site) and an install without a C compiler run.
        python_rows = ours(decks[: args.python_decks], engine="python")
        result["ours_pure_python"] = {
            "summary": summary("python", python_rows),
            "rows": python_rows,
        }
        result["ours_same_decks"] = summary("ours", our_rows[: args.python_decks])
    if their_rows:
        result["theirs"] = {"summary": summary("theirs", their_rows), "rows": their_rows}
        disagree, longer, shorter = [], [], []
        for mine, other in zip(our_rows, their_rows, strict=False):
            if mine["winnable"] != other["winnable"]:
                disagree.append(mine["deck"])
            elif mine["winnable"]:
                if mine["moves"] > other["moves_our_count"]:
                    longer.append(mine["deck"])  # ours would not be shortest in our count
                if mine["actions_their_count"] < other["actions"]:
                    shorter.append(mine["deck"])  # theirs would not be shortest in theirs
        result["checks"] = {
            "winnable_disagree": disagree,
            "ours_longer_in_our_count": longer,
            "ours_shorter_in_their_count": shorter,
        }
        print(
            f"winnable: {len(decks) - len(disagree)} of {len(decks)} agree {disagree or ''}; "
            f"ours longer than theirs in our count: {longer or 'none'}; theirs longer in theirs: {shorter or 'none'}"
        )
        ratio = result["ours"]["summary"]["median_ms"] / result["theirs"]["summary"]["median_ms"]
        total = result["ours"]["summary"]["total_s"] / result["theirs"]["summary"]["total_s"]
        print(f"ours / theirs: median {ratio:.2f}x, total {total:.2f}x")
    result["load_average_at_end"] = [round(x, 2) for x in os.getloadavg()]
    print(
        f"load average (1, 5, 15 min): at start {result['load_average_at_start']}, at end {result['load_average_at_end']}"
    )
    if args.out:
        args.out.write_text(json.dumps(result, indent=1) + "\n")


if __name__ == "__main__":
    main()
