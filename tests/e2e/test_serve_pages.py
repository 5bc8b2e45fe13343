"""The page `ezbac serve` gives, in Debian's headless Chromium (as test_serve_browser.py):
everything it loads comes from ezbac serve itself, with every outside name made
unresolvable; and when something is wrong the tab says so in the page and recovers once it
is right again: a history server that cannot be reached, one with every connection slot
taken, and ezbac serve itself stopping mid-drill and starting again.

The notice is a DOM element of the page (``#ezbac-notice``), read as text; the terminal is
read from xterm's buffer as in test_serve_browser.py."""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.e2e.test_serve_browser import CHROMEDRIVER, CHROMIUM, keys, open_browser, wait_for
from tests.support.pg import PgServer, cannot_run, server_bindir
from tests.support.serve import Served, trainers_using

pytestmark = pytest.mark.skipif(
    CHROMIUM is None or CHROMEDRIVER is None,
    reason="Chromium or chromedriver is not installed (.ci/run installs Debian's chromium "
    "and chromium-driver)",
)

HOME = r"EZ Baccarat dealer trainer(.*\n)*.*Player's third card"
#: Every host name fails to resolve except this machine's address: a request for anything
#: outside fails in the browser, and still shows in its log of requests.
NO_OUTSIDE = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"
READ_NOTICE = """
const box = document.getElementById("ezbac-notice");
return box && box.classList.contains("-shown") ? box.innerText : "";
"""


def wait_notice(driver, pattern: str, timeout: float = 40.0) -> str:  # type: ignore[no-untyped-def]
    """The page's notice once it says ``pattern`` (bounded wait)."""
    import re

    deadline = time.monotonic() + timeout
    text = ""
    while time.monotonic() < deadline:
        text = driver.execute_script(READ_NOTICE) or ""
        if re.search(pattern, text):
            return text
        time.sleep(0.2)
    raise AssertionError(f"{pattern!r} never showed in the page's notice; it said: {text!r}")


def requested(driver) -> list[str]:  # type: ignore[no-untyped-def]
    """Every URL the browser asked for since the last call (Chromium's network log)."""
    urls = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
    return urls


@pytest.fixture
def tiny_server() -> Iterator[PgServer]:
    """A PostgreSQL server of the test's own with 5 connection slots."""
    bindir = server_bindir()
    why = cannot_run(bindir)
    if why or bindir is None:
        pytest.skip(why)
    server = PgServer(bindir, max_connections=5)
    try:
        server.start()
        yield server
    finally:
        with contextlib.suppress(RuntimeError):  # paused by a test that failed: started
            server.resume()  # again so that stop() finds it
        server.stop()


def test_the_page_loads_nothing_from_outside(tmp_path: Path) -> None:
    served = Served(tmp_path)
    try:
        served.wait_listening()
        with open_browser(tmp_path, NO_OUTSIDE, log_requests=True) as browser:
            requested(browser)  # the browser's own start page, before ours
            browser.get(served.url)
            wait_for(browser, HOME)
            loaded = browser.execute_script(
                "return document.fonts.check('16px \"Roboto Mono\"') && "
                "[...document.fonts].some(f => f.family.includes('Roboto Mono') "
                "&& f.status === 'loaded');"
            )
            urls = requested(browser)
    finally:
        served.stop()
    inside = (served.url + "/", f"ws://127.0.0.1:{served.port}/", "data:", "blob:")
    outside = [u for u in urls if not u.startswith(inside)]
    assert outside == [], outside
    assert f"{served.url}/static/fonts/RobotoMono-VariableFont_wght.ttf" in urls, urls
    assert loaded, "the page's font Roboto Mono was not loaded"


def test_an_unreachable_history_server_is_said_and_the_tab_recovers(
    tmp_path: Path, tiny_server: PgServer
) -> None:
    served = Served(tmp_path, db=tiny_server.schema())
    try:
        served.wait_listening()
        tiny_server.pause()  # the history server goes down after ezbac serve started
        with open_browser(tmp_path, NO_OUTSIDE) as browser:
            browser.get(served.url)
            said = wait_notice(browser, r"cannot be reached(.|\n)*Trying again in \d+ s")
            assert "Tell the instructor" in said, said
            assert "cannot reach the history server" in said, said  # the trainer's own line
            tiny_server.resume()
            wait_for(browser, HOME, timeout=60)
            assert browser.execute_script(READ_NOTICE) == ""
    finally:
        served.stop()


def test_a_full_history_server_is_said_and_the_tab_opens_when_a_slot_frees(
    tmp_path: Path, tiny_server: PgServer
) -> None:
    import psycopg

    url = tiny_server.schema()
    served = Served(tmp_path, db=url)
    held: list[psycopg.Connection] = []
    try:
        served.wait_listening()
        for _ in range(10):  # bounded: the server refuses the sixth
            try:
                held.append(psycopg.connect(url, autocommit=True))
            except psycopg.OperationalError:
                break
        assert len(held) == 5
        with open_browser(tmp_path, NO_OUTSIDE) as browser:
            browser.get(served.url)
            said = wait_notice(browser, r"history server is full")
            assert "every connection slot of the history server is taken" in said, said
            held.pop().close()
            wait_for(browser, HOME, timeout=60)
            assert browser.execute_script(READ_NOTICE) == ""
    finally:
        for conn in held:
            conn.close()
        served.stop()


