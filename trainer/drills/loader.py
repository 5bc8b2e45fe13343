"""Load a drill file: safe YAML, every problem located, every answer checked by the engine.

The YAML is composed into nodes (never constructed into Python objects wholesale) so every
value keeps its line and column and its source text: amounts are read from the text the
instructor wrote ("2.50"), never from a float.  Anchors and aliases are refused before
composing, which also disposes of alias bombs.  All problems in a file are collected and
raised together as one DrillFileError.
"""

from __future__ import annotations

import difflib
import itertools
import re
from collections.abc import Callable, Iterable
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from trainer.drills import schema as S
from trainer.drills.errors import DrillFileError, Problem
from trainer.drills.model import (
    WHOLE_COUP,
    BetSpec,
    CoupFilter,
    Drill,
    FixedCoup,
    Mode,
    Order,
    Step,
)
from trainer.engine import (
    DEFAULT_PAYTABLE,
    Bet,
    BetResult,
    Card,
    Coup,
    CoupClass,
    EngineError,
    Outcome,
    Paytable,
    class_counts,
    parse_amount,
    parse_cards,
)
from trainer.engine.money import ascii_int, parse_odds
from trainer.engine.settlement import RESULTS

STR, INT, FLOAT, BOOL, NULL = (S.YAML_TAG + t for t in ("str", "int", "float", "bool", "null"))
_BOOL_VALUES = yaml.constructor.SafeConstructor.bool_values

#: Filter fields in the order the model checks them (used to explain unsatisfiable filters).
FILTER_FIELDS = (
    "player_total", "banker_total", "natural", "player_draws", "banker_draws", "player_third",
    "banker_third", "player_final", "banker_final", "outcome", "cards",
)


