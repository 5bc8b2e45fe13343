"""Under `ezbac serve`, a browser tab that goes away leaves no trainer behind.

textual-serve starts one trainer process per websocket.  When the tab closes, its process
must end (a drill under way recorded as abandoned); when the server itself is killed
(`kill -9`, so it cannot tell its tabs anything), each tab's process sees its input pipe
close and must end too.  The waits are bounded only so that a hang fails the test.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import time
from contextlib import suppress
from pathlib import Path

import pytest

from tests.support.serve import Served, started_at, trainers_using
from trainer.history.store import open_history

aiohttp = pytest.importorskip("aiohttp")

TRAINEE = "ana"
HANG = 30.0  # a hang detector, not a timing
#: The tab's trainer process, as _open_tab_and_start_a_drill found it.
TAB_TRAINER: list[str] = []


def _served(tmp_path: Path) -> Served:
    home = tmp_path / "home"
    home.mkdir()
    (home / "settings.json").write_text(json.dumps({"trainee": TRAINEE}), encoding="utf-8")
    served = Served(tmp_path)
    served.wait_listening()
    return served


async def _open_tab_and_start_a_drill(url: str, db: Path, then: object) -> None:
    """Open a tab's websocket, wait for the trainer's home, start the warm-up, answer
    nothing, then run ``then`` (closing the tab, or killing the server) with it open."""
    async with aiohttp.ClientSession() as client:
        ws = await client.ws_connect(f"{url}/ws?width=80&height=24")
        seen = ""
        deadline = time.monotonic() + HANG
        while "Quit" not in seen and time.monotonic() < deadline:
            try:
                message = await ws.receive(timeout=1)
            except TimeoutError:
                continue
            if message.type == aiohttp.WSMsgType.BINARY:
                seen += message.data.decode("utf-8", "replace")
            elif message.type in (
                aiohttp.WSMsgType.CLOSE,
                aiohttp.WSMsgType.CLOSED,
                aiohttp.WSMsgType.ERROR,
            ):
                break
        assert "Quit" in seen, seen[-400:]
        running = trainers_using(db)
        assert running, "no trainer process for the tab"
        # the tab's is the oldest: the warm spare started for the next tab is newer
        TAB_TRAINER[:] = [min(running, key=started_at)]
        await ws.send_json(["stdin", "w"])  # the warm-up: a drill under way
        deadline = time.monotonic() + 3
        while time.monotonic() < deadline:  # let its first question come up
            with suppress(TimeoutError):
                await ws.receive(timeout=0.2)
        await ws.send_json(["stdin", "d\r"])  # one answer: recorded from its first answer
        deadline = time.monotonic() + 2
        while time.monotonic() < deadline:
            with suppress(TimeoutError):
                await ws.receive(timeout=0.2)
        await then(ws)  # type: ignore[operator]


def _wait_no_trainer(db: Path, spare: bool = False) -> None:
    """Wait until no trainer runs (``spare``: but the server's one warm spare, never the
    tab's own)."""

    def left_over() -> list[str]:
        running = trainers_using(db)
        if spare and len(running) <= 1 and not set(running) & set(TAB_TRAINER):
            return []
        return running

    deadline = time.monotonic() + HANG
    while left_over() and time.monotonic() < deadline:
        time.sleep(0.1)
    left = left_over()
    for pid in left:  # never leave one behind, even when the test fails
        os.kill(int(pid), signal.SIGKILL)
    assert not left, f"trainer processes still running {HANG:g} s after their tab went: {left}"


def _the_drill_was_abandoned(db: Path) -> None:
    with open_history(db, readonly=True) as store:
        (record,) = store.sessions(TRAINEE)
    assert record.abandoned and record.finished_at is not None


def test_a_closed_tab_ends_its_trainer(tmp_path: Path) -> None:
    served = _served(tmp_path)
    try:

        async def close(ws: object) -> None:
            await ws.close()  # type: ignore[attr-defined]

        asyncio.run(_open_tab_and_start_a_drill(served.url, served.db, close))
        _wait_no_trainer(served.db, spare=True)
    finally:
        _, log = served.stop()
    assert "Traceback" not in log
    _the_drill_was_abandoned(served.db)


def test_a_killed_server_leaves_no_trainer_behind(tmp_path: Path) -> None:
    served = _served(tmp_path)
    try:

        async def kill_server(ws: object) -> None:
            served.proc.kill()  # SIGKILL: the server cannot tell its tabs anything
            served.proc.wait(timeout=HANG)

        asyncio.run(_open_tab_and_start_a_drill(served.url, served.db, kill_server))
        _wait_no_trainer(served.db)
    finally:
        served.stop()
    _the_drill_was_abandoned(served.db)
