"""Load an irregularities catalogue: safe YAML, every problem located and reported at once,
the result the engine's IrregularityEntry values; ``bundled()`` is the shipped catalogue."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from yaml.nodes import Node, ScalarNode, SequenceNode

from trainer.engine.cards import DealtCard
from trainer.engine.errors import InvalidCardError
from trainer.engine.irregularities import REMEDY_CHARS, Irregularity, IrregularityEntry, Source
from trainer.engine.said import Said
from trainer.fileformat import declare
from trainer.fileformat.problems import FileProblemsError
from trainer.fileformat.reading import (
    Reader,
    child,
    compose,
    join,
    read_text,
)
from trainer.irregularities import fields as F

__all__ = [
    "BUNDLED",
    "IrregularitiesFileError",
    "bundled",
    "load_irregularities_file",
    "load_irregularities_text",
    "schema_text",
]

#: The shipped catalogue.
BUNDLED = Path(__file__).with_name("irregularities.yaml")


class IrregularitiesFileError(FileProblemsError):
    """An irregularities file that cannot be used; ``problems`` lists everything wrong."""


def load_irregularities_file(path: str | Path) -> tuple[IrregularityEntry, ...]:
    path = Path(path)
    text = read_text(path, F.MAX_FILE_BYTES, "YAML irregularities", IrregularitiesFileError)
    return load_irregularities_text(text, str(path))


def load_irregularities_text(
    text: str, label: str = "<irregularities>"
) -> tuple[IrregularityEntry, ...]:
    """The entries in ``text``, each irregularity at most once."""
    root = compose(text, label, IrregularitiesFileError, "a mapping with an irregularities: list")
    reader = IrregularitiesReader(label)
    found = reader.read(root, F.FILE, "")
    nodes = child(root, "irregularities")
    seen: set[str] = set()  # on the nodes, so a repeat is found whatever else is wrong
    for i, item in enumerate(nodes.value if isinstance(nodes, SequenceNode) else []):
        key = child(item, "id")
        name = key.value if isinstance(key, ScalarNode) else None
        if isinstance(name, str) and name in seen:
            reader.err(
                item,
                join(join("irregularities", i), "id"),
                Said("{name} is already in the catalogue (each once)", name=repr(name)),
            )
        if isinstance(name, str):
            seen.add(name)
    if reader.problems or found is None:
        raise IrregularitiesFileError(sorted(reader.problems, key=lambda p: (p.line, p.column)))
    return tuple(found["irregularities"])


@cache
def bundled() -> tuple[IrregularityEntry, ...]:
    """The shipped catalogue (read once)."""
    return load_irregularities_file(BUNDLED)


def schema_text() -> str:
    return declare.schema_text(
        declare.json_schema(F.FILE, schema_id=F.SCHEMA_ID, title="ezbac irregularities")
    )


class IrregularitiesReader(Reader, F.IrregularityReads):
    """The drill files' Reader, with what an irregularity needs."""

    def lines(self, node: Node, path: str) -> tuple[str, ...] | None:
        items = self.seq(node, path, Said("lines of text"))
        if items is None:
            return None
        got = [self.line(item, join(path, i)) for i, item in enumerate(items)]
        return None if any(g is None for g in got) else tuple(g for g in got if g is not None)

    def remedy(self, node: Node, path: str) -> str | None:
        """One line the drill shows as an answer: short enough to read at a glance."""
        text = self.line(node, path)
        if text is not None and len(text) > REMEDY_CHARS:
            self.err(
                node,
                path,
                Said(
                    "is {count} characters: keep the remedy to {most} (it is an "
                    "answer on one line) and put the rest in detail",
                    count=len(text),
                    most=REMEDY_CHARS,
                ),
            )
            return None
        return text

    def felt(self, node: Node, path: str) -> tuple[DealtCard, ...] | None:
        """The cards in the boxes, each ``P:`` or ``B:`` and a card, at most ``MAX_FELT``."""
        items = self.seq(node, path, Said("cards, each P: or B: and a card"))
        if items is None:
            return None
        if len(items) > F.MAX_FELT:
            self.err(
                node,
                path,
                Said("has {count} cards: write at most {most}", count=len(items), most=F.MAX_FELT),
            )
            return None
        got: list[DealtCard] = []
        for i, item in enumerate(items):
            text = self.line(item, join(path, i))
            if text is None:
                continue
            try:
                got.append(DealtCard.parse(text))
            except InvalidCardError as e:  # its message as raised (a Said)
                said = e.args[0] if len(e.args) == 1 else None
                self.err(item, join(path, i), said if isinstance(said, Said) else str(e))
        return tuple(got) if len(got) == len(items) else None

    def entry(self, node: Node, path: str) -> IrregularityEntry | None:
        found = self.mapping(node, F.ENTRY, path)
        if found is None:
            return None
        v: dict[str, Any] = {}
        for name, value in found.items():
            got = self.read(value, F.ENTRY.fields[name].kind, join(path, name))
            if got is not None:
                v[name] = got
        if not all(k in v for k in F.ENTRY.required):
            return None  # reported where each was read, or missing
        return IrregularityEntry(
            Irregularity(v["id"]),
            v["name"],
            v["scene"],
            v["remedy"],
            Source(v["source"]),
            F.ENTRY.detail.of(v),
            F.ENTRY.cites.of(v),
            F.ENTRY.felt.of(v),
        )
