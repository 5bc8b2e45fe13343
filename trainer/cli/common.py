"""What every ezbac command shares: the command list, the exit statuses, the usage error and
the one-line form of an error message.

Standard library only at import, and no argparse: the bare `ezbac` (the home screen) loads
this module and nothing that builds a parser.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from keyword import iskeyword
from typing import TYPE_CHECKING, Protocol, TypeVar

from trainer.errors import BadInputError
from trainer.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from trainer.fileformat.problems import FileProblemsError
    from trainer.history.backend import HistoryStore

EXIT_USAGE = 2
#: `validate`: a file checked and found invalid (not a usage error).
EXIT_INVALID = 1
#: Ctrl+C: 128 + SIGINT, as shells report a program stopped by it.
EXIT_INTERRUPTED = 130

#: Each command's one-line summary (``ezbac --help``, in the language spoken), in the order
#: listed; its module is ``trainer.cli.<name>``.
COMMANDS: dict[str, str] = {
    "check": N_("the dealing procedure for one coup, step by step"),
    "audit": N_("check what a dealer did against the procedure, every deviation listed"),
    "analyze": N_("exact odds and house edges of every bet"),
    "simulate": N_("deal whole shoes and report per-shoe averages"),
    "drills": N_("list, check and preview drill sets"),
    "houses": N_("house rules: list, show, validate, schema"),
    "curriculum": N_("the path to the audition: show, validate, schema"),
    "audition": N_("an audition's sign-off sheet, signed with the school's key, and its check"),
    "train": N_("run a drill in the trainer"),
    "report": N_("per-trainee progress for instructors (table, CSV or JSON)"),
    "serve": N_("serve the trainer to web browsers (each tab its own trainer)"),
    "class": N_("the instructor's screen: every trainee, last exams, weakest skills"),
    "history": N_("copy a whole history between SQLite files and PostgreSQL servers"),
    "people": N_("the roster, sign-in and database roles of a school's history"),
    "school": N_("a school's set-up for N trainers: PgBouncer, PostgreSQL, nginx, TLS; check it"),
}


def command_module(name: str) -> str:
    """The module of command ``name``: ``trainer.cli.<name>``, with an underscore after a
    Python keyword (``class`` is ``trainer.cli.class_``), as PEP 8 names what a keyword
    would shadow; so every command's module can be imported by name."""
    return f"trainer.cli.{name}_" if iskeyword(name) else f"trainer.cli.{name}"


class UsageError(BadInputError):
    """Bad input from the command line: printed as one line, exit status 2."""


def quote(text: str) -> str:
    """``text`` as a message quotes what was typed (``trainer.engine.errors.quote``), its
    length said in the language spoken when it is cut."""
    from trainer.engine.errors import quote as quoted
    from trainer.words.said import say

    return say(quoted(text))


def os_line(error: OSError) -> str:
    """``PATH: reason`` for an OSError (``trainer.paths.os_error_line``), the reason in the
    language spoken where ezbac words it (the system's own words as it gives them)."""
    from trainer.paths import os_reason
    from trainer.words.said import say

    reason = say(os_reason(error))
    return f"{error.filename}: {reason}" if error.filename else reason


def refused(error: BaseException) -> UsageError:
    """``error`` refused as bad input from the command line, its message kept as it was
    given: a ``Said`` stays one, worded in the language spoken where it is printed."""
    message = error.args[0] if len(error.args) == 1 else None
    return UsageError(message if isinstance(message, str) else str(error))


#: What this run was given that may carry a password (its arguments, $EZBAC_DB): no error
#: line it prints may contain one (trainer.addresses.scrub), whoever wrote the message.
#: ``trainer.cli.main`` fills it in as it starts.
ADDRESSES: list[str] = []


def error_line(message: object) -> str:
    """``message`` as the one line of an error: ``ezbac: error: ...`` in the language (a
    ``Said``, such as a file's problem, worded in it)."""
    from trainer.engine.said import Said

    if isinstance(message, Said):
        from trainer.words.said import say

        message = say(message)
    return _("ezbac: error: {message}").format(message=message)


def error_joiner() -> str:
    """What joins a file's problems into one error, each on its own ``ezbac: error:`` line."""
    return "\n" + error_line("")


@contextmanager
def in_english(english: bool = True) -> Iterator[None]:
    """Speak English for a while (``english``: else nothing changes): what a machine reads
    (an error inside ``--json``'s output) is worded the same in every language."""
    from trainer.i18n import ENGLISH, current, set_language

    was = current()
    if not english or was == ENGLISH:
        yield
        return
    set_language(ENGLISH)
    try:
        yield
    finally:
        set_language(was)


def shorten(message: str) -> str:
    """``message`` as ezbac prints an error: passwords scrubbed, long words shortened."""
    from trainer.addresses import scrub
    from trainer.engine.errors import cut_word, shorten_words
    from trainer.words.said import say

    return shorten_words(scrub(message, ADDRESSES), cut=lambda word: say(cut_word(word)))


