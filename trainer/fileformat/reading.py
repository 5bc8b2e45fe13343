"""Reading a declared YAML file: safe text, located nodes, every problem collected.

The YAML is composed into nodes (never constructed into Python objects wholesale) so every
value keeps its line and column and its source text: amounts are read from the text the
author wrote ("2.50"), never from a float.  Anchors, aliases and tags beyond the core
schema are refused before composing (which also disposes of alias bombs), and so is deep
nesting.  A ``Reader`` walks the nodes as a declaration (``trainer.fileformat.declare``)
says, collecting problems instead of stopping at the first.

Why not a validation library (pydantic, msgspec, cattrs)?  They validate Python objects
already built from the YAML, where lines and columns are gone, msgspec stops at the first
error, and pydantic alone costs about a third of a bare Textual launch to import; the
readers here are small, and the checks that matter (cards, the engine's answers, amounts
from their text) are this project's own anyway.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Callable, Iterable
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from trainer.engine.errors import QUOTE_LIMIT, EngineError, quote
from trainer.engine.money import ascii_int, parse_amount, parse_odds
from trainer.engine.said import Grouped, Said, Verbatim
from trainer.errors import BadInputError
from trainer.fileformat.declare import AnyOf, Kind, ListOf, MapOf, Obj, Reads, Scalar, ScalarReads
from trainer.fileformat.problems import FileProblemsError, Problem
from trainer.paths import SpecialFileError, bad_byte_at, read_capped

MAX_DEPTH = 20
YAML_TAG = "tag:yaml.org,2002:"
#: The tags a file may carry: the core schema's own and "!" (non-specific, no effect).
CORE_TAGS = frozenset(
    YAML_TAG + t for t in ("str", "int", "float", "bool", "null", "seq", "map")
) | {"!"}
STR, INT, FLOAT, BOOL, NULL = (YAML_TAG + t for t in ("str", "int", "float", "bool", "null"))
_BOOL_VALUES = yaml.constructor.SafeConstructor.bool_values
#: Digits as a file may write them: ASCII only ("²".isdigit() and "٥".isdigit() are true).
_DIGITS = re.compile(r"[0-9]+")
_SIGNED = re.compile(r"[-+]?[0-9]+")
_PLAIN_KEY = re.compile(r"[A-Za-z0-9_-]+")
#: The characters that reorder text on screen (Unicode's bidirectional embeddings,
#: overrides and isolates, and the implicit marks): a title holding one can show words in
#: another order than the file has them, so no text field may hold them.
BIDI_CONTROLS = frozenset(
    "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"
)


class TextProblem(BadInputError):
    """Why some bytes are not a file's text; ``line`` (and ``column``) 0 when no line is to
    blame."""

    def __init__(self, message: Said, line: int = 0, column: int = 0) -> None:
        super().__init__(message)
        self.line = line
        self.column = column


def file_text(data: bytes, max_bytes: int, what: str = "YAML") -> str:
    """The text of a file's bytes, or TextProblem: size, binary and UTF-8 checks."""
    if len(data) > max_bytes:
        raise TextProblem(too_large(max_bytes))
    if b"\x00" in data:
        raise TextProblem(Said("is a binary file, not a {what} file", what=what))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise TextProblem(
            Said(
                "is not UTF-8 text (byte {byte} at offset {offset}); save the file as UTF-8",
                byte="0x" + format(data[exc.start], "02x"),
                offset=exc.start,
            ),
            *bad_byte_at(data, exc.start),
        ) from None


def text_of(
    data: bytes, label: str, max_bytes: int, what: str, error: type[FileProblemsError]
) -> str:
    """``file_text`` for a file named ``label``: its problem raised as ``error``, at its line."""
    try:
        return file_text(data, max_bytes, what)
    except TextProblem as exc:
        raise error([Problem(label, exc.line, exc.column, "", message_of(exc))]) from None


