"""A school's served trainer as docs/schools.md sets it up: `ezbac serve` with sign-in on,
its history on the suite's PostgreSQL server through PgBouncer at the settings `ezbac school
plan` prints, behind Debian's nginx as a TLS reverse proxy with the certificate the plan's
openssl command makes, imported as trusted into the browser's own certificate database
(NSS, with certutil from Debian's libnss3-tools) as a school would: no certificate error is
ignored.  Every outside host name is unresolvable.  `ezbac school check` finds the set-up
enough; two tabs sign in as two people; each answers a question; each answer is stored
under the person signed in in that tab."""

from __future__ import annotations

import json
import os
import shlex
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.e2e.test_serve_browser import (
    CATCH_TERMINAL,
    CHROMEDRIVER,
    CHROMIUM,
    keys,
    open_browser,
    read_hands,
    wait_for,
)
from tests.support.cli import ezbac
from tests.support.pg import PgBouncer, bouncer_binary
from tests.support.serve import Served, free_port
from tests.support.terminal import player_draws
from trainer.history import people
from trainer.history.store import open_history, resolve_db

NGINX = shutil.which("nginx") or next(
    (p for p in ("/usr/sbin/nginx",) if os.access(p, os.X_OK)), None
)
OPENSSL = shutil.which("openssl")
CERTUTIL = shutil.which("certutil")
pytestmark = pytest.mark.skipif(
    None in (CHROMIUM, CHROMEDRIVER, NGINX, OPENSSL, CERTUTIL),
    reason="needs Chromium, chromedriver, nginx, openssl and certutil (.ci/run installs "
    "Debian's chromium, chromium-driver, nginx-light and libnss3-tools)",
)
#: The school's size the set-up is planned for, and the host name its certificate names.
TRAINERS = 500
HOST = "localhost"
#: The plan's PgBouncer settings the test's pooler takes (the rest are the suite's: its
#: sockets, trust authentication, its log).
POOLER_KEYS = (
    "pool_mode",
    "max_client_conn",
    "default_pool_size",
    "max_db_connections",
    "query_wait_timeout",
    "listen_backlog",
)


def _plan() -> tuple[dict[str, str], list[str]]:
    """`ezbac school plan`'s PgBouncer settings and its openssl command, for TRAINERS at HOST."""
    run = ezbac("school", "plan", "--trainers", str(TRAINERS), "--name", HOST)
    assert run.returncode == 0, run.stdout + run.stderr
    settings: dict[str, str] = {}
    command: list[str] = []
    for line in run.stdout.splitlines():
        key, eq, value = line.strip().partition(" = ")
        if eq and key in POOLER_KEYS:
            settings[key] = value.partition(";")[0].strip()
        if line.strip().startswith("openssl "):
            command = shlex.split(line.strip())
    assert sorted(settings) == sorted(POOLER_KEYS) and command, run.stdout
    return settings, command


@pytest.fixture
def school_bouncer(pg_server) -> Iterator[PgBouncer]:  # type: ignore[no-untyped-def]
    """PgBouncer in front of the suite's server at the plan's settings for TRAINERS."""
    binary = bouncer_binary()
    if binary is None:
        pytest.skip("no pgbouncer on this machine: install Debian's pgbouncer package")
    settings, _command = _plan()
    bouncer = PgBouncer(pg_server, binary, name=f"school-{os.getpid()}", settings=settings)
    try:
        bouncer.start()
        yield bouncer
    finally:
        bouncer.stop()


def _trust(home: Path, cert: Path) -> None:
    """The certificate imported as trusted for websites into the NSS database Chromium
    reads under ``home`` (~/.pki/nssdb), as docs/schools.md tells a school to."""
    nssdb = home / ".pki" / "nssdb"
    nssdb.mkdir(parents=True)
    certutil = CERTUTIL or "certutil"
    for args in (
        ["-N", "--empty-password"],
        ["-A", "-t", "C,,", "-n", "ezbac school", "-i", str(cert)],
    ):
        subprocess.run([certutil, "-d", f"sql:{nssdb}", *args], check=True, capture_output=True)


#: The proxy of docs/schools.md ("Behind HTTPS"), with this test's ports and files.
NGINX_CONF = """
daemon off;
{user}
pid {tmp}/nginx.pid;
error_log {tmp}/nginx-error.log;
events {{}}
http {{
    access_log off;
    client_body_temp_path {tmp}/nginx-body;
    proxy_temp_path {tmp}/nginx-proxy;
    map $http_upgrade $connection_upgrade {{ default upgrade; '' close; }}
    server {{
        listen 127.0.0.1:{port} ssl;
        ssl_certificate {tmp}/cert.pem;
        ssl_certificate_key {tmp}/key.pem;
        location / {{
            proxy_pass http://127.0.0.1:{upstream};
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_read_timeout 1h;
        }}
    }}
}}
"""


