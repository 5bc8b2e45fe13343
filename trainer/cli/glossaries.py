"""The glossaries: the table's words in each language (``trainer/i18n/glossary/LANG.yaml``),
each with its published source or marked as ours, checked and shown in docs/translators.md
by ``python -m trainer.cli.catalogues``.

What every glossary must give is two things: the game's terms (:data:`TERMS`, by their
English name) and every kind the engine knows of what a player or a deal does wrong and
what a dealer does about it (:data:`FAMILIES`, read off the engine's enums: a kind added
there is missing from every glossary until each gives its words).  An entry names its
engine kind as ``kind: violation.past_posting``.

Every problem is one line naming the file, and the line and column of the entry or of the
broken YAML.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from trainer.engine.irregularities import Irregularity
from trainer.engine.violations import Response, Violation
from trainer.i18n import LANGUAGES, LOCALE_DIR

REPOSITORY = Path(__file__).resolve().parents[2]
GLOSSARIES = LOCALE_DIR.with_name("glossary")
DOCS = REPOSITORY / "docs" / "translators.md"

#: The game's terms every glossary gives (each at least once), by their English name.
TERMS = (
    "Player",
    "Banker",
    "Tie",
    "natural",
    "draws",
    "stands",
    "Dragon 7",
    "Panda 8",
    "commission",
    "rolling commission",
    "the take",
    "the payout",
    "the shoe",
    "the burn",
    "the cut card",
    "the discard rack",
    "the caller",
    "dealer",
    "no more bets",
    "the squeeze",
    "edge sorting",
    "dead chips",
    "misdeal",
    "exposed card",
)

#: The engine's kinds every glossary words, by family: the players' violations, the
#: irregularities of the deal and the dealer's answers that protect the game.
FAMILIES: Mapping[str, type[enum.Enum]] = {
    "violation": Violation,
    "irregularity": Irregularity,
    "response": Response,
}

NO_SOURCE = "no published source found"
#: The largest glossary file read: a glossary is a few hundred lines.
MAX_BYTES = 1_000_000
_ENTRY_KEYS = frozenset({"term", "kind", "words", "custom", "source", "note", "ours"})
_SOURCE_KEYS = ("short", "title", "url")
_BEGIN, _END = "<!-- glossaries: begin -->", "<!-- glossaries: end -->"


def engine_kinds() -> list[str]:
    """Every kind the engine knows, as a glossary names it: ``family.value``."""
    return [f"{family}.{member.value}" for family, kinds in FAMILIES.items() for member in kinds]


def glossary_path(language: str) -> Path:
    return GLOSSARIES / f"{language}.yaml"


def shown(path: Path) -> str:
    try:
        return path.relative_to(REPOSITORY).as_posix()
    except ValueError:
        return str(path)


@dataclass
class Glossary:
    """A glossary as read: its sources, its entries with where each starts (line, column,
    from 1), and the problems found reading it."""

    language: str
    sources: dict[str, dict[str, str]] = field(default_factory=dict)
    entries: list[tuple[dict[str, object], int, int]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def read(language: str) -> Glossary:
    """The glossary of ``language``: what could be read of it, and one line per problem."""
    import yaml

    path = glossary_path(language)
    where = shown(path)
    out = Glossary(language)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        out.problems.append(f"{where}: missing")
        return out
    if len(raw) > MAX_BYTES:
        out.problems.append(f"{where}: larger than {MAX_BYTES:,} bytes, not read")
        return out
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        out.problems.append(f"{where}: not UTF-8 (byte {e.start})")
        return out
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
        data = yaml.safe_load(text)
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None) or getattr(e, "context_mark", None)
        problem = getattr(e, "problem", None) or str(e).splitlines()[0]
        place = f":{mark.line + 1}:{mark.column + 1}" if mark is not None else ""
        out.problems.append(f"{where}{place}: not YAML: {problem}")
        return out
    if not isinstance(data, dict) or not isinstance(root, yaml.MappingNode):
        out.problems.append(f"{where}:1:1: not a mapping of language, sources and terms")
        return out
    nodes = {key.value: value for key, value in root.value if isinstance(key, yaml.ScalarNode)}

    def at(name: str) -> str:
        node = nodes.get(name, root)
        return f"{where}:{node.start_mark.line + 1}:{node.start_mark.column + 1}"

    if data.get("language") != language:
        out.problems.append(f"{at('language')}: its language is not {language!r}")
    sources = data.get("sources")
    if not isinstance(sources, dict):
        out.problems.append(f"{at('sources')}: its sources are not a mapping")
    else:
        for key, listed in sources.items():
            if not isinstance(listed, dict) or not all(
                isinstance(listed.get(k), str) and listed.get(k) for k in _SOURCE_KEYS
            ):
                out.problems.append(f"{at('sources')}: the source {key!r} needs short, title, url")
            elif not str(listed["url"]).startswith(("https://", "http://")):
                out.problems.append(f"{at('sources')}: the source {key!r}: its url is no address")
            else:
                out.sources[str(key)] = {k: str(listed[k]) for k in _SOURCE_KEYS}
    terms, node = data.get("terms"), nodes.get("terms")
    if not isinstance(terms, list) or not isinstance(node, yaml.SequenceNode):
        out.problems.append(f"{at('terms')}: its terms are not a list")
        return out
    for entry, item in zip(terms, node.value, strict=True):
        line, column = item.start_mark.line + 1, item.start_mark.column + 1
        if not isinstance(entry, dict):
            out.problems.append(f"{where}:{line}:{column}: an entry is not a mapping")
            continue
        out.entries.append((entry, line, column))
    return out


def _said(value: object) -> str:
    """A value as a line names it: a string quoted, anything else by its type only (never
    all of what a hostile file nests under one alias)."""
    return repr(value) if isinstance(value, str) else f"<{type(value).__name__}>"


def _text(entry: Mapping[str, object], field: str) -> str:
    """A field's text, or nothing when it is not a string."""
    value = entry.get(field)
    return value if isinstance(value, str) else ""


