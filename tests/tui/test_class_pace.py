"""The class view says a trainee's table pace under the table: test_table_history's two
tables, worked by hand there (2 tables in 24 s: 300 coups an hour; 3 seats each with a
bet, 6 seats in 24 s: 4.0 s a seat settled), in English and with every word through the
catalogue in the pseudo-language."""

from __future__ import annotations

from collections.abc import Iterator
from importlib import import_module

import pytest

from tests.history.test_table_history import work_two_tables
from tests.i18n.english_left import english_left
from tests.support.history import T0, answer
from tests.support.screens import text
from trainer.history.store import open_history
from trainer.i18n import set_language

make_app = import_module("trainer.cli.class_").make_app


@pytest.fixture
def store(history_db: str) -> Iterator[object]:
    with open_history(history_db) as s:
        work_two_tables(s)
        s.on_answer(answer("natural", True, T0, trainee="bo"))
        yield s
    set_language("en")


async def _detail_lines(store: object, down: bool = False) -> list[str]:
    app = make_app(store)
    async with app.run_test(size=(120, 40)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        if down:
            await pilot.press("down")
        return text(app, "#class-detail").splitlines()


async def test_the_detail_says_the_table_pace(store: object) -> None:
    lines = await _detail_lines(store)
    assert lines[0].startswith("ann")
    at = lines.index("Table pace: 300 coups an hour over 2 tables")
    assert lines[at + 1] == "4.0 s a seat settled"
    # bo worked no table: no pace line
    assert not [x for x in await _detail_lines(store, down=True) if "pace" in x]


async def test_the_pace_line_is_translated(store: object) -> None:
    set_language("en_XA")
    (line,) = [x for x in await _detail_lines(store) if "300" in x]
    assert english_left(line) == [], line
    (seat,) = [x for x in await _detail_lines(store) if "4.0" in x]
    assert english_left(seat) == [], seat
    set_language("zh_Hans")
    assert "牌桌速度：每小时 300 局（共 2 桌）" in await _detail_lines(store)
