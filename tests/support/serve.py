"""`ezbac serve` as a person starts it, for the tests of the command and of the browser."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from tests.support import ROOT


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Served:
    """`ezbac serve` on a free port with its own data folder and history, as a person
    starts it; `stop` presses Ctrl+C and returns what it printed."""

    def __init__(self, tmp: Path, port: int | None = None, db: str | None = None) -> None:
        """``port``: a given one (a server started again); ``db``: a history server's
        address instead of an SQLite file in ``tmp``."""
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.db = tmp / "history.sqlite3"
        self.log_path = tmp / f"serve-{self.port}-{time.monotonic_ns()}.log"
        self.log = self.log_path.open("w", encoding="utf-8")
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "trainer",
                "serve",
                "--port",
                str(self.port),
                "--db",
                db or str(self.db),
            ],
            cwd=ROOT,
            env=dict(os.environ, EZBAC_HOME=str(tmp / "home")),
            stdout=self.log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )

    def wait_listening(self, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, self.log_path.read_text(encoding="utf-8")
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", self.port)) == 0:
                    return
            time.sleep(0.1)
        raise AssertionError("ezbac serve never listened")

    def stop(self) -> tuple[int, str]:
        """Ctrl+C; the exit status and everything it printed."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
        try:
            status = self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            status = self.proc.wait()
        self.log.close()
        return status, self.log_path.read_text(encoding="utf-8")


#: The command line of `ezbac serve`'s fork server, which its forked trainers keep.
FORK_SERVER = b"trainer.cli.serve_fork"


def trainers_using(db: Path) -> list[str]:
    """The running processes whose command line names ``db`` (the tabs' trainers): a
    trainer started on its own, or forked by the fork server (the fork server's command
    line, and the fork server its parent), never `ezbac serve` nor the fork server."""
    found = []
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            args = cmdline.read_bytes().split(b"\0")
        except OSError:
            continue  # ended meanwhile
        if str(db).encode() not in args or b"serve" in args:
            continue
        if FORK_SERVER in args and FORK_SERVER not in _parents_args(cmdline.parent):
            continue  # the fork server itself
        found.append(cmdline.parent.name)
    return found


def _parents_args(proc: Path) -> list[bytes]:
    try:
        ppid = (proc / "stat").read_text().rpartition(")")[2].split()[1]
        return Path(f"/proc/{ppid}/cmdline").read_bytes().split(b"\0")
    except (OSError, IndexError):
        return []


def started_at(pid: str) -> int:
    """When a process started (clock ticks since boot), to tell a tab's trainer from the
    warm spare ``ezbac serve`` starts after a tab took the one before (always newer)."""
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[19])
    except (OSError, IndexError, ValueError):
        return 0
