"""`ezbac school plan|check`: the settings a school's size needs, and a running set-up checked
against them: a real PgBouncer (mis-set the way Debian ships it) in front of the suite's
PostgreSQL, the server directly, and a TLS server presenting certificates made with the
plan's own openssl command.  Every figure below is worked by hand from the rules in
docs/schools.md, not read off the command's output."""

from __future__ import annotations

import contextlib
import shlex
import shutil
import socket
import ssl
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.cli import ezbac, ezbac_process, usage_error
from tests.support.pg import PgBouncer, bouncer_binary

OPENSSL = shutil.which("openssl")


def _setting(out: str, key: str) -> str:
    """The value a plan's ``key = value`` line gives (before its comment)."""
    for line in out.splitlines():
        name, eq, value = line.strip().partition(" = ")
        if eq and name == key:
            return value.partition(";")[0].strip()
    raise AssertionError(f"no {key} in:\n{out}")


# -- plan ---------------------------------------------------------------------------------


def test_the_plan_for_500_trainers_at_one_site() -> None:
    """500 trainers: every one may connect at once, plus a tenth (50) for reports, so
    max_client_conn 550 (Debian's 100 refused the 101st); a pool of 500 / 25 = 20; the
    server needs 20 + 3 reserved + 10 spare = 33, under the default 100."""
    run = ezbac("school", "plan", "--trainers", "500", "--name", "ezbac.school.lan")
    assert run.returncode == 0, run.stderr
    assert _setting(run.stdout, "pool_mode") == "transaction"
    assert _setting(run.stdout, "max_client_conn") == "550"
    assert "Debian's default 100" in run.stdout
    assert _setting(run.stdout, "default_pool_size") == "20"
    assert _setting(run.stdout, "query_wait_timeout") == "5"
    assert _setting(run.stdout, "max_connections") == "100"
    assert "needs 33" in run.stdout
    assert "open files for it: 590 (systemd's default 1024 is enough)" in run.stdout
    assert "subjectAltName=DNS:ezbac.school.lan" in run.stdout


def test_past_systemds_open_files_the_plan_raises_them() -> None:
    """1,000 trainers: 1,000 + 100 clients, a pool of 20 (1,000 / 25 = 40, at most 20)
    and 20: 1,140 open files, past the default 1024."""
    run = ezbac("school", "plan", "--trainers", "1000")
    assert "LimitNOFILE=1140 (systemctl edit pgbouncer" in run.stdout


def test_the_plan_for_5000_trainers_across_10_sites() -> None:
    """500 a site, each site's pooler as above; the one server holds 10 pools of 20, the 3
    reserved and 10 spare: 213."""
    run = ezbac("school", "plan", "--trainers", "5000", "--sites", "10")
    assert run.returncode == 0, run.stderr
    assert _setting(run.stdout, "max_client_conn") == "550"
    assert _setting(run.stdout, "max_connections") == "213"


def test_a_small_school_needs_no_pooler_but_a_slot_each() -> None:
    """50 trainers directly: one slot each, 3 reserved, 10 spare = 63 (the default is
    enough); with 7 trainers a site, 3 sites: 3 pools of the least, 5, = 15 + 13 = 28."""
    run = ezbac("school", "plan", "--trainers", "50")
    assert run.returncode == 0, run.stderr
    assert "max_client_conn" not in run.stdout
    assert "needs 63" in run.stdout
    run = ezbac("school", "plan", "--trainers", "20", "--sites", "3")
    assert _setting(run.stdout, "default_pool_size") == "5"
    assert "needs 28" in run.stdout


@pytest.mark.parametrize(
    ("args", "culprit"),
    [
        (["--trainers", "0"], "--trainers"),
        (["--trainers", "-5"], "--trainers"),
        (["--trainers", "5e2"], "--trainers"),
        (["--trainers", ""], "--trainers"),
        (["--trainers", "100001"], "--trainers"),
        (["--trainers", "5", "--sites", "6"], "--sites 6"),
        (["--trainers", "5", "--sites", "0"], "--sites"),
        (["--trainers", "5", "--name", "a;rm -rf /"], "--name"),
        (["--trainers", "5", "--name", "-bad-.lan"], "--name"),
        (["--trainers", "5", "--name", ""], "--name"),
        (["--trainers", "5", "--trainers", "6"], "--trainers"),
        ([], "--trainers"),
    ],
)
def test_bad_input_to_plan_is_one_line(args: list[str], culprit: str) -> None:
    usage_error(ezbac("school", "plan", *args), culprit)


