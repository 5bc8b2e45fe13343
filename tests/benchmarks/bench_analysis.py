"""Time the exact analysis, cold (the class-count cache cleared before every run).

Run on demand:  python tests/benchmarks/bench_analysis.py [--repeat N]
The issues' target: at most 0.1 s of engine time per deck count, and per bundled house (the
analysis and every bet's house edge under that house's game and paytable).
"""

from __future__ import annotations

import argparse
import time

from trainer.engine.analysis import analyze, class_counts
from trainer.engine.house import BUNDLED_HOUSES, House

TARGET_SECONDS = 0.1


def best_of(decks: int, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        class_counts.cache_clear()
        start = time.process_time()
        result = analyze(decks)
        best = min(best, time.process_time() - start)
        assert result.sequences > 0
    return best


def best_of_house(house: House, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        class_counts.cache_clear()
        start = time.process_time()
        result = analyze(house=house)
        edges = [result.house_edge(bet) for bet in house.bets]
        best = min(best, time.process_time() - start)
        assert len(edges) == len(house.bets)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=7, help="runs per deck count (best kept)")
    args = parser.parse_args()
    for decks in (8, 6):
        seconds = best_of(decks, args.repeat)
        verdict = "within" if seconds <= TARGET_SECONDS else "OVER"
        print(
            f"analyze({decks}): best of {args.repeat} cold runs {seconds * 1000:.1f} ms "
            f"CPU ({verdict} the {TARGET_SECONDS * 1000:.0f} ms target)"
        )
    for house in BUNDLED_HOUSES.values():
        seconds = best_of_house(house, args.repeat)
        verdict = "within" if seconds <= TARGET_SECONDS else "OVER"
        print(
            f"house {house.id} ({house.decks} decks, every bet's edge): best of {args.repeat} "
            f"cold runs {seconds * 1000:.1f} ms CPU ({verdict} the "
            f"{TARGET_SECONDS * 1000:.0f} ms target)"
        )


if __name__ == "__main__":
    main()
