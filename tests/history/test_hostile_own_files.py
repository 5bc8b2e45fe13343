"""ezbac's own files (the spool, settings.json, checked.json, the drill-listing cache) read
safely: nesting too deep, NaN, Infinity, 1e999 are one line naming the file and
line, never a crash at start and never a record that blocks the ones after it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.history import T0, answer, session
from trainer.history.spool import Entry, Spool, encode
from trainer.jsonfile import BadJSONError, loads
from trainer.prefs import load_settings, save_settings
from trainer.session.records import AnswerRecord

DEEP = "[" * 100_000 + "]" * 100_000


@pytest.mark.parametrize(
    "text",
    [
        DEEP,
        '{"a": ' * 50 + "1" + "}" * 50,
        "NaN",
        "[Infinity]",
        '{"seconds": -Infinity}',
        "1e999",
        '{"x": [1e400]}',
        "{",
    ],
)
def test_the_reader_refuses_what_ezbac_never_writes(text: str) -> None:
    with pytest.raises(BadJSONError):
        loads(text)


def test_the_reader_reads_what_ezbac_writes() -> None:
    doc = {"v": 1, "record": {"seconds": 1.25, "cards": ["4h", "3s"], "note": 'a [ { " \\'}}
    assert loads(json.dumps(doc)) == doc


def _line(key: str, seconds: float = 2.0) -> bytes:
    return encode(Entry("answer", key, answer("outcome:tie", True, T0, seconds=seconds)))


def test_a_damaged_spool_line_never_blocks_the_records_after_it(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    lines = [
        _line("k1"),
        _line("nan").replace(b'"seconds":2.0', b'"seconds":NaN'),
        _line("big").replace(b'"seconds":2.0', b'"seconds":1e999'),
        DEEP.encode() + b"\n",
        _line("k2"),
    ]
    path.write_bytes(b"".join(lines))
    contents = Spool(path).read()
    assert [e.key for e in contents.entries] == ["k1", "k2"]  # sent; the others never
    assert [d.line for d in contents.damaged] == [2, 3, 4]
    assert all(str(d).startswith(f"{path}:{d.line}: ") for d in contents.damaged)
    assert path.read_bytes() == b"".join(lines)  # nothing lost


def test_an_answer_time_that_is_no_number_is_refused_at_the_record() -> None:
    for bad in (float("nan"), float("inf")):
        with pytest.raises(ValueError, match="finite"):
            AnswerRecord("s", "t", "d", "outcome", "outcome:tie", (), "tie", "tie", True, bad, T0)


def test_damaged_settings_start_with_defaults_and_are_never_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    for text in (DEEP, '{"trainee": NaN}'):
        path.write_text(text, encoding="utf-8")
        loaded = load_settings(path)
        assert loaded.settings.trainee == "" and loaded.problem is not None
        assert str(path) in loaded.problem and "\n" not in loaded.problem
        save_settings(loaded, loaded.settings)
        assert path.read_text(encoding="utf-8") == text  # kept for a person to look at


def test_a_damaged_check_record_is_only_a_lost_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from trainer.history import checked

    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("EZBAC_HOME", str(home))
    checked._record().parent.mkdir(parents=True, exist_ok=True)
    checked._record().write_text(DEEP, encoding="utf-8")
    assert checked._load() == {}  # every history is checked in full again


def test_a_report_never_prints_json_that_is_not_json(tmp_path: Path) -> None:
    """A history edited by hand to hold an infinite time: the JSON report refuses in one line
    (it printed ``Infinity``, which no JSON reader takes); the table report still reads."""
    import sqlite3

    from tests.support.cli import ezbac, usage_error
    from trainer.history.store import open_history

    db = tmp_path / "h.sqlite3"
    with open_history(db) as store:
        store.record_answer(answer("outcome:tie", True, T0))
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE answers SET seconds = 9e999")
        conn.execute("UPDATE answer_totals SET seconds = 9e999")  # kept by a trigger on insert
    line = usage_error(ezbac("report", "--format", "json", "--db", str(db)), str(db))
    assert "Infinity" not in line and "impossible time" in line


def test_sending_the_spool_stops_when_the_spool_cannot_drop_what_was_sent(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The send loop is bounded: a spool whose removals do nothing (a file rewritten behind
    its back, say) used to be read and sent again for ever; now the pass that makes no
    progress ends the send, says so, and the records stay for the next one."""
    from trainer.history.hooks import Recorder
    from trainer.history.store import open_history

    said: list[str] = []
    spool = Spool(tmp_path / "s.jsonl")
    spool.append(Entry("session", "k-start", session()))
    for n in range(3):
        spool.append(Entry("answer", f"k{n}", answer("outcome:tie", True, T0)))
    monkeypatch.setattr(spool, "remove", lambda keys: None)
    with open_history(tmp_path / "h.sqlite3") as store:
        recorder = Recorder(store, said.append, spool=spool)  # it starts sending at once
        assert recorder.close(timeout=2) == 4  # the send ended (it spun for ever): all kept
        assert len(store.answers("ana")) == 3  # and what was sent is stored once
    assert any("kept what was sent" in s for s in said), said


def _nesting_by_hand(text: str) -> int:
    """The deepest nesting of ``text``'s brackets outside JSON strings, worked out the slow,
    obvious way (a character at a time), to check the quick count ezbac uses against."""
    deepest = depth = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            escaped, in_string = (False, True) if escaped else (ch == "\\", ch != '"')
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


@given(
    st.lists(
        st.sampled_from(["[", "]", "{", "}", '"', "\\", "a", ",", ":", "\n", '"[{', '\\"']),
        max_size=80,
    )
)
@settings(max_examples=400, deadline=None)
def test_the_quick_nesting_check_agrees_with_a_scan_by_hand(pieces: list[str]) -> None:
    from trainer import jsonfile

    text = "".join(pieces)
    for limit in (1, 2, 3, jsonfile.MAX_DEPTH):  # low limits, so deep texts are common
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(jsonfile, "MAX_DEPTH", limit)
            found = jsonfile._depth_problem(text)
        assert (found is not None) == (_nesting_by_hand(text) > limit), (limit, found)


def test_brackets_inside_strings_do_not_count_and_the_place_is_named() -> None:
    deep_string = json.dumps(["[" * 100, {"{": '\\"[[[['}])
    assert loads(deep_string) == ["[" * 100, {"{": '\\"[[[['}]
    with pytest.raises(BadJSONError, match="line 2 column 17"):
        loads("{}\n" + "[" * 17 + "]" * 17)
