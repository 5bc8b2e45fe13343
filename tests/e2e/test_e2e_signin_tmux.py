"""End to end with the school's sign-in on: tmux runs `ezbac train player-draw` at
80x24 on a history whose sign-in is on; the trainer starts at sign-in, the PIN never shows on
the screen, a wrong PIN is one line there, the run is stored under the person signed in, and
quitting signs out."""

from __future__ import annotations

from pathlib import Path

from tests.support.cli import ezbac
from tests.support.terminal import Terminal, needs_tmux, player_draws
from trainer.history import people, signing_in
from trainer.history.store import open_history

from .test_e2e_tmux import read_hands

pytestmark = needs_tmux


def test_signing_in_at_a_real_terminal(tmp_path: Path) -> None:
    db = str(tmp_path / "h.sqlite3")
    for name, role, pin in (("Ana", "instructor", "2468"), ("Bo Lind", "trainee", "1357")):
        assert ezbac("people", "add", name, "--role", role, "--db", db, stdin=pin).returncode == 0
    assert ezbac("people", "signin", "on", "--db", db).returncode == 0
    term = Terminal(tmp_path)
    term.start("train", "player-draw", "--seed", "1", "--db", db)
    try:
        term.wait_for("Your name and PIN")
        term.keys("Bo Lind", "Enter", "9999", "Enter")
        screen = term.wait_for("wrong name, PIN or passphrase")
        assert "9999" not in screen
        term.keys("1357")
        assert "1357" not in term.screen()  # typed into a password field: dots only
        term.keys("Enter")
        screen = term.wait_for(r"Q 1/12\b.*\n(.*\n)*.*Does the Player draw\?")
        player, banker = read_hands(screen)
        term.keys("d" if player_draws(player, banker) else "s", "Enter")
        term.wait_for("[✓✗] (Right|Wrong)")
        term.keys("C-q")
        term.wait_for(r"\(y\)")
        term.keys("y")
        term.wait_for(r"EXITED 0")
    finally:
        term.close()
    with open_history(db) as store:
        bo = people.person(store, "Bo Lind")
        (run,) = store.sessions()
        assert (run.trainee, run.person_id, run.abandoned) == ("Bo Lind", bo.person_id, True)
        assert store.answer_count("Bo Lind") == 1
        assert [e for _, e, _ in signing_in.signins(store)] == ["wrong", "in", "out"]
