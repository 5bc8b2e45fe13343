"""The drill kinds of the file format, one object each, found through one table.

A kind is what ``ask`` names besides the steps of a coup (``shoe``, ``call``, ``spot``,
``violations``, ``irregularities``, ``table``; none: separate coups).  Each kind here reads
and checks what a drill of its kind must and may say, and builds its run value
(``Drill.run``); the loader (``trainer.drills.loader``) reads the fields every drill shares
and asks the drill's kind for the rest.  The session (``trainer.session.kinds``) and the TUI
(``trainer.tui.kinds``) keep their own table of the same kinds, keyed by the same id
(``Drill.kind_id``): what a kind asks, and the screen it is answered on.

A new kind is one class with its ``id`` and ``words``, registered here (``register``), and
one entry in each of the other two tables (docs/developers.md, "Add a drill kind").
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from yaml.nodes import Node, SequenceNode

from trainer.drills import fields as F
from trainer.drills.model import (
    SHOE_TABLE_KIND,
    TABLE_KIND,
    BetSpec,
    CallSpec,
    CoupFilter,
    CoupSpec,
    FixedCoup,
    IrregularitySpec,
    RunSpec,
    ShoeSpec,
    SpotSpec,
    Step,
    TableSpec,
    ViolationSpec,
)
from trainer.drills.sections import span_words
from trainer.engine.house import House
from trainer.engine.said import Plural, Said, Verbatim
from trainer.fileformat.reading import Reader, child, join, names


@dataclass(frozen=True, slots=True)
class DrillRead:
    """A drill file as read so far, for its kind to check and build from: the fields as
    nodes (``f``, to report a problem at), the values that read clean (``get``), and what
    the loader made of the fields every drill shares."""

    f: dict[str, Node]
    get: dict[str, Any]
    steps: tuple[Step, ...]
    house: House
    fixed: list[FixedCoup]
    filters: list[tuple[CoupFilter, Node, str]]
    bets: dict[str, BetSpec]


#: The settings only some kinds take: (its name, where in the file, what is said when a
#: drill of another kind gives it).
SETTINGS: tuple[tuple[str, str, str], ...] = (
    (
        "cut",
        "shoe.cut",
        Said(
            "cut is a setting of a shoe drill (ask: [shoe, ...]); this drill deals separate coups"
        ),
    ),
    (
        "last_coups",
        "shoe.last_coups",
        Said(
            "last_coups is a setting of a shoe drill (ask: [shoe, ...]); this drill deals "
            "separate coups"
        ),
    ),
    ("spot", "spot", Said("spot settings need ask: spot")),
    ("violations", "violations", Said("violations settings need ask: violations or ask: table")),
)


def check_settings(r: Reader, f: dict[str, Node], kind: DrillKind) -> None:
    """Settings of one kind of run given to another are named, not ignored."""
    for name, where, message in SETTINGS:
        head, _, key = where.partition(".")
        node = child(f.get(head), key) if key else f.get(head)
        if node is not None and name not in kind.settings:
            r.err(node, where, message)


def check_layouts(r: Reader, house: House, node: Node, spec: TableSpec) -> None:
    """A table section against its house: seats, and legal layouts only."""
    if spec.seats[1] > house.seats:
        r.err(
            child(node, "seats") or node,
            "table.seats",
            Said(
                "{span} seats but the house {house}'s table has {seats}",
                span=Verbatim(span_words(spec.seats)),
                house=Verbatim(house.id),
                seats=house.seats,
            ),
        )
    spans = {b.bet: (b.minimum, b.maximum) for b in spec.bets}
    for bet, message in house.range_problems(spans, every_layout=True):
        where = child(child(node, "bets"), bet.value) or node
        r.err(where, join("table.bets", bet.value), message)


class DrillKind:
    """One kind of drill in the file format: what it reads, checks and builds.

    The defaults are separate coups': fixed or generated coups, the steps asked of each."""

    #: The id it is registered under in every layer (``Drill.kind_id``).
    id: ClassVar[str]
    #: The words of ``ask`` that name it, besides the steps (none: separate coups).
    words: ClassVar[frozenset[str]] = frozenset()
    #: Whole tables worked per coup (``Drill.at_table``).
    at_table: ClassVar[bool] = False
    #: Asked on its own: the kind takes the dealer through every step (no steps in ask).
    alone: ClassVar[bool] = False
    #: Its coups come from one shoe (no coups, filters or question count of its own).
    from_shoe: ClassVar[bool] = False
    #: Which of ``SETTINGS`` it takes.
    settings: ClassVar[frozenset[str]] = frozenset()
    #: It takes a ``table:`` section (the layouts it deals).
    takes_table: ClassVar[bool] = False
    #: What is said when it needs a table section and the drill has none (None: it does not).
    table_missing: ClassVar[str | None] = None

    def check_source(self, r: Reader, root: Node, f: dict[str, Node]) -> None:
        """Where its coups come from: the file's coups, its filters, or both."""
        if "coups" not in f and "generate" not in f:
            r.err(root, "", Said("a drill needs coups (fixed coups), generate (filters), or both"))

    def check_steps(
        self, r: Reader, node: Node, path: str, word: str, steps: tuple[Step, ...]
    ) -> bool:
        """The steps ``ask`` gives with it; False when they are wrong (and said why)."""
        if self.alone and steps:
            r.err(
                node,
                path,
                Said(
                    "{word} is asked on its own: it takes the dealer "
                    "through every step (remove {steps})",
                    word=Verbatim(word),
                    steps=names(s.value for s in steps),
                ),
            )
            return False
        return True

    def questions(self, r: Reader, read: DrillRead) -> int:
        """How many coups a run deals: the file's count, else every fixed coup (or the
        default count, with filters)."""
        questions: int | None = read.get.get("questions")
        if questions is None:
            return F.DEFAULT_QUESTIONS if read.filters else len(read.fixed)
        if not read.filters and questions > len(read.fixed):
            count = len(read.fixed)
            r.err(
                read.f["questions"],
                "questions",
                Plural(
                    "{questions} questions but only {count} fixed coup and no generate "
                    "filters to make up the rest",
                    "{questions} questions but only {count} fixed coups and no generate "
                    "filters to make up the rest",
                    count,
                    questions=questions,
                ),
            )
        return questions

    def check(self, r: Reader, read: DrillRead) -> None:
        """What the kind checks once the drill's house is known."""

    def check_table(self, r: Reader, read: DrillRead, table: TableSpec) -> None:
        """Its table section against the drill's house (only for a kind that takes one)."""

    def build(self, read: DrillRead, model: dict[str, Any]) -> RunSpec:
        """Its run value; ``model`` (the drill's other attributes) may be adjusted."""
        return CoupSpec()


