"""Declarations of a YAML file's fields, and the JSON Schema made from them.

A format is an ``Obj``: named ``Field``s, declared as the class attributes of an ``Obj``
subclass (so code reaches a field as ``F.RANGE.step``, checked by mypy, never by a string),
or as a mapping for a small format.  Each field says, in one place:

- its kind: a ``Scalar`` (the Reader method that reads it with its arguments, as ``reads``
  makes them from a typed reference such as ``ScalarReads.integer``, and its JSON Schema), or
  a nested ``Obj``, ``ListOf`` or ``MapOf``;
- its doc (shown by editors through the JSON Schema);
- whether it is required, and its default (what the loaded value is when the file is
  silent: the model's dataclass takes its defaults from here, the schema shows them);
- ``attr``: the model attribute the value goes to, when its name differs from the key;
- ``listed``: whether a list of files shows it (read by a cheap scan, without a full load).

Nothing here imports PyYAML or the engine: this module is read on a warm launch.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, Protocol, TypeVar

if TYPE_CHECKING:  # for the types only: a declaration is read without PyYAML or decimal
    from decimal import Decimal

    from yaml.nodes import Node

#: A default of "no default": the field is required, or its value is computed.
NO_DEFAULT: Any = type("NoDefault", (), {"__repr__": lambda self: "NO_DEFAULT"})()

_Reader = TypeVar("_Reader")
_Args = ParamSpec("_Args")


class Reads:
    """A Reader method to call as ``method(node, path, *args, **kwargs)``: made by ``reads``
    from a typed reference, so the name and the arguments are checked by mypy.  (A plain
    class: a dataclass costs a warm launch more than the rest of this module.)"""

    __slots__ = ("args", "kwargs", "method")

    def __init__(
        self, method: str, args: tuple[Any, ...] = (), kwargs: Mapping[str, Any] | None = None
    ) -> None:
        self.method = method
        self.args = args
        self.kwargs: Mapping[str, Any] = dict(kwargs or {})

    def _key(self) -> tuple[object, ...]:
        return self.method, self.args, tuple(sorted(self.kwargs.items()))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Reads) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"Reads({self.method!r}, {self.args!r}, {dict(self.kwargs)!r})"


def phrase(text: str) -> str:
    """A phrase a reader puts in its messages (what a field expects: "a weight"), as it
    is: declared here for the catalogues (``python -m trainer.cli.catalogues`` extracts it
    as it does ``Said``) without loading the engine, and worded at the edges, which look a
    plain phrase up in the catalogue."""
    return text


def reads(
    method: Callable[Concatenate[_Reader, Node, str, _Args], object],
    *args: _Args.args,
    **kwargs: _Args.kwargs,
) -> Reads:
    """``reads(ScalarReads.integer, 1, 7, "seats")``: the method of a reader protocol (a
    misspelt one, or wrong arguments, fail type checking), called by name on the Reader."""
    return Reads(method.__name__, args, kwargs)


class ScalarReads(Protocol):
    """The readers every format may name (``trainer.fileformat.reading.Reader`` has them);
    a format's own protocol adds its readers, which its Reader subclass implements."""

    def text(self, node: Node, path: str) -> str | None: ...
    def line(self, node: Node, path: str) -> str | None: ...
    def short_line(self, node: Node, path: str, most: int) -> str | None: ...
    def short_paragraph(self, node: Node, path: str, most: int) -> str | None: ...
    def paragraph(self, node: Node, path: str) -> str | None: ...
    def boolean(self, node: Node, path: str) -> bool | None: ...
    def integer(self, node: Node, path: str, lo: int, hi: int, what: str) -> int | None: ...
    def choice(self, node: Node, path: str, choices: tuple[str, ...], what: str) -> str | None: ...
    def amount(self, node: Node, path: str) -> Decimal | None: ...
    def odds(self, node: Node, path: str) -> Decimal | None: ...
    def percent(self, node: Node, path: str) -> int | None: ...
    def seconds(self, node: Node, path: str, most: int) -> float | None: ...
    def values(
        self, node: Node, path: str, lo: int, hi: int, what: str
    ) -> frozenset[int] | None: ...


@dataclass(frozen=True)
class Scalar:
    """A leaf value: ``reader`` is the Reader method that reads it, ``schema`` its JSON
    Schema."""

    reader: Reads
    schema: Mapping[str, Any]