# -- check: the server and its pooler ------------------------------------------------------


@pytest.fixture(scope="module")
def debian_bouncer(pg_server) -> Iterator[PgBouncer]:
    """A second PgBouncer in front of the suite's server, with Debian's max_client_conn."""
    binary = bouncer_binary()
    if binary is None:
        pytest.skip("no pgbouncer on this machine: install Debian's pgbouncer package")
    bouncer = PgBouncer(
        pg_server, binary, name="debian-bouncer", settings={"max_client_conn": "100"}
    )
    try:
        bouncer.start()
        yield bouncer
    finally:
        bouncer.stop()


def test_check_names_a_mis_set_max_client_conn(debian_bouncer: PgBouncer) -> None:
    """Through a pooler left at max_client_conn = 100, 500 trainers need 550: the one
    problem named, with the value to set; the rest of its settings are enough (the suite's
    pool_mode transaction, query_wait_timeout 2, listen_backlog 4096; the server's 60 slots
    for 20 + 13)."""
    url = debian_bouncer.url("ezbac_tests")
    run = ezbac("school", "check", "--trainers", "500", "--db", url)
    assert run.returncode == 1, run.stdout + run.stderr
    problems = [line for line in run.stdout.splitlines() if line.startswith("problem:")]
    assert problems == [
        "problem: pgbouncer max_client_conn = 100: too few for 500 trainers at once (each a "
        "client connection) and the reports beside them; set max_client_conn = 550 in "
        "pgbouncer.ini"
    ]


def test_check_passes_a_pooler_set_for_the_school(pg_bouncer) -> None:
    """The suite's own pooler (max_client_conn 2000) holds 500 trainers: 550 needed."""
    run = ezbac("school", "check", "--trainers", "500", "--db", pg_bouncer.url("ezbac_tests"))
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.strip() == "ok: enough for 500 trainers"


def test_check_wants_a_pooler_for_a_big_school_and_slots_for_a_small_one(pg_server) -> None:
    """Directly on the suite's server (max_connections 60): 500 trainers need a pooler and
    (20 + 13 = 33 slots are there); 40 trainers need 40 + 13 = 53, there; 50 need 63, not."""
    url = pg_server.url("ezbac_tests")
    run = ezbac("school", "check", "--trainers", "500", "--db", url)
    assert run.returncode == 1
    assert run.stdout.splitlines()[0].startswith("problem: postgresql://postgres@/ezbac_tests")
    assert "the server itself, no pooler: 500 trainers need PgBouncer" in run.stdout
    assert ezbac("school", "check", "--trainers", "40", "--db", url).returncode == 0
    run = ezbac("school", "check", "--trainers", "50", "--db", url)
    assert run.returncode == 1
    assert (
        "problem: postgresql max_connections = 60: too few for 50 trainers; set "
        "max_connections = 63 in postgresql.conf (and restart it)"
    ) in run.stdout


def test_an_unreachable_server_is_one_line_without_its_password(tmp_path: Path) -> None:
    url = f"postgresql://clerk:hunter2-secret@/ezbac?host={tmp_path}&port=5999"
    line = usage_error(ezbac("school", "check", "--trainers", "5", "--db", url), "cannot reach")
    assert "hunter2" not in line
    assert "postgresql://clerk@" in line


def test_check_of_a_file_or_of_nothing_is_one_line(tmp_path: Path) -> None:
    usage_error(
        ezbac("school", "check", "--trainers", "5", "--db", str(tmp_path / "h.sqlite3")),
        "--db",
    )
    usage_error(ezbac("school", "check", "--trainers", "5", "--no-db"), "--no-db")
    usage_error(ezbac("school", "check", "--trainers", "5", "--tls", "h:99999"), "--tls")


