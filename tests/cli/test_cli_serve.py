"""`ezbac serve` from the command line, without a browser: where it listens, the warning on
every interface, bad options as one-line usage errors, and Ctrl+C.  (The browser itself is
tests/e2e/test_serve_browser.py.)"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.support import ROOT
from tests.support.cli import ezbac, usage_error
from tests.support.serve import free_port

PROC_TCP = Path("/proc/net/tcp")
LISTEN = "0A"  # the state column of /proc/net/tcp for a listening socket


def listening_addresses(port: int) -> set[str]:
    """The IPv4 addresses listening on ``port``, as the kernel lists them (not as ezbac
    says): /proc/net/tcp writes them as little-endian hex."""
    found = set()
    for line in PROC_TCP.read_text().splitlines()[1:]:
        local, state = line.split()[1], line.split()[3]
        address, hex_port = local.split(":")
        if state == LISTEN and int(hex_port, 16) == port:
            found.add(socket.inet_ntoa(bytes.fromhex(address)[::-1]))
    return found


class Serving:
    """`ezbac serve ARGS` in the background; `stop` presses Ctrl+C."""

    def __init__(self, *args: str) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "trainer", "serve", *args],
            cwd=ROOT,
            env=dict(os.environ),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )

    def wait_listening(self, port: int) -> None:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, self.proc.communicate()
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", port)) == 0:
                    return
            time.sleep(0.1)
        raise AssertionError("ezbac serve never listened")

    def stop(self) -> tuple[int, str, str]:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
        try:
            out, err = self.proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            out, err = self.proc.communicate()
        return self.proc.returncode, out, err


@pytest.mark.skipif(not PROC_TCP.exists(), reason="needs Linux's /proc/net/tcp")
def test_it_listens_on_this_machine_only_by_default(tmp_path: Path) -> None:
    port = free_port()
    server = Serving("--port", str(port), "--db", str(tmp_path / "h.sqlite3"))
    try:
        server.wait_listening(port)
        assert listening_addresses(port) == {"127.0.0.1"}
    finally:
        status, out, err = server.stop()
    assert status == 130, err  # Ctrl+C, as a shell reports it
    assert out == f"ezbac serve: the trainer is at http://127.0.0.1:{port} (Ctrl+C stops)\n"
    assert err == "ezbac serve: stopped\n"  # no warning, no traceback
    assert (tmp_path / "h.sqlite3").exists()  # the history is made (and checked) up front


@pytest.mark.skipif(not PROC_TCP.exists(), reason="needs Linux's /proc/net/tcp")
def test_every_interface_is_allowed_with_a_warning(tmp_path: Path) -> None:
    port = free_port()
    server = Serving(
        "--host", "0.0.0.0", "--port", str(port), "--db", str(tmp_path / "h.db"), "--open-to-anyone"
    )  # fmt: skip
    try:
        server.wait_listening(port)
        assert listening_addresses(port) == {"0.0.0.0"}
    finally:
        status, _, err = server.stop()
    assert status == 130, err
    warning, stopped = err.splitlines()
    assert warning.startswith("ezbac serve: warning: listening on all interfaces (0.0.0.0)")
    assert f"port {port}" in warning and str(tmp_path / "h.db") in warning
    assert stopped == "ezbac serve: stopped"


@pytest.mark.parametrize("host", ["0.0.0.0"])
def test_beyond_this_machine_needs_sign_in_or_a_flag_saying_so(tmp_path: Path, host: str) -> None:
    db = str(tmp_path / "h.sqlite3")
    line = usage_error(ezbac("serve", "--host", host, "--port", str(free_port()), "--db", db))
    assert "sign-in is off" in line and "--open-to-anyone" in line


@pytest.mark.skipif(not PROC_TCP.exists(), reason="needs Linux's /proc/net/tcp")
def test_with_sign_in_on_every_interface_is_allowed(tmp_path: Path) -> None:
    db = str(tmp_path / "h.sqlite3")
    ezbac("people", "add", "Ana", "--role", "instructor", "--db", db, stdin="2468\n")
    ezbac("people", "signin", "on", "--db", db)
    port = free_port()
    server = Serving("--host", "0.0.0.0", "--port", str(port), "--db", db)
    try:
        server.wait_listening(port)
    finally:
        status, _, err = server.stop()
    assert status == 130 and err == "ezbac serve: stopped\n"  # no warning: each tab signs in


@pytest.mark.parametrize("port", ["abc", "80.5", "0", "-1", "65536"])
def test_a_bad_port_is_a_usage_error(port: str) -> None:
    assert repr(port) in usage_error(ezbac("serve", "--port", port), "--port")


def test_a_port_in_use_is_a_usage_error(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        run = ezbac("serve", "--port", str(port), "--db", str(tmp_path / "h.sqlite3"))
    line = usage_error(run, "--port")
    assert f"127.0.0.1:{port}" in line and "in use" in line


def test_an_unknown_host_is_a_usage_error(tmp_path: Path) -> None:
    run = ezbac("serve", "--host", "no-such-host.invalid", "--db", str(tmp_path / "h.sqlite3"))
    assert "no-such-host.invalid" in usage_error(run, "--host")


def test_a_file_that_is_not_a_history_is_refused_before_serving(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("not a database\n", encoding="utf-8")
    usage_error(ezbac("serve", "--db", str(notes), "--port", str(free_port())), "notes.txt")
    assert notes.read_text(encoding="utf-8") == "not a database\n"


def test_the_command_is_listed_and_documented() -> None:
    assert "serve" in ezbac("--help").stdout
    text = ezbac("serve", "--help").stdout
    for option in ("--host", "--port", "--db", "127.0.0.1", "8000"):
        assert option in text


def test_parsing_serve_leaves_the_web_server_unloaded() -> None:
    code = (
        "import json, sys\n"
        "from trainer.cli.parser import parse\n"
        "parse(['serve', '--port', '8123'])\n"
        "print(json.dumps(sorted(sys.modules)))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
        cwd=ROOT,
    )
    loaded = json.loads(out.stdout)
    assert "trainer.cli.serve" in loaded
    assert not [m for m in ("textual_serve", "aiohttp", "textual") if m in loaded]


def _page(port: int, host_header: str) -> str:
    import http.client

    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.putrequest("GET", "/", skip_host=True)
        connection.putheader("Host", host_header)
        connection.endheaders()
        return connection.getresponse().read().decode("utf-8")
    finally:
        connection.close()


def test_the_page_points_at_the_address_the_browser_used(tmp_path: Path) -> None:
    """The page's websocket goes back to the host the browser asked for (so a school's
    machine name works); a Host header that is not a host name is never written into it."""
    port = free_port()
    server = Serving("--port", str(port), "--db", str(tmp_path / "h.sqlite3"))
    try:
        server.wait_listening(port)
        named = _page(port, f"trainer.school.example:{port}")
        hostile = _page(port, 'x"><script>alert(1)</script>')
    finally:
        server.stop()
    assert f'data-session-websocket-url="ws://trainer.school.example:{port}/ws"' in named
    assert "<script>alert" not in hostile
    assert f'data-session-websocket-url="ws://127.0.0.1:{port}/ws"' in hostile


def test_a_tabs_notice_says_what_happened_from_the_trainers_last_line() -> None:
    """What the page shows when a tab's trainer is held or cannot start: worded from the
    last line it said on stderr, that line kept (at most 400 characters)."""
    from trainer.cli.serve import notice

    full = notice(
        "waiting",
        "ezbac: every connection slot of the history server is taken: waiting up to 30 s for one\n",
    )
    assert full["kind"] == "waiting"
    assert full["what"].startswith("The school's history server is full")
    assert full["detail"].startswith("ezbac: every connection slot")
    down = notice(
        "ended",
        "ezbac: error: postgresql://x@/db: cannot reach the history server (connection is bad)",
    )
    assert down["what"].startswith("The school's history server cannot be reached")
    assert "Tell the instructor" in down["todo"]
    other = notice("ended", "first line\nezbac: error: " + "x" * 1000 + "\n\n")
    assert other["what"] == "The trainer could not start."
    assert other["detail"] == ("ezbac: error: " + "x" * 1000)[:400]
    assert notice("ended", "")["detail"] == ""


@pytest.mark.parametrize(
    ("listed", "header", "fallback", "speaks"),
    [
        ("ko-KR,ko,en-US", "", "en", "ko"),  # navigator.languages: the first ezbac has
        ("fr-FR,zh-HK,ko", "", "en", "zh_Hant"),  # Hong Kong: the Traditional characters
        ("zh-CN", "", "en", "zh_Hans"),
        ("fr-FR,de", "", "vi", "vi"),  # none ezbac has: the server's own
        ("", "fr;q=0.9, vi;q=0.8, ko;q=0.85", "en", "ko"),  # the header, by its weights
        ("", "ko;q=0, en-US", "zh_Hans", "en"),  # q=0 is "not this one"
        ("", "ko;q=bad, vi", "en", "vi"),  # an unreadable weight counts as none
        ("en-XA", "en-XA", "ko", "ko"),  # the pseudo-language is never a trainee's
        ("../../etc/passwd,ko", "", "en", "ko"),  # a path is no language, only compared
        ("x" * 10_000 + ",ko", "", "en", "en"),  # past the length read: not looked at
        ("", "", "zh_Hant", "zh_Hant"),
    ],
)
def test_a_tab_speaks_its_browsers_first_language_ezbac_has(
    listed: str, header: str, fallback: str, speaks: str
) -> None:
    from trainer.cli.serve import tab_language

    assert tab_language(listed, header, fallback) == speaks


@pytest.mark.parametrize(
    ("chosen", "speaks"),
    [
        ("vi", "vi"),  # what the tab's key chose comes before its browser's Korean
        ("zh_Hant", "zh_Hant"),
        ("en", "en"),
        ("", "ko"),  # nothing kept: the browser's language
        ("fr", "ko"),  # not one of ezbac's languages: ignored
        ("en_XA", "ko"),  # the layout's pseudo-language is never a trainee's
        ("VI", "ko"),  # exactly as the server sent it, or not at all
        ("vi-VN", "ko"),
        (" vi", "ko"),
        ("vi\x00", "ko"),
        ("../vi", "ko"),
        ("vi" + " " * 15, "ko"),  # 17 characters: past what is looked at
        ("x" * 100_000, "ko"),
    ],
)
def test_a_reloaded_tab_speaks_the_language_its_key_chose(chosen: str, speaks: str) -> None:
    from trainer.cli.serve import tab_language

    assert tab_language("ko-KR,ko", "", "en", chosen) == speaks


@pytest.mark.parametrize("value", [None, 7, ["vi"], {"vi": 1}, b"vi"])
def test_a_kept_language_that_is_not_a_string_is_ignored(value: object) -> None:
    from trainer.cli.serve import chosen_language

    assert chosen_language(value) is None
