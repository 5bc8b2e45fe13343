"""A House written out as a house file (``ezbac houses show``): the starting point for a
house of your own, and the bundled houses' rules in the form the loader reads back."""

from __future__ import annotations

import json
from decimal import Decimal

from trainer.engine.call_words import DEFAULT_CALLS
from trainer.engine.games import FeeStep
from trainer.engine.house import House
from trainer.engine.irregularities import Irregularity
from trainer.engine.money import normalize
from trainer.engine.pace import TableFormat
from trainer.engine.settlement import DEFAULT_PAYTABLE, Bet
from trainer.engine.violations import Violation

SCHEMA_LINE = "# yaml-language-server: $schema=house.schema.json"


def _q(text: str) -> str:
    """A YAML scalar: plain when safe, else double-quoted (JSON strings are valid YAML)."""
    plain = (
        text
        and text.strip() == text
        and text[0].isalpha()
        and not any(c in text for c in ":#{}[],&*!|>'\"%@`\n")
        and text.lower() not in ("true", "false", "yes", "no", "on", "off", "null", "none")
    )
    return text if plain else json.dumps(text, ensure_ascii=False)


def _n(value: Decimal) -> str:
    return str(normalize(value))


def _steps(steps: tuple[FeeStep, ...], amount_key: str) -> list[str]:
    lines = []
    for step in steps:
        up = "" if step.up_to is None else f"up_to: {_n(step.up_to)}, "
        lines.append(f"    - {{{up}{amount_key}: {_n(step.amount)}}}")
    return lines


def _shows_odds(house: House, bet: Bet) -> bool:
    """The odds of every bet offered but the even-money ones, and any changed odds."""
    changed = house.paytable.odds(bet) != DEFAULT_PAYTABLE.odds(bet)
    return changed or (bet in house.bets and bet not in (Bet.PLAYER, Bet.BANKER))


def _pace_lines(house: House) -> list[str]:
    """The ``pace:`` block, one line a format with a target (none: no block)."""
    lines = []
    for fmt in TableFormat:
        target = house.pace.get(fmt)
        if target is None or target.empty:
            continue
        parts = []
        if target.coups_an_hour is not None:
            parts.append(f"coups_an_hour: {target.coups_an_hour}")
        if target.seconds_a_seat is not None:
            # fixed-point: 1E-7 would read back as text, not seconds
            parts.append(f"seconds_a_seat: {format(target.seconds_a_seat.normalize(), 'f')}")
        lines.append(f"  {fmt.value}: {{{', '.join(parts)}}}")
    return ["pace:", *lines] if lines else []


def _dead_lines(house: House) -> list[str]:
    """The ``dead_chips:`` block (none: the house takes live chips only)."""
    dead = house.dead_chips
    if dead is None:
        return []
    lines = ["dead_chips:", "  bets: [" + ", ".join(b.value for b in dead.bets) + "]"]
    p = dead.programme
    if p is not None:
        rate = format((p.rate * 100).normalize(), "f")
        lines += ["  rolling_commission:", f"    rate: {rate}%", f"    base: {p.base.value}"]
    return lines


def house_yaml(house: House) -> str:
    """The house as a house file, with every field written out (trailing newline)."""
    lines = [
        SCHEMA_LINE,
        f"id: {_q(house.id)}",
        f"name: {_q(house.name)}",
    ]
    if house.description:
        lines.append(f"description: {_q(house.description)}")
    lines += [
        f"game: {house.game.value}",
        f"decks: {house.decks}",
        "paytable: {"
        + ", ".join(
            f"{b.value}: {_n(house.paytable.odds(b))}" for b in Bet if _shows_odds(house, b)
        )
        + "}",
        "bets: [" + ", ".join(b.value for b in house.bets) + "]",
    ]
    c = house.commission
    if c is not None:
        lines += [
            "commission:",
            f"  rate: {_n(c.rate * 100)}%",
            f"  collect: {c.collection.value}",
            f"  round_up_to: {_n(c.rounding.unit)}",
        ]
        if c.rounding.steps:
            lines.append("  steps:")
            lines += _steps(c.rounding.steps, "owes")
    f = house.fee
    if f is not None:
        lines += ["fee:", f"  bank_rotates_every: {f.rotation}", "  steps:"]
        lines += _steps(f.steps, "fee")
    lim = house.limits
    lines += ["limits:", f"  min: {_n(lim.minimum)}", f"  max: {_n(lim.maximum)}"]
    if lim.side_minimum is not None:
        lines.append(f"  side_min: {_n(lim.side_minimum)}")
    if lim.side_maximum is not None:
        lines.append(f"  side_max: {_n(lim.side_maximum)}")
    lines.append(f"  side_bets_need_base: {'true' if lim.side_needs_base else 'false'}")
    if lim.side_caps:
        caps = ", ".join(f"{s.value}: {b.value}" for s, b in lim.side_caps.items())
        lines.append(f"  side_bet_caps: {{{caps}}}")
    if lim.differential is not None:
        lines.append(f"  differential: {_n(lim.differential)}")
    lines.append("chips:")
    lines += [f"  - {{value: {_n(chip.value)}, colour: {_q(chip.colour)}}}" for chip in house.chips]
    cut = house.payout_chips
    lines.append(
        "payout_chips: "
        + (f"{{max_each: {cut.max_each}}}" if cut.max_each is not None else cut.style.value)
    )
    o = house.order
    lines += [
        f"seats: {house.seats}",
        "settlement:",
        f"  losers_first: {'true' if o.losers_first else 'false'}",
        f"  direction: {o.direction.value}",
        f"  main_before_side: {'true' if o.main_before_side else 'false'}",
        f"  losers: {o.losers.value}",
        "shoe:",
        f"  cut_card: {house.shoe.cut}",
        f"  burn: {house.shoe.burn.value}",
        f"  after_cut_card: {house.shoe.after_cut.value}",
        f"  cut_card_between_coups: {house.shoe.between.value}",
        f"table_format: {house.table_format.value}",
    ]
    lines += _pace_lines(house)
    lines += _dead_lines(house)
    lines.append("violations:")
    lines += [
        f"  {v.value}: {house.violations.response(v).value}"
        for v in Violation
        if house.violation_exists(v)
    ]
    if house.remedies:
        lines.append("remedies:")
        lines += [
            f"  {k.value}: {_q(house.remedies[k])}" for k in Irregularity if k in house.remedies
        ]
    lines.append(f"call_language: {house.calls.language.value}")
    lines.append(f"announce_results: {house.calls.announcing.value}")
    lines.append("calls:")
    lines += [f"  {key}: {_q(house.calls.wording[key])}" for key in DEFAULT_CALLS]
    if house.sources:
        lines.append("sources:")
        lines += [f"  - {_q(s)}" for s in house.sources]
    return "\n".join(lines) + "\n"