@dataclass(frozen=True)
class Obj:
    """A mapping with known keys.  ``reader``, if given, is a Reader method that reads the
    whole mapping (for cross-field rules); else each field is read by its own kind.

    A subclass declares the fields as class attributes, in the file's order::

        class _Range(Obj):
            min = Field(AMOUNT, "Smallest wager.", required=True)

        RANGE = _Range(doc="A wager ...")

    so ``RANGE.min`` is the Field (its default, kind, doc), typed; ``fields`` maps the keys
    to them either way."""

    fields: Mapping[str, Field] = field(default_factory=dict)
    doc: str = ""
    reader: Reads | None = None

    def __post_init__(self) -> None:
        declared = {k: v for k, v in vars(type(self)).items() if isinstance(v, Field)}
        if declared and self.fields:
            raise TypeError("declare the fields as class attributes or as a mapping, not both")
        if declared:
            object.__setattr__(self, "fields", declared)
        for key, f in self.fields.items():
            if f.name not in ("", key):
                raise TypeError(f"field {key!r} is already the field {f.name!r} of another Obj")
            object.__setattr__(f, "name", key)

    @property
    def required(self) -> tuple[str, ...]:
        return tuple(name for name, f in self.fields.items() if f.required)

    def listed(self) -> tuple[str, ...]:
        """The fields a list of files shows, in declaration order."""
        return tuple(name for name, f in self.fields.items() if f.listed)

    def attrs(self) -> Iterator[tuple[str, str]]:
        """(key, model attribute) of every field that goes to the model."""
        for name, f in self.fields.items():
            if f.attr != "":
                yield name, f.attr or name


@dataclass(frozen=True)
class ListOf:
    item: Obj
    max_items: int | None = None
    reader: Reads | None = None  # a Reader method reading the whole list


@dataclass(frozen=True)
class MapOf:
    """A mapping from a fixed set of names (the bets, say) to values of one kind."""

    keys: tuple[str, ...]
    value: Scalar | Obj | AnyOf
    reader: Reads | None = None


@dataclass(frozen=True)
class AnyOf:
    """One of several shapes, told apart by the reader (a fixed amount or a range)."""

    options: tuple[Scalar | Obj, ...]
    reader: Reads


Kind = Scalar | Obj | ListOf | MapOf | AnyOf


@dataclass(frozen=True)
class Field:
    kind: Kind
    doc: str
    required: bool = False
    default: Any = NO_DEFAULT
    attr: str | None = None  # None: the key's own name; "": not a model attribute
    listed: bool = False
    extra: Mapping[str, Any] = field(default_factory=dict)  # more JSON Schema keywords
    #: its key, set when its Obj is made (a Field belongs to one Obj)
    name: str = field(default="", init=False, compare=False)

    def of(self, values: Mapping[str, Any]) -> Any:
        """Its value among a mapping's values read by key, else its default."""
        return values.get(self.name, self.default)


def kinds(obj: Obj) -> Iterator[Kind]:
    """Every kind a declaration holds, nested ones included (to check its readers, say)."""
    stack: list[Kind] = [f.kind for f in obj.fields.values()]
    while stack:
        kind = stack.pop()
        yield kind
        if isinstance(kind, Obj):
            stack.extend(f.kind for f in kind.fields.values())
        elif isinstance(kind, ListOf):
            stack.append(kind.item)
        elif isinstance(kind, MapOf):
            stack.append(kind.value)
        elif isinstance(kind, AnyOf):
            stack.extend(kind.options)


def reader_methods(obj: Obj) -> set[str]:
    """The names of the Reader methods a declaration calls (its own reader included)."""
    found = {k.reader.method for k in kinds(obj) if k.reader is not None}
    return found | ({obj.reader.method} if obj.reader is not None else set())


# -- JSON Schema --------------------------------------------------------------------------


def _kind_schema(kind: Kind, doc: str) -> dict[str, Any]:
    if isinstance(kind, Scalar):
        return {"description": doc, **kind.schema} if doc else dict(kind.schema)
    if isinstance(kind, Obj):
        return object_schema(kind, doc)
    if isinstance(kind, ListOf):
        out: dict[str, Any] = {
            "type": "array",
            "description": doc,
            "items": object_schema(kind.item, kind.item.doc),
        }
        if kind.max_items is not None:
            out["maxItems"] = kind.max_items
        return out
    if isinstance(kind, MapOf):
        value = _kind_schema(kind.value, doc)
        return {
            "type": "object",
            "description": doc,
            "additionalProperties": False,
            "properties": {key: value for key in kind.keys},
        }
    return {"description": doc, "oneOf": [_kind_schema(o, "") for o in kind.options]}


def _json_default(value: Any) -> Any:
    """The default as the file would write it, if it is one JSON can show."""
    if isinstance(value, tuple):
        value = list(value)
    try:
        json.dumps(value)
    except TypeError:
        return NO_DEFAULT
    return value


def field_schema(f: Field) -> dict[str, Any]:
    out = _kind_schema(f.kind, f.doc)
    # A scalar's default is shown to editors; a collection's is the model's empty value.
    if isinstance(f.kind, Scalar) and f.default is not NO_DEFAULT and f.default is not None:
        shown = _json_default(f.default)
        if shown is not NO_DEFAULT:
            out["default"] = shown
    out.update(f.extra)
    return out


def object_schema(obj: Obj, doc: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {
        "type": "object",
        "description": doc or obj.doc,
        "additionalProperties": False,
        "properties": {name: field_schema(f) for name, f in obj.fields.items()},
    }
    if obj.required:
        out["required"] = list(obj.required)
    return out


def json_schema(obj: Obj, *, schema_id: str, title: str, **extra: Any) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a file format, for editors."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": schema_id,
        "title": title,
        **object_schema(obj),
        **extra,
    }


def schema_text(schema: Mapping[str, Any]) -> str:
    """A schema as shipped in a file (stable formatting, trailing newline)."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"
