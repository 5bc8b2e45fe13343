"""Time the exact analysis, cold (the class-count cache cleared before every run).

Run on demand:  python tests/benchmarks/bench_analysis.py [--repeat N]
The issue's target is 8 decks in at most 0.1 s of engine time.
"""

from __future__ import annotations

import argparse
import time

from trainer.engine.analysis import analyze, class_counts

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


if __name__ == "__main__":
    main()
