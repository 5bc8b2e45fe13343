"""No English is left on the command line in the pseudo-language: every subcommand's help, a
normal run of each command that needs no server, and bad input of every kind across the
commands (cards, bets, amounts, seats, the audit's notation, empty arguments, unknown
options, bad files of each kind, missing files, a folder given as a file, hostile bytes),
each run in process under ``--lang en_XA``.  What may stay as typed is what was typed (the
command line's own words), file paths, the notation and file formats (the same in every
language), and the data a school wrote (drill titles, house and module names), listed
below with why.  A few refusals read back in English as they were and in Korean."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.i18n.english_left import english_left
from tests.i18n.test_cli_help import COMMAND_PATHS, TYPED_EVERYWHERE, _example_lines, _typed
from tests.support.cli import ezbac
from tests.support.history import fill
from trainer.engine.call_words import CALL_FIELDS
from trainer.history.store import open_history

#: Typed the same in every language, wherever it shows: the notation's words (bets, calls,
#: the irregularities' and violations' keys, as ``ezbac audit`` reads them), and the files'
#: extension.
NOTATION = [
    "player banker tie dragon7 panda8 outcome",
    "card_exposed wrong_hand card_on_floor cut_card_early cut_card_misplaced",
    "too_many_cards too_few_cards misdeal edge_sorting_request squeeze_wrong_player",
    "squeeze_cards_kept past_posting pressing withdrawn pinching",
    " ".join(CALL_FIELDS),  # the house's call keys (say:KEY=VALUES)
    "yaml",
    # a said call's fields, as its shape writes them (say:player_shows=TOTAL)
    "hand total",
    # a byte that is not UTF-8, shown escaped as typed
    "xff",
    # the languages' codes
    "zh_Hans zh_Hant",
]

#: The metavars argparse names an argument by, as ``--help`` shows them, and the command
#: lines a refusal tells to run.
METAVARS = ["CARD NAME LANG FILE --seat", "ezbac people add NAME --role instructor"]

#: The file formats' own words (field names, the choices of ``ask``), the same in every
#: language: a file is written in them.
FORMATS = [
    "id title description ask name modules game commission rate",
    "player_draws banker_draws outcome payout fee coup table shoe call spot violations",
    "irregularities",
]

#: The trainees the history holds (tests/support/history.py ``fill``).
TRAINEES = ["ana bo"]

#: A school's configuration printed by ``ezbac school plan`` to be pasted as it is (PgBouncer's,
#: PostgreSQL's and nginx's settings, the openssl command line): keys of other programs'
#: files, the same in every language.  Their comments are worded.
CONFIG = [
    "pool_mode = transaction max_client_conn default_pool_size max_db_connections",
    "query_wait_timeout listen_backlog max_connections worker_rlimit_nofile",
    "events worker_connections",
    "openssl req -x509 -newkey rsa:2048 -nodes -days 365 -subj /CN=ezbac.school.lan",
    "-addext subjectAltName=DNS:ezbac.school.lan -keyout key.pem -out cert.pem",
    "postgresql://USER@HOST:PORT/DB",
    "ezbac school check --tls",
]


@pytest.fixture
def world(tmp_path: Path) -> dict[str, str]:
    """A filled history, and bad files of each kind."""
    db = tmp_path / "school.sqlite3"
    with open_history(str(db)) as store:
        fill(store)
    files = {
        "yaml": "id: [\n",  # the YAML library's own words, inside a worded frame
        "drill": "id: x\ntitle: X\nask: [nonsense]\n",
        "house": "id: h\nname: H\ngame: commission\ncommission: {rate: lots}\n",
        "curriculum": "modules: 5\n",
        "notes": "P:Ks B:2h P:As B:2c\ncall:player=x\ntake:99:banker=5\n",
        "empty": "",
        "text": "hello\n",  # no YAML mapping, no SQLite file, no notation
    }
    paths = {"db": str(db), "dir": str(tmp_path), "missing": str(tmp_path / "none.yaml")}
    for name, text in files.items():
        path = tmp_path / f"{name}.yaml"
        path.write_text(text, encoding="utf-8")
        paths[name] = str(path)
    (tmp_path / "bytes.yaml").write_bytes(b"id: \xff\xfe\x00\n")
    paths["bytes"] = str(tmp_path / "bytes.yaml")
    return paths


def _data_words(*command: str) -> list[str]:
    """The names a school or the bundle wrote (drill titles, house names), as the command's
    machine-readable listing gives them: data, not ezbac's sentences."""
    lines = ezbac(*command, "--json").stdout.splitlines()
    return [str(v) for line in lines for v in json.loads(line).values() if isinstance(v, str)]


