"""The history's notices in each language: what waits and why, all saved, what is kept at
exit (the recorder's ``Said`` values, worded by ``trainer.words.history.notice``), the
`History:` line the trainer shows, `ezbac train`'s lines at exit and an error the history
raises; none left in English in the pseudo-language but paths; Traditional Chinese and
Korean read back.  The recorder's English is tests/history/test_history_recorder.py's."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from tests.i18n.english_left import english_left
from tests.support.history import answer, session
from trainer.history.hooks import Recorder
from trainer.history.store import HistoryLockedError
from trainer.i18n import set_language

PATH = "/tmp/h.db"


class LockedStore:
    """Stands in for HistoryStore's two writers; another program holds the file while
    ``down`` is set."""

    def __init__(self, path: str) -> None:
        self.down = threading.Event()
        self.path = Path(path)

    def record_answer(self, record: object, key: str | None = None) -> None:
        self._write()

    def record_session(self, record: object) -> None:
        self._write()

    def _write(self) -> None:
        if self.down.is_set():
            raise HistoryLockedError(f"{self.path}: database is locked")


def _notices(lang: str, path: str = PATH) -> tuple[list[str], Recorder]:
    """The recorder's notices of two answers held back by a lock, then sent, as worded in
    ``lang``; the recorder, left with one answer and one session record unsent (in the
    spool of ``path``'s history, a spool of its own)."""
    from trainer.words.history import notice

    store = LockedStore(path)
    told: list[str] = []
    recorder = Recorder(store, on_error=told.append)  # type: ignore[arg-type]
    store.down.set()
    recorder.on_answer(answer())
    recorder.on_answer(answer())
    store.down.clear()
    assert recorder.close(timeout=5) == 0
    store.down.set()
    recorder.on_session(session())
    recorder.on_answer(answer())
    assert recorder.close(timeout=0.1) == 2
    told.append(recorder.unsaved_message(2))
    set_language(lang)
    return [notice(t) for t in told], recorder


def test_no_english_left_in_the_pseudo_language(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from trainer.cli import train
    from trainer.history.signing import KeyFileError, new_key
    from trainer.words.history import problem

    lines, recorder = _notices("en_XA")
    # 1 and 2 answers waiting, all saved, a session record and an answer waiting, kept at exit
    assert len(set(lines)) == 6, lines  # the sender's thread may say one twice
    monkeypatch.setattr(train, "EXIT_WAIT_SECONDS", 0.1)
    train._close(recorder)  # `ezbac train` at exit: what waits, then what is kept
    said = capsys.readouterr().err
    assert said.count("\n") == 2, said
    with pytest.raises(KeyFileError) as refused:
        new_key("Lucky Star", b"")
    spool = str(recorder.spool.path)
    text = "\n".join([*lines, said, problem(refused.value)])
    left = english_left(text, allowed=[PATH, spool])
    assert left == [], (left, text)


def test_read_back_in_traditional_chinese_and_korean() -> None:
    lines, _recorder = _notices("zh_Hant")
    assert f"1 次作答等待儲存（紀錄被鎖定：{PATH} 正被另一個程式使用）" in lines
    assert "所有等待中的作答現已儲存" in lines
    set_language("en")
    other = "/tmp/h2.db"
    lines, _recorder = _notices("ko", other)
    assert f"답 2개 저장 대기 중 (기록이 잠김: {other}을(를) 다른 프로그램이 사용 중)" in lines


def test_the_trainer_says_it_after_history_in_the_language() -> None:
    """`History: ...` as the trainer's notification shows it."""
    from trainer.tui.app import TrainerApp

    shown: list[str] = []

    class Host:
        def notify(self, message: str, **_kwargs: object) -> None:
            shown.append(message)

    _lines, recorder = _notices("ko")
    TrainerApp.history_problem(Host(), recorder.unsaved_message(2))  # type: ignore[arg-type]
    assert shown[0].startswith("기록: 답 1개와(과) 세션 기록 1개이(가) 아직 기록에 없습니다"), shown


def test_a_history_that_cannot_be_used_is_said_in_the_language(tmp_path: Path) -> None:
    """The history's refusals of a file and the roster's of a role, as the trainer and the
    command line word them (``trainer.words.history.problem``)."""
    from trainer.history.people import PersonError, check_role
    from trainer.history.store import HistoryError, open_history
    from trainer.words.history import problem

    said: list[Exception] = []
    for where in (str(tmp_path), str(tmp_path / "none.sqlite3")):
        with pytest.raises(HistoryError) as refused:
            open_history(where, readonly=True)
        said.append(refused.value)
    with pytest.raises(PersonError) as role:  # the roster's refusal
        check_role("boss")
    said.append(role.value)
    set_language("en_XA")
    text = "\n".join(problem(exc) for exc in said)
    left = english_left(text, allowed=[str(tmp_path), "none.sqlite3", "boss"])
    assert left == [], (left, text)
    set_language("ko")
    assert problem(said[0]) == f"{tmp_path}: 폴더이며 기록 데이터베이스 파일이 아닙니다"
    assert problem(said[1]) == f"{tmp_path / 'none.sqlite3'}: 그곳에 기록 데이터베이스가 없습니다"
    assert problem(said[2]) == "역할 'boss': 사람은 연수생 또는 강사입니다"


def test_a_damaged_spool_line_is_said_in_the_language() -> None:
    from trainer.history.hooks import spool_target
    from trainer.history.spool import Spool
    from trainer.words.history import notice

    store = LockedStore("/tmp/h3.db")
    spool = Spool.for_target(spool_target(store))  # type: ignore[arg-type]
    spool.path.parent.mkdir(parents=True, exist_ok=True)
    spool.path.write_bytes(b"[1]\n" + b'{"v": 1, "kind": "answer"')  # a list; one cut short
    told: list[str] = []
    recorder = Recorder(store)  # type: ignore[arg-type]
    recorder.report_errors_to(told.append)  # as the app starts: the damaged lines said
    set_language("en_XA")
    text = "\n".join(notice(t) for t in told)
    assert text.count("\n") == 1, text  # each damaged line once
    assert english_left(text, allowed=[str(spool.path)]) == [], text
    set_language("zh_Hant")
    assert notice(told[0]) == f"{spool.path}:1：損壞的暫存行已保留，未傳送（不是 JSON 物件）"
