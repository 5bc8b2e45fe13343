"""Load a mistakes file: safe YAML, every problem located and reported at once, the result
the engine's Mistake values (checked against their transformation's parameters)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from trainer.drills.fields import ID_PATTERN
from trainer.engine.catalogue import CATALOGUE
from trainer.engine.deviation import DeviationKind
from trainer.engine.injection import Level, Mistake, coerce_params
from trainer.engine.said import Said
from trainer.fileformat import declare
from trainer.fileformat.problems import FileProblemsError
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
from trainer.mistakes import fields as F

__all__ = ["MistakesFileError", "load_mistakes_file", "load_mistakes_text", "schema_text"]


class MistakesFileError(FileProblemsError):
    """A mistakes file that cannot be used; ``problems`` lists everything wrong with it."""


def load_mistakes_file(
    path: str | Path, known: Iterable[Mistake] = CATALOGUE
) -> tuple[Mistake, ...]:
    """The mistakes in a file; MistakesFileError lists everything wrong with it."""
    path = Path(path)
    text = read_text(path, F.MAX_FILE_BYTES, "YAML mistakes", MistakesFileError)
    return load_mistakes_text(text, str(path), known)


def load_mistakes_text(
    text: str, label: str = "<mistakes>", known: Iterable[Mistake] = CATALOGUE
) -> tuple[Mistake, ...]:
    """The mistakes in ``text``; their ids must differ from each other and from ``known``
    (the bundled catalogue)."""
    root = compose(text, label, MistakesFileError, "a mapping with a mistakes: list")
    reader = MistakesReader(label)
    found = reader.read(root, F.FILE, "")
    mistakes: list[Mistake] = []
    if found is not None and "mistakes" in found:
        taken = {m.id for m in known}
        nodes = child(root, "mistakes")
        items = nodes.value if isinstance(nodes, SequenceNode) else []
        for i, mistake in enumerate(found["mistakes"]):
            where = items[i] if i < len(items) else root
            if mistake.id in taken:
                reader.err(
                    where,
                    join(join("mistakes", i), "id"),
                    Said(
                        "{id} is already a mistake (ids are unique, the bundled ones included)",
                        id=repr(mistake.id),
                    ),
                )
            taken.add(mistake.id)
            mistakes.append(mistake)
    if reader.problems or found is None:
        raise MistakesFileError(sorted(reader.problems, key=lambda p: (p.line, p.column)))
    return tuple(mistakes)


def schema_text() -> str:
    return declare.schema_text(
        declare.json_schema(F.FILE, schema_id=F.SCHEMA_ID, title="ezbac mistakes")
    )


_ID = re.compile(ID_PATTERN)


class MistakesReader(Reader, F.MistakeReads):
    """The drill files' Reader, with what a mistake needs."""

    def mistake_id(self, node: Node, path: str) -> str | None:
        text = self.scalar(node, path, Said("a short name like panda8-paid-at-40"), (STR, INT))
        if text is not None and not _ID.match(text):
            self.err(
                node,
                path,
                Said(
                    "{text} is not an id: use lowercase letters, digits, '-' and '_'",
                    text=repr(text),
                ),
            )
            return None
        return text

    def params(self, node: Node, path: str) -> dict[str, Any] | None:
        """A mapping of plain values (words, numbers, lists of whole numbers); what they
        mean is the transformation's, checked by ``mistake``."""
        if not isinstance(node, MappingNode):
            self.err(
                node, path, Said("must be a mapping of parameters, like {bet: panda8, odds: 40}")
            )
            return None
        out: dict[str, Any] = {}
        for key, value in node.value:
            name = str(key.value) if isinstance(key, ScalarNode) else ""
            sub = join(path, name or "?")
            if not name or name in out:
                self.err(key, sub, Said("each parameter is a plain name, given once"))
                return None
            got = self._plain(value, sub)
            if got is None:
                return None
            out[name] = got
        return out

    def _plain(self, node: Node, path: str) -> Any:
        if isinstance(node, SequenceNode):
            items = [self._plain(v, join(path, i)) for i, v in enumerate(node.value)]
            return None if any(v is None for v in items) else items
        if isinstance(node, ScalarNode) and node.tag == INT:
            text = node.value.replace("_", "")
            if re.fullmatch(r"[-+]?[0-9]{1,6}", text):
                return int(text)
        elif isinstance(node, ScalarNode) and node.tag == FLOAT:
            if re.fullmatch(r"[-+]?[0-9]{1,6}(\.[0-9]{1,2})?", node.value):
                return node.value  # exact: the engine reads the digits, never a float
        elif isinstance(node, ScalarNode) and node.tag == STR:
            return node.value
        self.err(node, path, Said("must be a word, a number (at most two decimals) or a list"))
        return None

    def mistake(self, node: Node, path: str) -> Mistake | None:
        found = self.mapping(node, F.MISTAKE, path)
        if found is None:
            return None
        v: dict[str, Any] = {}
        for name, value in found.items():
            got = self.read(value, F.MISTAKE.fields[name].kind, join(path, name))
            if got is not None:
                v[name] = got
        if "params" in found and "params" not in v:  # reported where it is (read): the
            return None  # mistake is never built without them (that raised a traceback)
        params = v.get("params", {})
        problems: list[tuple[str, str]] = []
        if "transform" in v and ("params" in v or "params" not in found):
            _, problems = coerce_params(v["transform"], params)
            where = found.get("params", node)
            for name, message in problems:
                spot = child(where, name) if isinstance(where, MappingNode) else None
                self.err(spot or where, join(join(path, "params"), name), message)
        if problems or not all(k in v for k in F.MISTAKE.required):
            return None
        return Mistake(
            v["id"],
            Level(F.MISTAKE.level.of(v)),
            DeviationKind(v["kind"]),
            v["description"],
            v["transform"],
            params,
        )
