"""What ezbac prints survives any terminal encoding.

The CLI writes ×, ♠, ✓ and the like.  On a terminal or pipe whose encoding lacks them
(``PYTHONIOENCODING=ascii``, latin-1, old Windows code pages) printing one would crash the
command.  One codec error handler on the standard streams spells such characters in ASCII
instead, so no message needs a plain twin; anything else unencodable (a name in another
script, a stray byte from a file name) is written as a backslash escape.
"""

from __future__ import annotations

import codecs
import io
import sys

ERRORS = "ezbac-plain"

#: ASCII spellings of the characters ezbac itself prints.
PLAIN: dict[str, str] = {
    "×": "x",
    "♠": "s",
    "♥": "h",
    "♦": "d",
    "♣": "c",
    "✓": "ok",
    "✗": "x",
    "…": "...",
    "·": ".",
    "–": "-",
    "—": "-",
    "‘": "'",
    "’": "'",
    "“": '"',
    "”": '"',
    "≥": ">=",
    "≤": "<=",
    "→": "->",
    "←": "<-",
    "•": "*",
    "▸": ">",
    "\u00a0": " ",
    "\u2009": " ",
    "\u202f": " ",
}


def _spell(exc: UnicodeError) -> tuple[str, int]:
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    out = []
    for ch in exc.object[exc.start : exc.end]:
        if ch in PLAIN:
            out.append(PLAIN[ch])
        elif "\udc80" <= ch <= "\udcff":  # a byte Python could not decode (surrogateescape)
            out.append(f"\\x{ord(ch) - 0xDC00:02x}")
        else:
            out.append(ch.encode("ascii", "backslashreplace").decode("ascii"))
    return "".join(out), exc.end


codecs.register_error(ERRORS, _spell)


def plain_fallback() -> None:
    """Standard output and error spell what their encoding lacks; standard input keeps
    undecodable bytes (reported as bad input) instead of crashing on them, and reads UTF-8
    where it claims ASCII (so a pasted ♠ still reads as a suit)."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and stream.errors != ERRORS:
            stream.reconfigure(errors=ERRORS)
    stdin = sys.stdin
    if isinstance(stdin, io.TextIOWrapper) and stdin.errors == "strict":
        ascii_only = codecs.lookup(stdin.encoding).name == "ascii"
        stdin.reconfigure(
            encoding="utf-8" if ascii_only else stdin.encoding, errors="surrogateescape"
        )


def columns(text: str) -> int:
    """The terminal columns ``text`` takes: East Asian wide and full-width characters take
    two (a Chinese or Korean word in a table's column)."""
    from unicodedata import combining, east_asian_width

    return sum(
        0 if combining(ch) else 2 if east_asian_width(ch) in ("W", "F") else 1 for ch in text
    )


def pad(text: str, width: int, align: str = "<") -> str:
    """``text`` padded to ``width`` columns (``<`` left, ``>`` right), as ``format`` pads
    ASCII, counting a wide character as two."""
    room = " " * max(0, width - columns(text))
    return text + room if align == "<" else room + text


#: Closing punctuation of East Asian text: kept on the line of the character before it.
_CLOSING = frozenset("，。、；：）」』！？》〉】’”,.;:)!?")


def _is_wide(ch: str) -> bool:
    from unicodedata import east_asian_width

    return east_asian_width(ch) in ("W", "F")


def _breaks(ch: str) -> bool:
    """Whether a line may break beside ``ch``: a Chinese character, written without spaces
    (Korean words are spaced, so a Hangul syllable is part of its word)."""
    hangul = "\uac00" <= ch <= "\ud7a3" or "\u1100" <= ch <= "\u11ff" or "\u3130" <= ch <= "\u318f"
    return _is_wide(ch) and not hangul


def has_wide(text: str) -> bool:
    """Whether ``text`` holds a character that takes two columns."""
    return any(_is_wide(ch) for ch in text)


def wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` terminal columns: between words, and between
    two Chinese characters (written without spaces), never before closing punctuation.
    Text with no wide character is wrapped as ``textwrap.wrap`` does it, so English stays
    as it always was."""
    import re
    import textwrap

    if not has_wide(text):
        return textwrap.wrap(text, width)
    tokens: list[str] = []
    for word in re.findall(r"\s+|[^\s]+", text.strip()):
        if word.isspace():
            tokens.append(" ")
            continue
        for ch in re.findall(r".", word):
            if (
                tokens
                and tokens[-1] != " "
                and (ch in _CLOSING or not (_breaks(ch) or _breaks(tokens[-1][-1])))
            ):
                tokens[-1] += ch  # a word's next letter, or punctuation after a character
            else:
                tokens.append(ch)
    lines: list[str] = []
    line, spaced = "", False
    for token in tokens:
        if token == " ":
            spaced = bool(line)
            continue
        joined = line + (" " if spaced else "") + token
        if line and columns(joined) > width:
            lines.append(line)
            line = token
        else:
            line = joined
        spaced = False
    if line:
        lines.append(line)
    return lines


def fill(text: str, width: int = 70) -> str:
    """``wrap`` joined by line breaks, as ``textwrap.fill``."""
    return "\n".join(wrap(text, width))