def read_text(path: Path, max_bytes: int, what: str, error: type[FileProblemsError]) -> str:
    """A file's text (``read_bytes``, then ``text_of``), every problem as ``error``."""
    label = str(path)
    return text_of(read_bytes(path, label, max_bytes, error), label, max_bytes, what, error)


def yaml_loader() -> Any:
    """PyYAML's libyaml loader when it was built with one (several times faster), else the
    pure-Python one; both compose the same nodes with the same marks (only the wording of
    syntax errors differs)."""
    return getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def read_bytes(path: Path, label: str, max_bytes: int, error: type[FileProblemsError]) -> bytes:
    """A file's bytes, at most ``max_bytes``; ``error`` (one located problem) if not.  A
    named pipe, a device or a folder is refused without waiting on it (``read_capped``)."""

    def fail(message: Said) -> FileProblemsError:
        return error([Problem(label, 0, 0, "", message)])

    try:
        data = read_capped(path, max_bytes)
    except SpecialFileError as exc:
        raise fail(Said("is {kind}, not a file", kind=exc.kind)) from None
    except FileNotFoundError:
        raise fail(Said("no such file")) from None
    except OSError as exc:
        raise fail(Said("cannot read: {reason}", reason=Verbatim(exc.strerror or ""))) from None
    if len(data) > max_bytes:
        raise fail(too_large(max_bytes))
    return data


def too_large(max_bytes: int) -> Said:
    return Said("file is too large (more than {count} bytes)", count=Grouped(max_bytes))


def message_of(exc: BaseException) -> str:
    """An error's message as it was given (a ``Said`` stays one, for the edges to word)."""
    message = exc.args[0] if len(exc.args) == 1 else None
    return message if isinstance(message, str) else str(exc)


