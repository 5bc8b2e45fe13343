"""A skill is named the same on a drill's results as in the history's reports: the results
word a drill kind's own skills first, every other through the records' words (once a copy
of them, which left a table's payouts in English)."""

from __future__ import annotations

import pytest

from trainer.i18n import set_language
from trainer.words.drill import skill_name
from trainer.words.record import skill


@pytest.mark.parametrize(
    "key", ["natural", "player:5", "banker:3:8", "outcome:dragon7", "payout:banker:commission"]
)
def test_the_results_and_the_reports_name_a_coup_skill_alike(key: str) -> None:
    for language in ("en", "ko", "zh_Hant"):
        set_language(language)
        assert skill_name(key) == skill(key)


def test_a_table_payout_skill_is_in_the_language_on_the_results() -> None:
    set_language("ko")
    assert skill_name("table:pay:dragon7") == "테이블: 드래곤 7 지급"
