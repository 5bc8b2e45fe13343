"""Benchmark: `ezbac serve` in Debian's headless Chromium, as a trainee's browser sees it.

Run on demand (not collected by pytest)::

    python tests/benchmarks/bench_browser.py               # 5 new tabs, 10 together, 3 drills
    python tests/benchmarks/bench_browser.py --tabs 5 --together 10 --drills 3

Starts the real ``ezbac serve`` (its own data folder and SQLite history) and drives Debian's
``chromium`` through its ``chromedriver`` (Selenium), every outside host name unresolvable.
What the page does is timed inside the page (a script run before the page's own, on
``performance.now()``), so the figures include xterm.js drawing:

- a new tab's first frame: from the navigation's start to the first frame's bytes on the
  tab's websocket (what hides textual-serve's splash), ``--tabs`` tabs one after another;
- ``--together`` tabs opened at the same moment (iframes of one page added at once): each
  one's first frame from that moment;
- keypress to repaint: from the keydown in the page to xterm's first render after the
  tab's websocket brought bytes, in the Player-draw drill: ``d`` (the choice drawn), Enter
  (the answer graded: recorded, the feedback drawn) and Enter (the next question), 12
  questions a drill, ``--drills`` drills each in a new tab; split into the time to the
  first bytes back on the websocket (the server and the trainer) and from them to the
  repaint (the page: xterm.js);
- memory of each tab's trainer process: resident (RSS) and proportional (PSS) size;
- the load average before and after.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NO_OUTSIDE = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"

#: Before the page's scripts: the first frame's time, each keypress's time to the repaint
#: after the bytes it brought, and the page's xterm Terminal (caught as the tests do).
PROBE = """
window.__bench = {first: null, pending: null, lag: []};
window.__terminals = [];
const Native = window.WebSocket;
window.WebSocket = class extends Native {
  constructor(url, protocols) {
    super(url, protocols);
    this.addEventListener("message", (event) => {
      if (typeof event.data === "string") return;
      const b = window.__bench;
      if (b.first === null && event.data.byteLength > 10) b.first = performance.now();
      if (b.pending && !b.pending.data) {
        b.pending.data = true;
        b.pending.bytes = performance.now();
      }
    });
  }
};
document.addEventListener("keydown", (event) => {
  window.__bench.pending = {key: event.key, t: performance.now(), data: false};
}, true);
Object.defineProperty(Object.prototype, "terminal", {
  configurable: true,
  set(value) {
    if (value && value.buffer) {
      window.__terminals.push(value);
      value.onRender(() => {
        const b = window.__bench, p = b.pending;
        if (p && p.data) {
          b.lag.push([p.key, performance.now() - p.t, p.bytes - p.t]);
          b.pending = null;
        }
      });
    }
    Object.defineProperty(this, "terminal",
      {value, writable: true, configurable: true, enumerable: true});
  },
});
"""
SCREEN = """
const term = window.__terminals[0];
if (!term) return "";
const buffer = term.buffer.active, lines = [];
for (let i = 0; i < term.rows; i++) {
  const line = buffer.getLine(buffer.viewportY + i);
  lines.push(line ? line.translateToString(true) : "");
}
return lines.join("\\n");
"""


class BadInput(Exception):
    """Said in one line, exit status 2."""


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def _children(pid: int) -> list[int]:
    found = []
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            text = status.read_text()
        except OSError:
            continue
        for line in text.splitlines():
            if line.startswith("PPid:") and int(line.split()[1]) == pid:
                found.append(int(status.parent.name))
    return found


def _is_fork_server(pid: int) -> bool:
    try:
        return b"trainer.cli.serve_fork" in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False


def _fork_server(serve_pid: int) -> int | None:
    """`ezbac serve`'s fork server, the tabs' trainers' parent."""
    return next((pid for pid in _children(serve_pid) if _is_fork_server(pid)), None)


def _trainers(serve_pid: int) -> list[int]:
    """The tabs' trainer processes: forked by the fork server, or (before it is ready)
    started by `ezbac serve` itself (the shell textual-serve starts execs the trainer)."""
    fork_server = _fork_server(serve_pid)
    own = [pid for pid in _children(serve_pid) if pid != fork_server]
    return own + ([] if fork_server is None else _children(fork_server))


def _memory_mb(pid: int) -> tuple[float, float]:
    rss = pss = 0.0
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Rss:"):
                rss = int(line.split()[1]) / 1024
            elif line.startswith("Pss:"):
                pss = int(line.split()[1]) / 1024
    except OSError:
        pass
    return rss, pss


def _wait(driver, script: str, done, timeout: float = 60.0):  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    value = None
    while time.monotonic() < deadline:
        value = driver.execute_script(script)
        if done(value):
            return value
        time.sleep(0.05)
    raise RuntimeError(f"timed out waiting in the page; it showed:\n{value}")


