"""The product is self-contained: a reader can follow every reference in it.

Code, tests and docs cite the project's own pages (the rules are ``docs/rules.md``, the
decisions ``docs/decisions.md``), never a file kept outside the repository (the internal
rules digest, its folder of source sheets, anything beside the checkout) nor an issue number
of a tracker the repository does not hold.  And every relative link of the README and the
docs stays inside the repository.

The patterns are built from parts, so this file does not match itself.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: Where the product's text lives: folders walked whole, and single files.
FOLDERS = ("trainer", "tests", "docs", ".ci")
FILES = ("README.md", "CHANGELOG.md", "pyproject.toml", ".git-blame-ignore-revs")
SKIP_DIRS = {"__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache"}

_DOT = re.escape(".")
#: What a self-contained file never holds, each named for the failure message.
FORBIDDEN: dict[str, re.Pattern[str]] = {
    "the internal rules digest": re.compile(r"\b" + "RULES" + _DOT + "md"),
    "a folder beside the checkout": re.compile(_DOT * 2 + "/" + "shared"),
    "the digest's folder of sheets": re.compile(r"\b" + "seeds" + "/"),
    "an issue number": re.compile(r"\b" + "issue" + r"s?[\s/]*#?\s*[0-9]+\b", re.IGNORECASE),
    "a numbered issue": re.compile("#" + r"[0-9]+\s+" + "issue", re.IGNORECASE),
}


def files() -> Iterator[Path]:
    for name in FILES:
        if (ROOT / name).is_file():
            yield ROOT / name
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.is_file() and not SKIP_DIRS & set(path.relative_to(ROOT).parts):
                yield path


def text_of(path: Path) -> str | None:
    """The file's text, or None for a file that is not UTF-8 text (an image, a database)."""
    data = path.read_bytes()
    if b"\0" in data:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def references(text: str) -> list[tuple[int, str, str]]:
    """(line, what, the text found) for every forbidden reference in ``text``."""
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        for what, pattern in FORBIDDEN.items():
            found += [(number, what, m.group(0)) for m in pattern.finditer(line)]
    return found


def test_no_reference_outside_the_repository() -> None:
    bad = []
    for path in files():
        text = text_of(path)
        if text is None:
            continue
        for number, what, hit in references(text):
            bad.append(f"{path.relative_to(ROOT)}:{number}: {what} ({hit!r})")
    assert not bad, "cite docs/rules.md or docs/decisions.md instead:\n" + "\n".join(bad)


@pytest.mark.parametrize(
    ("line", "what"),
    [
        ("worked by hand from " + "RULES" + ".md", "the internal rules digest"),
        ("(" + "RULES" + '.md, "Shoe procedure")', "the internal rules digest"),
        ("see " + ".." + "/shared/notes.txt", "a folder beside the checkout"),
        ("the rack card (" + "seeds" + "/004.txt)", "the digest's folder of sheets"),
        ("the launch budget (" + "issue" + " 4)", "an issue number"),
        ("Issue" + " #13 asks for 0.2 ms", "an issue number"),
        ("(" + "issue" + "#25)", "an issue number"),
        ("as the " + "#12" + " issue asked", "a numbered issue"),
    ],
)
def test_each_kind_of_reference_is_caught(line: str, what: str) -> None:
    assert [w for _, w, _ in references(line)] == [what]


@pytest.mark.parametrize(
    "line",
    [
        'docs/rules.md, "Shoe procedure"',
        'docs/decisions.md, "A run counts from its first answer"',
        "the seeds of a shuffled shoe, random.Random(seed)",
        "border: tall #123456; color: #fff",
        "an issue with the terminal",
    ],
)
def test_the_projects_own_references_pass(line: str) -> None:
    assert references(line) == []


# -- links in the README and the docs ------------------------------------------------------

#: The README, the changelog and the docs (not the Markdown of tests or the package).
PAGES = [
    p for p in files() if p.suffix == ".md" and p.relative_to(ROOT).parts[0] not in FOLDERS[:2]
]
#: A Markdown link or image, a reference definition, an HTML src or href.
LINK = re.compile(r"\]\(\s*<?([^)\s>]+)|^\s*\[[^\]]+\]:\s*(\S+)|(?:src|href)=\"([^\"]+)\"", re.M)


def outside_links(page: Path, text: str | None = None) -> list[str]:
    """The links of ``page`` (its text, or ``text`` as if it were on the page) to a file
    that is not inside the repository: a relative path leading out of it, or an absolute
    path (a file on one machine)."""
    if text is None:
        text = page.read_text(encoding="utf-8")
    out = []
    for found in LINK.finditer(text):
        target = next(g for g in found.groups() if g)
        if re.match(r"[A-Za-z][A-Za-z0-9+.-]*:", target) or target.startswith("#"):
            continue  # a URL (https:, mailto:) or an anchor on the page itself
        path = target.split("#", 1)[0]
        if path.startswith("/") or not (page.parent / path).resolve().is_relative_to(ROOT):
            out.append(target)
    return out


def test_the_docs_are_found() -> None:
    names = {p.relative_to(ROOT).as_posix() for p in PAGES}
    assert {"README.md", "docs/rules.md", "docs/decisions.md"} <= names


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_links_stay_inside_the_repository(page: Path) -> None:
    assert outside_links(page) == [], f"{page.relative_to(ROOT)} links outside the repository"


def test_a_link_outside_is_caught() -> None:
    beside = "../../" + "shared/notes.md"  # beside the checkout, from docs/
    text = (
        f"[digest]({beside}) [ok](houses.md#rules) [web](https://example.org) [here](#rules)\n"
        "[abs](/etc/passwd) [up](../README.md) [in](images/table-drill.svg)\n"
        "[ref]: ../../elsewhere.md\n"
        '<img src="../../x.svg"> <a href="../CHANGELOG.md">\n'
    )
    assert outside_links(ROOT / "docs" / "rules.md", text) == [
        beside,
        "/etc/passwd",
        "../../elsewhere.md",
        "../../x.svg",
    ]
