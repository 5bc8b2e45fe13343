"""`ezbac serve` refuses bad input before it makes anything (no folder, no history file, no
socket left behind), and a server address whose IPv6 host is broken is one line naming it
(urllib's bare ValueError had ended every command in a traceback)."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from tests.support.cli import ezbac, usage_error
from tests.support.serve import free_port


def _made(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*"))


def test_a_port_in_use_is_refused_before_the_history_is_made(tmp_path: Path) -> None:
    db = tmp_path / "school" / "class.sqlite3"
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        line = usage_error(ezbac("serve", "--port", str(port), "--db", str(db)), "--port")
    assert (
        line == f"ezbac: error: --port: cannot listen on 127.0.0.1:{port}: Address already in use"
    )
    assert _made(tmp_path) == []  # no folder, no history


def test_an_unknown_host_is_refused_before_the_history_is_made(tmp_path: Path) -> None:
    db = tmp_path / "school" / "class.sqlite3"
    usage_error(ezbac("serve", "--host", "no-such-host.invalid", "--db", str(db)), "--host")
    assert _made(tmp_path) == []


def test_the_whole_network_without_sign_in_is_refused_before_the_history_is_made(
    tmp_path: Path,
) -> None:
    # a new history has sign-in off (docs/schools.md): refused as an existing one would be
    db = tmp_path / "school" / "class.sqlite3"
    line = usage_error(ezbac("serve", "--host", "0.0.0.0", "--port", "1", "--db", str(db)))
    assert line.startswith("ezbac: error: ")
    assert _made(tmp_path) == []


@pytest.mark.parametrize(
    ("address", "why"),
    [
        ("postgresql://[::1/db", "the IPv6 host '[::1' is not in closed brackets: write [::1]"),
        ("postgresql://ana@[zz::1]/db", "'[zz::1]' is not an IPv6 address (write [::1])"),
        ("postgresql://ana@[]/db", "'[]' is not an IPv6 address (write [::1])"),
        ("postgresql://ana@[::1]x/db", "'x' after the IPv6 host [::1]: write [::1]:PORT"),
        (
            "postgresql://ana@[::1]:5432,[zz]:5433/db",
            "'[zz]' is not an IPv6 address (write [::1])",
        ),
    ],
)
@pytest.mark.parametrize("command", [("report",), ("serve",), ("people", "list")])
def test_a_broken_ipv6_host_is_one_line(
    address: str, why: str, command: tuple[str, ...], tmp_path: Path
) -> None:
    if command == ("serve",):  # a port free here: ezbac's 8000 may be taken on this machine
        command = (*command, "--port", str(free_port()))
    for run in (
        ezbac(*command, "--db", address),
        ezbac(*command, env={"EZBAC_DB": address}),
    ):
        line = usage_error(run)
        assert line == f"ezbac: error: {address}: not a usable server address ({why})"


def test_the_password_of_a_broken_ipv6_address_is_not_printed() -> None:
    line = usage_error(ezbac("report", "--db", "postgresql://ana:s3cret@[zz::1]/db"))
    assert "s3cret" not in line and "'[zz::1]' is not an IPv6 address" in line
