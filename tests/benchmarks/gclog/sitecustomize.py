"""Every process started with this folder on PYTHONPATH logs each garbage collection that
takes over a millisecond (and every full one): when, which process, which generation, how
long.  For the benchmarks, never imported by ezbac itself::

    EZBAC_GC_LOG=/tmp/gc.log PYTHONPATH=tests/benchmarks/gclog \\
        python tests/benchmarks/bench_browser.py

`ezbac serve`'s fork server and the trainers it forks inherit the hook (a forked child
keeps its parent's ``gc.callbacks``).  One line a collection, appended as it ends:
``TIME PID gen2 12.34ms``.
"""

from __future__ import annotations

import gc
import os
import sys
import time

_LOG = os.environ.get("EZBAC_GC_LOG", "")
_started = [0.0]


def _seen(phase: str, info: dict[str, int]) -> None:
    if phase == "start":
        _started[0] = time.perf_counter()
        return
    took = (time.perf_counter() - _started[0]) * 1000
    if took > 1.0 or info["generation"] == 2:
        with open(_LOG, "a", encoding="utf-8") as log:
            log.write(f"{time.time():.3f} {os.getpid()} gen{info['generation']} {took:.2f}ms\n")


if _LOG:
    try:  # a log that cannot be written: said once, here, not at every collection
        open(_LOG, "a", encoding="utf-8").close()
    except OSError as exc:
        print(f"gclog: EZBAC_GC_LOG={_LOG!r}: {exc.strerror}", file=sys.stderr)
    else:
        gc.callbacks.append(_seen)