def _browser(home: Path):  # type: ignore[no-untyped-def]
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver_path = shutil.which("chromedriver")
    if chromium is None or driver_path is None:
        raise BadInput("Debian's chromium and chromium-driver are needed (apt-get install)")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in (
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--window-size=1280,900",
        f"--user-data-dir={home / 'chromium'}",
        NO_OUTSIDE,
    ):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    driver.set_script_timeout(30)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": PROBE})
    return driver


def _first_frames(driver, url: str, tabs: int) -> list[float]:  # type: ignore[no-untyped-def]
    firsts = []
    for _ in range(tabs):
        _new_tab(driver)
        driver.get(url)
        firsts.append(_wait(driver, "return window.__bench.first;", lambda v: v is not None))
        time.sleep(2.0)  # the next warm spare started (ezbac serve starts it 1 s after)
    _new_tab(driver)
    return firsts


def _new_tab(driver) -> None:  # type: ignore[no-untyped-def]
    """A new browser tab in place of the current one, which is closed (its trainer ends:
    a page merely navigated away may be kept in the back-forward cache, socket open)."""
    old = driver.current_window_handle
    driver.switch_to.new_window("tab")
    new = driver.current_window_handle
    driver.switch_to.window(old)
    driver.close()
    driver.switch_to.window(new)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": PROBE})


def _together(driver, url: str, count: int) -> list[float]:  # type: ignore[no-untyped-def]
    """``count`` tabs opened at once, as iframes of one page of the server's own origin."""
    driver.get(url + "/static/css/xterm.css")
    driver.execute_script(
        """
        window.__t0 = performance.timeOrigin + performance.now();
        for (let i = 0; i < arguments[1]; i++) {
          const f = document.createElement("iframe");
          f.src = arguments[0]; f.width = 800; f.height = 500;
          document.body.appendChild(f);
        }
        """,
        url,
        count,
    )
    return list(
        _wait(
            driver,
            """
            const out = [];
            for (const f of document.querySelectorAll("iframe")) {
              const w = f.contentWindow, b = w && w.__bench;
              if (!b || b.first === null) return null;
              out.push(w.performance.timeOrigin + b.first - window.__t0);
            }
            return out;
            """,
            lambda v: v is not None,
            timeout=120,
        )
    )


