"""A served tab's trainer takes the size of its browser window, in Debian's headless
Chromium: the home screen of the warm spare (started at 80x24 before the tab came) is laid
out again at the tab's terminal size when the page says it, and again when the window is
made smaller.  xterm.js's own size (its columns) is read from the page; the home screen's
boxes reach its last column, no further."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.e2e.test_serve_browser import open_browser, wait_for
from tests.support.serve import Served

pytestmark = pytest.mark.usefixtures("chromium_installed")


#: The screen's lines as xterm shows them: each cut at the terminal's columns (a line
#: written before the terminal shrank keeps its old cells past them in xterm's buffer).
READ_SHOWN = """
const term = window.__terminals[0], buffer = term.buffer.active, lines = [];
for (let i = 0; i < term.rows; i++) {
  const line = buffer.getLine(buffer.viewportY + i);
  lines.push(line ? line.translateToString(true, 0, term.cols) : "");
}
return lines.join("\\n");
"""


def _fills(driver, timeout: float = 20.0) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    """Wait until the screen's widest line is as wide as the page's terminal: its columns
    and the widest line's length."""
    deadline = time.monotonic() + timeout
    cols, widest = 0, 0
    while time.monotonic() < deadline:
        cols = int(driver.execute_script("return window.__terminals[0].cols;"))
        lines = (driver.execute_script(READ_SHOWN) or "").splitlines()
        widest = max((len(line) for line in lines), default=0)
        if widest == cols:
            return cols, widest
        time.sleep(0.2)
    return cols, widest


def test_the_tab_takes_its_windows_size(tmp_path: Path) -> None:
    served = Served(tmp_path)
    try:
        served.wait_listening()
        time.sleep(3)  # the warm spare is up (started 1 s after the server, at 80x24)
        with open_browser(tmp_path) as driver:  # a 1280x900 window: wider than 80 columns
            try:
                driver.get(served.url)
                wait_for(driver, r"EZ Baccarat dealer trainer")
                cols, widest = _fills(driver)
                assert cols > 100 and widest == cols, (cols, widest)
                driver.set_window_size(1000, 700)  # smaller: fewer columns, laid out again
                smaller, widest = _fills(driver)
                assert 80 < smaller < cols and widest == smaller, (smaller, widest)
            finally:
                driver.save_screenshot(str(tmp_path / "browser.png"))
    finally:
        served.stop()