@pytest.fixture
def proxy(tmp_path: Path, school_bouncer: PgBouncer) -> Iterator[tuple[Served, str, str]]:
    """The served trainer (sign-in on, three people, its history through the school's
    pooler), its https address through nginx, and the history's address."""
    db = school_bouncer.schema()
    for name, role, pin in (("Ana", "instructor", "2468"), ("Bo", "trainee", "1111")):
        assert ezbac("people", "add", name, "--role", role, "--db", db, stdin=pin).returncode == 0
    ezbac("people", "add", "Cy", "--db", db, stdin="2222")
    assert ezbac("people", "signin", "on", "--db", db).returncode == 0
    subprocess.run(_plan()[1], cwd=tmp_path, check=True, capture_output=True)
    served = Served(tmp_path, db=db)
    port = free_port()
    conf = tmp_path / "nginx.conf"
    user = "user root;" if os.geteuid() == 0 else ""  # workers read the key in tmp_path
    conf.write_text(
        NGINX_CONF.format(tmp=tmp_path, port=port, upstream=served.port, user=user),
        encoding="utf-8",
    )
    nginx = subprocess.Popen(
        [NGINX or "nginx", "-c", str(conf), "-p", str(tmp_path), "-e", str(tmp_path / "e.log")],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.STDOUT,
    )
    try:
        served.wait_listening()
        deadline = time.monotonic() + 20
        while not _listening(port):
            assert nginx.poll() is None, (tmp_path / "e.log").read_text(encoding="utf-8")
            assert time.monotonic() < deadline, "nginx never listened"
            time.sleep(0.1)
        yield served, f"https://{HOST}:{port}", db
    finally:
        nginx.terminate()
        nginx.wait(timeout=20)
        served.stop()


def _listening(port: int) -> bool:
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) == 0


def _sign_in_and_answer(driver, name: str, pin: str) -> bool:  # type: ignore[no-untyped-def]
    """Sign in at the tab's trainer, start the Player-draw drill, answer its first question
    right; what was answered (the Player draws)."""
    from selenium.webdriver.common.keys import Keys

    wait_for(driver, r"Your name and PIN")
    driver.execute_script("window.__terminals[0].focus();")
    keys(driver, name, Keys.ENTER, pin, Keys.ENTER)
    wait_for(driver, rf"Trainee: {name}\b")
    keys(driver, Keys.DOWN, Keys.ENTER)  # the second drill: the Player's third card
    screen = wait_for(driver, r"Q 1/12\b(.*\n)*.*Does the Player draw\?")
    player, banker = read_hands(screen)
    draws = player_draws(player, banker)
    keys(driver, "d" if draws else "s", Keys.ENTER)
    assert "✓ Right" in wait_for(driver, r"[✓✗] (Right|Wrong)")
    return draws


def test_two_tabs_behind_tls_are_two_people(proxy, tmp_path: Path, school_bouncer) -> None:  # type: ignore[no-untyped-def]
    served, url, db = proxy
    port = url.rpartition(":")[2]
    check = ezbac(
        "school", "check", "--trainers", str(TRAINERS), "--db", db,
        "--console", school_bouncer.url("pgbouncer"), "--tls", f"{HOST}:{port}",
    )  # fmt: skip
    assert (check.returncode, check.stdout) == (0, f"ok: enough for {TRAINERS} trainers\n"), (
        check.stdout + check.stderr
    )
    home = tmp_path / "browser-home"
    _trust(home, tmp_path / "cert.pem")
    no_outside = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost"
    with open_browser(tmp_path, no_outside, log_requests=True, home=home) as driver:
        try:
            driver.get_log("performance")  # the browser's own start page, before ours
            driver.get(url)
            bo = _sign_in_and_answer(driver, "Bo", "1111")
            driver.switch_to.new_window("tab")  # another person, another trainer
            driver.execute_cdp_cmd(
                "Page.addScriptToEvaluateOnNewDocument", {"source": CATCH_TERMINAL}
            )
            driver.get(url)
            cy = _sign_in_and_answer(driver, "Cy", "2222")
            asked = [
                json.loads(entry["message"])["message"]["params"]["request"]["url"]
                for entry in driver.get_log("performance")
                if '"Network.requestWillBeSent"' in entry["message"]
            ]
        finally:
            driver.save_screenshot(str(tmp_path / "browser.png"))
    served.stop()  # the tabs' trainers quit, signing out
    with open_history(resolve_db(db)) as store:
        ids = {p.name: p.person_id for p in people.roster(store)}
        answers = sorted((a.trainee, a.answer) for a in store.answers())
        runs = sorted((s.trainee, s.person_id) for s in store.sessions())
    assert answers == [("Bo", "draws" if bo else "stands"), ("Cy", "draws" if cy else "stands")]
    assert runs == [("Bo", ids["Bo"]), ("Cy", ids["Cy"])]
    # every request, the page, its font and scripts and each tab's wss://, went to nginx
    wss = url.replace("https://", "wss://", 1)
    outside = [u for u in asked if not u.startswith((url + "/", wss + "/", "data:", "blob:"))]
    assert outside == [], outside
    assert any(u.endswith("/static/fonts/RobotoMono-VariableFont_wght.ttf") for u in asked)
