"""The message catalogues, built by one command: ``python -m trainer.cli.catalogues``.

1. The template (``trainer/i18n/locale/ezbac.pot``) is extracted from the sources by Babel:
   every string marked ``_("...")``, ``N_("...")`` or ``ngettext("...", "...", n)``, and
   below the edges ``Said("...")``, ``Plural("...", "...", n)`` and a file format's
   ``phrase("...")``.
2. Each language's ``.po`` (what translators edit) gets the template's new messages, empty,
   and loses the ones gone (kept at the end as obsolete, ``#~``).
3. The pseudo-language (``en_XA``: every message about 40% longer, accented) is generated
   from the template: never edited by hand.
4. Each ``.po`` is compiled to the ``.mo`` ezbac reads.

``--check`` changes nothing and reports, one a line, what is out of date or incomplete: the
template, a ``.mo`` not compiled from its ``.po``, a message missing or empty, one marked
fuzzy, a translation whose placeholders differ from the English's, a glossary missing a term
or an engine kind or a source (``trainer.cli.glossaries``), exit status 1.
``tests/meta/test_catalogues.py`` runs the check in the suite.
"""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from trainer.cli import glossaries
from trainer.i18n import DOMAIN, LANGUAGES, LOCALE_DIR, PSEUDO

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog

SOURCES = Path(__file__).resolve().parents[1]
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
KEYWORDS = {
    "_": None,
    "N_": None,
    "ngettext": (1, 2),
    "Said": None,
    "Plural": (1, 2),
    "phrase": None,
}
#: A fixed date in the template's header, so the template changes only when its messages do.
STAMP = datetime(2026, 1, 1, tzinfo=UTC)
#: ``{name}`` (str.format), ``%(name)s``, ``%s`` and ``%%`` (argparse formats its help).
PLACEHOLDER = re.compile(r"\{[^{}]*\}|%\([^)]*\)[a-z]|%[a-z%]")


def shown(path: Path) -> str:
    """``path`` as a line names it: from the repository's top when it is in it."""
    try:
        return path.relative_to(SOURCES.parent).as_posix()
    except ValueError:
        return str(path)


def po_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def translated() -> list[str]:
    """The shipped languages that have a catalogue (English is the sources)."""
    return [code for code in LANGUAGES if code != "en"]


