"""One score, one rule: how "right out of asked" becomes the percentage every screen and report
shows, and how the pass decision is taken.

Why round *down* (truncate): the pass rule compares exactly (right/asked >= pass mark), and
a figure rounded to nearest could show 80 % for 39/49 (79.59 %) beside "not passed (pass mark
80 %)".  A figure truncated to whole percent is at least the pass mark exactly when the score
is, so the shown number and the verdict never disagree; and one miss in 200 shows 99 %, never
a flattering 100 %.  The report keeps its documented one decimal, truncated the same way
(39/49 is 79 % on screen and 79.5 in the report: the same number, one more digit).

Integers only (no float rounding at the edges: 29/100 is 29 %, not 28 %).  Standard library
only, and outside the session package: the progress screen, the report and the session all
import it, and ``ezbac report`` must not pay for loading the session and the engine (about
0.1 s) to format a percentage.  ``trainer.session.scoring`` names the same functions.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal


def percent(right: int, asked: int) -> int | None:
    """Whole percent right, truncated: 5/12 -> 41, 39/49 -> 79, 2/3 -> 66; None if none asked."""
    if asked <= 0:
        return None
    return right * 100 // asked


def percent_1dp(right: int, asked: int) -> float | None:
    """Percent right with one decimal, truncated (the report's figure): 5/12 -> 41.6,
    39/49 -> 79.5, 1/8 -> 12.5; None if none asked."""
    if asked <= 0:
        return None
    return (right * 1000 // asked) / 10


def passes(right: int, asked: int, pass_mark: int) -> bool:
    """The pass rule: at least ``pass_mark`` percent right, compared exactly.

    Agrees with ``percent``: ``percent(right, asked) >= pass_mark`` exactly when this is true
    (pass marks are whole percents).  Nothing asked is not a pass.
    """
    return asked > 0 and 100 * right >= pass_mark * asked


def millis(seconds: float) -> int:
    """A time in whole milliseconds, half up (2.1 -> 2100, 0.0005 -> 1): what every speed
    comparison (mastery's bands, the audition's pace) sums and compares, so an edge is exact
    (ten answers of 2.1 s are 21000 ms, never 21.000000000000004 s).  Read from the float's
    shortest text, so 2.1 is 2.1 and not the binary 2.100000000000000088."""
    return int((Decimal(repr(float(seconds))) * 1000).to_integral_value(ROUND_HALF_UP))


def possible(asked: object, right: object, what: str) -> tuple[int, int]:
    """Counts a run or a report may hold: whole numbers, none negative, no more right than
    asked; ValueError otherwise (a history edited by hand, "-5 questions, 99 right", is
    refused where it is read, one line naming the file, never reported as if sound)."""
    if not (isinstance(asked, int) and isinstance(right, int)) or isinstance(asked, bool):
        raise ValueError(f"counts that are not whole numbers for {what}")
    if asked < 0 or right < 0 or right > asked:
        raise ValueError(f"impossible counts for {what}: {asked} asked, {right} right")
    return asked, right


#: How a run ended, in the one vocabulary of screens, reports and docs: run to its end; left
#: by the trainee (escape, quit, a signal, a terminal gone: the answers given are kept); or
#: cut off (killed before its end could be recorded).  A practice run left before its
#: first answer is not recorded at all: no answer, no attempt.  An exam is an attempt from
#: the moment it opens (its questions were seen): left before its first answer it is
#: abandoned, 0 right; killed, cut off.  Here, beside the verdict, so the report words a run
#: without loading the session.
FINISHED, ABANDONED, CUT_OFF = "finished", "abandoned", "cut off"


def run_status(finished_at: object | None, abandoned: bool) -> str:
    """FINISHED, ABANDONED or CUT_OFF for a recorded run (``finished_at``: when it ended,
    None if its end was never recorded)."""
    if abandoned:
        return ABANDONED
    return CUT_OFF if finished_at is None else FINISHED