class CoupKind(DrillKind):
    """Separate coups, the steps asked of each (no word in ask: the default)."""

    id = CoupSpec.id


class ShoeKind(DrillKind):
    """One continuous shoe (``ask: [shoe, ...]``), the steps asked of each coup."""

    id = ShoeSpec.id
    words = frozenset({F.SHOE_KIND})
    from_shoe = True
    settings = frozenset({"cut", "last_coups"})

    def check_source(self, r: Reader, root: Node, f: dict[str, Node]) -> None:
        """A shoe drill deals its coups from the shoe: no coups, filters or question count."""
        for name in ("coups", "generate", "questions", "order"):
            if name in f:
                r.err(
                    f[name],
                    name,
                    Said(
                        "a shoe drill deals its coups from one shoe: "
                        "{name} does not apply (remove it; shoe: {{last_coups: N}} makes "
                        "a shorter run)",
                        name=Verbatim(name),
                    ),
                )

    def check_steps(
        self, r: Reader, node: Node, path: str, word: str, steps: tuple[Step, ...]
    ) -> bool:
        if not steps:
            r.err(
                node,
                path,
                Said(
                    "a shoe asks something of each coup too: add the steps, "
                    "e.g. ask: [shoe, outcome] or ask: [shoe, coup]"
                ),
            )
            return False
        return True

    def questions(self, r: Reader, read: DrillRead) -> int:
        return 0  # the shoe decides how many coups there are

    def check(self, r: Reader, read: DrillRead) -> None:
        """The cut card between 12 cards from the end and half the shoe (the engine's range)."""
        cut = read.get.get("shoe", {}).get("cut")
        if cut is None:
            return
        decks = read.house.decks
        half = 52 * decks // 2
        if cut > half:
            where = child(read.f["shoe"], "cut") or read.f["shoe"]
            r.err(
                where,
                "shoe.cut",
                Said(
                    "{cut} cards behind the cut card is more than half "
                    "the {decks}-deck shoe: use 12 to {half}",
                    cut=cut,
                    decks=decks,
                    half=half,
                ),
            )

    def build(self, read: DrillRead, model: dict[str, Any]) -> RunSpec:
        shoe = read.get.get("shoe", {})
        return ShoeSpec(cut=F.SHOE.cut.of(shoe), last_coups=shoe.get("last_coups"))


