"""Load a drill file: safe YAML, every problem located, every answer checked by the engine.

The file's shape (keys, required fields, which reader reads each value, defaults) is the
declaration in ``trainer.drills.fields``; the generic walk over located YAML nodes is
``trainer.fileformat.reading``.  What is drill-specific lives here: cards dealt by the
engine, ``expect`` blocks compared with the engine's answers, filters checked against the
shoe's coup classes, and the rules that join fields (questions against coups, bets against
payout questions).  All problems in a file are collected and raised together as one
DrillFileError.
"""

from __future__ import annotations

import functools
import itertools
import operator
import re
from decimal import Decimal
from pathlib import Path
from typing import Any

from yaml.nodes import MappingNode, Node, SequenceNode

from trainer.drills import fields as F
from trainer.drills.errors import DrillFileError
from trainer.drills.kinds import COUP, DrillKind, DrillRead, asked, check_settings, kind_words
from trainer.drills.model import (
    ASKING_ORDER,
    WHOLE_COUP,
    BetSpec,
    CoupFilter,
    Drill,
    FixedCoup,
    Mode,
    Order,
    Step,
    TableSpec,
)
from trainer.drills.sections import SectionReads, backwards, file_problems, span_words
from trainer.engine import (
    Bet,
    BetResult,
    Card,
    Coup,
    EngineError,
    Outcome,
    parse_cards,
)
from trainer.engine.analysis import class_counts
from trainer.engine.errors import quote
from trainer.engine.house import House
from trainer.engine.said import Said, Verbatim, joined
from trainer.engine.settlement import RESULTS as EZ_RESULTS
from trainer.fileformat import reading
from trainer.fileformat.declare import MapOf
from trainer.fileformat.reading import INT, STR, child, is_number, join, message_of, names
from trainer.houses.drills import house_for_drill, with_shoe

#: Filter fields in the order the model checks them (used to explain unsatisfiable filters).
FILTER_FIELDS = tuple(name for name in F.FILTER.fields if name != "weight")
_TOP = Said("a mapping of fields (id: ..., title: ..., ...)")


def load_file(path: str | Path) -> Drill:
    """Load and check a drill file; raise DrillFileError listing everything wrong with it."""
    path = Path(path)
    data = reading.read_bytes(path, str(path), F.MAX_FILE_BYTES, DrillFileError)
    return load_bytes(data, str(path), source=path)


def load_bytes(data: bytes, label: str = "<drill>", source: Path | None = None) -> Drill:
    text = reading.text_of(data, label, F.MAX_FILE_BYTES, Said("YAML drill"), DrillFileError)
    return load_text(text, label, source=source)


def load_text(text: str, label: str = "<drill>", source: Path | None = None) -> Drill:
    root = reading.compose(text, label, DrillFileError, _TOP)
    reader = _Reader(label)
    drill = reader.drill(root, source)
    if reader.problems or drill is None:
        raise DrillFileError(sorted(reader.problems, key=lambda p: (p.line, p.column)))
    return drill


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    return str(getattr(value, "value", value))


def _fmt_set(values: Any) -> str:
    """A filter value or set of values as an instructor would write it: "3, 4 or 5"."""
    if not isinstance(values, (set, frozenset)):
        return Verbatim(_show(values))
    words = sorted(_show(v) for v in values)
    if len(words) == 1:
        return Verbatim(words[0])
    return Said("{some} or {last}", some=Verbatim(", ".join(words[:-1])), last=Verbatim(words[-1]))


