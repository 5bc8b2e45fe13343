"""The dealer's calls in words: each call's key and the values its wording may use
(``CALL_FIELDS``), the default wording (``DEFAULT_CALLS``) and a house's own (``Calls``).
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from trainer.engine.errors import HouseError

_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")

#: Each call and the values its wording may use (a total is said as a word: "seven").
CALL_FIELDS: Mapping[str, frozenset[str]] = MappingProxyType(
    {
        "player_shows": frozenset({"total"}),
        "banker_shows": frozenset({"total"}),
        "natural": frozenset({"hand", "total"}),
        "player_draws": frozenset(),
        "player_stands": frozenset({"total"}),
        "banker_draws": frozenset(),
        "banker_stands": frozenset({"total"}),
        "wins": frozenset({"hand", "high", "low"}),
        "tie": frozenset({"total"}),
        "dragon7": frozenset({"low"}),
        "panda8": frozenset({"low"}),
        "player_has": frozenset({"total"}),
        "banker_has": frozenset({"total"}),
        "tie_push": frozenset(),
        "dragon7_push": frozenset(),
    }
)


DEFAULT_CALLS: Mapping[str, str] = MappingProxyType(
    {
        "player_shows": "Player shows {total}",
        "banker_shows": "Banker shows {total}",
        "natural": "{hand} natural {total}",
        "player_draws": "Player draws",
        "player_stands": "Player stands on {total}",
        "banker_draws": "Banker draws",
        "banker_stands": "Banker stands on {total}",
        "wins": "{hand} wins, {high} over {low}",
        "tie": "Tie, {total} all",
        "dragon7": "Dragon 7: Banker wins, seven over {low}",
        "panda8": "Panda 8: Player wins, eight over {low}",
        "player_has": "Player has {total}",
        "banker_has": "Banker has {total}",
        "tie_push": "Tie, push the Player and Banker bets",
        "dragon7_push": "Dragon 7, push the Banker bet",
    }
)


#: The values a call is keyed with, in this order ("natural=player,9", "wins=banker,7,5").
SAY_ORDER = ("hand", "total", "high", "low")


def say_fields(key: str) -> tuple[str, ...]:
    """The fields of the call ``key`` in the order its values are written."""
    return tuple(f for f in SAY_ORDER if f in CALL_FIELDS[key])


def call_problems(key: str, wording: str) -> list[str]:
    """What is wrong with one call's wording (unknown call, unknown or malformed field)."""
    if key not in CALL_FIELDS:
        return [f"{key!r} is not a call; calls are {', '.join(CALL_FIELDS)}"]
    allowed = CALL_FIELDS[key]
    try:
        parsed = [
            (name, spec, conv)
            for _, name, spec, conv in string.Formatter().parse(wording)
            if name is not None
        ]
    except ValueError as exc:
        return [f"wording {wording!r} is malformed ({exc}); write fields as {{total}}"]
    # a field is a plain {name}: a conversion (!r), a format spec (:d, :>999999999) or an
    # index or attribute ([0], .x) can fail when the call is made, or grow it without bound
    for name, spec, conv in parsed:
        if conv or spec or not name.isidentifier():
            shown = "{" + name + (f"!{conv}" if conv else "") + (f":{spec}" if spec else "") + "}"
            return [
                f"{shown[:30]} is not a plain field: write it as {{name}}, with no "
                "conversion, format or index"
            ]
    names = [name for name, _, _ in parsed]
    bad = [n for n in names if n not in allowed]
    if bad:
        can = ", ".join("{" + a + "}" for a in sorted(allowed)) or "no fields"
        return [f"{{{bad[0]}}} is not a field of this call (it can use {can})"]
    return []


@dataclass(frozen=True, slots=True)
class Calls:
    """The dealer's calls, worded the house's way; the calling drill reads them."""

    wording: Mapping[str, str] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        merged = {**DEFAULT_CALLS, **self.wording}
        problems = [p for k, w in merged.items() for p in call_problems(k, w)]
        if problems:
            raise HouseError("; ".join(problems))
        object.__setattr__(self, "wording", MappingProxyType(merged))

    def say(self, key: str, **values: int | str) -> str:
        """The call with totals as words: say("wins", hand="Banker", high=7, low=5)."""
        words = {k: _WORDS[v] if isinstance(v, int) else v for k, v in values.items()}
        return self.wording[key].format(**words)