# -- check: the certificate ----------------------------------------------------------------


def _plan_cert(folder: Path, name: str, *, san: bool = True) -> None:
    """Make cert.pem and key.pem in ``folder`` with the openssl command the plan prints for
    ``name`` (without its -addext when not ``san``: the old docs' command)."""
    run = ezbac("school", "plan", "--trainers", "5", "--name", name)
    line = next(x.strip() for x in run.stdout.splitlines() if x.strip().startswith("openssl"))
    words = shlex.split(line)
    if not san:
        at = words.index("-addext")
        del words[at : at + 2]
    subprocess.run(words, cwd=folder, check=True, capture_output=True)


@pytest.fixture
def tls_server(tmp_path: Path) -> Iterator[tuple[Path, list[int]]]:
    """A TLS server on 127.0.0.1 presenting tmp_path's cert.pem (made by the test before it
    connects): the folder, and [its port] once started."""
    if OPENSSL is None:
        pytest.skip("no openssl on this machine")
    port: list[int] = []
    stop = threading.Event()
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(0.2)
    port.append(listener.getsockname()[1])

    def serve() -> None:
        while not stop.is_set():
            try:
                conn, _ = listener.accept()
            except TimeoutError:
                continue
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            context.load_cert_chain(tmp_path / "cert.pem", tmp_path / "key.pem")
            try:
                with context.wrap_socket(conn, server_side=True) as tls:
                    tls.recv(1)
            except (OSError, ssl.SSLError):
                pass
            finally:
                conn.close()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield tmp_path, port
    finally:
        stop.set()
        thread.join(5)
        listener.close()


def test_the_plans_certificate_names_its_host(tls_server: tuple[Path, list[int]]) -> None:
    folder, (port,) = tls_server
    _plan_cert(folder, "localhost")
    run = ezbac("school", "check", "--trainers", "5", "--no-db", "--tls", f"localhost:{port}")
    assert run.returncode == 0, run.stdout + run.stderr


def test_a_certificate_without_subject_alt_name_is_a_problem(
    tls_server: tuple[Path, list[int]],
) -> None:
    folder, (port,) = tls_server
    _plan_cert(folder, "localhost", san=False)
    run = ezbac("school", "check", "--trainers", "5", "--no-db", "--tls", f"localhost:{port}")
    assert run.returncode == 1
    assert f"problem: tls localhost:{port}: the certificate has no subjectAltName" in run.stdout


def test_a_certificate_for_another_name_is_a_problem(tls_server: tuple[Path, list[int]]) -> None:
    folder, (port,) = tls_server
    _plan_cert(folder, "other.school.lan")
    run = ezbac("school", "check", "--trainers", "5", "--no-db", "--tls", f"localhost:{port}")
    assert run.returncode == 1
    assert "subjectAltName names other.school.lan, not localhost" in run.stdout


def test_a_console_refused_is_named_without_the_password(pg_bouncer) -> None:
    """A terminal's user that is not in PgBouncer's admin_users or stats_users: the limits
    cannot be read, said in one problem line; its password appears nowhere."""
    from tests.support.pg import PASSWORD, PASSWORD_ROLE, SHARED

    url = pg_bouncer.url(SHARED, user=f"{PASSWORD_ROLE}:{PASSWORD}")
    run = ezbac("school", "check", "--trainers", "500", "--db", url)
    assert run.returncode == 1, run.stdout + run.stderr
    assert PASSWORD not in run.stdout + run.stderr
    (problem,) = [line for line in run.stdout.splitlines() if line.startswith("problem:")]
    assert problem.startswith("problem: pgbouncer console: ")
    assert "add the user to stats_users in pgbouncer.ini" in problem


def test_a_console_named_must_be_a_server_reached(pg_bouncer, tmp_path: Path) -> None:
    db = pg_bouncer.url("ezbac_tests")
    usage_error(
        ezbac("school", "check", "--trainers", "5", "--db", db, "--console", "http://x/y"),
        "http://",
    )
    usage_error(
        ezbac("school", "check", "--trainers", "5", "--db", db, "--console", str(tmp_path)),
        "--console",
    )
    gone = f"postgresql://pgb:s3cret-pw@/pgbouncer?host={tmp_path}&port=5999"
    line = usage_error(
        ezbac("school", "check", "--trainers", "5", "--db", db, "--console", gone),
        "--console postgresql://pgb@",
    )
    assert "s3cret" not in line
    usage_error(
        ezbac("school", "check", "--trainers", "5", "--no-db", "--tls", "h", "--console", gone),
        "--console",
    )


