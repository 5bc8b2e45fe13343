"""A house's call wording is checked when the house loads (issue 19): a wording that passed
``houses validate`` could crash later ({hand:d}, {hand!x}, {hand[0]}) or make each call a
gigabyte ({hand:>999999999})."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import ezbac
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.engine.house import CALL_FIELDS, Calls, call_problems


@pytest.mark.parametrize("field", ["{hand:d}", "{hand!x}", "{hand[0]}", "{hand.real}",
                                   "{hand:>999999999}", "{hand!r}", "{total:,}"])
def test_a_call_field_that_is_not_plain_is_refused_at_its_line(tmp_path: Path,
                                                                field: str) -> None:
    text = ezbac("houses", "show", "ez").stdout.replace("id: ez", "id: worded")
    old = '  natural: "{hand} natural {total}"'
    assert old in text
    lines = text.replace(old, f'  natural: "{field} natural"').splitlines()
    number = next(i for i, line in enumerate(lines, 1) if line.startswith("  natural:"))
    house = tmp_path / "worded.yaml"
    house.write_text("\n".join(lines) + "\n", encoding="utf-8")
    run = ezbac("houses", "validate", str(house))
    assert run.returncode == 1 and "Traceback" not in run.stderr + run.stdout
    assert f"{house}:{number}:" in run.stdout + run.stderr


@settings(max_examples=300, deadline=None)
@given(key=st.sampled_from(sorted(CALL_FIELDS)),
       wording=st.text(alphabet="{}!:>[].0123dhandtotalx ", max_size=24))
def test_a_wording_that_loads_always_makes_a_short_call(key: str, wording: str) -> None:
    if call_problems(key, wording):
        return
    values: dict[str, int | str] = {name: "Banker" if name == "hand" else 7
                                    for name in CALL_FIELDS[key]}
    said = Calls({key: wording}).say(key, **values)
    assert len(said) <= len(wording) + 20 * len(values)
