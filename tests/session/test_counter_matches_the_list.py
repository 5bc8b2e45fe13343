"""The header's count agrees with the drill list: "12 coups" in the list and
"Q 1/24" in the header of the same drill were two counts of one run.  The count a header
shows is the list's, for every bundled drill that counts a run in coups, whatever it asks
of a coup (and a question count that varies with the cards, such as the commission asked
only of a winning bet, would have told how many bets win).
"""

from __future__ import annotations

import random
import re

import pytest

from trainer.drills.catalogue import DrillEntry, available_drills
from trainer.drills.model import Kind
from trainer.session import Session

LISTED = [e for e in available_drills(check=True) if e.bundled and e.unit == "coups"]


@pytest.mark.parametrize("entry", LISTED, ids=lambda e: e.id)
def test_the_header_counts_what_the_list_counts(entry: DrillEntry) -> None:
    drill = entry.load()
    listed = int(re.fullmatch(r"(\d+) coups?", entry.run_words).group(1))  # type: ignore[union-attr]
    for seed in range(3):
        s = Session.deal(drill, "Alex", random.Random(seed))
        seen = [s.counter(n) for n in range(1, s.total + 1)]
        totals = {c.rsplit("/", 1)[1] for c in seen}
        assert totals == {str(listed)}, (entry.run_words, seen[:3])
        # it never goes back, starts at 1 and ends at the last
        numbers = [int(c.split()[1].split("/")[0]) for c in seen]
        assert numbers == sorted(numbers) and numbers[0] == 1 and numbers[-1] == listed


def test_a_drill_asking_two_questions_a_coup_counts_coups() -> None:
    (entry,) = (e for e in LISTED if e.id == "naturals")
    drill = entry.load()
    assert drill.kind is Kind.COUP and len(drill.steps) == 2
    s = Session.deal(drill, "Alex", random.Random(1))
    assert s.total == 2 * drill.questions  # two questions a coup...
    assert [s.counter(n) for n in (1, 2, 3)] == [  # ...one count, the list's
        f"Coup 1/{drill.questions}",
        f"Coup 1/{drill.questions}",
        f"Coup 2/{drill.questions}",
    ]