class _Reader(SectionReads, F.DrillReads):
    """The drill's own readers, named by the declaration in ``trainer.drills.fields``."""

    # -- the drill -------------------------------------------------------------------------
    def drill(self, root: MappingNode, source: Path | None) -> Drill | None:
        f = self.mapping(root, F.DRILL, "")
        if f is None:
            return None
        get: dict[str, Any] = {}
        self.source = source
        # The house first: its settlement table is what the coups' expect blocks are checked by.
        for name, node in sorted(f.items(), key=lambda item: item[0] != "house"):
            value = self.read(node, F.DRILL.fields[name].kind, name)
            if value is not None:
                get[name] = value
        kind: DrillKind | None = COUP  # None: an ask that did not read (it is reported)
        steps: tuple[Step, ...] = ()
        if "ask" in get:
            kind, steps = get["ask"]
        elif "ask" in f:
            kind = None
        if kind is not None:
            kind.check_source(self, root, f)
            check_settings(self, f, kind)

        # Every filter that reads clean is checked against the shoe now, alongside whatever
        # else is wrong, so one run of validate shows every problem in the file.
        shoe = get.get("shoe", {})
        pays = {Bet(name): odds for name, odds in shoe.get("paytable", {}).items()}
        house = with_shoe(get.get("house"), shoe.get("decks"), pays)
        filters: list[tuple[CoupFilter, MappingNode, str]] = get.get("generate", [])
        for flt, node, where in filters:
            self.check_satisfiable(flt, node, where, house.decks)
        if self.problems or kind is None:
            return None
        read = DrillRead(
            f, get, steps, house, get.get("coups", []), list(filters), get.get("bets", {})
        )
        questions = kind.questions(self, read)
        self.check_shared(read, kind)
        kind.check(self, read)
        self.check_house_asked(read)
        table: TableSpec | None = get.get("table")
        if "table" not in f and kind.table_missing is not None:
            self.err(f["ask"], "ask", kind.table_missing)
        elif "table" in f and not kind.takes_table:
            self.err(
                f["table"],
                "table",
                Said("a table section goes with ask: table (or ask: [shoe, table])"),
            )
        if table is not None and kind.takes_table:
            kind.check_table(self, read, table)
        else:  # every drill keeps to its house's limits: the default house when none is named
            self.check_limits(house, f, read.fixed, read.bets, get.get("bets_per_coup"))
        if self.problems:
            return None
        # Each value to its model attribute, as the declaration maps them; the rest (and
        # what the file leaves out) are the model's defaults, which are the declaration's.
        model = {attr: get[key] for key, attr in F.DRILL.attrs() if key in get}
        run = kind.build(read, model)
        model.update(
            steps=steps,
            run=run,
            questions=questions,
            fixed=tuple(read.fixed),
            filters=tuple(flt for flt, _, _ in filters),
            bets=tuple(read.bets[b] for b in F.BETS if b in read.bets),
            source=source,
        )
        model["house"] = house  # the house resolved with the shoe's decks and pays on top
        return Drill(**model)

    def check_shared(self, read: DrillRead, kind: DrillKind) -> None:
        """The bets every kind deals from: enough for each coup, and there when asked."""
        f, bets = read.f, read.bets
        per_coup: tuple[int, int] | None = read.get.get("bets_per_coup")
        if per_coup is not None and not bets:
            self.err(
                f["bets_per_coup"],
                "bets_per_coup",
                Said(
                    "there are no bets to choose from: "
                    "add a bets section (e.g. bets: {banker: 25, dragon7: 10})"
                ),
            )
        elif per_coup is not None and per_coup[1] > len(bets):
            self.err(
                f["bets_per_coup"],
                "bets_per_coup",
                Said(
                    "{span} bets per coup but the drill lists only {count} ({listed}); "
                    "give 1-{count}",
                    span=Verbatim(span_words(per_coup)),
                    count=len(bets),
                    listed=names(b for b in F.BETS if b in bets),
                ),
            )
        money = [s for s in (Step.PAYOUT, Step.COMMISSION, Step.FEE) if s in read.steps]
        if money and not bets:
            fixed = read.fixed
            unbet = not kind.from_shoe and not read.filters and all(c.wagers for c in fixed)
            if not unbet:
                self.err(
                    f["ask"],
                    "ask",
                    Said(
                        "{step} questions need bets: add a bets section "
                        "(e.g. bets: {{banker: 25, dragon7: {{min: 5, max: 100, step: 5}}}})",
                        step=Verbatim(money[0].value),
                    ),
                )

    def check_house_asked(self, read: DrillRead) -> None:
        """A commission or a fee is asked only under a house that has one."""
        house = read.house
        if Step.COMMISSION in read.steps and house.commission is None:
            self.err(
                read.f["ask"],
                "ask",
                Said(
                    "commission is asked but house {house} takes no "
                    "commission: name one that does (house: commission)",
                    house=Verbatim(repr(house.id)),
                ),
            )
        if Step.FEE in read.steps and house.fee is None:
            self.err(
                read.f["ask"],
                "ask",
                Said(
                    "fee is asked but house {house} has no fee "
                    "schedule: name one that does (house: cardroom)",
                    house=Verbatim(repr(house.id)),
                ),
            )

    # -- the house the drill is dealt under -------------------------------------------------
    results = EZ_RESULTS  # the settlement table expect blocks are checked by
    naming: House | None = None  # the house whose dealers name the outcomes (None: EZ's five)
    source: Path | None = None

    def house(self, node: Node, path: str) -> House | None:
        """A house by name or file; a broken house file's own problems are reported too."""
        from trainer.houses.catalogue import HouseNotFoundError
        from trainer.houses.errors import HouseFileError

        name = self.line(node, path)
        if name is None:
            return None
        try:
            house = house_for_drill(name, self.source)
        except HouseNotFoundError as exc:
            self.err(node, path, message_of(exc))
            return None
        except HouseFileError as exc:
            self.err(node, path, file_problems("house", name, len(exc.problems)))
            self.problems.extend(exc.problems)
            return None
        self.results = house.results
        self.naming = house
        return house

    def unnamed(self, outcome: Outcome) -> Said | None:
        """Why the drill's house does not name ``outcome`` (None: it does).  A commission
        table has no Dragon 7 bet, so its dealers call a three-card Banker 7 a Banker win."""
        h = self.naming
        if h is None or outcome in h.outcomes:
            return None
        plain = h.named(outcome)
        return Said(
            "the house {house} does not name a {outcome} (it has no {outcome} "
            "bet): that coup is a {plain} win there; write {word}",
            house=Verbatim(h.id),
            outcome=outcome.label,
            plain=plain.label,
            word=Verbatim(plain.value),
        )

    def check_limits(
        self,
        house: House,
        f: dict[str, Node],
        fixed: list[FixedCoup],
        bets: dict[str, BetSpec],
        per_coup: tuple[int, int] | None,
    ) -> None:
        """The drill's bets against the house's limits, each problem at the bet it is about."""
        every = per_coup is None or per_coup[0] >= len(bets)
        spans = {Bet(name): (spec.minimum, spec.maximum) for name, spec in bets.items()}
        for bet, message in house.range_problems(spans, every_layout=every):
            where = child(f["bets"], bet.value) or f["bets"]
            self.err(where, join("bets", bet.value), message)
        items = f["coups"].value if isinstance(f.get("coups"), SequenceNode) else []
        for index, (coup, item) in enumerate(zip(fixed, items, strict=False)):
            if not coup.wagers:
                continue
            where = child(item, "bets") or item
            for message in house.limit_problems(coup.wagers):
                self.err(
                    where,
                    join(join("coups", index), "bets"),
                    Said("house {house}: {message}", house=Verbatim(house.id), message=message),
                )

    # -- scalars of drills -----------------------------------------------------------------
    def drill_id(self, node: Node, path: str) -> str | None:
        text = self.scalar(node, path, Said("a short name like banker-tableau"), (STR, INT))
        if text is None:
            return None
        if not re.match(F.ID_PATTERN, text):
            self.err(
                node,
                path,
                Said(
                    "{found} is not a drill id: use lowercase letters, digits, "
                    "'-' and '_', starting with a letter or digit",
                    found=Verbatim(quote(text)),
                ),
            )
            return None
        return text

    def mode(self, node: Node, path: str) -> Mode | None:
        name = self.choice(node, path, F.MODES, Said("a mode"))
        return None if name is None else Mode(name)

    def order(self, node: Node, path: str) -> Order | None:
        name = self.choice(node, path, F.ORDERS, Said("an order"))
        return None if name is None else Order(name)

    def decks(self, node: Node, path: str) -> int | None:
        text = self.scalar(node, path, Said("8 or 6"), (INT,))
        if text is not None and text.strip() in tuple(str(d) for d in F.DECKS):
            return int(text)
        if text is not None:
            self.err(
                node,
                path,
                Said(
                    "{found} decks is not supported: the shoe holds 8 decks (or 6)",
                    found=Verbatim(text),
                ),
            )
        return None

    def outcome(self, node: Node, path: str) -> str | None:
        return self.choice(node, path, F.OUTCOMES, Said("an outcome"))

    def result(self, node: Node, path: str) -> str | None:
        return self.choice(node, path, F.RESULTS, Said("a result"))

    def cards(self, node: Node, path: str) -> tuple[Card, ...] | None:
        """A string is split as the engine splits cards; a YAML list gives one card per item."""
        try:
            if isinstance(node, SequenceNode):
                tokens = [
                    self.scalar(n, path, Said("a card like 4h"), (STR, INT)) for n in node.value
                ]
                if any(t is None for t in tokens):
                    return None
                return tuple(Card.parse(t) for t in tokens if t is not None)
            text = self.scalar(
                node, path, Said('cards in shoe order, like "4h 3s 2d Kc 8h"'), (STR,)
            )
            return None if text is None else parse_cards(text)
        except EngineError as exc:
            self.err(node, path, message_of(exc))
            return None

    def bet_count(self, node: Node, path: str) -> tuple[int, int] | None:
        """2 or "1-2": how many of the drill's bets go on each coup's layout."""
        hi_all = F.MAX_BETS
        text = self.scalar(
            node,
            path,
            Said('a number of bets (1-{most}) or a range like "1-2"', most=hi_all),
            (INT, STR),
        )
        if text is None:
            return None
        parts = [p.strip() for p in text.split("-")]
        if len(parts) not in (1, 2) or not all(is_number(p) for p in parts):
            self.err(
                node,
                path,
                Said(
                    '{found} is not a number of bets: write 2, or a range like "1-2"',
                    found=Verbatim(quote(text)),
                ),
            )
            return None
        lo, hi = int(parts[0]), int(parts[-1])
        if lo > hi:
            self.err(node, path, backwards(text, lo, hi))
            return None
        if lo < 1:
            self.err(
                node,
                path,
                Said(
                    "{found} is out of range: each coup needs at least 1 bet",
                    found=Verbatim(quote(text)),
                ),
            )
            return None
        return lo, hi

    def tags(self, node: Node, path: str) -> tuple[str, ...] | None:
        items = self.seq(node, path, Said("tags"))
        if items is None:
            return None
        out = [self.text(item, join(path, i)) for i, item in enumerate(items)]
        return None if any(t is None for t in out) else tuple(t for t in out if t is not None)

    def ask(self, node: Node, path: str) -> tuple[DrillKind, tuple[Step, ...]] | None:
        """The drill's kind (``trainer.drills.kinds``: a shoe, calls, spotting errors, or
        separate coups...) and the steps asked of each coup."""
        words = kind_words()
        choices = [*F.STEPS, F.WHOLE_COUP, F.TABLE_ASK, *words]
        items = node.value if isinstance(node, SequenceNode) else [node]
        if not items:
            self.err(
                node,
                path,
                Said("is an empty list: ask at least one of {choices}", choices=names(choices)),
            )
            return None
        chosen: set[Step] = set()
        kinds: list[tuple[str, Node]] = []
        ok = True
        for i, item in enumerate(items):
            sub = join(path, i) if isinstance(node, SequenceNode) else path
            name = self.choice(item, sub, choices, Said("a question"))
            if name is None:
                ok = False
                continue
            if name in words:
                if kinds:
                    self.err(
                        item,
                        sub,
                        Said(
                            "{name} and {other} cannot be asked together: "
                            "a drill deals one kind of run",
                            name=Verbatim(repr(name)),
                            other=Verbatim(repr(kinds[0][0])),
                        ),
                    )
                    ok = False
                kinds.append((name, item))
                continue
            new = set(WHOLE_COUP) if name == F.WHOLE_COUP else {Step(name)}
            if new & chosen:
                self.err(item, sub, Said("{name} is asked twice", name=Verbatim(repr(name))))
                ok = False
            chosen |= new
        if not ok:
            return None
        if Step.TABLE in chosen and (len(chosen) > 1 or any(k != F.SHOE_KIND for k, _ in kinds)):
            self.err(
                node,
                path,
                Said(
                    "table is asked alone (or as ask: [shoe, table]): a table "
                    "drill works whole tables (take, pay, commission); ask the other "
                    "questions in another drill"
                ),
            )
            return None
        table = [F.TABLE_ASK] if Step.TABLE in chosen else []
        kind = asked([*(k for k, _ in kinds), *table])
        if kind is None:  # pragma: no cover - every word and [shoe, table] names a kind
            self.err(node, path, Said("names no kind of drill"))
            return None
        if Step.TABLE in chosen:  # with shoe: the tables' coups come from one shoe
            return kind, (Step.TABLE,)
        steps = tuple(s for s in ASKING_ORDER if s in chosen)
        word = kinds[0][0] if kinds else F.WHOLE_COUP
        return (kind, steps) if kind.check_steps(self, node, path, word, steps) else None

    def bet_spec(self, node: Node, path: str) -> BetSpec | None:
        """A fixed amount (banker: 25) or a range (dragon7: {min: 5, max: 100, step: 5})."""
        bet = Bet(path.rsplit(".", 1)[-1])
        if not isinstance(node, MappingNode):
            amount = self.amount(node, path)
            return None if amount is None else BetSpec(bet, amount, amount)
        before = len(self.problems)
        f = self.fields(node, F.RANGE, path)
        if f is None or len(self.problems) > before:
            return None
        lo, hi = f["min"], f["max"]
        step = f.get("step", Decimal(F.RANGE.step.default))
        if lo > hi:
            self.err(node, path, Said("min {lo} is more than max {hi}", lo=lo, hi=hi))
            return None
        try:
            uneven = (hi - lo) % step != 0
        except ArithmeticError:  # more steps than Decimal's 28 digits can count
            self.err(
                node,
                path,
                Said(
                    "from min {lo} to max {hi} in steps of {step} is too many "
                    "wagers to draw from: narrow the range or use a bigger step",
                    lo=lo,
                    hi=hi,
                    step=step,
                ),
            )
            return None
        if uneven:
            self.err(
                node,
                path,
                Said(
                    "max {hi} cannot be reached from min {lo} in steps of "
                    "{step}: make max - min a multiple of step",
                    hi=hi,
                    lo=lo,
                    step=step,
                ),
            )
            return None
        return BetSpec(bet, lo, hi, step)

    def coups(self, node: Node, path: str) -> list[FixedCoup] | None:
        items = self.seq(node, path, Said("coups"))
        if items is None:
            return None
        out = []
        for i, item in enumerate(items):
            sub = join(path, i)
            f = self.mapping(item, F.COUP, sub)
            if f is None:
                continue
            got = {
                g.name: self.read(f[g.name], g.kind, join(sub, g.name))
                for g in (F.COUP.cards, F.COUP.note, F.COUP.bets)
                if g.name in f
            }
            cards = got.get("cards")
            expect = (
                self.mapping(f["expect"], F.EXPECT, join(sub, "expect")) if "expect" in f else None
            )
            coup = None if cards is None else self.deal(f["cards"], join(sub, "cards"), cards)
            if expect:
                # here, not after the whole file reads clean: a wrong answer is never hidden
                self.check_expect(coup, expect, join(sub, "expect"))
            if coup is None or cards is None:  # no coup without its cards
                continue
            wagers = {Bet(name): amount for name, amount in (got.get("bets") or {}).items()}
            out.append(FixedCoup(cards, got.get("note"), wagers or None))
        return out

    def deal(self, node: Node, path: str, cards: tuple[Card, ...]) -> Coup | None:
        """The coup the cards deal, exactly: no card missing, none left over."""
        try:
            coup = Coup.from_cards(cards)
        except EngineError as exc:
            self.err(node, path, Said("the coup is not complete: {why}", why=message_of(exc)))
            return None
        if coup.unused:
            self.err(
                node,
                path,
                Said(
                    "the coup uses {count} cards; {extra} would not be dealt (remove it)",
                    count=len(coup.cards),
                    extra=Verbatim(" ".join(str(c) for c in coup.unused)),
                ),
            )
            return None
        return coup

    def check_expect(self, coup: Coup | None, expect: dict[str, Node], path: str) -> None:
        """Read the file's expectations and, if the coup was dealt, compare them with the
        engine, quoting the engine's rule."""
        facts: dict[str, tuple[Any, str]] = {}
        if coup is not None:
            # the rule sentence behind each answer, as the engine words it
            banker_rule = coup.rules[0] if coup.natural else coup.rules[1]
            facts = {
                "natural": (coup.natural, coup.rules[0]),
                "player_draws": (coup.player_draws, coup.rules[0]),
                "banker_draws": (coup.banker_draws, banker_rule),
                "outcome": (coup.outcome.value, coup.rules[-1])
                if self.naming is None
                else (self.naming.named(coup.outcome).value, self.naming.result(coup)),
            }

        for name, node in expect.items():
            sub = join(path, name)
            kind = F.EXPECT.fields[name].kind
            if name == "payouts":
                assert isinstance(kind, MapOf)
                if not isinstance(node, MappingNode):
                    self.read(node, kind, sub)  # reports it
                    continue
                for bet_name, value in self.keys(node, sub, list(kind.keys)).items():
                    said = self.read(value, kind.value, join(sub, bet_name))
                    if said is None or coup is None:
                        continue
                    bet = Bet(bet_name)
                    truth = self.results[coup.outcome][bet]
                    if BetResult(said) is not truth:
                        self.err(
                            value,
                            join(sub, bet_name),
                            Said(
                                "says {said} but the engine says {truth}: {rule}, "
                                "so the {bet} bet {verb}",
                                said=Verbatim(said),
                                truth=Verbatim(truth.value),
                                rule=coup.rules[-1],
                                bet=bet.label,
                                verb=_verb(truth),
                            ),
                        )
                continue
            said = self.read(node, kind, sub)
            if name == "outcome" and said is not None:
                why_not = self.unnamed(Outcome(said))
                if why_not is not None:
                    self.err(node, sub, why_not)
                    continue
            if said is None or name not in facts or said == facts[name][0]:
                continue
            truth, why = facts[name]
            self.err(
                node,
                sub,
                Said(
                    "says {said} but the engine says {truth}: {why}",
                    said=Verbatim(_show(said)),
                    truth=Verbatim(_show(truth)),
                    why=why,
                ),
            )

    def filters(self, node: Node, path: str) -> list[tuple[CoupFilter, MappingNode, str]] | None:
        """The filters that read clean, each with its node and path (to report it by)."""
        items = self.seq(node, path, Said("filters"))
        if items is None:
            return None
        if not items:
            self.err(node, path, Said("is an empty list: give at least one filter"))
            return None
        # (at most F.MAX_FILTERS: the declared limit, enforced as it is read)
        out = []
        for i, item in enumerate(items):
            sub = join(path, i)
            before = len(self.problems)
            kw = self.fields(item, F.FILTER, sub)
            if kw is not None and len(self.problems) == before:
                assert isinstance(item, MappingNode)
                out.append((CoupFilter(**kw), item, sub))
        return out

    def outcomes(self, node: Node, path: str) -> frozenset[Outcome] | None:
        items = node.value if isinstance(node, SequenceNode) else [node]
        if not items:
            self.err(node, path, Said("is an empty list: give at least one outcome"))
            return None
        got = [self.choice(n, path, F.OUTCOMES, Said("an outcome")) for n in items]
        if any(g is None for g in got):
            return None
        chosen = frozenset(Outcome(g) for g in got)
        if self.naming is None:
            return chosen
        # Outcomes as the house names them: under a house without the Dragon 7 bet,
        # "banker" is every Banker win, three-card 7s included; "dragon7" is an error.
        before = len(self.problems)
        for n, o in zip(items, got, strict=True):
            why = self.unnamed(Outcome(o))
            if why is not None:
                self.err(n, path, why)
        if len(self.problems) > before:
            return None
        return frozenset(o for o in Outcome if self.naming.named(o) in chosen)

    def check_satisfiable(self, flt: CoupFilter, node: MappingNode, path: str, decks: int) -> None:
        reason = unsatisfiable_reason(flt, decks)
        if reason is not None:
            self.err(node, path, reason)


