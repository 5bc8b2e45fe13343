"""`ezbac serve` in a real browser: Debian's Chromium, headless, driven through its own
chromedriver by Selenium (no browser is downloaded).  The test opens the page, waits for the
home screen, names the trainee, starts the Player-draw drill, answers the first question
(worked out from the cards on the screen by docs/rules.md, written out here) and reads the graded
feedback; then a second tab gets a trainer of its own, and the answer is in the history.

xterm.js draws the terminal on a canvas, so there is no text in the DOM: a script run before
the page's own catches the xterm Terminal object when textual-serve's page stores it, and the
test reads the screen's lines from its buffer (what xterm draws).  A screenshot of the last
screen is saved next to the test's temp files for a person to look at.
"""

from __future__ import annotations

import re
import shutil
import sqlite3
import time
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path

import pytest

from tests.support.serve import Served, trainers_using
from tests.support.terminal import CARD, player_draws

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None or CHROMEDRIVER is None,
    reason="Chromium or chromedriver is not installed (.ci/run installs Debian's chromium "
    "and chromium-driver)",
)

ROOT = Path(__file__).resolve().parents[2]

#: Runs before the page's scripts: textual-serve's page keeps its xterm Terminal in an
#: object's `terminal` property; a setter on Object.prototype sees that assignment, keeps the
#: Terminal where the test can read it, and then steps aside for that object.
CATCH_TERMINAL = """
window.__terminals = [];
Object.defineProperty(Object.prototype, "terminal", {
  configurable: true,
  set(value) {
    if (value && value.buffer) window.__terminals.push(value);
    Object.defineProperty(this, "terminal",
      {value, writable: true, configurable: true, enumerable: true});
  },
});
"""
READ_SCREEN = """
const term = window.__terminals[0];
if (!term) return null;
const buffer = term.buffer.active, lines = [];
for (let i = 0; i < term.rows; i++) {
  const line = buffer.getLine(buffer.viewportY + i);
  lines.push(line ? line.translateToString(true) : "");
}
return lines.join("\\n");
"""


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[object]:
    with open_browser(tmp_path) as driver:
        yield driver


@contextmanager
def open_browser(
    tmp_path: Path, *flags: str, log_requests: bool = False, home: Path | None = None
) -> Iterator[object]:
    """Headless Chromium with ``flags`` besides the usual, catching each page's terminal;
    ``log_requests``: its network log kept (read with ``driver.get_log("performance")``);
    ``home``: the browser's HOME (where it reads the certificates it trusts,
    ``.pki/nssdb``)."""
    import os

    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--window-size=1280,900",
        f"--user-data-dir={tmp_path / 'chromium'}",
        *flags,
    ):
        options.add_argument(flag)
    if log_requests:
        options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    env = None if home is None else dict(os.environ, HOME=str(home))
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER, env=env), options=options)
    try:
        driver.set_page_load_timeout(30)
        driver.set_script_timeout(10)
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": CATCH_TERMINAL})
        yield driver
    finally:
        driver.quit()


def wait_for(driver, pattern: str, timeout: float = 30.0) -> str:  # type: ignore[no-untyped-def]
    """The terminal's screen once ``pattern`` shows on it (bounded wait)."""
    deadline = time.monotonic() + timeout
    screen = ""
    while time.monotonic() < deadline:
        screen = driver.execute_script(READ_SCREEN) or ""
        if re.search(pattern, screen):
            return screen
        time.sleep(0.2)
    if not browser_has_terminal(driver):
        raise AssertionError(
            "the page's xterm Terminal was never caught (textual-serve's page "
            "no longer stores it as `.terminal`?)"
        )
    raise AssertionError(f"{pattern!r} never appeared in the browser; the screen was:\n{screen}")


def browser_has_terminal(driver) -> bool:  # type: ignore[no-untyped-def]
    return bool(driver.execute_script("return window.__terminals.length > 0;"))


def keys(driver, *typed: str) -> None:  # type: ignore[no-untyped-def]
    from selenium.webdriver.common.action_chains import ActionChains

    for text in typed:
        ActionChains(driver).send_keys(text).perform()
        time.sleep(0.1)


def read_hands(screen: str) -> tuple[list[str], list[str]]:
    for line in screen.splitlines():
        if CARD.search(line):
            middle = len(line) // 2
            player = [m.group(1) for m in CARD.finditer(line[:middle])]
            banker = [m.group(1) for m in CARD.finditer(line[middle:])]
            return player, banker
    raise AssertionError(f"no cards on the screen:\n{screen}")


def test_a_question_answered_in_a_browser(browser, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from selenium.webdriver.common.keys import Keys

    served = Served(tmp_path)
    try:
        served.wait_listening()
        browser.get(served.url)
        try:
            wait_for(browser, r"EZ Baccarat dealer trainer(.*\n)*.*Player's third card")
            assert trainers_using(served.db), "the tab has no trainer process of its own"
            browser.execute_script("window.__terminals[0].focus();")  # as a click on it would
            keys(browser, "n")
            wait_for(browser, r"Trainee name \(Enter to save")
            keys(browser, "Web Tester", Keys.ENTER)
            wait_for(browser, r"Trainee: Web Tester")
            keys(browser, Keys.DOWN, Keys.ENTER)  # the second drill: the Player's third card
            screen = wait_for(browser, r"Q 1/12\b(.*\n)*.*Does the Player draw\?")
            player, banker = read_hands(screen)
            assert len(player) == 2 and len(banker) == 2, screen
            draws = player_draws(player, banker)
            keys(browser, "d" if draws else "s", Keys.ENTER)
            screen = wait_for(browser, r"[✓✗] (Right|Wrong)")
            assert "✓ Right" in screen and "✗" not in screen, screen
            first = browser.current_window_handle
            browser.switch_to.new_window("tab")  # a second trainee, another trainer
            browser.execute_cdp_cmd(
                "Page.addScriptToEvaluateOnNewDocument", {"source": CATCH_TERMINAL}
            )
            browser.get(served.url.replace("127.0.0.1", "localhost"))
            wait_for(browser, r"EZ Baccarat dealer trainer(.*\n)*.*Player's third card")
            # each tab its own trainer, and perhaps the warm spare started for the next tab
            assert len(trainers_using(served.db)) in (2, 3), "the tabs share one trainer"
            browser.switch_to.window(first)  # the first tab's drill is where it was
            assert "✓ Right" in wait_for(browser, r"Q 1/12\b")
        finally:
            browser.save_screenshot(str(tmp_path / "browser.png"))
    finally:
        status, printed = served.stop()
    assert status == 130, printed
    assert printed.splitlines() == [
        f"ezbac serve: the trainer is at {served.url} (Ctrl+C stops)",
        "ezbac serve: stopped",
    ], printed
    assert not trainers_using(served.db), "a tab's trainer outlived the server"
    with closing(sqlite3.connect(served.db)) as history:  # the tab wrote to --db
        rows = history.execute("SELECT trainee, drill_id, answer, correct FROM answers").fetchall()
    assert rows == [("Web Tester", "player-draw", "draws" if draws else "stands", 1)]