class TableKind(CoupKind):
    """Whole tables worked per coup (``ask: table``): take, pay in order, commission;
    watched first for violations with ``violations: {rate: ...}`` (the table's own setting,
    not the ``ask: violations`` kind)."""

    id = TABLE_KIND
    words = frozenset({F.TABLE_ASK})
    at_table = True
    settings = frozenset({"violations"})
    takes_table = True
    table_missing = Said(
        "ask: table needs a table section (seats, bets; e.g. "
        'table: {seats: "3-7", bets: {banker: {min: 5, max: 100, step: 5}}})'
    )

    def check_table(self, r: Reader, read: DrillRead, table: TableSpec) -> None:
        """A table drill against its house (seats, limits, side-bet rules) and the fields
        a table drill does not take."""
        f = read.f
        check_layouts(r, read.house, f["table"], table)
        for key, instead in (
            ("bets", "table.bets"),
            ("bets_per_coup", "table.bets_per_seat"),
            ("time_limit", "table.time_limit"),
        ):
            if key in f:
                r.err(
                    f[key],
                    key,
                    Said(
                        "a table drill takes {key} in its table section: write {instead}",
                        key=Verbatim(key),
                        instead=Verbatim(instead),
                    ),
                )
        items = f["coups"].value if isinstance(f.get("coups"), SequenceNode) else []
        for index, (coup, item) in enumerate(zip(read.fixed, items, strict=False)):
            if coup.wagers:
                r.err(
                    child(item, "bets") or item,
                    join(join("coups", index), "bets"),
                    Said(
                        "a table drill deals each coup's layout from its table section: "
                        "remove the coup's bets"
                    ),
                )

    def build(self, read: DrillRead, model: dict[str, Any]) -> RunSpec:
        if "violations" in read.get:  # a table watched before it is worked
            watch_rate = F.VIOLATIONS.rate.of(read.get["violations"])
            model["table"] = replace(model["table"], violations=watch_rate)
        model["at_table"] = True
        return super().build(read, model)


class ShoeTableKind(TableKind, ShoeKind):
    """Whole tables worked per coup, the coups from one shoe (``ask: [shoe, table]``)."""

    id = SHOE_TABLE_KIND
    words = frozenset({F.SHOE_KIND, F.TABLE_ASK})
    settings = frozenset({"cut", "last_coups", "violations"})


class CallKind(DrillKind):
    """The dealer's calls at each step of a coup (``ask: call``)."""

    id = CallSpec.id
    words = frozenset({F.CALL_KIND})
    alone = True

    def build(self, read: DrillRead, model: dict[str, Any]) -> RunSpec:
        return CallSpec()


