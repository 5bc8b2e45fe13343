"""Load a house file: safe YAML, every problem located and reported at once, the result the
engine's House value.

The reading is the drill files' (``trainer.fileformat``): the same safe composing, limits,
located problems and declared fields (``trainer.houses.fields``).  This module adds the
readers only a house needs and the rules that tie its fields together.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from yaml.nodes import MappingNode, Node, SequenceNode

from trainer.drills.fields import BETS, ID_PATTERN
from trainer.engine.call_words import (
    Announcing,
    CallLanguage,
    Calls,
    call_problems,
    win_lose_problem,
)
from trainer.engine.chips import ChipConvention, PayStyle, chips_problem
from trainer.engine.dead_chips import DEAD_BETS, DeadChips, RollingBase, RollingProgramme
from trainer.engine.errors import HouseError
from trainer.engine.games import Collection, Commission, FeeSchedule, FeeStep, Game, Rounding
from trainer.engine.house import DEFAULT_CHIPS, Chip, House
from trainer.engine.irregularities import Irregularity
from trainer.engine.money import format_amount
from trainer.engine.pace import PaceTarget, TableFormat
from trainer.engine.said import Said, Verbatim
from trainer.engine.settlement import DEFAULT_PAYTABLE, Bet
from trainer.engine.shoe import AfterCut, BetweenCoups, BurnRule, ShoeRules
from trainer.engine.table_rules import Direction, Limits, Losers, SettlementOrder
from trainer.engine.violations import ALWAYS_ENFORCED, Response, Violation, ViolationRules
from trainer.fileformat import declare
from trainer.fileformat.reading import (
    FLOAT,
    INT,
    STR,
    Reader,
    child,
    compose,
    join,
    read_text,
)
from trainer.houses import fields as F
from trainer.houses.errors import HouseFileError

__all__ = ["HouseFileError", "json_schema", "load_house_file", "load_house_text", "schema_text"]


def load_house_file(path: str | Path) -> House:
    """Load and check a house file; HouseFileError lists everything wrong with it."""
    path = Path(path)
    return load_house_text(
        read_text(path, F.MAX_FILE_BYTES, "YAML house", HouseFileError), str(path)
    )


def load_house_text(text: str, label: str = "<house>") -> House:
    root = compose(
        text,
        label,
        HouseFileError,
        Said("a mapping of house fields (id: ..., name: ..., game: ...)"),
    )
    reader = HouseReader(label)
    house: House | None = reader.read(root, F.HOUSE, "")  # HouseReader.house's value
    if reader.problems or house is None:
        raise HouseFileError(sorted(reader.problems, key=lambda p: (p.line, p.column)))
    return house


def json_schema() -> dict[str, Any]:
    return declare.json_schema(F.HOUSE, schema_id=F.SCHEMA_ID, title="ezbac house")


def schema_text() -> str:
    """The schema as ``ezbac houses schema`` prints it (stable, trailing newline)."""
    return declare.schema_text(json_schema())


class HouseReader(Reader, F.HouseReads):
    """The drill files' Reader, with the readers a house file needs."""

    # -- scalars ---------------------------------------------------------------------------
    def house_id(self, node: Node, path: str) -> str | None:
        import re

        text = self.scalar(node, path, Said("a short name like downtown-mini"), (STR, INT))
        if text is None:
            return None
        if not re.match(ID_PATTERN, text):
            self.err(
                node,
                path,
                Said(
                    "{text} is not a house id: use lowercase letters, digits, "
                    "'-' and '_', starting with a letter or digit",
                    text=repr(text),
                ),
            )
            return None
        return text

    def decks(self, node: Node, path: str) -> int | None:
        text = self.scalar(node, path, Said("8 or 6"), (INT,))
        if text is None:
            return None
        if text.strip() not in ("8", "6"):
            self.err(
                node,
                path,
                Said("{decks} decks is not supported: the shoe holds 8 decks (or 6)", decks=text),
            )
            return None
        return int(text)

    def rate(self, node: Node, path: str) -> Decimal | None:
        """A percentage, whole or not: 5, "5%", 4.5."""
        text = self.scalar(node, path, Said('a percentage like 5 or "5%"'), (INT, FLOAT, STR))
        if text is None:
            return None
        digits = text.strip().removesuffix("%").strip()
        try:
            value = Decimal(digits) if digits.replace(".", "", 1).isdigit() else None
        except InvalidOperation:
            value = None
        if value is None or not digits.isascii():
            self.err(
                node,
                path,
                Said('{text} is not a percentage: write it like 5 or "5%"', text=repr(text)),
            )
            return None
        if not 0 < value < 100:
            self.err(
                node,
                path,
                Said(
                    "{text} is out of range: a commission is more than 0 and less than 100 %",
                    text=repr(text),
                ),
            )
            return None
        return value / 100

    def offered(self, node: Node, path: str) -> tuple[Bet, ...] | None:
        items = self.seq(node, path, Said("bets (player, banker, tie, dragon7, panda8)"))
        if items is None:
            return None
        got: list[Bet] = []
        ok = True
        for i, item in enumerate(items):
            name = self.choice(item, join(path, i), BETS, Said("a bet"))
            if name is None:
                ok = False
            elif Bet(name) in got:
                self.err(item, join(path, i), Said("{name} is listed twice", name=repr(name)))
                ok = False
            else:
                got.append(Bet(name))
        for bet in (Bet.PLAYER, Bet.BANKER):
            if ok and bet not in got:
                self.err(
                    node, path, Said("every table offers the {bet} bet: add it", bet=bet.value)
                )
                ok = False
        return tuple(got) if ok else None

    def dead_bets(self, node: Node, path: str) -> tuple[Bet, ...] | None:
        """The bets a house takes dead chips on: at least one, each once."""
        items = self.seq(node, path, Said("bets (player, banker, tie, dragon7, panda8)"))
        if items is None:
            return None
        if not items:
            self.err(node, path, Said("is an empty list: name the bets that take dead chips"))
            return None
        got: list[Bet] = []
        for i, item in enumerate(items):
            name = self.choice(item, join(path, i), BETS, Said("a bet"))
            if name is None:
                return None
            if Bet(name) in got:
                self.err(item, join(path, i), Said("{name} is listed twice", name=repr(name)))
                return None
            got.append(Bet(name))
        return tuple(got)

    def dead_chips(
        self, v: dict[str, Any], node: Node, bets: tuple[Bet, ...], *, known_bets: bool
    ) -> DeadChips | None:
        """The dead chips, each of their bets one the table offers (reported at it)."""
        takes = v.get("bets", DEAD_BETS)
        bets_node = child(node, "bets")
        items = bets_node.value if isinstance(bets_node, SequenceNode) else []
        ok = "bets" in v or bets_node is None
        for i, bet in enumerate(takes if ok and known_bets else ()):
            if bet not in bets:
                where = items[i] if i < len(items) else (bets_node or node)
                self.err(
                    where,
                    join("dead_chips.bets", i) if bets_node is not None else "dead_chips.bets",
                    Said(
                        "the table does not offer {bet} (bets: {bets})",
                        bet=bet.value,
                        bets=", ".join(b.value for b in bets),
                    ),
                )
                ok = False
        rolling = v.get("rolling_commission")
        if not ok or (rolling is None and child(node, "rolling_commission") is not None):
            return None  # a problem inside it is reported where it was read
        if rolling is not None and "rate" not in rolling:
            return None
        programme = (
            None
            if rolling is None
            else RollingProgramme(rolling["rate"], RollingBase(F.ROLLING.base.of(rolling)))
        )
        return DeadChips(takes, programme)

    def payout_chips(self, node: Node, path: str) -> ChipConvention | None:
        """fewest, colour_for_colour, or {max_each: N}."""
        if isinstance(node, MappingNode):
            found = self.keys(node, path, ["max_each"], ["max_each"])
            if "max_each" not in found:
                return None
            n = self.integer(
                found["max_each"],
                join(path, "max_each"),
                1,
                F.MAX_EACH,
                Said("a count of one chip"),
            )
            return None if n is None else ChipConvention(PayStyle.MAX_EACH, n)
        if isinstance(node, SequenceNode):
            self.err(
                node, path, Said("must be fewest, colour_for_colour or {max_each: N}, found a list")
            )
            return None
        name = self.choice(node, path, (*F.PAYOUT_STYLES, "max_each"), Said("a payout convention"))
        if name == "max_each":
            self.err(node, path, Said("max_each needs its number: write {max_each: 10}"))
            return None
        return None if name is None else ChipConvention(PayStyle(name))

    def call(self, node: Node, path: str) -> str | None:
        wording = self.short_line(node, path, F.MAX_CALL_CHARS)
        if wording is None:
            return None
        problems = call_problems(path.rsplit(".", 1)[-1], wording)
        for problem in problems:
            self.err(node, path, problem)
        return None if problems else wording

    def lines(self, node: Node, path: str) -> tuple[str, ...] | None:
        items = self.seq(node, path, Said("lines of text"))
        if items is None:
            return None
        if len(items) > F.MAX_SOURCES:
            self.err(
                node,
                path,
                Said(
                    "has {count} lines: write at most {most}",
                    count=len(items),
                    most=F.MAX_SOURCES,
                ),
            )
            return None
        got = [
            self.short_line(item, join(path, i), F.MAX_SOURCE_CHARS) for i, item in enumerate(items)
        ]
        return None if any(g is None for g in got) else tuple(g for g in got if g is not None)

    def calls(self, v: dict[str, Any], found: dict[str, Node]) -> Calls | None:
        """The house's calls: its language, its announcing custom and its own wordings, a
        result's wording that breaks the custom reported at its line (None then)."""
        language = CallLanguage(F.HOUSE.call_language.of(v))
        announcing = Announcing(F.HOUSE.announce_results.of(v))
        own = v.get("calls") or {}
        broken = False
        for key, wording in own.items():
            if not isinstance(wording, str):
                continue
            problem = win_lose_problem(key, wording, language, announcing)
            if problem is not None:
                self.err(child(found["calls"], key) or found["calls"], f"calls.{key}", problem)
                broken = True
        if broken or any(not isinstance(w, str) for w in own.values()):
            return None
        return Calls(own, language, announcing)

    # -- the house -------------------------------------------------------------------------
    def house(self, node: Node, path: str) -> House | None:
        """Every field read (all problems at once), then the rules that tie them together,
        each reported at the field it concerns."""
        found = self.mapping(node, F.HOUSE, path)
        if found is None:
            return None
        v: dict[str, Any] = {}
        for name, value in found.items():
            got = self.read(value, F.HOUSE.fields[name].kind, join(path, name))
            if got is not None:
                v[name] = got
        # The rules tying fields together are checked on whatever read clean, so a file's
        # problems all come at once; a field that did not read clean is not checked again.
        game = Game(F.HOUSE.game.of(v))
        commission, fee = self.money_rules(node, found, v, game)

        bets = v.get("bets", tuple(Bet))
        limits = self.limits(
            v.get("limits", {}),
            found.get("limits"),
            bets,
            check_caps="bets" in v or "bets" not in found,
        )
        if fee is not None and limits is not None and fee.covers is not None:
            top = max(limits.maximum, limits.side_max)
            if fee.covers < top:
                self.err(
                    found["fee"],
                    "fee.steps",
                    Said(
                        "the fee schedule stops at {covers} but the table takes wagers up to "
                        "{top}: add a last step without up_to",
                        covers=format_amount(fee.covers),
                        top=format_amount(top),
                    ),
                )

        chips = self.chips(v["chips"], found["chips"]) if "chips" in v else None
        if chips is not None:  # chips every payout can be cut from, in bounded time
            unserved = chips_problem(c.value for c in chips)
            if unserved is not None:
                self.err(found["chips"], "chips", unserved)
                chips = None
        payout = v.get("payout_chips")
        if payout is not None and ("chips" not in found or chips is not None):
            problem = payout.problem(c.value for c in (chips or DEFAULT_CHIPS))
            if problem is not None:
                self.err(found["payout_chips"], "payout_chips", problem)
        order = v.get("settlement", {})
        shoe = v.get("shoe", {})
        cut = F.SHOE.cut_card.of(shoe)
        half = 52 * F.HOUSE.decks.of(v) // 2
        if cut > half:
            self.err(
                found["shoe"],
                "shoe.cut_card",
                Said(
                    "a cut card {cut} cards from the end is past half the shoe ({half} cards)",
                    cut=cut,
                    half=half,
                ),
            )
        responses = {Violation(k): Response(r) for k, r in v.get("violations", {}).items()}
        for violation in ALWAYS_ENFORCED:
            if responses.get(violation) is Response.ALLOW:
                self.err(
                    child(found["violations"], violation.value) or found["violations"],
                    f"violations.{violation.value}",
                    Said("a table's limits always apply: refuse, return or floor"),
                )
        dead = (
            self.dead_chips(
                v["dead_chips"],
                found["dead_chips"],
                bets,
                known_bets="bets" in v or "bets" not in found,
            )
            if "dead_chips" in v
            else None
        )
        calls = self.calls(v, found)
        if self.problems or limits is None or calls is None:
            return None
        try:
            house = House(
                id=v["id"],
                name=v["name"],
                game=game,
                decks=F.HOUSE.decks.of(v),
                paytable=DEFAULT_PAYTABLE.with_odds(
                    {Bet(k): o for k, o in v.get("paytable", {}).items()}
                ),
                bets=bets,
                commission=commission,
                fee=fee,
                limits=limits,
                chips=chips if chips is not None else DEFAULT_CHIPS,
                payout_chips=payout if payout is not None else ChipConvention(),
                seats=F.HOUSE.seats.of(v),
                order=SettlementOrder(
                    losers_first=F.ORDER.losers_first.of(order),
                    direction=Direction(F.ORDER.direction.of(order)),
                    main_before_side=F.ORDER.main_before_side.of(order),
                    losers=Losers(F.ORDER.losers.of(order)),
                ),
                calls=calls,
                shoe=ShoeRules(
                    cut=cut,
                    burn=BurnRule(F.SHOE.burn.of(shoe)),
                    after_cut=AfterCut(F.SHOE.after_cut_card.of(shoe)),
                    between=BetweenCoups(F.SHOE.cut_card_between_coups.of(shoe)),
                ),
                remedies={Irregularity(k): r for k, r in v.get("remedies", {}).items()},
                description=v.get("description", ""),
                sources=v.get("sources", ()),
                table_format=TableFormat(F.HOUSE.table_format.of(v)),
                pace={
                    TableFormat(k): PaceTarget(
                        t.get("coups_an_hour"),
                        None
                        if t.get("seconds_a_seat") is None
                        else Decimal(str(t["seconds_a_seat"])),
                    )
                    for k, t in v.get("pace", {}).items()
                },
                dead_chips=dead,
            )
        except (HouseError, ValueError) as exc:  # pragma: no cover - the checks above come first
            self.err(node, path, str(exc))
            return None
        return self.violations(house, responses, found.get("violations"))

    def money_rules(
        self, node: Node, found: dict[str, Node], v: dict[str, Any], game: Game
    ) -> tuple[Commission | None, FeeSchedule | None]:
        """The commission and the collection fee the game takes: one given where the game
        takes none, or none where it needs one, is reported at the field."""
        known_game = "game" not in found or "game" in v
        rules = game.rules

        commission = None
        if known_game and "commission" in found and not rules.commission:
            self.err(
                found["commission"],
                "commission",
                Said(
                    "the {game} game takes no commission (only game: commission does)",
                    game=Verbatim(game.value),
                ),
            )
        elif known_game and rules.commission and ("commission" in v or "commission" not in found):
            commission = self.commission(v.get("commission", {}), found.get("commission"))

        fee = None
        if known_game and "fee" in found and not rules.fee:
            self.err(
                found["fee"],
                "fee",
                Said(
                    "the {game} game takes no collection fee (only game: cardroom does)",
                    game=Verbatim(game.value),
                ),
            )
        elif known_game and rules.fee and "fee" not in found:
            self.err(
                node,
                "fee",
                Said(
                    "the cardroom game needs a fee schedule (fee: {steps: "
                    "[{up_to: 20, fee: 0.50}, {fee: 1}]})"
                ),
            )
        elif known_game and rules.fee and "steps" in v.get("fee", {}):
            fee = self.fee(v["fee"], found["fee"])
        return commission, fee

    def violations(
        self, house: House, responses: dict[Violation, Response], node: Node | None
    ) -> House | None:
        """The house with its responses to player violations, each checked against what
        its limits make (a response to a violation the limits do not make, or letting one
        they make play, is reported at its key)."""
        for violation, response in responses.items():
            problem = house.violation_problem(violation, response)
            where = child(node, violation.value) or node
            if problem is not None and where is not None:  # explicit responses have a node
                self.err(where, f"violations.{violation.value}", problem)
        if self.problems:
            return None
        return replace(house, violations=ViolationRules(responses))

    def steps(
        self, items: list[dict[str, Any]], node: Node, path: str, key: str
    ) -> tuple[FeeStep, ...] | None:
        """Step tables run upwards; only the last may leave out up_to."""
        out: list[FeeStep] = []
        ok = True
        last: Decimal | None = None
        nodes = node.value if isinstance(node, SequenceNode) else []
        for i, item in enumerate(items):
            where = nodes[i] if i < len(nodes) else node
            sub = join(path, i)
            up_to = item.get("up_to")
            if up_to is None and i < len(items) - 1:
                self.err(
                    where,
                    sub,
                    Said("only the last step may leave out up_to (it covers every larger wager)"),
                )
                ok = False
            elif up_to is not None and last is not None and up_to <= last:
                self.err(
                    where,
                    sub,
                    Said(
                        "up_to {up_to} must be above the step before it (up to {last})",
                        up_to=format_amount(up_to),
                        last=format_amount(last),
                    ),
                )
                ok = False
            last = up_to if up_to is not None else last
            if key not in item:
                ok = False  # reported where it was read
                continue
            out.append(FeeStep(up_to, item[key]))
        return tuple(out) if ok else None

    def commission(self, v: dict[str, Any], node: Node | None) -> Commission | None:
        steps_node = child(node, "steps")
        steps = (
            ()
            if steps_node is None
            else self.steps(list(v.get("steps", ())), steps_node, "commission.steps", "owes")
        )
        if steps is None:
            return None
        rate = v.get("rate")
        if rate is None:
            rate = Decimal(F.COMMISSION.rate.default.rstrip("%")) / 100
        return Commission(
            rate=rate,
            collection=Collection(F.COMMISSION.collect.of(v)),
            rounding=Rounding(unit=v.get("round_up_to", Decimal("0.01")), steps=steps),
        )

    def fee(self, v: dict[str, Any], node: Node) -> FeeSchedule | None:
        items = list(v.get("steps", ()))
        steps_node = child(node, "steps")
        if not items:
            self.err(
                steps_node or node, "fee.steps", Said("is an empty list: give at least one step")
            )
            return None
        steps = self.steps(items, steps_node or node, "fee.steps", "fee")
        if steps is None:
            return None
        return FeeSchedule(steps, F.FEE.bank_rotates_every.of(v))

    def limits(
        self, v: dict[str, Any], node: Node | None, bets: tuple[Bet, ...], *, check_caps: bool
    ) -> Limits | None:
        at = node if node is not None else None
        low, high = v.get("min", Decimal(1)), v.get("max", Decimal(10_000))
        ok = True
        if at is not None and low > high:
            self.err(
                child(at, "max") or at,
                "limits.max",
                Said(
                    "max {high} is less than min {low}",
                    high=format_amount(high),
                    low=format_amount(low),
                ),
            )
            ok = False
        side_low, side_high = v.get("side_min", low), v.get("side_max", high)
        given = "side_min" in v or "side_max" in v
        if at is not None and given and side_low > side_high:
            self.err(
                child(at, "side_max") or at,
                "limits.side_max",
                Said(
                    "side_max {high} is less than side_min {low}",
                    high=format_amount(side_high),
                    low=format_amount(side_low),
                ),
            )
            ok = False
        differential = v.get("differential")
        if at is not None and differential is not None and differential < low:
            self.err(
                child(at, "differential") or at,
                "limits.differential",
                Said(
                    "{differential} is less than the table minimum {low}: one minimum bet "
                    "would break it (at least min)",
                    differential=format_amount(differential),
                    low=format_amount(low),
                ),
            )
            ok = False
        caps = {Bet(s): Bet(b) for s, b in v.get("side_bet_caps", {}).items()}
        caps_node = child(node, "side_bet_caps")
        for side in caps:
            if check_caps and side not in bets and at is not None:  # caps come from its node
                self.err(
                    child(caps_node, side.value) or caps_node or at,
                    f"limits.side_bet_caps.{side.value}",
                    Said(
                        "the table does not offer {bet} (bets: {bets})",
                        bet=side.value,
                        bets=", ".join(b.value for b in bets),
                    ),
                )
                ok = False
        if not ok:
            return None
        return Limits(
            minimum=low,
            maximum=high,
            side_minimum=v.get("side_min"),
            side_maximum=v.get("side_max"),
            side_needs_base=v.get("side_bets_need_base", False),
            side_caps=caps,
            differential=v.get("differential"),
        )

    def chips(self, items: list[dict[str, Any]], node: Node) -> tuple[Chip, ...] | None:
        if not items:
            self.err(node, "chips", Said("is an empty list: give the table's chips"))
            return None
        seen: dict[Decimal, int] = {}
        nodes = node.value if isinstance(node, SequenceNode) else []
        for i, item in enumerate(items):
            value = item.get("value")
            if value is None:
                continue  # reported where it was read
            if value in seen:
                self.err(
                    nodes[i],
                    join("chips", i),
                    Said(
                        "a {value} chip is already listed (chips[{index}])",
                        value=format_amount(value),
                        index=seen[value],
                    ),
                )
            seen.setdefault(value, i)
        if any(len(item) < 2 for item in items):
            return None
        return tuple(Chip(item["value"], item["colour"]) for item in items)