def test_the_server_must_hold_what_the_pooler_may_open(pg_server) -> None:
    """A pooler allowed 50 server connections (max_db_connections) in front of the suite's
    server of 60 slots: 50 + 3 reserved + 10 spare = 63 needed, more than the plan's 33."""
    binary = bouncer_binary()
    if binary is None:
        pytest.skip("no pgbouncer on this machine: install Debian's pgbouncer package")
    bouncer = PgBouncer(
        pg_server, binary, name="wide-bouncer", settings={"max_db_connections": "50"}
    )
    bouncer.start()
    try:
        run = ezbac("school", "check", "--trainers", "500", "--db", bouncer.url("ezbac_tests"))
    finally:
        bouncer.stop()
    assert run.returncode == 1, run.stdout + run.stderr
    assert (
        "problem: postgresql max_connections = 60: too few for 500 trainers; set "
        "max_connections = 63 in postgresql.conf (and restart it)"
    ) in run.stdout.splitlines()


# -- check: a server that never answers ----------------------------------------------------


@pytest.fixture
def silent_server() -> Iterator[tuple[int, list[str]]]:
    """A socket on 127.0.0.1 that takes every connection and says nothing, or (once
    ``mode[0]`` is "greets") answers PostgreSQL's start-up as a server letting anyone in
    (trust) and then never answers a query: its port, and the mode to set."""
    mode: list[str] = ["silent"]
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(0.2)
    stop = threading.Event()
    held: list[socket.socket] = []

    def greet(conn: socket.socket) -> None:
        conn.settimeout(30)
        while True:  # SSLRequest / GSSENCRequest (refused: "N"), then the start-up packet
            size = int.from_bytes(conn.recv(4), "big")
            body = conn.recv(size - 4)
            if body[:4] in (bytes.fromhex("04d2162f"), bytes.fromhex("04d21630")):
                conn.sendall(b"N")
                continue
            break
        ok = b"R" + (8).to_bytes(4, "big") + (0).to_bytes(4, "big")  # AuthenticationOk
        key = b"K" + (12).to_bytes(4, "big") + (1).to_bytes(4, "big") + (2).to_bytes(4, "big")
        ready = b"Z" + (5).to_bytes(4, "big") + b"I"  # ReadyForQuery, idle
        conn.sendall(ok + key + ready)

    def serve() -> None:
        while not stop.is_set():
            try:
                conn, _ = listener.accept()
            except TimeoutError:
                continue
            held.append(conn)  # kept open, never answered past the greeting
            if mode[0] == "greets":
                with contextlib.suppress(OSError):
                    greet(conn)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield listener.getsockname()[1], mode
    finally:
        stop.set()
        thread.join(5)
        for conn in held:
            conn.close()
        listener.close()


@pytest.mark.parametrize("mode", ["silent", "greets"])
def test_a_server_that_never_answers_is_one_line_in_bounded_time(
    silent_server: tuple[int, list[str]], mode: str
) -> None:
    """A server that takes the connection and says nothing (libpq's connection timeout, 10 s),
    or one that answers the connection and never a question (the check's own bound, 15 s):
    either way one line naming it without its password, exit 2, well within a minute."""
    port, server_mode = silent_server
    server_mode[0] = mode
    url = f"postgresql://clerk:hunter2-secret@127.0.0.1:{port}/ezbac"
    started = time.monotonic()
    run = ezbac_process("school", "check", "--trainers", "5", "--db", url, timeout=60)
    took = time.monotonic() - started
    line = usage_error(run, f"postgresql://clerk@127.0.0.1:{port}/ezbac")
    assert "hunter2" not in line
    assert ("timeout" in line) if mode == "silent" else ("no answer within 15 s" in line)
    assert took < 45, took