def _verb(result: BetResult) -> Said:
    return {
        BetResult.WIN: Said("wins"),
        BetResult.PUSH: Said("pushes"),
        BetResult.LOSE: Said("loses"),
    }[result]


@functools.lru_cache(maxsize=2)
def _class_masks(decks: int) -> dict[str, dict[Any, int]]:
    """For each filter field and each value it can take, the set of possible coup classes
    with that value, as a bitmask over the classes: a filter is then checked with a few
    integer ANDs instead of a pass over the 3,394 classes (and its explanation, which tries
    every combination of the fields it gives, in well under a millisecond)."""
    masks: dict[str, dict[Any, int]] = {name: {} for name in FILTER_FIELDS}
    live = [c for c, n in class_counts(decks).items() if n]
    for bit, cls in enumerate(live):
        for name in FILTER_FIELDS:
            value = getattr(cls, name)
            masks[name][value] = masks[name].get(value, 0) | (1 << bit)
    return masks


def unsatisfiable_reason(flt: CoupFilter, decks: int = 8) -> Said | None:
    """None when some coup matches ``flt``; else why not, naming the fields that clash
    (the smallest set of the filter's fields that no coup satisfies together)."""
    masks = _class_masks(decks)
    given = {name: getattr(flt, name) for name in FILTER_FIELDS if getattr(flt, name) is not None}

    def allowed(name: str) -> int:
        want = given[name]
        if isinstance(want, bool):
            return masks[name].get(want, 0)
        return functools.reduce(operator.or_, (masks[name].get(v, 0) for v in want), 0)

    field_mask = {name: allowed(name) for name in given}
    if functools.reduce(operator.and_, field_mask.values(), -1):
        return None
    names = list(given)
    for size in range(1, len(names) + 1):
        for subset in itertools.combinations(names, size):
            if functools.reduce(operator.and_, (field_mask[n] for n in subset), -1):
                continue
            *others, last = subset
            if not others:
                return Said(
                    "no coup matches this filter: no coup has {field}: {value}",
                    field=Verbatim(last),
                    value=_fmt_set(given[last]),
                )
            rest = functools.reduce(operator.and_, (field_mask[n] for n in others), -1)
            can = {value for value, mask in masks[last].items() if mask & rest}
            context = joined(
                [
                    Said("{field}: {value}", field=Verbatim(n), value=_fmt_set(given[n]))
                    for n in others
                ],
                ", ",
            )
            return Said(
                "no coup matches this filter: with {context}, {field} can only be "
                "{can} ({field}: {value} excludes it)",
                context=context,
                field=Verbatim(last),
                can=_fmt_set(can),
                value=_fmt_set(given[last]),
            )
    return Said("no coup matches this filter")  # pragma: no cover - the full set always clashes