def load_file(path: str | Path) -> Drill:
    """Load and check a drill file; raise DrillFileError listing everything wrong with it."""
    path = Path(path)
    label = str(path)
    try:
        size = path.stat().st_size
        if not path.is_file():
            raise DrillFileError([Problem(label, 0, 0, "", "is not a file")])
        if size > S.MAX_FILE_BYTES:
            raise DrillFileError([Problem(
                label, 0, 0, "",
                f"file is too large ({size:,} bytes; a drill file is at most "
                f"{S.MAX_FILE_BYTES:,} bytes)",
            )])
        with path.open("rb") as handle:
            data = handle.read(S.MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise DrillFileError([Problem(label, 0, 0, "", "no such file")]) from None
    except OSError as exc:
        raise DrillFileError([Problem(label, 0, 0, "", f"cannot read: {exc.strerror}")]) from None
    return load_bytes(data, label, source=path)


def load_bytes(data: bytes, label: str = "<drill>", source: Path | None = None) -> Drill:
    try:
        text = S.drill_text(data)
    except S.TextProblem as exc:
        raise DrillFileError([Problem(label, exc.line, 0, "", str(exc))]) from None
    return load_text(text, label, source=source)


def load_text(text: str, label: str = "<drill>", source: Path | None = None) -> Drill:
    root = _compose(text, label)
    reader = _Reader(label)
    drill = reader.drill(root, source)
    if reader.problems or drill is None:
        raise DrillFileError(sorted(reader.problems, key=lambda p: (p.line, p.column)))
    return drill


def _compose(text: str, label: str) -> MappingNode:
    def fail(mark: Any, message: str) -> DrillFileError:
        if mark is None:
            return DrillFileError([Problem(label, 0, 0, "", message)])
        return DrillFileError([Problem(label, mark.line + 1, mark.column + 1, "", message)])

    loader = S.yaml_loader()
    try:
        depth = 0
        for event in yaml.parse(text, Loader=loader):
            # PyYAML's scanner slows quadratically with nesting depth: stop early.
            if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                depth += 1
                if depth > S.MAX_DEPTH:
                    raise fail(event.start_mark, f"nesting is deeper than {S.MAX_DEPTH} levels; "
                               "a drill file needs no more than 5")
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                depth -= 1
            if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
                raise fail(event.start_mark, "anchors and aliases (&name, *name) are not "
                           "allowed in drill files: write each value out in full")
            tag = getattr(event, "tag", None)
            if tag is not None and tag not in S.CORE_TAGS:
                shown = "!!" + tag.removeprefix(S.YAML_TAG) if tag.startswith(S.YAML_TAG) else tag
                raise fail(event.start_mark, f"the YAML tag {shown} is not allowed in drill "
                           "files: write plain values")
        root = yaml.compose(text, Loader=loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        what = exc.problem or exc.context or "malformed YAML"
        raise fail(mark, f"YAML syntax error: {what}") from None
    except yaml.YAMLError as exc:
        raise fail(None, f"YAML error: {exc}") from None
    except RecursionError:
        raise fail(None, "nesting is too deep for a drill file") from None
    if root is None:
        raise fail(None, "file is empty: a drill file is a mapping with id, title, "
                   "description, ask and coups or generate")
    if not isinstance(root, MappingNode):
        raise fail(root.start_mark, "the top level must be a mapping of fields (id: ..., "
                   f"title: ..., ...), found {_describe(root)}")
    return root


def _describe(node: Node) -> str:
    if isinstance(node, MappingNode):
        return "a mapping"
    if isinstance(node, SequenceNode):
        return "a list"
    if node.tag == NULL:
        return "nothing"
    if node.tag == STR:
        return repr(node.value)
    return str(node.value)


def _join(path: str, name: str | int) -> str:
    if isinstance(name, int):
        return f"{path}[{name}]"
    return f"{path}.{name}" if path else name


def _hint(word: str, choices: Iterable[str]) -> str:
    match = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f" (did you mean {match[0]!r}?)" if match else ""


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    return str(getattr(value, "value", value))


def _fmt_set(values: Any) -> str:
    """A filter value or set of values as an instructor would write it: "3, 4 or 5"."""
    if not isinstance(values, (set, frozenset)):
        return _show(values)
    words = sorted(_show(v) for v in values)
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


class _Reader:
    """Walks the node tree, collecting problems instead of stopping at the first."""

    def __init__(self, label: str) -> None:
        self.label = label
        self.problems: list[Problem] = []

    # -- reporting -------------------------------------------------------------------------
    def err(self, node: Node, path: str, message: str) -> None:
        mark = node.start_mark
        self.problems.append(Problem(self.label, mark.line + 1, mark.column + 1, path, message))

    # -- shapes ----------------------------------------------------------------------------
    def mapping(self, node: Node, obj: S.Obj, path: str) -> dict[str, Node] | None:
        if not isinstance(node, MappingNode):
            keys = ", ".join(obj.fields)
            self.err(node, path, f"must be a mapping (keys: {keys}), found {_describe(node)}")
            return None
        return self._keys(node, path, list(obj.fields), obj.required)

    def _keys(
        self, node: MappingNode, path: str, allowed: list[str], required: Iterable[str] = ()
    ) -> dict[str, Node]:
        seen: dict[str, Node] = {}
        first: dict[str, Node] = {}
        for key, value in node.value:
            if not isinstance(key, ScalarNode) or key.tag == NULL:
                self.err(key, path, f"keys must be plain names, found {_describe(key)}")
                continue
            name = str(key.value)
            sub = _join(path, name)
            if name in first:
                self.err(key, sub, f"duplicate key (first given at line "
                         f"{first[name].start_mark.line + 1})")
                continue
            first[name] = key
            if name not in allowed:
                self.err(key, sub, f"unknown key {name!r}{_hint(name, allowed)}; "
                         f"allowed here: {', '.join(allowed)}")
                continue
            seen[name] = value
        for name in required:
            if name not in first:
                self.err(node, _join(path, name), "required field is missing")
        return seen

    def seq(self, node: Node, path: str, what: str) -> list[Node] | None:
        if not isinstance(node, SequenceNode):
            self.err(node, path, f"must be a list of {what}, found {_describe(node)}")
            return None
        return list(node.value)

    def scalar(self, node: Node, path: str, what: str, tags: Iterable[str]) -> str | None:
        if isinstance(node, ScalarNode) and node.tag in tags:
            return str(node.value)
        if isinstance(node, ScalarNode) and node.tag == NULL:
            self.err(node, path, f"has no value: write {what}")
        else:
            self.err(node, path, f"must be {what}, found {_describe(node)}")
        return None

    # -- scalars ---------------------------------------------------------------------------
    def text(self, node: Node, path: str) -> str | None:
        value = self.scalar(node, path, "text", (STR, INT, FLOAT))
        if value is not None and not value.strip():
            self.err(node, path, "is empty")
            return None
        return value

    def boolean(self, node: Node, path: str) -> bool | None:
        value = self.scalar(node, path, "true or false", (BOOL,))
        return None if value is None else _BOOL_VALUES[value.lower()]

    def integer(self, node: Node, path: str, lo: int, hi: int, what: str) -> int | None:
        text = self.scalar(node, path, f"{what} ({lo}-{hi})", (INT,))
        if text is None:
            return None
        try:
            value = int(text.replace("_", ""), 10)
        except ValueError:
            self.err(node, path, f"must be {what} written in decimal, found {text}")
            return None
        if not lo <= value <= hi:
            self.err(node, path, f"{value} is out of range: {what} is {lo}-{hi}")
            return None
        return value

    def choice(self, node: Node, path: str, choices: Iterable[str], what: str) -> str | None:
        options = list(choices)
        text = self.scalar(node, path, f"{what}: one of {', '.join(options)}", (STR, INT))
        if text is None:
            return None
        if text not in options:
            self.err(node, path, f"{text!r} is not {what}{_hint(text, options)}; "
                     f"choose one of {', '.join(options)}")
            return None
        return text

    def amount(self, node: Node, path: str) -> Decimal | None:
        text = self.scalar(node, path, "an amount like 25 or 2.50", (INT, FLOAT, STR))
        if text is None:
            return None
        try:
            return parse_amount(text)
        except EngineError as exc:
            self.err(node, path, str(exc))
            return None

    def odds(self, node: Node, path: str) -> Decimal | None:
        """N of a paytable's "pays N to 1", by the engine's odds rule (0.01 to 1,000)."""
        text = self.scalar(node, path, "a pay like 40 or 7.5", (INT, FLOAT, STR))
        if text is None:
            return None
        try:
            return parse_odds(text)
        except EngineError as exc:
            self.err(node, path, str(exc))
            return None

    def percent(self, node: Node, path: str) -> int | None:
        text = self.scalar(node, path, "a percentage like 80 or \"80%\"", (INT, STR))
        if text is None:
            return None
        value = ascii_int(text.strip().removesuffix("%"))
        if value is None:
            self.err(node, path, f"{text!r} is not a percentage: write a whole number "
                     "0-100, like 80 or \"80%\"")
            return None
        if value > 100:
            self.err(node, path, f"{text!r} is out of range: a percentage is 0-100")
            return None
        return value

    def seconds(self, node: Node, path: str) -> float | None:
        text = self.scalar(node, path, "a number of seconds", (INT, FLOAT))
        if text is None:
            return None
        try:
            value = Decimal(text.replace("_", ""))
        except InvalidOperation:
            self.err(node, path, f"{text!r} is not a number of seconds")
            return None
        if not (value.is_finite() and 0 < value <= S.MAX_SECONDS):
            self.err(node, path, f"{text} is out of range: seconds are more than 0 and at "
                     f"most {S.MAX_SECONDS}")
            return None
        return float(value)

    def values(self, node: Node, path: str, lo: int, hi: int, what: str) -> frozenset[int] | None:
        """5, "3-6" or a list of those."""
        items = node.value if isinstance(node, SequenceNode) else [node]
        if isinstance(node, SequenceNode) and not items:
            self.err(node, path, f"is an empty list: give at least one {what}")
            return None
        out: set[int] = set()
        ok = True
        for item in items:
            got = self._value_item(item, path, lo, hi, what)
            if got is None:
                ok = False
            else:
                out |= got
        return frozenset(out) if ok else None

    def _value_item(self, node: Node, path: str, lo: int, hi: int, what: str) -> set[int] | None:
        example = f"a {what} ({lo}-{hi}), a range like \"{lo}-{hi}\", or a list of those"
        text = self.scalar(node, path, example, (INT, STR))
        if text is None:
            return None
        parts = [p.strip() for p in text.split("-")]
        numbers = [ascii_int(p) for p in parts]
        if len(parts) in (1, 2) and None not in numbers:
            first, last = numbers[0], numbers[-1]
            bad = [v for v in (first, last) if not lo <= v <= hi]
            if bad:
                self.err(node, path, f"{bad[0]} is not a {what}: {what}s are {lo}-{hi}")
                return None
            if first > last:
                self.err(node, path, f"range {text!r} runs backwards: write \"{last}-{first}\"")
                return None
            return set(range(first, last + 1))
        self.err(node, path, f"{text!r} is not {example}")
        return None

    def cards(self, node: Node, path: str) -> tuple[Card, ...] | None:
        """A string is split as the engine splits cards; a YAML list gives one card per item."""
        try:
            if isinstance(node, SequenceNode):
                tokens = [self.scalar(n, path, "a card like 4h", (STR, INT)) for n in node.value]
                if any(t is None for t in tokens):
                    return None
                return tuple(Card.parse(t) for t in tokens if t is not None)
            text = self.scalar(node, path, "cards in shoe order, like \"4h 3s 2d Kc 8h\"",
                               (STR,))
            return None if text is None else parse_cards(text)
        except EngineError as exc:
            self.err(node, path, str(exc))
            return None

    def bet_map(
        self, node: Node, path: str, read: Callable[[Node, str], Any]
    ) -> dict[Bet, Any] | None:
        if not isinstance(node, MappingNode):
            self.err(node, path, f"must be a mapping of bets ({', '.join(S.BETS)}), "
                     f"found {_describe(node)}")
            return None
        out: dict[Bet, Any] = {}
        for name, value in self._keys(node, path, list(S.BETS)).items():
            got = read(value, _join(path, name))
            if got is not None:
                out[Bet(name)] = got
        return out

    # -- the drill -------------------------------------------------------------------------
    def drill(self, root: MappingNode, source: Path | None) -> Drill | None:
        f = self.mapping(root, S.DRILL, "")
        if f is None:
            return None
        get: dict[str, Any] = {}
        readers: dict[str, Callable[[Node, str], Any]] = {
            "id": self.drill_id,
            "title": self.text,
            "description": self.text,
            "level": lambda n, p: self.choice(n, p, S.LEVELS, "a level"),
            "tags": self.tags,
            "mode": lambda n, p: self.choice(n, p, S.MODES, "a mode"),
            "ask": self.ask,
            "questions": lambda n, p: self.integer(n, p, 1, S.MAX_QUESTIONS, "questions"),
            "order": lambda n, p: self.choice(n, p, S.ORDERS, "an order"),
            "pass_mark": self.percent,
            "time_limit": self.seconds,
            "shoe": self.shoe,
            "bets": lambda n, p: self.bet_map(n, p, self.bet_spec),
            "bets_per_coup": self.bet_count,
            "coups": self.coups,
            "generate": self.filters,
        }
        for name, node in f.items():
            get[name] = readers[name](node, name)
        if not self.problems and "coups" not in f and "generate" not in f:
            self.err(root, "", "a drill needs coups (fixed coups), generate (filters), or both")
        if self.problems:
            return None

        decks, paytable = get.get("shoe") or (8, DEFAULT_PAYTABLE)
        fixed: list[FixedCoup] = get.get("coups") or []
        filters: list[tuple[CoupFilter, MappingNode]] = get.get("generate") or []
        steps: tuple[Step, ...] = get["ask"]
        bets: dict[Bet, BetSpec] = get.get("bets") or {}

        for index, (flt, node) in enumerate(filters):
            self.check_satisfiable(flt, node, _join("generate", index), decks)

        questions = get.get("questions")
        if questions is None:
            questions = S.DEFAULT_QUESTIONS if filters else len(fixed)
        elif not filters and questions > len(fixed):
            self.err(f["questions"], "questions", f"{questions} questions but only "
                     f"{len(fixed)} fixed coup{'s' if len(fixed) != 1 else ''} and no generate "
                     "filters to make up the rest")
        per_coup: tuple[int, int] | None = get.get("bets_per_coup")
        if per_coup is not None and not bets:
            self.err(f["bets_per_coup"], "bets_per_coup", "there are no bets to choose from: "
                     "add a bets section (e.g. bets: {banker: 25, dragon7: 10})")
        elif per_coup is not None and per_coup[1] > len(bets):
            listed = ", ".join(b.value for b in Bet if b in bets)
            self.err(f["bets_per_coup"], "bets_per_coup", f"{_span(per_coup)} bets per coup "
                     f"but the drill lists only {len(bets)} ({listed}); give 1-{len(bets)}")
        if Step.PAYOUT in steps and not bets:
            unbet = not filters and all(c.wagers for c in fixed)
            if not unbet:
                self.err(f["ask"], "ask", "payout questions need bets: add a bets section "
                         "(e.g. bets: {banker: 25, dragon7: {min: 5, max: 100, step: 5}})")
        if self.problems:
            return None
        return Drill(
            id=get["id"],
            title=get["title"].strip(),
            description=" ".join(get["description"].split()),
            steps=steps,
            questions=questions,
            mode=Mode(get.get("mode") or "practice"),
            order=Order(get.get("order") or "shuffled"),
            pass_mark=80 if get.get("pass_mark") is None else get["pass_mark"],
            time_limit=get.get("time_limit"),
            level=get.get("level"),
            tags=get.get("tags") or (),
            decks=decks,
            paytable=paytable,
            fixed=tuple(fixed),
            filters=tuple(flt for flt, _ in filters),
            bets=tuple(bets[b] for b in Bet if b in bets),
            source=source,
            bets_per_coup=per_coup,
        )

    def drill_id(self, node: Node, path: str) -> str | None:
        text = self.scalar(node, path, "a short name like banker-tableau", (STR, INT))
        if text is None:
            return None
        if not re.match(S.ID_PATTERN, text):
            self.err(node, path, f"{text!r} is not a drill id: use lowercase letters, digits, "
                     "'-' and '_', starting with a letter or digit")
            return None
        return text

    def bet_count(self, node: Node, path: str) -> tuple[int, int] | None:
        """2 or "1-2": how many of the drill's bets go on each coup's layout."""
        hi_all = S.MAX_BETS
        text = self.scalar(node, path, f"a number of bets (1-{hi_all}) or a range like "
                           "\"1-2\"", (INT, STR))
        if text is None:
            return None
        parts = [p.strip() for p in text.split("-")]
        numbers = [ascii_int(p) for p in parts]
        if len(parts) not in (1, 2) or None in numbers:
            self.err(node, path, f"{text!r} is not a number of bets: write 2, or a range "
                     "like \"1-2\"")
            return None
        lo, hi = numbers[0], numbers[-1]
        if lo > hi:
            self.err(node, path, f"range {text!r} runs backwards: write \"{hi}-{lo}\"")
            return None
        if lo < 1:
            self.err(node, path, f"{text!r} is out of range: each coup needs at least 1 bet")
            return None
        return lo, hi

    def tags(self, node: Node, path: str) -> tuple[str, ...] | None:
        items = self.seq(node, path, "tags")
        if items is None:
            return None
        out = [self.text(item, _join(path, i)) for i, item in enumerate(items)]
        return None if any(t is None for t in out) else tuple(t for t in out if t is not None)

    def ask(self, node: Node, path: str) -> tuple[Step, ...] | None:
        names = [*S.STEPS, S.WHOLE_COUP]
        items = node.value if isinstance(node, SequenceNode) else [node]
        if not items:
            self.err(node, path, "is an empty list: ask at least one of " + ", ".join(names))
            return None
        chosen: set[Step] = set()
        ok = True
        for i, item in enumerate(items):
            sub = _join(path, i) if isinstance(node, SequenceNode) else path
            name = self.choice(item, sub, names, "a question")
            if name is None:
                ok = False
                continue
            new = set(WHOLE_COUP) if name == S.WHOLE_COUP else {Step(name)}
            if new & chosen:
                self.err(item, sub, f"{name!r} is asked twice")
                ok = False
            chosen |= new
        return tuple(s for s in WHOLE_COUP if s in chosen) if ok else None

    def shoe(self, node: Node, path: str) -> tuple[int, Paytable] | None:
        f = self.mapping(node, S.SHOE, path)
        if f is None:
            return None
        decks, paytable = 8, DEFAULT_PAYTABLE
        if "decks" in f:
            text = self.scalar(f["decks"], "shoe.decks", "8 or 6", (INT,))
            if text is not None and text.strip() in ("6", "8"):
                decks = int(text)
            elif text is not None:
                self.err(f["decks"], "shoe.decks", f"{text} decks is not supported: the shoe "
                         "holds 8 decks (or 6)")
        if "paytable" in f:
            odds = self.bet_map(f["paytable"], "shoe.paytable", self.odds)
            if odds:
                paytable = DEFAULT_PAYTABLE.with_odds(odds)
        return decks, paytable

    def bet_spec(self, node: Node, path: str) -> BetSpec | None:
        bet = Bet(path.rsplit(".", 1)[-1])
        if not isinstance(node, MappingNode):
            amount = self.amount(node, path)
            return None if amount is None else BetSpec(bet, amount, amount, Decimal(1))
        f = self.mapping(node, S.RANGE, path)
        if f is None:
            return None
        lo = self.amount(f["min"], _join(path, "min")) if "min" in f else None
        hi = self.amount(f["max"], _join(path, "max")) if "max" in f else None
        step = self.amount(f["step"], _join(path, "step")) if "step" in f else Decimal(1)
        if lo is None or hi is None or step is None:
            return None
        if lo > hi:
            self.err(node, path, f"min {lo} is more than max {hi}")
            return None
        if (hi - lo) % step:
            self.err(node, path, f"max {hi} cannot be reached from min {lo} in steps of "
                     f"{step}: make max - min a multiple of step")
            return None
        return BetSpec(bet, lo, hi, step)

    def coups(self, node: Node, path: str) -> list[FixedCoup] | None:
        items = self.seq(node, path, "coups")
        if items is None:
            return None
        out = []
        for i, item in enumerate(items):
            sub = _join(path, i)
            f = self.mapping(item, S.COUP, sub)
            if f is None:
                continue
            cards = self.cards(f["cards"], _join(sub, "cards")) if "cards" in f else None
            note = self.text(f["note"], _join(sub, "note")) if "note" in f else None
            wagers = (
                self.bet_map(f["bets"], _join(sub, "bets"), self.amount) if "bets" in f else None
            )
            expect = (
                self.mapping(f["expect"], S.EXPECT, _join(sub, "expect")) if "expect" in f
                else None
            )
            coup = None if cards is None else self.deal(f["cards"], _join(sub, "cards"), cards)
            if expect:
                # here, not after the whole file reads clean: a wrong answer is never hidden
                self.check_expect(coup, expect, _join(sub, "expect"))
            if coup is None:
                continue
            out.append(FixedCoup(cards, " ".join(note.split()) if note else None, wagers or None))
        return out

    def deal(self, node: Node, path: str, cards: tuple[Card, ...]) -> Coup | None:
        """The coup the cards deal, exactly: no card missing, none left over."""
        try:
            coup = Coup.from_cards(cards)
        except EngineError as exc:
            self.err(node, path, f"the coup is not complete: {exc}")
            return None
        if coup.unused:
            extra = " ".join(str(c) for c in coup.unused)
            self.err(node, path, f"the coup uses {len(coup.cards)} cards; {extra} would not "
                     "be dealt (remove it)")
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
                "outcome": (coup.outcome.value, coup.rules[-1]),
            }

        def result(node: Node, sub: str) -> None:
            said = self.choice(node, sub, S.RESULTS, "a result")
            if said is None or coup is None:
                return
            bet = Bet(sub.rsplit(".", 1)[-1])
            truth = RESULTS[coup.outcome][bet]
            if BetResult(said) is not truth:
                self.err(node, sub, f"says {said} but the engine says {truth.value}: "
                         f"{coup.rules[-1]}, so the {bet.label} bet {_verb(truth)}")

        for name, node in expect.items():
            sub = _join(path, name)
            if name == "payouts":
                self.bet_map(node, sub, result)
                continue
            if name == "outcome":
                said = self.choice(node, sub, S.OUTCOMES, "an outcome")
            else:
                said = self.boolean(node, sub)
            if said is None or name not in facts or said == facts[name][0]:
                continue
            truth, why = facts[name]
            self.err(node, sub, f"says {_show(said)} but the engine says {_show(truth)}: {why}")

    def filters(self, node: Node, path: str) -> list[tuple[CoupFilter, MappingNode]] | None:
        items = self.seq(node, path, "filters")
        if items is None:
            return None
        if not items:
            self.err(node, path, "is an empty list: give at least one filter")
            return None
        out = []
        for i, item in enumerate(items):
            sub = _join(path, i)
            f = self.mapping(item, S.FILTER, sub)
            if f is None:
                continue
            kw: dict[str, Any] = {}
            ok = True
            for name, value in f.items():
                p = _join(sub, name)
                if name == "weight":
                    got: Any = self.integer(value, p, 1, S.MAX_WEIGHT, "a weight")
                elif name in ("natural", "player_draws", "banker_draws"):
                    got = self.boolean(value, p)
                elif name == "outcome":
                    got = self.outcomes(value, p)
                elif name == "cards":
                    got = self.values(value, p, 4, 6, "number of cards")
                else:
                    got = self.values(value, p, 0, 9, "total" if "third" not in name else
                                      "card value")
                if got is None:
                    ok = False
                else:
                    kw[name] = got
            if ok:
                assert isinstance(item, MappingNode)
                out.append((CoupFilter(**kw), item))
        return out

    def outcomes(self, node: Node, path: str) -> frozenset[Outcome] | None:
        items = node.value if isinstance(node, SequenceNode) else [node]
        if not items:
            self.err(node, path, "is an empty list: give at least one outcome")
            return None
        got = [self.choice(n, path, S.OUTCOMES, "an outcome") for n in items]
        if any(g is None for g in got):
            return None
        return frozenset(Outcome(g) for g in got)

    def check_satisfiable(self, flt: CoupFilter, node: MappingNode, path: str, decks: int) -> None:
        reason = unsatisfiable_reason(flt, decks)
        if reason is not None:
            self.err(node, path, reason)


def _span(span: tuple[int, int]) -> str:
    lo, hi = span
    return str(lo) if lo == hi else f"{lo}-{hi}"


def _verb(result: BetResult) -> str:
    return {BetResult.WIN: "wins", BetResult.PUSH: "pushes", BetResult.LOSE: "loses"}[result]


def unsatisfiable_reason(flt: CoupFilter, decks: int = 8) -> str | None:
    """None when some coup matches ``flt``; else why not, naming the fields that clash."""
    classes = [c for c, n in class_counts(decks).items() if n]
    if any(flt.matches(c) for c in classes):
        return None
    given = {name: getattr(flt, name) for name in FILTER_FIELDS if getattr(flt, name) is not None}

    def passes(cls: CoupClass, name: str) -> bool:
        want, have = given[name], getattr(cls, name)
        return want == have if isinstance(want, bool) else have in want

    table = [(c, {name: passes(c, name) for name in given}) for c in classes]
    names = list(given)
    for size in range(1, len(names) + 1):
        for subset in itertools.combinations(names, size):
            if any(all(row[n] for n in subset) for _, row in table):
                continue
            *others, last = subset
            if not others:
                return f"no coup matches this filter: no coup has {last}: {_fmt_set(given[last])}"
            allowed = {getattr(c, last) for c, row in table if all(row[n] for n in others)}
            context = ", ".join(f"{n}: {_fmt_set(given[n])}" for n in others)
            return (
                f"no coup matches this filter: with {context}, {last} can only be "
                f"{_fmt_set(allowed)} ({last}: {_fmt_set(given[last])} excludes it)"
            )
    return "no coup matches this filter"  # pragma: no cover - the full set always clashes