def _drill(driver, url: str) -> list[tuple[str, float, float]]:  # type: ignore[no-untyped-def]
    """Each key's time to the repaint, and to the first bytes it brought (ms)."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    def press(*keys: str) -> None:
        for key in keys:
            ActionChains(driver).send_keys(key).perform()
            time.sleep(0.15)

    def screen_has(*texts: str) -> None:
        read = "const f = () => {" + SCREEN + "}; return f();"
        _wait(driver, read, lambda screen: any(text in screen for text in texts))

    _new_tab(driver)
    time.sleep(2.0)
    driver.get(url)
    screen_has("Player's third card")
    driver.execute_script("window.__terminals[0].focus();")
    if "Trainee: Bench" not in driver.execute_script(SCREEN):
        press("n")
        screen_has("Trainee name")
        press("Bench", Keys.ENTER)
        screen_has("Trainee: Bench")
    press(Keys.DOWN, Keys.ENTER)
    screen_has("Q 1/12")
    driver.execute_script("window.__bench.lag = [];")
    for question in range(12):
        screen_has(f"Q {question + 1}/12")
        press("d", Keys.ENTER)
        screen_has("Right", "Wrong")
        press(Keys.ENTER)
        time.sleep(0.2)
    return [tuple(lag) for lag in driver.execute_script("return window.__bench.lag;")]


def _by_kind(lags: list[tuple[str, float, float]]) -> dict[str, list[tuple[str, float, float]]]:
    """The drill's keys by what they do: ``d`` the choice, then Enter graded and Enter the
    next question in turn."""
    kinds: dict[str, list[tuple[str, float, float]]] = {"d": [], "graded": [], "next": []}
    enters = 0
    for lag in lags:
        if lag[0] == "Enter":
            kinds["graded" if enters % 2 == 0 else "next"].append(lag)
            enters += 1
        else:
            kinds["d"].append(lag)
    return kinds


def _loadavg() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tabs", type=int, default=5, help="new tabs one after another")
    parser.add_argument("--together", type=int, default=10, help="tabs opened at once")
    parser.add_argument("--drills", type=int, default=3, help="drills of 12 questions")
    parser.add_argument("--raw", help="write each key's (key, to repaint, to bytes) ms here")
    args = parser.parse_args(argv)
    for name in ("tabs", "together", "drills"):
        if not 1 <= getattr(args, name) <= 50:
            raise BadInput(f"--{name}: {getattr(args, name)} is not from 1 to 50")
    raw = None if args.raw is None else Path(args.raw)
    if raw is not None and (not args.raw or raw.is_dir() or not raw.parent.is_dir()):
        # refused now, not after the minute the run takes
        raise BadInput(f"--raw: {args.raw!r} is not a file in a folder that exists")
    with tempfile.TemporaryDirectory(prefix="ezbac-bench-browser.") as folder:
        home = Path(folder)
        port = _free_port()
        url = f"http://127.0.0.1:{port}"
        log = (home / "serve.log").open("w")
        db = str(home / "history.sqlite3")
        serve = subprocess.Popen(
            [*(sys.executable, "-m", "trainer", "serve", "--port", str(port)), "--db", db],
            cwd=ROOT,
            env=dict(os.environ, EZBAC_HOME=str(home / "home")),
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        try:
            deadline = time.monotonic() + 30
            while socket.socket().connect_ex(("127.0.0.1", port)) != 0:
                if time.monotonic() > deadline or serve.poll() is not None:
                    raise BadInput(f"ezbac serve did not start: {(home / 'serve.log').read_text()}")
                time.sleep(0.1)
            print(f"load average before: {_loadavg()}; cores: {os.cpu_count()}")
            driver = _browser(home)
            try:
                firsts = _first_frames(driver, url, args.tabs)
                print(
                    f"new tab, first frame (ms), {args.tabs} one after another: "
                    + ", ".join(f"{v:.0f}" for v in firsts)
                    + f"; p50 {_pct(firsts, 0.5):.0f}, max {max(firsts):.0f}"
                )
                together = _together(driver, url, args.together)
                memory = [_memory_mb(pid) for pid in _trainers(serve.pid)]
                print(
                    f"{args.together} tabs together, first frame (ms): "
                    + ", ".join(f"{v:.0f}" for v in sorted(together))
                    + f"; max {max(together):.0f}"
                )
                if memory:
                    rss = [m[0] for m in memory]
                    pss = [m[1] for m in memory]
                    print(
                        f"trainer process per tab ({len(memory)} open): RSS mean "
                        f"{sum(rss) / len(rss):.1f} MB (max {max(rss):.1f}), PSS mean "
                        f"{sum(pss) / len(pss):.1f} MB (max {max(pss):.1f})"
                    )
                fork_server = _fork_server(serve.pid)
                if fork_server is not None:
                    rss_f, pss_f = _memory_mb(fork_server)
                    print(f"the fork server: RSS {rss_f:.1f} MB, PSS {pss_f:.1f} MB")
                _new_tab(driver)
                time.sleep(5.0)  # the iframes' trainers end
                lags: list[tuple[str, float, float]] = []
                for _ in range(args.drills):
                    lags += _drill(driver, url)
                graded = [ms for key, ms, _ in lags if key == "Enter"]
                every = [ms for _, ms, _ in lags]
                to_bytes = [b for _, _, b in lags]
                drawing = [ms - b for _, ms, b in lags]
                print(
                    f"keypress to repaint (ms), {len(every)} keys: p50 {_pct(every, 0.5):.1f}, "
                    f"p95 {_pct(every, 0.95):.1f}, max {max(every):.1f}; Enter (graded "
                    f"answers and next question), {len(graded)}: p50 {_pct(graded, 0.5):.1f}, "
                    f"p95 {_pct(graded, 0.95):.1f}, max {max(graded):.1f}"
                )
                for name, rows in _by_kind(lags).items():
                    repaint, back = [r[1] for r in rows], [r[2] for r in rows]
                    print(
                        f"  {name}, {len(rows)}: to repaint p50 {_pct(repaint, 0.5):.1f}, "
                        f"p95 {_pct(repaint, 0.95):.1f}; to the first bytes back p50 "
                        f"{_pct(back, 0.5):.1f}, p95 {_pct(back, 0.95):.1f}"
                    )
                if raw is not None:
                    raw.write_text(json.dumps(lags))
                print(
                    f"  of which keydown to the first bytes back (the server and the trainer): "
                    f"p50 {_pct(to_bytes, 0.5):.1f}, p95 {_pct(to_bytes, 0.95):.1f}; those "
                    f"bytes to xterm's repaint (the page): p50 {_pct(drawing, 0.5):.1f}, "
                    f"p95 {_pct(drawing, 0.95):.1f}"
                )
            finally:
                driver.quit()
            print(f"load average after: {_loadavg()}")
        finally:
            serve.send_signal(signal.SIGINT)
            try:
                serve.wait(timeout=30)
            except subprocess.TimeoutExpired:
                serve.kill()
            log.close()
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except BadInput as exc:
        print(f"bench_browser: {exc}", file=sys.stderr)
        sys.exit(2)
    except KeyboardInterrupt:
        sys.exit(130)
