"""End to end at a real terminal (tmux, 80x24, a UTF-8 locale in English): names typed the way
an input method commits them (Vietnamese with combining marks, Korean syllables) sign in, and
each person's language on the roster is spoken at once; signing out speaks the terminal's
English again."""

from __future__ import annotations

import unicodedata
from pathlib import Path

from tests.support.cli import ezbac
from tests.support.terminal import Terminal, needs_tmux

pytestmark = needs_tmux


def test_names_typed_with_an_input_method_sign_in_to_their_language(tmp_path: Path) -> None:
    db = str(tmp_path / "h.sqlite3")
    for args, pin in (
        (("Ana", "--role", "instructor"), "2468"),
        (("Nguyễn Thị Ánh", "--language", "vi"), "1357"),
        (("김민준", "--language", "ko"), "2468"),
    ):
        ran = ezbac("people", "add", *args, "--db", db, stdin=pin)
        assert ran.returncode == 0, ran.stderr
    assert ezbac("people", "signin", "on", "--db", db).returncode == 0
    term = Terminal(tmp_path)
    term.start("--db", db)
    try:
        term.wait_for("Your name and PIN")
        # a Vietnamese name as a decomposing input method sends it: each accent a mark of
        # its own after its letter
        term.keys(unicodedata.normalize("NFD", "Nguyễn Thị Ánh"), "Enter", "1357", "Enter")
        screen = term.wait_for("Học viên:")  # home, in Vietnamese at once
        assert "Nguyễn Thị Ánh" in screen and "Trainee:" not in screen
        term.keys("o")
        term.wait_for("Your name and PIN")  # the terminal's English again
        term.keys("김민준", "Enter", "2468", "Enter")
        screen = term.wait_for("연수생:")
        assert "김민준" in screen
        term.keys("o")
        term.wait_for("Your name and PIN")
    finally:
        term.close()