def _curriculum_words() -> list[str]:
    """The bundled path's name, its modules' titles and their skills' names: data a school
    writes in its own curriculum file."""
    from trainer.curriculum.catalogue import load_curriculum

    path = load_curriculum()
    words = [path.name, path.school, str(path.source)]
    for module in path.modules:
        for goal in module.skills:  # a skill's name, and its keys (the same in every language)
            words += [goal.title, *goal.keys]
        words += [module.title, module.id]
    if path.audition is not None:
        words += [area.title for area in path.audition.areas]
        words += [line.title for line in path.audition.red_lines]
    return words


def _left(run_text: str, words: tuple[str, ...], allowed: list[str]) -> list[str]:
    """The English left in ``run_text`` but what was typed (a part of it too: a long word
    is quoted cut) and what may stay everywhere."""
    found = english_left(run_text, allowed=[*words, *NOTATION, *METAVARS, *allowed])
    return [word for word in found if not any(word in typed for typed in words)]


def test_every_help_leaves_no_english() -> None:
    left = {}
    for words in COMMAND_PATHS:
        run = ezbac(*words, "--lang", "en_XA", "--help")
        allowed = [*_typed(words), *_example_lines(run.stdout), *TYPED_EVERYWHERE]
        if run.returncode != 0 or english_left(run.stdout, allowed=allowed):
            left[words] = english_left(run.stdout, allowed=allowed) or run.stderr
    assert left == {}


def test_normal_runs_leave_no_english(world: dict[str, str]) -> None:
    db, home = world["db"], os.environ["EZBAC_HOME"]
    drills = _data_words("drills", "list")
    houses = _data_words("houses", "list")
    runs: list[tuple[tuple[str, ...], list[str]]] = [
        (("check", "4h", "3s", "2d", "Kc", "8h"), []),
        (("check", "4h", "3s", "2d", "Kc", "8h", "--seat", "1:banker=25,dragon7=10"), []),
        (("audit", "Ks", "2h", "As", "2c", "5d", "3c"), []),
        (("audit", "Ks", "2h", "As", "2c", "5d", "3c", "--seat", "1:banker=25:paid=25"), []),
        (("simulate", "--shoes", "2", "--seed", "1"), ["--decks"]),  # the replay line
        (("analyze",), houses),
        (("drills", "list"), [*drills, home]),
        (("drills", "preview", "banker-hard-cells", "--count", "2", "--seed", "1"), drills),
        (("drills", "validate", "trainer/bundled_drills/01-naturals.yaml"), []),
        (("houses", "list"), [*houses, home]),
        (("houses", "show", "commission", "--summary"), houses),
        (("curriculum", "show"), [*_curriculum_words(), *drills]),
        (("report", "--db", db), [*drills, *TRAINEES]),
        (("report", "--db", db, "--trainee", "ana"), [*drills, *TRAINEES]),
        (("people", "list", "--db", db), []),
        (("school", "plan", "--trainers", "50", "--sites", "2"), CONFIG),
    ]
    left = {}
    for words, allowed in runs:
        run = ezbac(*words, "--lang", "en_XA", env={"TZ": "UTC"})
        found = _left(run.stdout + run.stderr, words, allowed)
        if run.returncode not in (0, 1) or found:
            left[words] = (run.returncode, found[:12], (run.stderr or run.stdout)[:300])
    assert left == {}


