"""`ezbac serve`'s tabs' trainers forked from its fork server, in Debian's headless Chromium:
once the fork server has imported what a trainer needs, a tab's trainer is its child (not a
new Python process importing everything again), the tab works as before (home, a name
typed), and when the server stops, the fork server and every trainer end with it."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.e2e.test_serve_browser import keys, open_browser, wait_for
from tests.support.serve import FORK_SERVER, Served, trainers_using

pytestmark = pytest.mark.usefixtures("chromium_installed")


def _args(pid: str) -> list[bytes]:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except OSError:
        return []


def _parent(pid: str) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[1]
    except (OSError, IndexError):
        return ""


def _fork_servers(db: Path) -> list[str]:
    """The fork servers of the `ezbac serve` recording to ``db`` (children of `ezbac serve`
    whose command line is the fork server's)."""
    found = []
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        pid = cmdline.parent.name
        args = _args(pid)
        ours = FORK_SERVER in args and str(db).encode() in args
        if ours and b"serve" in _args(_parent(pid)):
            found.append(pid)
    return found


def test_a_tabs_trainer_is_forked_and_everything_ends_with_the_server(tmp_path: Path) -> None:
    from selenium.webdriver.common.keys import Keys

    served = Served(tmp_path)
    try:
        served.wait_listening()
        deadline = time.monotonic() + 60
        while not _fork_servers(served.db) and time.monotonic() < deadline:
            time.sleep(0.2)
        (zygote,) = _fork_servers(served.db)
        time.sleep(3)  # its imports done, the warm spare forked
        with open_browser(tmp_path) as driver:
            try:
                driver.get(served.url)
                wait_for(driver, r"EZ Baccarat dealer trainer")
                trainers = trainers_using(served.db)
                assert trainers, "no trainer for the tab"
                assert {_parent(pid) for pid in trainers} == {zygote}, trainers
                driver.execute_script("window.__terminals[0].focus();")
                keys(driver, "n")
                wait_for(driver, r"Trainee name \(Enter to save")
                keys(driver, "Forked Tester", Keys.ENTER)
                wait_for(driver, r"Trainee: Forked Tester")
            finally:
                driver.save_screenshot(str(tmp_path / "browser.png"))
    finally:
        status, printed = served.stop()
    assert status == 130, printed
    deadline = time.monotonic() + 20
    while (trainers_using(served.db) or _fork_servers(served.db)) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not trainers_using(served.db), "a tab's trainer outlived the server"
    assert not Path(f"/proc/{zygote}").exists() or not _args(zygote), "the fork server lives on"


def test_a_fork_server_stuck_is_given_up_and_tabs_start_their_own(tmp_path: Path) -> None:
    """The fork server stopped (SIGSTOP: it takes the request and never answers): a new tab
    waits for it no more than its bound (10 s), then its trainer starts as a process of
    `ezbac serve`'s own, and the tab works."""
    import os
    import signal

    served = Served(tmp_path)
    zygote = ""
    try:
        served.wait_listening()
        deadline = time.monotonic() + 60
        while not _fork_servers(served.db) and time.monotonic() < deadline:
            time.sleep(0.2)
        (zygote,) = _fork_servers(served.db)
        time.sleep(4)  # ready, and the warm spare forked
        os.kill(int(zygote), signal.SIGSTOP)
        with open_browser(tmp_path) as driver:
            try:
                driver.get(served.url)  # takes the spare (forked before the stop)
                wait_for(driver, r"EZ Baccarat dealer trainer")
                driver.switch_to.new_window("tab")
                from tests.e2e.test_serve_browser import CATCH_TERMINAL

                driver.execute_cdp_cmd(
                    "Page.addScriptToEvaluateOnNewDocument", {"source": CATCH_TERMINAL}
                )
                time.sleep(2)  # the next spare asked of the stopped fork server meanwhile
                driver.get(served.url)
                wait_for(driver, r"EZ Baccarat dealer trainer", timeout=60)
                parents = {_parent(pid) for pid in trainers_using(served.db)}
                assert str(served.proc.pid) in parents, parents  # one started the old way
            finally:
                driver.save_screenshot(str(tmp_path / "browser.png"))
    finally:
        if zygote:
            os.kill(int(zygote), signal.SIGCONT)
        status, printed = served.stop()
    assert status == 130, printed
