"""Random-playout throughput of the engine: moves per second, and apply + undo pairs per second.

Prints figures to compare before and after a change; asserts nothing. Run:

    python benchmarks/bench_engine.py [--deals 200] [--seed 1]
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time

from pyramide_widget import PRESETS, Game
from pyramide_widget.engine.deal import DealCode


def random_codes(rng: random.Random, letter: str, count: int) -> list[str]:
    return [
        str(DealCode(letter, "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ") for _ in range(7))))
        for _ in range(count)
    ]


def playout(game: Game, rng: random.Random, limit: int) -> int:
    """Play random legal moves until the game ends or ``limit`` moves; return moves played."""
    played = 0
    while played < limit:
        moves = game.legal_moves()
        if not moves:
            break
        game.play(rng.choice(moves))
        played += 1
    return played


def apply_undo(game: Game, rng: random.Random, limit: int) -> int:
    """At each position, play and undo every legal move, then go on with a random one."""
    pairs = 0
    for _ in range(limit):
        moves = game.legal_moves()
        if not moves:
            break
        for move in moves:
            game.play(move)
            game.undo()
            pairs += 1
        game.play(rng.choice(moves))
    return pairs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--limit", type=int, default=200, help="moves per playout at most")
    args = parser.parse_args()
    print(
        f"Python {platform.python_version()} on {platform.machine()}, {args.deals} deals per preset, seed {args.seed}"
    )
    print(f"{'preset':<8}{'moves/s':>12}{'apply+undo/s':>15}{'deal+setup µs':>15}")
    for letter in PRESETS:
        rng = random.Random(args.seed)
        codes = random_codes(rng, letter, args.deals)
        start = time.perf_counter()
        games = [Game.from_code(code) for code in codes]
        setup = (time.perf_counter() - start) / len(codes) * 1e6
        start = time.perf_counter()
        moves = sum(playout(game, rng, args.limit) for game in games)
        playout_rate = moves / (time.perf_counter() - start)
        games = [Game.from_code(code) for code in codes]
        start = time.perf_counter()
        pairs = sum(apply_undo(game, rng, args.limit // 4) for game in games)
        pair_rate = pairs / (time.perf_counter() - start)
        print(f"{letter:<8}{playout_rate:>12,.0f}{pair_rate:>15,.0f}{setup:>15,.1f}")
    rng = random.Random(args.seed)
    samples = []
    for code in random_codes(rng, "N", 50):
        game = Game.from_code(code)
        start = time.perf_counter()
        for _ in range(100):
            game.legal_moves()
        samples.append((time.perf_counter() - start) / 100 * 1e6)
    print(f"legal_moves() at the deal: median {statistics.median(samples):.1f} µs")


if __name__ == "__main__":
    main()