def _entry_problems(entry: dict[str, object], sources: Mapping[str, object]) -> Iterator[str]:
    name, source, kind = _said(entry.get("term")), entry.get("source"), entry.get("kind")
    unknown = sorted(str(k) for k in entry if k not in _ENTRY_KEYS)
    if unknown:
        yield f"{name}: unknown field {unknown[0]!r}"
    if not _text(entry, "term").strip():
        yield "an entry without its term"
    words = entry.get("words")
    if not isinstance(words, list) or not words or not all(isinstance(w, str) and w for w in words):
        yield f"{name}: its words are not a list of words"
    if kind is not None and (not isinstance(kind, str) or kind not in engine_kinds()):
        yield f"{name} names the kind {_said(kind)}, which the engine does not know"
    if source is None:
        if NO_SOURCE not in _text(entry, "note"):
            yield f"{name} has no source and does not say {NO_SOURCE!r}"
        if entry.get("ours") is not True:
            yield f"{name} has no source: it is ours (ours: true)"
    elif not isinstance(source, str) or source not in sources:
        yield f"{name} names the source {_said(source)}, not listed"
    elif entry.get("ours"):
        yield f"{name} names a source and says it is ours"


def problems(language: str) -> list[str]:
    """What keeps the glossary of ``language`` from being shipped, one line each: a term or
    an engine kind missing, an entry without a source and without "no published source
    found" and ``ours: true``, a source not listed, a kind the engine does not know, a file
    that is no YAML or not a glossary's shape."""
    glossary = read(language)
    where = shown(glossary_path(language))
    found = list(glossary.problems)
    if not glossary.entries and found:
        return found
    for entry, line, column in glossary.entries:
        found += [f"{where}:{line}:{column}: {p}" for p in _entry_problems(entry, glossary.sources)]
    given = {_text(entry, "term") for entry, _, _ in glossary.entries}
    found += [f"{where}: the term {term!r} is missing" for term in TERMS if term not in given]
    kinds = {_text(entry, "kind") for entry, _, _ in glossary.entries}
    found += [f"{where}: the kind {k!r} is missing" for k in engine_kinds() if k not in kinds]
    return found


def _cell(text: object) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def markdown() -> str:
    """Every glossary as the tables of docs/translators.md."""
    out: list[str] = []
    for language in [code for code in LANGUAGES if code != "en"]:
        glossary = read(language)
        out += [f"### {LANGUAGES[language]} (`{language}`)", ""]
        out += ["| term | words | custom | source |", "|---|---|---|---|"]
        for entry, _, _ in glossary.entries:
            listed = glossary.sources.get(_text(entry, "source"))
            note = _text(entry, "note")
            if listed is None:
                cited = f"{note or NO_SOURCE} · ours"
            else:
                cited = f"[{listed['short']}]({listed['url']})"
                if note:
                    cited += f" ({note})"
            term = _text(entry, "term")
            if _text(entry, "kind"):
                term += f" (`{_text(entry, 'kind')}`)"
            words = entry.get("words")
            said = (
                " / ".join(w for w in words if isinstance(w, str))
                if isinstance(words, list)
                else ""
            )
            row = [term, said, _text(entry, "custom"), cited]
            out.append("| " + " | ".join(_cell(c) for c in row) + " |")
        out.append("")
        for listed in glossary.sources.values():
            out.append(f"- [{listed['short']}]({listed['url']}): {_cell(listed['title'])}")
        if glossary.sources:
            out.append("")
    return "\n".join(out)


def docs_text(current: str) -> str:
    """docs/translators.md with its glossaries section made from the glossaries."""
    head, _, rest = current.partition(_BEGIN)
    _, _, tail = rest.partition(_END)
    return f"{head}{_BEGIN}\n\n{markdown()}\n{_END}{tail}"


def docs_problems() -> list[str]:
    if not DOCS.exists():
        return []
    text = DOCS.read_text(encoding="utf-8")
    if _BEGIN not in text or docs_text(text) != text:
        return [f"{shown(DOCS)}: its glossaries are not the glossaries' files"]
    return []


def write_docs() -> None:
    if DOCS.exists() and _BEGIN in DOCS.read_text(encoding="utf-8"):
        DOCS.write_text(docs_text(DOCS.read_text(encoding="utf-8")), encoding="utf-8")