T = TypeVar("T")


def validate_files(
    files: Sequence[str],
    load: Callable[[str], T],
    error: type[FileProblemsError],
    summary: Callable[[T], str],
) -> int:
    """`ezbac drills|houses|curriculum validate`: each file's problems, one a line, or
    "NAME: ok (summary)"; a count after several; EXIT_INVALID if any is invalid."""
    bad = 0
    for name in files:
        try:
            loaded = load(name)
        except error as exc:
            bad += 1
            from trainer.words.files import problem_lines

            for line in problem_lines(exc):
                print(line)
            continue
        print(_("{name}: ok ({summary})").format(name=name, summary=summary(loaded)))
    if len(files) > 1:
        print(
            ngettext(
                "{count} file checked, {bad} invalid",
                "{count} files checked, {bad} invalid",
                len(files),
            ).format(count=len(files), bad=bad)
        )
    return EXIT_INVALID if bad else 0


#: Standard input read line by line (`ezbac audit -`, `ezbac check -`): at most this much,
#: as `ezbac audit --file` reads a file.
MAX_STDIN_BYTES = 4 * 1024 * 1024


class _Lines(Protocol):
    def readline(self, size: int = -1, /) -> str: ...


def capped_lines(stream: _Lines, cap: int = MAX_STDIN_BYTES) -> Iterator[str]:
    """``stream``'s lines as they come, reading at most ``cap + 1`` characters in all (so
    at most about four times that in bytes, whatever is piped in: a file with no line
    break, a device).  Past ``cap`` bytes, UsageError: the lines before are already done."""
    total = 0
    while True:
        line = stream.readline(cap + 1 - total)
        if not line:
            return
        total += len(line.encode("utf-8", "surrogateescape"))
        if total > cap:
            raise UsageError(
                _("standard input: more than {cap} bytes (the limit): split it").format(
                    cap=f"{cap:,}"
                )
            )
        yield line


#: Whether this run's language was given with ``--lang`` (a command that writes for one
#: person, the sign-off sheet, then keeps it over the person's own: ``roster_language``).
LANG_GIVEN: list[bool] = [False]


def roster_language(store: HistoryStore, name: str) -> str | None:
    """The language the roster keeps for ``name``, when this run was given no ``--lang`` and
    it is one ezbac speaks (the roster's value is a terminal's to write: anything else is
    passed over, never an error here)."""
    from trainer.history.people import find
    from trainer.i18n import LANGUAGES, known

    person = None if LANG_GIVEN[0] else find(store, name)
    found = None if person is None or not person.language else known(person.language)
    return found if found in LANGUAGES else None


def speak(words: list[str], environ: dict[str, str] | None = None) -> list[str]:
    """Choose the language of this run and speak it; ``words`` without the ``--lang`` given
    among the options before the command (``ezbac --lang ko check ...``).  The language:
    ``--lang``, else the trainer's setting (home's language key), else the environment's
    locale.  A ``--lang`` empty, missing, unknown or whose catalogue cannot be read is a
    UsageError naming it; a setting or a locale ezbac cannot speak leaves it in English."""
    import os

    from trainer.i18n import ENGLISH, UnknownLanguageError, choose, parse_language, set_language
    from trainer.prefs import load_settings

    given, rest = _take_lang(words)
    LANG_GIVEN[:] = [given is not None]
    try:
        language = None if given is None else parse_language(given)
        if language is not None:
            set_language(language)
            return rest
    except UnknownLanguageError as exc:
        raise refused(exc) from None
    setting = load_settings().settings.language
    chosen = choose(None, setting, os.environ if environ is None else environ)[0]
    try:
        set_language(chosen)
    except UnknownLanguageError:  # a damaged catalogue the user did not name: English
        set_language(ENGLISH)
    return rest


def _take_lang(words: list[str]) -> tuple[str | None, list[str]]:
    """The value of ``--lang`` among the options before the command, or among the command's
    own (``ezbac check --lang ko 4h ...``, ``ezbac drills list --lang vi``; never after
    ``--``), and the words without it: UsageError when it has no value or is given twice."""
    from trainer.i18n import _

    given: str | None = None
    rest: list[str] = []
    index = 0
    while index < len(words):
        word = words[index]
        if word == "--":  # what follows is no option
            rest += words[index:]
            break
        value: str | None = None
        if word.startswith("--lang="):
            value, index = word[len("--lang=") :], index + 1
        elif word == "--lang":
            if index + 1 == len(words):
                raise UsageError(_("--lang: give a language (en, zh_Hans, zh_Hant, vi, ko)"))
            value, index = words[index + 1], index + 2
        else:
            rest.append(word)
            index += 1
            continue
        if given is not None:
            raise UsageError(_("--lang: is given twice; give it once"))
        given = value
    return given, rest
