"""A locked person in a browser tab, in Debian's headless Chromium: Bo's name is locked after
five wrong tries (made before the test opens the page, a minute apart, the last one a
minute ago); at the tab, Bo's right PIN is refused with the line that says what happened
and until when (docs/schools.md: "Bo is locked for 15 min, until 10:42 UTC, after wrong
tries"); an instructor lifts the lock with `ezbac people reset`, and the same tab signs Bo
in with the new PIN, without being reloaded.

The minutes and the time are worked here from when the last wrong try was made: the lock
lasts the school's 15 minutes from it."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tests.e2e.test_serve_browser import keys, open_browser, wait_for
from tests.support.cli import ezbac
from tests.support.serve import Served
from trainer.history.signing_in import sign_in
from trainer.history.store import open_history

pytestmark = pytest.mark.usefixtures("chromium_installed")


def test_a_locked_person_is_told_in_the_tab_and_signs_in_once_lifted(tmp_path: Path) -> None:
    from selenium.webdriver.common.keys import Keys

    db = tmp_path / "history.sqlite3"  # Served's history
    for name, role, pin in (("Ana", "instructor", "2468"), ("Bo", "trainee", "1111")):
        added = ezbac("people", "add", name, "--role", role, "--db", str(db), stdin=pin)
        assert added.returncode == 0, added.stderr
    assert ezbac("people", "signin", "on", "--db", str(db)).returncode == 0
    minute = datetime.now(UTC).replace(second=0, microsecond=0)
    last = minute - timedelta(minutes=1)  # the fifth wrong try: locked 15 min from it
    with open_history(db) as store:
        for back in (4, 3, 2, 1, 0):  # a minute apart: past each try's growing wait
            got = sign_in(store, "Bo", "0000", last - timedelta(minutes=back))
            assert got.person is None
    until = (last + timedelta(minutes=15)).strftime("%H:%M")  # 14 min from `minute`
    served = Served(tmp_path)
    try:
        served.wait_listening()
        with open_browser(tmp_path) as driver:
            try:
                driver.get(served.url)
                wait_for(driver, r"Your name and PIN")
                driver.execute_script("window.__terminals[0].focus();")
                keys(driver, "Bo", Keys.ENTER, "1111", Keys.ENTER)  # the right PIN
                screen = wait_for(driver, r"Bo is locked for")
                # the dialog's lines joined: what is between its borders on each row (the
                # line may wrap, and the sign-in form shows beside the dialog on a row)
                inside = [row.split("█")[1] for row in screen.splitlines() if row.count("█") >= 2]
                said = " ".join(" ".join(inside).split())
                # 14 min left when the test began (13 if a minute turned since)
                pattern = rf"Bo is locked for 1[34] min, until {until} UTC, after wrong tries"
                assert re.search(pattern, said), screen
                assert "Trainee: Bo" not in screen, screen

                reset = ezbac("people", "reset", "Bo", "--db", str(db), stdin="3579")
                assert reset.returncode == 0, reset.stderr  # an instructor lifts the lock
                keys(driver, "3579", Keys.ENTER)  # the same tab, not reloaded
                wait_for(driver, r"Trainee: Bo\b")
            finally:
                driver.save_screenshot(str(tmp_path / "browser.png"))
    finally:
        served.stop()