def _bad(world: dict[str, str]) -> list[tuple[str, ...]]:
    """At least forty bad inputs across the commands."""
    db, cards = world["db"], ("Ks", "2h", "As", "2c")
    return [
        # cards, bets, amounts, seats
        ("check", "4h", "3s", "2d", "Kc", "Xx"),
        ("check", "4h", "3s", "2d", "Kc", "8q"),
        ("check", "4h"),
        ("check", "4h", "3s", "2d", "Kc", "8h", "--bet", "bunker=25"),
        ("check", "4h", "3s", "2d", "Kc", "8h", "--bet", "banker=abc"),
        ("check", "4h", "3s", "2d", "Kc", "8h", "--seat", "99:banker=25"),
        ("check", "4h", "3s", "2d", "Kc", "8h", "--seat", "x"),
        ("check", "4h", "3s", "2d", "Kc", "8h", "--bet", "banker=1", "--seat", "1:tie=5"),
        ("audit", *cards, "--seat", "1:banker=25:paid=x"),
        ("audit", *cards, "--seat", "1:banker=25:frob"),
        ("audit", *cards, "--seat", "1:banker=25:paid=25:chips=abc"),
        # the notation, token by token
        ("audit", "P:Ks", "B:2h", "P:As", "B:2c", "call:player=x"),
        ("audit", *cards, "call:player=6", "call:player=6"),
        ("audit", *cards, "call:outcome=nobody"),
        ("audit", *cards, "call:frob=1"),
        ("audit", *cards, "take:99:banker=5"),
        ("audit", *cards, "take:x:banker=5"),
        ("audit", *cards, "take:1:bunker=5"),
        ("audit", *cards, "take:1:banker=abc"),
        ("audit", *cards, "pay:1:banker=5:abc"),
        ("audit", *cards, "pay:1:banker=5"),
        ("audit", *cards, "pay:1:banker=5:0"),
        ("audit", *cards, "pay:1:banker=5:5:chips=abc"),
        ("audit", *cards, "pay:1:banker=5:5:frob=1"),
        ("audit", *cards, "pay:1:banker=5:5:fee=1:fee=1"),
        ("audit", *cards, "take:1:banker=5:dead=9"),
        ("audit", *cards, "take:1:banker=5", "take:1:banker=6"),
        ("audit", *cards, "5d", "3c", "take:1:banker=5:dead=2"),  # the house takes none
        # payouts cut wrong: more chips than needed, a chip the table does not have
        ("audit", *cards, "5d", "3c", "pay:1:dragon7=5:200:chips=1x100+20x5"),
        ("audit", *cards, "5d", "3c", "pay:1:dragon7=5:200:chips=1x150+10x5"),
        ("audit", *cards, "remedy:nonsense"),
        ("audit", *cards, "remedy:misdeal:frob"),
        ("audit", *cards, "take:1:banker=5", "remedy:misdeal"),
        ("audit", *cards, "then:nope"),
        ("audit", *cards, "then:deal", "then:end"),
        ("audit", *cards, "cut", "cut"),
        ("audit", *cards, "cut:frob"),
        ("audit", *cards, "next:zz"),
        ("audit", *cards, "next:"),
        ("audit", *cards, "say:frob=1"),
        ("audit", *cards, "say:player_shows=x"),
        ("audit", *cards, "take:1:banker=5", "P:5d"),
        ("audit", *cards, "late:1:banker=5"),
        ("audit", *cards, "late:1:banker=5:frob"),
        ("audit", "Ks", "2h"),
        ("audit", *cards, "9d", "Qs", "Jh"),
        ("audit", "Q:Ks"),
        ("audit", "x" * 100),
        ("audit", "--file", world["notes"]),
        ("audit", "--file", world["missing"]),
        ("audit", "--file", world["dir"]),
        # empty arguments, unknown options, counts
        ("check", ""),
        ("people", "add", "", "--db", db),
        ("report", "--trainee", "", "--db", db),
        ("report", "--trainee", "nobody", "--db", db),
        ("check", "--frobnicate"),
        ("simulate", "--shoes", "x"),
        ("simulate", "--cut", "abc"),
        ("analyze", "--decks", "0"),
        ("serve", "--port", "x"),
        ("serve", "--port", "70000"),
        ("school", "plan", "--trainers", "2", "--sites", "5"),
        ("school", "plan", "--trainers", "2", "--name", "bad_name!"),
        ("school", "check", "--trainers", "2", "--no-db"),
        ("people", "rename", "nobody", "someone", "--db", db),
        ("people", "language", "nobody", "xx", "--db", db),
        ("history", "copy", db, db),
        ("class", "--db", world["dir"]),
        ("report", "--db", world["missing"]),
        ("train", "naturals", "--questions", "5"),
        ("drills", "preview", "nonsense-drill"),
        ("drills", "preview", "naturals", "--procedure"),
        ("houses", "show", "nonsense-house"),
        # bad files of each kind, missing files, a folder given as a file, hostile bytes
        ("drills", "validate", world["yaml"]),
        ("drills", "validate", world["drill"]),
        ("drills", "validate", world["missing"]),
        ("drills", "validate", world["dir"]),
        ("drills", "validate", world["bytes"]),
        ("drills", "validate", world["empty"]),
        ("houses", "validate", world["house"]),
        ("houses", "validate", world["yaml"]),
        ("curriculum", "validate", world["curriculum"]),
        ("curriculum", "show", "--curriculum", world["missing"]),
        ("check", "--house", world["house"], "4h", "3s", "2d", "Kc", "8h"),
        ("check", "4h", "3s", "2d", "Kc", "8h\udcff"),
        # what only a long input shows: a quote cut, the net under every printed line
        ("serve", "--host", "x" * 300),
        ("check", "--" + "y" * 300),
        # the roster and the path, refused
        ("people", "signin", "on", "--db", db),
        ("curriculum", "progress", "--trainee", "zed", "--db", db),
        ("drills", "preview", "shoe-end"),
        ("train", "naturals", "--trainee", "x" * 100),
        ("simulate", "--shoes", "2", "--cut", "0"),
        # a file of another kind where a history, a house or a curriculum goes
        ("history", "copy", db, world["text"]),
        ("report", "--db", world["text"]),
        ("houses", "validate", world["text"]),
        ("curriculum", "validate", world["text"]),
        ("check", "--house", world["text"], "4h", "3s", "2d", "Kc"),
        ("audit", "--file", world["text"]),
    ]


