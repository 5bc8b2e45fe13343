"""Time a sign-in: a wrong PIN for a name on the roster against a name not on it, on an
SQLite history (the same work: one scrypt derivation and one write transaction each).

Run on demand:  python tests/benchmarks/bench_signin.py [--repeat N]
The figure to keep: the medians differ by far less than their spread (docs/performance.md).
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from trainer.history import people, signing_in
from trainer.history.store import open_history

T0 = datetime(2024, 5, 1, 9, 0, tzinfo=UTC)


def timed(store: object, name: str, repeat: int) -> list[float]:
    seconds = []
    for _ in range(repeat):
        start = time.perf_counter()
        said = signing_in.sign_in(store, name, "0000", T0)  # type: ignore[arg-type]
        seconds.append(time.perf_counter() - start)
        assert not said.ok
        store.write([("DELETE FROM signin_holds", ())])  # type: ignore[attr-defined]
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=20)
    repeat = parser.parse_args().repeat
    with tempfile.TemporaryDirectory() as tmp, open_history(Path(tmp) / "h.sqlite3") as store:
        people.add(store, "Bo", people.TRAINEE, "1111", T0)
        # interleaved, so a change in the machine's load falls on both alike
        known: list[float] = []
        unknown: list[float] = []
        for _ in range(repeat):
            known += timed(store, "Bo", 1)
            unknown += timed(store, "Zed", 1)
    for label, values in (("wrong PIN", known), ("unknown name", unknown)):
        print(
            f"{label:>13}: median {statistics.median(values) * 1000:.1f} ms, "
            f"spread (stdev) {statistics.stdev(values) * 1000:.1f} ms over {repeat}"
        )


if __name__ == "__main__":
    main()
