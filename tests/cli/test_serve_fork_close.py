"""The tabs' fork server ends when `ezbac serve` closes its socket, by itself: the server's
Ctrl+C is not held up waiting for it, nor does it end by being killed."""

from __future__ import annotations

import os

from trainer.cli.serve_fork import Forker


def test_the_fork_server_ends_by_itself_once_its_socket_is_closed() -> None:
    forker = Forker(dict(os.environ), ["--db", "unused.sqlite3"])
    try:
        assert forker.wait_ready()
    finally:
        forker.close()
    # 0: it saw the end of its socket and left; a zygote still waiting is terminated (-15),
    # one that would not end killed (-9)
    assert forker.process.returncode == 0