def extract() -> Catalog:
    """The template: every marked message of ``trainer/``, without line numbers (a moved
    line is no change)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    template = Catalog(
        project="ezbac",
        domain=DOMAIN,
        creation_date=STAMP,
        revision_date=STAMP,
        fuzzy=False,
        charset="utf-8",
    )
    found = extract_from_dir(
        str(SOURCES),
        method_map=[("**.py", "python")],
        keywords=KEYWORDS,
        comment_tags=("TRANSLATORS:",),
    )
    for filename, lineno, message, comments, context in found:
        path = f"trainer/{Path(filename).as_posix()}"
        template.add(message, None, [(path, lineno)], auto_comments=comments, context=context)
    return template


def po_text(catalogue: Catalog) -> bytes:
    from babel.messages.pofile import write_po

    out = io.BytesIO()
    write_po(out, catalogue, width=100, include_lineno=False, sort_output=True)
    return out.getvalue()


def mo_bytes(catalogue: Catalog) -> bytes:
    from babel.messages.mofile import write_mo

    out = io.BytesIO()
    write_mo(out, catalogue)
    return out.getvalue()


def read(path: Path, locale: str | None = None) -> Catalog:
    from babel.messages.pofile import read_po

    with path.open("rb") as f:
        return read_po(f, locale=locale, domain=DOMAIN)


# -- the pseudo-language ------------------------------------------------------------------

_ACCENTED = str.maketrans(
    "AaCcDEeGgHIiJKLlNnOoRrSsTUuWwYyZz",
    "ÅåÇçÐÉéĜĝĤÎîĴĶĹĺÑñÖöŘřŠšŢÛûŴŵÝýŽž",
)


def pseudo(message: str) -> str:
    """``message`` accented and about 40% longer (``~`` padding), its placeholders kept as
    they are: what a longer language would make of a screen."""
    parts = PLACEHOLDER.split(message)
    kept = PLACEHOLDER.findall(message)
    out = parts[0].translate(_ACCENTED)
    for placeholder, part in zip(kept, parts[1:], strict=True):
        out += placeholder + part.translate(_ACCENTED)
    pad = max(1, round(len(message) * 0.4))
    return out + " " + "~" * (pad - 1) if pad > 1 else out + "~"


def pseudo_catalogue(template: Catalog) -> Catalog:
    from babel.messages.catalog import Catalog

    made = Catalog(
        locale="en",
        domain=DOMAIN,
        project="ezbac",
        creation_date=STAMP,
        revision_date=STAMP,
        fuzzy=False,
        charset="utf-8",
        header_comment="# Generated by python -m trainer.cli.catalogues: never edit by hand.",
    )
    for message in template:
        if not message.id:
            continue
        made_forms = tuple(pseudo(form) for form in forms(message.id))
        string = made_forms[0] if isinstance(message.id, str) else made_forms
        made.add(message.id, string, message.locations)
    return made


def forms(text: object) -> tuple[str, ...]:
    """A message's id or translation as its forms (one, or a plural's)."""
    if isinstance(text, str):
        return (text,)
    if isinstance(text, (tuple, list)):
        return tuple(str(form) for form in text)
    return ("",)


# -- the checks ---------------------------------------------------------------------------


def placeholders(text: str) -> list[str]:
    return sorted(PLACEHOLDER.findall(text))


def incomplete(language: str, catalogue: Catalog, template: Catalog) -> Iterator[str]:
    """What keeps ``catalogue`` from being shipped, one line each."""
    where = shown(po_path(language))
    for wanted in template:
        if not wanted.id:
            continue
        sources = forms(wanted.id)
        first = sources[0]
        message = catalogue.get(wanted.id)
        if message is None:
            yield f"{where}: {first!r} is missing"
            continue
        if message.fuzzy:
            yield f"{where}: {first!r} is marked fuzzy"
        given = forms(message.string)
        if not all(given):
            yield f"{where}: {first!r} is not translated"
            continue
        for form in given:
            # a language's one form (or its forms but the first) stands for the English plural
            if placeholders(form) not in [placeholders(s) for s in sources]:
                yield (
                    f"{where}: {first!r}: its placeholders {placeholders(form)} differ from "
                    f"the English's {placeholders(sources[-1])}"
                )


def problems() -> list[str]:
    """Everything out of date or incomplete (nothing is written)."""
    template = extract()
    found: list[str] = []
    if not TEMPLATE.exists() or TEMPLATE.read_bytes() != po_text(template):
        found.append(f"{shown(TEMPLATE)}: out of date with the sources")
    for language in [*translated(), PSEUDO]:
        po = po_path(language)
        mo = po.with_suffix(".mo")
        if not po.exists():
            found.append(f"{shown(po)}: missing")
            continue
        catalogue = read(po, "en" if language == PSEUDO else language)
        if language == PSEUDO:
            if po.read_bytes() != po_text(pseudo_catalogue(template)):
                found.append(f"{shown(po)}: out of date with the template")
        else:
            found.extend(incomplete(language, catalogue, template))
        if not mo.exists() or mo.read_bytes() != mo_bytes(catalogue):
            found.append(f"{shown(mo)}: not compiled from its .po")
    for language in translated():
        found.extend(glossaries.problems(language))
    found.extend(glossaries.docs_problems())
    return found


def build() -> None:
    """Write the template, merge it into each language, generate the pseudo-language and
    compile every catalogue."""
    template = extract()
    TEMPLATE.parent.mkdir(parents=True, exist_ok=True)
    TEMPLATE.write_bytes(po_text(template))
    for language in [*translated(), PSEUDO]:
        po = po_path(language)
        po.parent.mkdir(parents=True, exist_ok=True)
        if language == PSEUDO:
            catalogue = pseudo_catalogue(template)
        else:
            catalogue = read(po, language) if po.exists() else _new(language)
            catalogue.update(template, no_fuzzy_matching=True, update_header_comment=False)
        po.write_bytes(po_text(catalogue))
        catalogue = read(po, "en" if language == PSEUDO else language)
        po.with_suffix(".mo").write_bytes(mo_bytes(catalogue))
    glossaries.write_docs()


def _new(language: str) -> Catalog:
    from babel.messages.catalog import Catalog

    return Catalog(
        locale=language,
        domain=DOMAIN,
        project="ezbac",
        creation_date=STAMP,
        revision_date=STAMP,
        fuzzy=False,
        charset="utf-8",
    )


def main(argv: list[str]) -> int:
    if argv not in ([], ["--check"]):
        print("usage: python -m trainer.cli.catalogues [--check]", file=sys.stderr)
        return 2
    if not argv:
        build()
    found = problems()
    for line in found:
        print(line)
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