#: Lines read from standard input (``-``), each refused on its own line.
STDIN = [
    (("check", "-"), "4h 3s 2d Kc 8h\nXx\n4h 3s --bet bunker=5\n"),
    (("audit", "-"), "Ks 2h As 2c take:99:banker=5\nP:Ks call:outcome=x\n\nKs 2h\n"),
    (("audit", "-"), "Ks 2h As 2c 5d 3c cut cut\nremedy:x\n"),
]


#: What the library and the system say inside a worded frame (YAML's parser) and the words
#: the YAML files above hold.
FILES_SAY = [
    "did not find expected node content",
    "no such file or directory",  # the system's strerror, as it gives it
    "nonsense lots X H hello hell",  # the files' words (hell: the rank of the card hello)
]


def test_bad_input_leaves_no_english(world: dict[str, str]) -> None:
    corpus = _bad(world)
    assert len(corpus) >= 40
    houses = _data_words("houses", "list")
    left = {}
    for words in corpus:
        run = ezbac(*words, "--lang", "en_XA")
        text = run.stdout + run.stderr
        allowed = [*world.values(), *FILES_SAY, *FORMATS, *TRAINEES, *houses]
        found = _left(text, words, allowed)
        if "Traceback" in text or found:
            left[words] = (run.returncode, found[:12], text[:300])
    for words, given in STDIN:
        run = ezbac(*words, "--lang", "en_XA", stdin=given)
        text = run.stdout + run.stderr
        found = _left(text, (*words, *given.split()), allowed)
        if "Traceback" in text or found:
            left[words] = (run.returncode, found[:12], text[:300])
    assert left == {}


#: Refusals of the notation in English, as they were before they were worded (worked from
#: the rules each breaks), and two read back in Korean.
ENGLISH = [
    (
        ("audit", "Ks", "2h", "As", "2c", "take:99:banker=5"),
        "'take:99:banker=5': a seat is 1 to 14",
    ),
    (
        ("audit", "Ks", "2h", "As", "2c", "then:nope"),
        "'then:nope': say then:deal, then:one_more or then:end",
    ),
    (("audit", "Ks", "2h", "As", "2c", "cut", "cut"), "the cut card came out once: give cut once"),
    (
        ("audit", "Ks", "2h"),
        "2 cards dealt: a coup starts with four (Player, Banker, Player, Banker)",
    ),
    (
        ("audit", "Ks", "2h", "As", "2c", "take:1:banker=5", "P:5d"),
        "'P:5d': a card after the bets: the cards come first, then the calls, the bets and then:",
    ),
    (("audit", "x" * 100), "card 1: " + repr("x" * 40) + "... (100 characters) is not a card: "),
]


ENGLISH += [
    (
        ("serve", "--host", "x" * 300),
        "--host: " + repr("x" * 40) + "... (300 characters) is not a host name or address",
    ),
    (("check", "--" + "y" * 300), "unrecognized arguments: --" + "y" * 38 + "... (302 characters)"),
]


def test_the_refusals_read_in_english_as_they_were() -> None:
    for words, line in ENGLISH:
        run = ezbac(*words)
        assert (run.returncode, run.stdout) == (2, ""), words
        assert run.stderr.startswith(f"ezbac: error: {line}"), run.stderr


def test_the_notation_s_refusals_read_back_in_korean() -> None:
    seat = ezbac("audit", "Ks", "2h", "As", "2c", "take:99:banker=5", "--lang", "ko").stderr
    assert seat == "ezbac: 오류: 'take:99:banker=5': 좌석은 1부터 14\n"
    two = ezbac("audit", "Ks", "2h", "--lang", "zh_Hant").stderr
    assert two == "ezbac：錯誤：發了 2 張牌：一局從四張開始（閒、莊、閒、莊）\n"
