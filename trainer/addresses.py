"""Server addresses in messages: never a password, whatever the address looks like.

A ``--db`` value or ``$EZBAC_DB`` may be a PostgreSQL URI (``postgresql://user:secret@host/db``,
any letter case), a libpq keyword string (``host=h password=secret``), an address of a scheme
ezbac does not speak (``mysql://user:secret@h/db``), or something mistyped.  Any of them may end
up in a message: the address itself, a path, or a third-party library's error quoting it.  So
the password is removed by the address's *structure*, never by recognising a known scheme:

- ``redact`` drops the password part of every ``scheme://user:password@`` and the value of
  every ``password=`` (keyword or query parameter) in a text;
- ``secrets`` lists the passwords a value carries, and ``scrub`` removes them from any message
  (the last line of defence, for text ezbac did not write, such as libpq's).

Standard library only: the command line's error path imports it before anything else.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from urllib.parse import unquote

HIDDEN = "…"

#: ``scheme://``, then the user information up to the *last* ``@`` of the token (a password
#: may hold ``@`` or ``:``; cutting too much only hides more).  A scheme starts a token and is
#: at most 31 characters, so a megabyte of letters is one linear scan, not a quadratic one.
_USERINFO = re.compile(
    r"(?<![A-Za-z0-9+.\-])(?P<scheme>[A-Za-z][A-Za-z0-9+.\-]{0,30}://)(?P<info>[^\s]*)@"
)
#: ``password=value`` as a libpq keyword (quoted or not) or a query parameter.
_PASSWORD = re.compile(r"(?i)(?P<key>\bpassword\s*=\s*)(?P<value>'(?:[^'\\]|\\.)*'|[^&\s]*)")
#: An address with a scheme, spaces around it allowed (to be refused, not trusted).
URL_LIKE = re.compile(r"^\s*(?P<scheme>[A-Za-z][A-Za-z0-9+.\-]{0,30})://")


def redact(text: str) -> str:
    """``text`` with every password left out: ``scheme://user@…``, ``password=…``."""

    def userinfo(m: re.Match[str]) -> str:
        user, colon, _ = m["info"].partition(":")
        return f"{m['scheme']}{user}@" if colon else m[0]

    text = _USERINFO.sub(userinfo, text)
    return _PASSWORD.sub(lambda m: f"{m['key']}{HIDDEN}", text)


def secrets(value: str) -> set[str]:
    """The passwords ``value`` carries, as written and percent-decoded (empty ones left out)."""
    found: set[str] = set()
    scheme = URL_LIKE.match(value)
    if scheme is not None and "@" in value:  # one argument: its user information runs to its
        info = value[scheme.end() :].rpartition("@")[0]  # last '@', spaces and all
        _, colon, password = info.partition(":")
        if colon:
            found.add(password)
    for m in _USERINFO.finditer(value):
        _, colon, password = m["info"].partition(":")
        if colon:
            found.add(password)
    for m in _PASSWORD.finditer(value):
        found.add(m["value"].strip("'"))
    return {s for p in found for s in (p, unquote(p)) if s}


def scrub(message: str, sources: Iterable[str | None]) -> str:
    """``message`` without any password that one of ``sources`` (the addresses in play)
    carries, longest first, and then ``redact``-ed."""
    hidden = sorted({s for src in sources if src for s in secrets(src)}, key=len, reverse=True)
    for secret in hidden:
        message = message.replace(secret, HIDDEN)
    return redact(message)


def scheme_of(value: str) -> str | None:
    """The scheme of an address (``mysql`` for ``mysql://…``, spaces before it allowed), or
    None for a value without one (a path)."""
    m = URL_LIKE.match(value)
    return m["scheme"] if m else None


def host_problem(url: str) -> str | None:
    """What is wrong with the hosts of a server address's authority, in words, or None: an
    IPv6 host is written in brackets (``postgresql://[::1]:5432/db``), closed, and holds
    an IPv6 address (libpq reads several hosts, ``h1:5432,[::1]:5433``: each is checked).
    ``urllib.parse.urlsplit`` raises a bare ValueError for these, which no caller words."""
    import ipaddress

    rest = url.partition("://")[2]
    authority = re.split(r"[/?#]", rest, maxsplit=1)[0].rpartition("@")[2]
    for host in authority.split(","):
        if "[" not in host and "]" not in host:
            continue
        inside, closed, after = host.partition("[")[2].partition("]")
        if not host.startswith("[") or not closed:
            return f"the IPv6 host {host[:60]!r} is not in closed brackets: write [::1]"
        if after and not after.startswith(":"):
            return f"{after[:20]!r} after the IPv6 host [{inside[:60]}]: write [::1]:PORT"
        try:
            ipaddress.IPv6Address(inside)
        except ValueError:
            return f"{'[' + inside[:60] + ']'!r} is not an IPv6 address (write [::1])"
    return None