class SpotKind(DrillKind):
    """Replays to spot a dealer's error in (``ask: spot``, settings in ``spot:``)."""

    id = SpotSpec.id
    words = frozenset({F.SPOT_KIND})
    alone = True
    settings = frozenset({"spot"})

    def check(self, r: Reader, read: DrillRead) -> None:
        """Replays settle bets; a table-level mistake needs a table."""
        from trainer.engine.catalogue import find_mistake

        f, spot = read.f, read.get.get("spot", {})
        if not read.bets:
            r.err(
                f["ask"],
                "ask",
                Said(
                    "spot replays settle the bets on the layout: add a bets "
                    "section (e.g. bets: {banker: {min: 10, max: 100, step: 5}, dragon7: 10})"
                ),
            )
        if F.SPOT.level.of(spot) == "table":
            return
        node = child(f.get("spot"), "errors")
        items = node.value if isinstance(node, SequenceNode) else []
        extra = {m.id: m.level.value for m in spot.get("mistakes", ())}
        for i, (name, item) in enumerate(zip(spot.get("errors", ()), items, strict=False)):
            level = extra[name] if name in extra else find_mistake(name).level.value
            if level == "table":
                r.err(
                    item,
                    join(join("spot", "errors"), i),
                    Said(
                        "{name} happens only at a "
                        "table of several seats: set spot: {{level: table}}",
                        name=Verbatim(repr(name)),
                    ),
                )

    def build(self, read: DrillRead, model: dict[str, Any]) -> RunSpec:
        spot = read.get.get("spot", {})
        return SpotSpec(
            level=F.SPOT.level.of(spot),
            error_rate=F.SPOT.error_rate.of(spot),
            irregularity_rate=F.SPOT.irregularities.of(spot),
            violation_rate=F.SPOT.violations.of(spot),
            error_ids=tuple(F.SPOT.errors.of(spot)),
            extra_mistakes=tuple(spot.get("mistakes", ())),
        )


class MomentsKind(DrillKind):
    """Moments at a dealt table, each a violation to stop or none (``ask: violations``,
    the share in ``violations: {rate: ...}``): not worked at the table; its ``table:``
    section gives the moments' layouts."""

    id = ViolationSpec.id
    words = frozenset({F.VIOLATIONS_KIND})
    alone = True
    settings = frozenset({"violations"})
    takes_table = True
    table_missing = Said(
        "ask: violations deals moments at a table: add a table section (e.g. "
        'table: {seats: "3-5", bets: {banker: {min: 5, max: 100, step: 5}}})'
    )

    def check_table(self, r: Reader, read: DrillRead, table: TableSpec) -> None:
        """The layouts it deals are legal ones (a violation is the drill's to add)."""
        check_layouts(r, read.house, read.f["table"], table)

    def build(self, read: DrillRead, model: dict[str, Any]) -> RunSpec:
        layouts = model.pop("table")  # the moments' layouts, not a table worked per coup
        return ViolationSpec(layouts, F.VIOLATIONS.rate.of(read.get.get("violations", {})))


class IrregularitiesKind(DrillKind):
    """What goes wrong in the deal, its remedy asked (``ask: irregularities``)."""

    id = IrregularitySpec.id
    words = frozenset({F.IRREGULARITIES_KIND})
    alone = True

    def build(self, read: DrillRead, model: dict[str, Any]) -> RunSpec:
        return IrregularitySpec()


#: Every drill kind, by id: the one table the loader finds a drill's kind in.
DRILL_KINDS: dict[str, DrillKind] = {}


def register(kind: DrillKind) -> DrillKind:
    """Add ``kind`` to the table (a ValueError if its id or its words are taken)."""
    if kind.id in DRILL_KINDS:
        raise ValueError(f"a drill kind {kind.id!r} is already registered")
    if any(k.words == kind.words for k in DRILL_KINDS.values()):
        raise ValueError(f"ask: {sorted(kind.words)} already names a drill kind")
    DRILL_KINDS[kind.id] = kind
    return kind


for _kind in (
    CoupKind(),
    ShoeKind(),
    TableKind(),
    ShoeTableKind(),
    CallKind(),
    SpotKind(),
    MomentsKind(),
    IrregularitiesKind(),
):
    register(_kind)

#: Separate coups: the kind of a drill whose ask names no kind.
COUP = DRILL_KINDS[CoupSpec.id]


def kind_words() -> list[str]:
    """Every word ``ask`` takes besides the steps, in the order kinds were registered."""
    out: list[str] = []
    for kind in DRILL_KINDS.values():
        out.extend(w for w in sorted(kind.words) if w not in out and w != F.TABLE_ASK)
    return out


def asked(words: Iterable[str]) -> DrillKind | None:
    """The kind ``ask``'s words name (None: no kind is named by them together)."""
    chosen = frozenset(words)
    return next((k for k in DRILL_KINDS.values() if k.words == chosen), None)
