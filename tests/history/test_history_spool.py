"""The local spool on its own: records kept on disk in order, one JSON line each, removed only
by key, damaged lines reported by file:line and kept, and everything still there for a new
process."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest

from tests.support.history import T0, answer, session
from trainer.history.spool import Entry, Spool, SpoolError, decode, encode, spool_path


def _entries(n: int) -> list[Entry]:
    out: list[Entry] = [Entry("session", "k-start", session("s9"))]
    for i in range(n):
        out.append(
            Entry(
                "answer",
                f"k{i}",
                answer(
                    "payout:tie:win",
                    i % 2 == 0,
                    T0 + timedelta(seconds=i),
                    session_id="s9",
                    bet="tie",
                    wager="2.50",
                    seconds=1.25 + i,
                ),
            )
        )
    out.append(
        Entry(
            "session",
            "k-end",
            session(
                "s9", minutes=3, questions=n, correct=min(n, 1), passed=False, reference_opened=2
            ),
        )
    )
    return out


def test_entries_come_back_equal_and_in_order(tmp_path: Path) -> None:
    spool = Spool(tmp_path / "s.jsonl")
    given = _entries(3)
    for entry in given:
        spool.append(entry)
    contents = spool.read()
    assert contents.entries == given  # every field, times with their zone, cards as a tuple
    assert contents.damaged == []
    assert spool.waiting() == 5
    lines = (tmp_path / "s.jsonl").read_bytes().splitlines()
    assert len(lines) == 5 and all(json.loads(line)["v"] == 1 for line in lines)


def test_a_new_spool_object_and_a_new_process_read_what_was_written(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    given = _entries(2)
    for entry in given:
        Spool(path).append(entry)  # each its own object, as after a restart
    assert Spool(path).read().entries == given
    code = (
        "import sys; from pathlib import Path; from trainer.history.spool import Spool;"
        "print(','.join(e.key for e in Spool(Path(sys.argv[1])).read().entries))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, str(path)], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert out == "k-start,k0,k1,k-end"


def test_remove_drops_only_those_keys_and_keeps_the_order(tmp_path: Path) -> None:
    spool = Spool(tmp_path / "s.jsonl")
    for entry in _entries(3):
        spool.append(entry)
    spool.remove({"k-start", "k1"})
    assert [e.key for e in spool.read().entries] == ["k0", "k2", "k-end"]
    spool.remove({"k0", "k2", "k-end"})
    assert spool.waiting() == 0
    assert not (tmp_path / "s.jsonl").exists()  # nothing left: no file left


def test_a_damaged_line_is_reported_by_file_and_line_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    spool = Spool(path)
    first, second, third = _entries(1)
    spool.append(first)
    with path.open("ab") as out:
        out.write(b'{"v": 1, "kind": "answer", "key": "x", "record": {"trainee": 3}}\n')
    spool.append(second)
    with path.open("ab") as out:
        out.write(b"\x00\xffnot json\n")
    spool.append(third)
    contents = spool.read()
    assert [e.key for e in contents.entries] == ["k-start", "k0", "k-end"]
    assert [(d.line, str(d).split(" (")[0]) for d in contents.damaged] == [
        (2, f"{path}:2: damaged spool line kept, not sent"),
        (4, f"{path}:4: damaged spool line kept, not sent"),
    ]
    spool.remove({"k-start", "k0", "k-end"})
    # the damaged lines are still there, byte for byte, now lines 1 and 2
    assert path.read_bytes().splitlines() == [
        b'{"v": 1, "kind": "answer", "key": "x", "record": {"trainee": 3}}',
        b"\x00\xffnot json",
    ]
    assert [d.line for d in spool.read().damaged] == [1, 2]


def test_a_line_cut_short_by_a_kill_does_not_swallow_the_next_record(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    spool = Spool(path)
    first, second, third = _entries(1)
    spool.append(first)
    whole = encode(second)
    with path.open("ab") as out:
        out.write(whole[: len(whole) // 2])  # killed mid-write: the record in flight
    Spool(path).append(third)  # the next run appends
    contents = Spool(path).read()
    assert [e.key for e in contents.entries] == ["k-start", "k-end"]
    (cut,) = contents.damaged
    assert cut.line == 2 and "damaged spool line kept" in str(cut)


@pytest.mark.parametrize(
    ("line", "why"),
    [
        (b"[1, 2]", "not a JSON object"),
        (b'{"v": 2}', "format version 2"),
        (b'{"v": 1, "kind": "bet", "key": "k", "record": {}}', "unknown kind"),
        (b'{"v": 1, "kind": "answer", "record": {}}', "no key"),
        (b'{"v": 1, "kind": "session", "key": "k", "record": {"session_id": "s"}}', "is missing"),
    ],
)
def test_lines_that_are_not_records_say_why(line: bytes, why: str) -> None:
    with pytest.raises(SpoolError, match=why):
        decode(line)


def test_field_types_are_checked_not_trusted() -> None:
    good = json.loads(encode(_entries(1)[1]))
    for field, value in (
        ("correct", "yes"),
        ("seconds", True),
        ("answered_at", "today"),
        ("answered_at", "2024-05-01T09:00:00"),
        ("cards", "4h 3s"),
        ("wager", 2.5),
        ("extra", 1),
    ):
        bad = json.loads(json.dumps(good))
        bad["record"][field] = value
        with pytest.raises(SpoolError):
            decode(json.dumps(bad).encode())


def test_each_target_has_its_own_spool() -> None:
    a, b = spool_path("/srv/a/history.sqlite3"), spool_path("/srv/b/history.sqlite3")
    assert a != b and a.parent == b.parent
    assert a == spool_path("/srv/a/history.sqlite3")
    assert a.name.startswith("history.sqlite3-") and a.suffix == ".jsonl"


def test_a_spool_that_cannot_be_written_holds_the_record_in_memory(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    spool = Spool(blocker / "spool" / "s.jsonl")  # its folder cannot be made
    entry = _entries(0)[0]
    spool.append(entry)
    assert spool.held == 1 and spool.problem and "cannot write the spool" in spool.problem
    assert spool.read().entries == [entry]
    spool.remove({entry.key})
    assert spool.held == 0 and spool.waiting() == 0