def test_the_server_stopping_mid_drill_is_said_and_the_tab_comes_back(tmp_path: Path) -> None:
    from selenium.webdriver.common.keys import Keys

    served = Served(tmp_path)
    again: Served | None = None
    try:
        served.wait_listening()
        with open_browser(tmp_path, NO_OUTSIDE) as browser:
            browser.get(served.url)
            wait_for(browser, HOME)
            browser.execute_script("window.__terminals[0].focus();")
            keys(browser, "n")
            wait_for(browser, r"Trainee name \(Enter to save")
            keys(browser, "Web Tester", Keys.ENTER)
            wait_for(browser, r"Trainee: Web Tester")
            keys(browser, Keys.DOWN, Keys.ENTER)
            wait_for(browser, r"Q 1/12\b")
            status, _ = served.stop()
            assert status == 130
            said = wait_notice(browser, r"server is stopping|cannot be reached")
            assert "reconnects by itself" in said, said
            again = Served(tmp_path, port=served.port)
            again.wait_listening()
            wait_for(browser, HOME, timeout=60)
            assert browser.execute_script(READ_NOTICE) == ""
    finally:
        served.stop()
        if again is not None:
            again.stop()


def test_a_new_tab_is_given_the_warm_spare_trainer(tmp_path: Path) -> None:
    """ezbac serve starts a trainer before any tab asks; the first tab gets that one (its
    start-up already done), and the next spare is started after."""
    served = Served(tmp_path)
    try:
        served.wait_listening()
        deadline = time.monotonic() + 30
        while not (before := trainers_using(served.db)) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(before) == 1, f"no warm spare before any tab: {before}"
        with open_browser(tmp_path, NO_OUTSIDE) as browser:
            browser.get(served.url)
            wait_for(browser, HOME)
            deadline = time.monotonic() + 30
            while len(now := trainers_using(served.db)) < 2 and time.monotonic() < deadline:
                time.sleep(0.1)
            assert before[0] in now and len(now) == 2, (before, now)  # the tab's and a new spare
            first = browser.current_window_handle
            browser.switch_to.new_window("tab")
            browser.switch_to.window(first)
            browser.close()  # the tab goes: its trainer, the first spare, ends
            deadline = time.monotonic() + 30
            while before[0] in trainers_using(served.db) and time.monotonic() < deadline:
                time.sleep(0.1)
            assert before[0] not in trainers_using(served.db), "the tab was not given the spare"
    finally:
        served.stop()
    assert not trainers_using(served.db), "the spare outlived the server"


def test_serve_started_on_a_full_server_gives_pages_that_say_so(
    tmp_path: Path, tiny_server: PgServer
) -> None:
    """ezbac serve itself starting while every slot is taken: it starts (on this machine
    only) with a warning, and the tab says the server is full until a slot frees."""
    import psycopg

    url = tiny_server.schema()
    held: list[psycopg.Connection] = []
    for _ in range(10):  # bounded: the server refuses the sixth
        try:
            held.append(psycopg.connect(url, autocommit=True))
        except psycopg.OperationalError:
            break
    assert len(held) == 5
    served = Served(tmp_path, db=url)
    try:
        served.wait_listening()
        with open_browser(tmp_path, NO_OUTSIDE) as browser:
            browser.get(served.url)
            wait_notice(browser, r"history server is full")
            held.pop().close()
            wait_for(browser, HOME, timeout=60)
    finally:
        for conn in held:
            conn.close()
        _, printed = served.stop()
    assert (
        "every connection slot of the history server is taken: each tab waits for one and "
        "says so in the page" in printed
    ), printed


def test_serve_beyond_this_machine_on_a_full_server_is_refused(tiny_server: PgServer) -> None:
    """Sign-in cannot be read on a full server, so listening beyond this machine (which
    needs it on) is refused, in one line, exit status 2."""
    import subprocess
    import sys

    import psycopg

    from tests.support.serve import free_port

    url = tiny_server.schema()
    held: list[psycopg.Connection] = []
    try:
        for _ in range(10):  # bounded: the server refuses the sixth
            try:
                held.append(psycopg.connect(url, autocommit=True))
            except psycopg.OperationalError:
                break
        assert len(held) == 5
        serve = [sys.executable, "-m", "trainer", "serve", "--host", "0.0.0.0"]
        run = subprocess.run(
            [*serve, "--port", str(free_port()), "--db", url],
            capture_output=True,
            text=True,
            timeout=60,
        )
    finally:
        for conn in held:
            conn.close()
    assert run.returncode == 2, run.stderr
    (line,) = run.stderr.splitlines()
    assert line.startswith("ezbac: error: postgresql://"), line
    assert "every connection slot of the history server is taken" in line, line
    assert "--host '0.0.0.0' reaches beyond this machine" in line, line
    assert run.stdout == ""
