"""Time the audition's sign-off sheet in each language (the font's subset embedded each
time), and its size: the work of `ezbac audition record` and of the verdict screen's `s`.

Run on demand:  python tests/benchmarks/bench_sheet.py [--repeat N]
The figures to keep are in docs/performance.md ("The sign-off sheet in every language").
"""

from __future__ import annotations

import argparse
import statistics
import time

from tests.i18n.test_sheet_languages import SHEETS, record
from trainer.words.sheet import sign_off_pdf


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5)
    repeat = parser.parse_args().repeat
    sign_off_pdf(record("warm"), language="en")  # imports and the font's first read
    seconds: dict[str, list[float]] = {language: [] for language in SHEETS}
    size: dict[str, int] = {}
    for _ in range(repeat):  # interleaved, so a change in the machine's load falls on all
        for language, (name, _lines) in SHEETS.items():
            start = time.perf_counter()
            pdf = sign_off_pdf(record(name), language=language)
            seconds[language].append(time.perf_counter() - start)
            size[language] = len(pdf)
    for language, times in seconds.items():
        print(
            f"{language:8} median {statistics.median(times):.2f} s "
            f"(min {min(times):.2f}, max {max(times):.2f}), {size[language] // 1024} KiB"
        )


if __name__ == "__main__":
    main()