def compose(
    text: str, label: str, error: type[FileProblemsError], what: str | None = None
) -> MappingNode:
    """The document's top-level mapping node; ``error`` with the first YAML-level problem."""
    what = Said("a mapping of fields") if what is None else what

    def fail(mark: Any, message: Said) -> FileProblemsError:
        if mark is None:
            return error([Problem(label, 0, 0, "", message)])
        return error([Problem(label, mark.line + 1, mark.column + 1, "", message)])

    loader = yaml_loader()
    try:
        depth = 0
        for event in yaml.parse(text, Loader=loader):
            # PyYAML's scanner slows quadratically with nesting depth: stop early.
            if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                depth += 1
                if depth > MAX_DEPTH:
                    raise fail(
                        event.start_mark,
                        Said(
                            "nesting is deeper than {most} levels; "
                            "a file here needs no more than {needed}",
                            most=MAX_DEPTH,
                            needed=5,
                        ),
                    )
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                depth -= 1
            if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
                raise fail(
                    event.start_mark,
                    Said(
                        "anchors and aliases (&name, *name) are not "
                        "allowed: write each value out in full"
                    ),
                )
            tag = getattr(event, "tag", None)
            if tag is not None and tag not in CORE_TAGS:
                shown = "!!" + tag.removeprefix(YAML_TAG) if tag.startswith(YAML_TAG) else tag
                raise fail(
                    event.start_mark,
                    Said(
                        "the YAML tag {tag} is not allowed: write plain values", tag=Verbatim(shown)
                    ),
                )
        root = yaml.compose(text, Loader=loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = exc.problem or exc.context or "malformed YAML"
        # PyYAML's own words for the problem stay as PyYAML gives them
        raise fail(mark, Said("YAML syntax error: {problem}", problem=Verbatim(problem))) from None
    except yaml.YAMLError as exc:
        raise fail(None, Said("YAML error: {problem}", problem=Verbatim(str(exc)))) from None
    except RecursionError:
        raise fail(None, Said("nesting is too deep")) from None
    if root is None:
        raise fail(None, Said("file is empty: it must be {what}", what=what))
    if not isinstance(root, MappingNode):
        raise fail(
            root.start_mark,
            Said("the top level must be {what}, found {found}", what=what, found=describe(root)),
        )
    return root


def describe(node: Node) -> str:
    """What a node is, for a message: its kind in words, or its value as the file has it."""
    if isinstance(node, MappingNode):
        return Said("a mapping")
    if isinstance(node, SequenceNode):
        return Said("a list")
    if node.tag == NULL:
        return Said("nothing")
    text = str(node.value)
    if node.tag == STR or len(text) > QUOTE_LIMIT:  # a long number is quoted and cut too
        return Verbatim(quote(text))
    return Verbatim(text)


def names(words: Iterable[str]) -> Verbatim:
    """Names a file may write (keys, choices), listed as they are written."""
    return Verbatim(", ".join(words))


def join(path: str, name: str | int) -> str:
    """A field's dotted path; a key that is no plain name is quoted (it may hold anything,
    a line break included, and a problem is one line)."""
    if isinstance(name, int):
        return f"{path}[{name}]"
    if not _PLAIN_KEY.fullmatch(name):
        return f"{path}[{name!r}]"
    return f"{path}.{name}" if path else name


def child(node: Node | None, key: str) -> Node | None:
    """The value node under ``key`` in a mapping node, if any (where to point a problem)."""
    if isinstance(node, MappingNode):
        pairs: list[tuple[Node, Node]] = node.value
        for k, value in pairs:
            if getattr(k, "value", None) == key:
                return value
    return None


def too_long(length: int, most: int) -> Said:
    return Said("is {length} characters: keep it to {most}", length=length, most=most)


def hint(word: str, choices: Iterable[str]) -> str:
    match = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return Said(" (did you mean {name}?)", name=Verbatim(repr(match[0]))) if match else ""


def is_number(text: str) -> bool:
    """Whether ``text`` is a whole number written with the digits 0-9, short enough for
    ``int()`` (the engine's ascii_int rule: no other script's digits, nothing absurdly long)."""
    return _DIGITS.fullmatch(text) is not None and ascii_int(text) is not None


class Reader(ScalarReads):
    """Walks the node tree as a declaration says, collecting problems instead of stopping
    at the first.  A Scalar's ``reader`` is a method here (the ScalarReads) or in a subclass
    (its format's protocol), called as ``method(node, path, *args)``; it returns the value,
    or None after reporting why not."""

    def __init__(self, label: str) -> None:
        self.label = label
        self.problems: list[Problem] = []

    # -- reporting -------------------------------------------------------------------------
    def err(self, node: Node, path: str, message: str) -> None:
        """A problem at ``node``: ``message`` a ``Said`` (its English is the file's problem in
        ``--json``; the edges word it in the language spoken)."""
        mark = node.start_mark
        self.problems.append(Problem(self.label, mark.line + 1, mark.column + 1, path, message))

    # -- declared shapes -------------------------------------------------------------------
    def read(self, node: Node, kind: Kind, path: str) -> Any:
        """The value of ``node`` as ``kind`` declares it; None if it has problems."""
        if isinstance(kind, (Scalar, AnyOf)):
            return self.apply(kind.reader, node, path)
        if (
            isinstance(kind, ListOf)
            and kind.max_items is not None
            and isinstance(node, SequenceNode)
            and len(node.value) > kind.max_items
        ):
            # the declared limit, enforced here for every list (its own reader or not), as the
            # JSON Schema states it from the same declaration
            first = kind.max_items  # the first item past the limit is the one named
            self.err(
                node.value[first],
                join(path, first),
                Said(
                    "too many items ({count}): at most {most}",
                    count=Grouped(len(node.value)),
                    most=first,
                ),
            )
            return None
        if kind.reader is not None:
            return self.apply(kind.reader, node, path)
        if isinstance(kind, Obj):
            return self.fields(node, kind, path)
        if isinstance(kind, ListOf):
            items = self.seq(node, path, Said("items"))
            if items is None:
                return None
            got = [self.read(item, kind.item, join(path, i)) for i, item in enumerate(items)]
            return None if any(g is None for g in got) else got
        return self.keyed(node, kind, path)

    def apply(self, reads: Reads, node: Node, path: str) -> Any:
        """The declared reader's value (``reads`` was checked against the format's reader
        protocol by mypy; its Reader subclass implements that protocol)."""
        method: Callable[..., Any] = getattr(self, reads.method)
        return method(node, path, *reads.args, **reads.kwargs)

    def fields(self, node: Node, obj: Obj, path: str) -> dict[str, Any] | None:
        """The fields of a mapping that read clean, by key (a field with a problem is
        left out, and reported); None if ``node`` is no mapping."""
        found = self.mapping(node, obj, path)
        if found is None:
            return None
        out = {}
        for name, value in found.items():
            got = self.read(value, obj.fields[name].kind, join(path, name))
            if got is not None:
                out[name] = got
        return out

    def keyed(self, node: Node, kind: MapOf, path: str) -> dict[str, Any] | None:
        """A mapping from some of ``kind.keys`` to values of ``kind.value``."""
        if not isinstance(node, MappingNode):
            self.err(
                node,
                path,
                Said(
                    "must be a mapping of {keys}, found {found}",
                    keys=names(kind.keys),
                    found=describe(node),
                ),
            )
            return None
        out: dict[str, Any] = {}
        for name, value in self.keys(node, path, list(kind.keys)).items():
            got = self.read(value, kind.value, join(path, name))
            if got is not None:
                out[name] = got
        return out

    def mapping(self, node: Node, obj: Obj, path: str) -> dict[str, Node] | None:
        if not isinstance(node, MappingNode):
            self.err(
                node,
                path,
                Said(
                    "must be a mapping (keys: {keys}), found {found}",
                    keys=names(obj.fields),
                    found=describe(node),
                ),
            )
            return None
        return self.keys(node, path, list(obj.fields), obj.required)

    def keys(
        self, node: MappingNode, path: str, allowed: list[str], required: Iterable[str] = ()
    ) -> dict[str, Node]:
        seen: dict[str, Node] = {}
        first: dict[str, Node] = {}
        for key, value in node.value:
            if not isinstance(key, ScalarNode) or key.tag == NULL:
                self.err(
                    key, path, Said("keys must be plain names, found {found}", found=describe(key))
                )
                continue
            name = str(key.value)
            sub = join(path, name)
            if name in first:
                self.err(
                    key,
                    sub,
                    Said(
                        "duplicate key (first given at line {line})",
                        line=first[name].start_mark.line + 1,
                    ),
                )
                continue
            first[name] = key
            if name not in allowed:
                self.err(
                    key,
                    sub,
                    Said(
                        "unknown key {name}{hint}; allowed here: {allowed}",
                        name=Verbatim(repr(name)),
                        hint=hint(name, allowed),
                        allowed=names(allowed),
                    ),
                )
                continue
            seen[name] = value
        for name in required:
            if name not in first:
                self.err(node, join(path, name), Said("required field is missing"))
        return seen

    def seq(self, node: Node, path: str, what: str) -> list[Node] | None:
        if not isinstance(node, SequenceNode):
            self.err(
                node,
                path,
                Said("must be a list of {what}, found {found}", what=what, found=describe(node)),
            )
            return None
        return list(node.value)

    def scalar(self, node: Node, path: str, what: str, tags: Iterable[str]) -> str | None:
        if isinstance(node, ScalarNode) and node.tag in tags:
            return str(node.value)
        if isinstance(node, ScalarNode) and node.tag == NULL:
            self.err(node, path, Said("has no value: write {what}", what=what))
        elif (
            isinstance(node, ScalarNode)
            and node.style in ("'", '"')
            and STR not in tags
            and (INT in tags or FLOAT in tags)
        ):  # decks: "8" is text, not the number 8
            self.err(
                node,
                path,
                Said(
                    "must be {what}, found the text {found} in quotes: "
                    "write a number without quotes",
                    what=what,
                    found=describe(node),
                ),
            )
        else:
            self.err(
                node, path, Said("must be {what}, found {found}", what=what, found=describe(node))
            )
        return None

    # -- scalars ---------------------------------------------------------------------------
    def text(self, node: Node, path: str) -> str | None:
        """Text a screen or a terminal will show: no control characters (an escape sequence in a
        quoted string changed the window title when listed), line breaks and tabs aside."""
        value = self.scalar(node, path, Said("text"), (STR, INT, FLOAT))
        if value is not None and not value.strip():
            self.err(node, path, Said("is empty"))
            return None
        if value is not None:
            bad = next(
                (ch for ch in value if ch not in "\n\t" and (unicodedata.category(ch) == "Cc")),
                None,
            )
            if bad is not None:
                self.err(
                    node,
                    path,
                    Said(
                        "holds the control character {code}: write plain text",
                        code="U+" + format(ord(bad), "04X"),
                    ),
                )
                return None
            flip = next((ch for ch in value if ch in BIDI_CONTROLS), None)
            if flip is not None:
                self.err(
                    node,
                    path,
                    Said(
                        "holds the bidirectional control {code} (it can make the text "
                        "read in another order than it is written): write plain text",
                        code="U+" + format(ord(flip), "04X"),
                    ),
                )
                return None
        return value

    def short_line(self, node: Node, path: str, most: int) -> str | None:
        """``line`` of at most ``most`` characters (what a sheet or a list shows on one
        line)."""
        value = self.line(node, path)
        if value is not None and len(value) > most:
            self.err(node, path, too_long(len(value), most))
            return None
        return value

    def line(self, node: Node, path: str) -> str | None:
        """Text shown on one line: without surrounding space, and no line break or tab."""
        value = self.text(node, path)
        if value is not None and any(ch in value.strip() for ch in "\n\t"):
            self.err(node, path, Said("must be one line (no line break or tab inside)"))
            return None
        return None if value is None else value.strip()

    def paragraph(self, node: Node, path: str) -> str | None:
        """Text shown as a paragraph: runs of whitespace, line breaks included, are one space."""
        value = self.text(node, path)
        return None if value is None else " ".join(value.split())

    def short_paragraph(self, node: Node, path: str, most: int) -> str | None:
        """``paragraph`` of at most ``most`` characters."""
        value = self.paragraph(node, path)
        if value is not None and len(value) > most:
            self.err(node, path, too_long(len(value), most))
            return None
        return value

    def boolean(self, node: Node, path: str) -> bool | None:
        value = self.scalar(node, path, Said("true or false"), (BOOL,))
        return None if value is None else _BOOL_VALUES[value.lower()]

    def integer(self, node: Node, path: str, lo: int, hi: int, what: str) -> int | None:
        text = self.scalar(node, path, Said("{what} ({lo}-{hi})", what=what, lo=lo, hi=hi), (INT,))
        if text is None:
            return None
        digits = text.replace("_", "")
        if not _SIGNED.fullmatch(digits) or not is_number(digits.lstrip("+-")):
            # YAML also reads 0x1F, 0o17 and 1:30 as integers; int() refuses 4,300 digits
            self.err(
                node,
                path,
                Said(
                    "must be {what} written in decimal, found {found}",
                    what=what,
                    found=Verbatim(quote(text)),
                ),
            )
            return None
        value = int(digits)
        if not lo <= value <= hi:
            self.err(
                node,
                path,
                Said(
                    "{value} is out of range: {what} is {lo}-{hi}",
                    value=value,
                    what=what,
                    lo=lo,
                    hi=hi,
                ),
            )
            return None
        return value

    def choice(self, node: Node, path: str, choices: Iterable[str], what: str) -> str | None:
        options = list(choices)
        text = self.scalar(
            node,
            path,
            Said("{what}: one of {choices}", what=what, choices=names(options)),
            (STR, INT),
        )
        if text is None:
            return None
        if text not in options:
            self.err(
                node,
                path,
                Said(
                    "{found} is not {what}{hint}; choose one of {choices}",
                    found=Verbatim(quote(text)),
                    what=what,
                    hint=hint(text, options),
                    choices=names(options),
                ),
            )
            return None
        return text

    def amount(self, node: Node, path: str) -> Decimal | None:
        """An amount of money, read from its text by the engine's parse_amount, so its rules
        (ASCII digits, two decimals, the wager limits) are the engine's."""
        text = self.scalar(node, path, Said("an amount like 25 or 2.50"), (INT, FLOAT, STR))
        if text is None:
            return None
        try:
            return parse_amount(text)
        except EngineError as exc:
            self.err(node, path, message_of(exc))
            return None

    def odds(self, node: Node, path: str) -> Decimal | None:
        """N of a bet's "pays N to 1", read by the engine's parse_odds (0.01 to 1,000)."""
        text = self.scalar(node, path, Said("a pay like 40 or 7.5"), (INT, FLOAT, STR))
        if text is None:
            return None
        try:
            return parse_odds(text)
        except EngineError as exc:
            self.err(node, path, message_of(exc))
            return None

    def percent(self, node: Node, path: str) -> int | None:
        text = self.scalar(node, path, Said('a percentage like 80 or "80%"'), (INT, STR))
        if text is None:
            return None
        digits = text.strip().removesuffix("%").strip()
        if not is_number(digits):
            self.err(
                node,
                path,
                Said(
                    '{found} is not a percentage: write a whole number 0-100, like 80 or "80%"',
                    found=Verbatim(quote(text)),
                ),
            )
            return None
        value = int(digits)
        if value > 100:
            self.err(
                node,
                path,
                Said("{found} is out of range: a percentage is 0-100", found=Verbatim(quote(text))),
            )
            return None
        return value

    def seconds(self, node: Node, path: str, most: int) -> float | None:
        text = self.scalar(node, path, Said("a number of seconds"), (INT, FLOAT))
        if text is None:
            return None
        try:
            value = Decimal(text.replace("_", ""))
        except InvalidOperation:
            self.err(
                node, path, Said("{found} is not a number of seconds", found=Verbatim(quote(text)))
            )
            return None
        if not (value.is_finite() and 0 < value <= most):
            self.err(
                node,
                path,
                Said(
                    "{found} is out of range: seconds are more than 0 and at most {most}",
                    found=Verbatim(text),
                    most=most,
                ),
            )
            return None
        return float(value)

    def values(self, node: Node, path: str, lo: int, hi: int, what: str) -> frozenset[int] | None:
        """5, "3-6" or a list of those."""
        items = node.value if isinstance(node, SequenceNode) else [node]
        if isinstance(node, SequenceNode) and not items:
            self.err(node, path, Said("is an empty list: give at least one {what}", what=what))
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
        example = Said(
            'a {what} ({lo}-{hi}), a range like "{lo}-{hi}", or a list of those',
            what=what,
            lo=lo,
            hi=hi,
        )
        text = self.scalar(node, path, example, (INT, STR))
        if text is None:
            return None
        parts = [p.strip() for p in text.split("-")]
        if len(parts) in (1, 2) and all(is_number(p) for p in parts):
            first, last = int(parts[0]), int(parts[-1])
            bad = [v for v in (first, last) if not lo <= v <= hi]
            if bad:
                self.err(
                    node,
                    path,
                    Said(
                        "{value} is not a {what}: {what}s are {lo}-{hi}",
                        value=bad[0],
                        what=what,
                        lo=lo,
                        hi=hi,
                    ),
                )
                return None
            if first > last:
                self.err(
                    node,
                    path,
                    Said(
                        'range {found} runs backwards: write "{last}-{first}"',
                        found=Verbatim(quote(text)),
                        last=last,
                        first=first,
                    ),
                )
                return None
            return set(range(first, last + 1))
        self.err(
            node,
            path,
            Said("{found} is not {example}", found=Verbatim(quote(text)), example=example),
        )
        return None
