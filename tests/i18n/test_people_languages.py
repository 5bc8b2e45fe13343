"""The people screens in every language: sign-in snapshots at 80x24 (East Asian characters
take two columns); in the pseudo-language (every message about 40% longer, accented) no
English word left and no message cut on sign-in, the lockout, the idle countdown, the
roster, each dialog, the class view, progress, the path and the audition's screens, at 80x24
and 120x40; each person's language spoken at sign-in and the terminal's again at sign-out
(a language on record that ezbac does not have: one notice, English); and names typed in
Chinese, Korean and Vietnamese, precomposed and decomposed.

Update the snapshots after a deliberate change with
`pytest tests/i18n/test_people_languages.py --snapshot-update` and look at the SVGs.
"""

from __future__ import annotations

import sqlite3
import unicodedata
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from textual import events
from textual.app import App, ComposeResult
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Input, Label, Static

from tests.i18n import english_left as finder
from tests.support.history import T0, fill
from tests.support.screens import NOW, progress_history
from tests.tui.test_home_path import path as bundled_path
from tests.tui.test_signin import _app as signin_app
from tests.tui.test_signin import _sign_in
from trainer.curriculum.catalogue import load_curriculum
from trainer.curriculum.model import Area, Grade, RedLine
from trainer.history import people, signing_in
from trainer.history.mastery import DayPoint, PathPicture
from trainer.history.store import open_history
from trainer.i18n import LANGUAGES, PSEUDO, _, current, set_language
from trainer.session.audition import AreaResult, Crossed, Verdict
from trainer.session.records import AnswerRecord
from trainer.tui.screens import audition, dialogs, signin
from trainer.tui.screens.path import LEGEND, PathScreen
from trainer.tui.screens.progress import ProgressScreen

TRANSLATED = [code for code in LANGUAGES if code != "en"]
SIZES = [(80, 24), (120, 40)]


#: The keys' own names a key bar shows (Textual's, as on every screen): no sentence.
KEY_NAMES = ["esc"]


def english_left(text: str, allowed: list[str] | None = None) -> list[str]:
    return finder.english_left(text, allowed=[*(allowed or []), *KEY_NAMES])


def screen_text(app: App[Any]) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def whole(message: str, text: str) -> None:
    """Every word of ``message`` (already in the language spoken) is on screen whole (the
    pseudo-language's padding aside: a run of ``~`` longer than a line is folded)."""
    missing = {w for w in message.split() if w.strip("~")} - set(text.split())
    assert not missing, (message, missing, text)


@pytest.fixture
def school(tmp_path: Path) -> Path:
    db = tmp_path / "history.sqlite3"
    with open_history(db) as store:
        people.add(store, "Ana", people.INSTRUCTOR, "2468", T0)
        people.add(store, "Bo", people.TRAINEE, "1111", T0, "ko")
        people.set_policy(store, signin=True, idle_minutes=2)
    return db


# -- sign-in in each language -----------------------------------------------------------------


@pytest.mark.parametrize("language", [*TRANSLATED, PSEUDO])
def test_sign_in_snapshot(language: str, school: Path, snap_compare) -> None:  # type: ignore[no-untyped-def]
    set_language(language)
    assert snap_compare(signin_app(school), terminal_size=(80, 24))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_sign_in_and_its_lockout_leave_no_english(
    school: Path, size: tuple[int, int]
) -> None:
    set_language(PSEUDO)
    app = signin_app(school)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert isinstance(app.screen, signin.SignInScreen)
        assert english_left(text) == [], text
        for message in ("ezbac · sign in", "Your name and PIN (Enter after each):", "name"):
            whole(_(message), text)
        for _try in range(3):  # the third wrong try in a row waits 2 s
            await _sign_in(pilot, "Bo", "0000")
        text = screen_text(app)
        said = str(app.screen.query_one("#signin-error", Label).render())
        assert said == _("{wrong}; {held}").format(
            wrong=_("wrong name, PIN or passphrase"),
            held=_("{name} may try again in {seconds} s").format(name="Bo", seconds=2),
        )
        whole(said, text)
        assert english_left(text, allowed=["Bo"]) == [], text


# -- the pseudo-language over every people screen ---------------------------------------------


class Host(App[None]):
    """A bare app opening one screen, as the trainer would."""

    ENABLE_COMMAND_PALETTE = False

    def __init__(self, make: Callable[[], Screen[Any]]) -> None:
        super().__init__()
        self.make = make

    def compose(self) -> ComposeResult:
        yield Static("", id="host")

    def on_mount(self) -> None:
        self.push_screen(self.make())


def _verdict() -> Verdict:
    payouts = Area("payouts", "Payouts", ("payout:*",), 8.0, "payouts-exam")
    table = Area("table", "The full table", ("table:*",), 20.0, "table-exam")
    pushed = AnswerRecord(
        "s1", "Alex", "payouts-exam", "payout", "payout:banker:push", ("Th",), "win 10",
        "push", False, 3.0, T0,
    )  # fmt: skip
    return Verdict(
        trainee="Alex",
        proctor="Mrs Lee",
        sat_at=T0,
        written_right=3,
        written_questions=4,
        written_pass_mark=75,
        areas=(
            AreaResult(payouts, 6, 5, 30.0, Grade("B", 50, 150)),
            AreaResult(table, 0, 0, 0.0, None, needed=4),
        ),
        crossed=(Crossed(RedLine("banker-push", "A Banker bet paid on a push", ()), pushed),),
        retake_days=7,
    )


#: Each people screen with what may stay as typed on it (names, titles from files) and the
#: messages that must be on it whole.
def _screens(school: Path) -> dict[str, tuple[Callable[[], Screen[Any]], list[str], list[str]]]:
    desk = signing_in.Desk(open_history(school))
    titles = {c.id: c.title for c in _curriculum_titles()}
    days = {"naturals": (DayPoint("2024-05-01", 20, 17, 40.0),)}
    verdict = _verdict()
    return {
        "idle": (lambda: signin.IdleScreen("Bo", 30), ["Bo"], []),
        "proctor-pin": (
            lambda: signin.ProctorScreen(
                _("approve the audition of {trainee}").format(trainee="Bo"), desk.sign_in
            ),
            ["Bo"],
            ["name", "PIN or passphrase"],
        ),
        "roster": (lambda: signin.RosterScreen(desk), ["Ana", "Bo"], ["Roster", "instructor"]),
        "form": (
            lambda: signin.FormScreen(
                _("A new trainee"),
                [signin.Field(_("name")), signin.Field(_("PIN or passphrase"), True)],
                lambda values: None,
            ),
            [],
            ["name", "PIN or passphrase"],
        ),
        "roster-language": (
            lambda: signin.FormScreen(
                _("The language of {name}").format(name="Bo"),
                [signin.Field(_("zh_Hans, zh_Hant, vi, ko, en, or terminal"), value="")],
                lambda values: None,
            ),
            ["Bo", "zh_Hans zh_Hant"],  # the codes typed, as typed
            ["zh_Hans, zh_Hant, vi, ko, en, or terminal"],
        ),
        "confirm-quit": (dialogs.ConfirmQuit, [], [dialogs.ConfirmQuit.QUESTION, "Keep going (n)"]),
        "confirm-leave": (dialogs.ConfirmLeave, [], [dialogs.ConfirmLeave.QUESTION]),
        "confirm-leave-audition": (
            dialogs.ConfirmLeaveAudition,
            [],
            [dialogs.ConfirmLeaveAudition.QUESTION],
        ),
        "name": (lambda: dialogs.NameScreen(""), [], ["your name"]),
        "review-length": (dialogs.ReviewLengthScreen, [], ["the usual length"]),
        "audition-proctor": (
            lambda: audition.ProctorScreen(
                "Alex", _("The trainee's path is not known here: the proctor decides.")
            ),
            ["Alex"],
            ["proctor", "Proctor's name to approve it (Enter), Esc to cancel:"],
        ),
        "sign-key": (
            audition.SignKeyScreen,
            ["school-key.pem"],
            ["Sign the sheet with the school's key.", "Passphrase (Enter signs, Esc cancels):"],
        ),
        "verdict": (
            lambda: audition.VerdictScreen(verdict, "run1"),
            # names and the curriculum's titles, and the answer's notation as recorded
            [
                "Alex",
                "Mrs Lee",
                "Payouts",
                "The full table",
                "A Banker bet paid on a push",
                "win 10",
            ],
            ["FAILED", "Written part:", "Practical part", "Red lines:", "not enough answers"],
        ),
        "path": (
            lambda: PathScreen(lambda: PathPicture(bundled_path(), days), "Alex", titles),
            ["Alex", *titles.values(), *_curriculum_words()],
            ["Path", LEGEND],
        ),
    }


def _curriculum_titles() -> list[Any]:
    from trainer.tui.app import _catalogue

    return _catalogue()


def _curriculum_words() -> list[str]:
    """The bundled path's own names: its modules and skills (a school's file, as typed)."""
    curriculum = load_curriculum()
    return [curriculum.name] + [
        title for m in curriculum.modules for title in (m.title, *(g.title for g in m.skills))
    ]


SCREENS = [
    "idle",
    "proctor-pin",
    "roster",
    "form",
    "roster-language",
    "confirm-quit",
    "confirm-leave",
    "confirm-leave-audition",
    "name",
    "review-length",
    "audition-proctor",
    "sign-key",
    "verdict",
    "path",
]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("which", SCREENS)
async def test_no_english_left_and_nothing_cut(
    which: str, size: tuple[int, int], school: Path
) -> None:
    make, allowed, messages = _screens(school)[which]
    set_language(PSEUDO)
    app = Host(make)
    async with app.run_test(size=size) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        text = screen_text(app)
        assert english_left(text, allowed=allowed) == [], text
        for body in app.screen.query(VerticalScroll):  # what is below the fold, too
            body.scroll_end(animate=False)
        await pilot.pause()
        below = screen_text(app)
        assert english_left(below, allowed=allowed) == [], below
        for message in messages:
            whole(_(message), text + "\n" + below)


#: What a screen draws around its words: borders, rules, scroll bars.
FRAME = set("▊▎▔▁│─━╸╺█▌▐▏▕▀▄┃")


def flat(text: str) -> str:
    """A screen's characters without spaces, line breaks and frames: a message wrapped over
    lines of a dialog reads on as one (Chinese and Korean wrap between any two characters)."""
    return "".join(c for c in text if not c.isspace() and c not in FRAME)


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("which", [s for s in SCREENS if s not in ("path", "roster")])
async def test_every_language_holds_on_a_dialog_at_80x24(
    which: str, language: str, school: Path
) -> None:
    make, _allowed, messages = _screens(school)[which]
    set_language(language)
    app = Host(make)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        shown = flat(screen_text(app))
        for message in messages:
            assert flat(_(message)) in shown, (message, _(message), screen_text(app))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_progress_leaves_no_english_on_any_tab(tmp_path: Path, size: tuple[int, int]) -> None:
    data = progress_history(tmp_path)
    set_language(PSEUDO)
    app = Host(lambda: ProgressScreen(data, NOW))
    titles = [p.drill_title for p in data.sessions] + [data.trainee]
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for key, message in (
            ("1", "Player draws by two-card total, and spotting naturals"),
            ("2", "Bet payout"),
            ("3", "Sessions, newest first"),
            ("4", "Boxes 1-5: a miss sends a skill to box 1; a right answer when due moves it up."),
        ):
            await pilot.press(key)
            await pilot.pause()
            text = screen_text(app)
            assert english_left(text, allowed=titles) == [], (key, text)
            await pilot.press("end")  # the rest of the pane
            await pilot.pause()
            below = screen_text(app)
            assert english_left(below, allowed=titles) == [], (key, below)
            whole(_(message), text + "\n" + below)
            await pilot.press("home")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_class_view_leaves_no_english(tmp_path: Path, size: tuple[int, int]) -> None:
    from importlib import import_module

    make_app = import_module("trainer.cli.class_").make_app
    with open_history(tmp_path / "h.sqlite3") as store:
        fill(store)
        titles = [str(r[0]) for r in store.select("SELECT DISTINCT drill_title FROM sessions")]
        set_language(PSEUDO)
        app = make_app(store, curriculum=load_curriculum())
        async with app.run_test(size=size) as pilot:
            await app.workers.wait_for_complete()
            await pilot.pause()
            text = screen_text(app)
            allowed = ["ana", "bo", *titles, *_curriculum_words()]
            assert english_left(text, allowed=allowed) == [], text
            whole(_("Class's weakest skills:"), text)
            table = app.screen.query_one("#class-table", DataTable)
            table.scroll_to(x=table.max_scroll_x, animate=False)  # the columns off to the right
            await pilot.pause()
            right = screen_text(app)
            assert right != text
            assert english_left(right, allowed=allowed) == [], right
            whole(_("Weakest"), right)


# -- each person's language -------------------------------------------------------------------


def _home_text(app: App[Any]) -> str:
    return screen_text(app)


async def test_sign_in_speaks_the_person_s_language_and_sign_out_the_terminal_s(
    school: Path,
) -> None:
    from trainer.tui.screens.home import HomeScreen

    set_language("zh_Hant")  # this terminal's
    app = signin_app(school)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert "ezbac · 登入" in screen_text(app)
        await _sign_in(pilot, "Bo", "1111")  # Bo's language on the roster: Korean
        assert isinstance(app.screen, HomeScreen) and current() == "ko"
        assert "연수생:" in _home_text(app) and "學員" not in _home_text(app)
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, signin.SignInScreen) and current() == "zh_Hant"
        assert "ezbac · 登入" in screen_text(app)
        await _sign_in(pilot, "Ana", "2468")  # no language of her own: the terminal's
        assert isinstance(app.screen, HomeScreen) and current() == "zh_Hant"
        assert "學員：" in _home_text(app)


@pytest.mark.parametrize(
    "garbage", ["klingon", "\x1b[31mko", "ko\x00", "x" * 10_000, "../../etc/passwd"]
)
async def test_a_language_written_into_the_file_by_hand_is_said_and_english_spoken(
    school: Path, garbage: str
) -> None:
    from trainer.tui.screens.home import HomeScreen

    with sqlite3.connect(school) as conn:  # a trainee holding the file
        conn.execute("UPDATE people SET language = ? WHERE name = 'Bo'", (garbage,))
    set_language("vi")
    app = signin_app(school)
    said: list[str] = []
    app.notify = lambda message, **kw: said.append(str(message))  # type: ignore[method-assign]
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await _sign_in(pilot, "Bo", "1111")
        assert isinstance(app.screen, HomeScreen) and current() == "en"
        assert "Trainee:" in _home_text(app)
        notes = [n for n in said if "is unknown" in n]
        assert len(notes) == 1 and "\n" not in notes[0] and "\x1b" not in notes[0]
        assert people.shown_name(garbage) in notes[0] and len(notes[0]) < 200
        await pilot.press("o")
        await pilot.pause()
        assert current() == "vi"  # the terminal's again


# -- names typed with an input method ---------------------------------------------------------


async def type_text(pilot: Any, text: str) -> None:
    """``text`` as a terminal sends what an input method commits: one key event a character,
    made as Textual's terminal driver makes it (``Pilot.press`` cannot send a combining
    mark: it finds no key for it and sends no character)."""
    from textual.keys import _character_to_key

    for character in text:
        key = character if character.isalnum() else _character_to_key(character)
        pilot.app._driver.send_message(events.Key(key, character))
        await pilot.pause()


#: Each name as stored on the roster (composed, NFC) and as an input method may send it.
NAMES = [
    ("陈小明", "陈小明"),  # Chinese (Simplified), committed by a pinyin IME
    ("陳大文", "陳大文"),  # Chinese (Traditional), committed by a Cangjie IME
    ("김민준", "김민준"),  # Korean, syllables composed
    ("김민준", unicodedata.normalize("NFD", "김민준")),  # Korean as conjoining jamo
    ("Nguyễn Thị Ánh", "Nguyễn Thị Ánh"),  # Vietnamese, precomposed (Telex)
    ("Nguyễn Thị Ánh", unicodedata.normalize("NFD", "Nguyễn Thị Ánh")),  # combining marks
]


@pytest.mark.parametrize(("stored", "typed"), NAMES)
@pytest.mark.parametrize("how", ["keys", "paste"])
async def test_a_name_typed_with_an_input_method_signs_in(
    tmp_path: Path, stored: str, typed: str, how: str
) -> None:
    db = tmp_path / "h.sqlite3"
    with open_history(db) as store:
        people.add(store, "Ana", people.INSTRUCTOR, "2468", T0)
        people.set_policy(store, signin=True)
        people.add(store, typed, people.TRAINEE, "1111", T0, "vi")  # stored NFC-folded
        assert people.person(store, stored).name == stored
    set_language("ko")
    app = signin_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        name = app.screen.query_one("#signin-name", Input)
        name.focus()
        if how == "keys":
            await type_text(pilot, typed)
        else:
            name.post_message(events.Paste(typed))
        await pilot.pause()
        assert name.value == typed  # as typed, every code point
        await pilot.press("enter")
        await pilot.press(*"1111", "enter")
        await pilot.pause()
        assert app.person is not None and app.person.name == stored and app.trainee == stored
        assert current() == "vi"


async def test_a_name_typed_decomposed_in_the_roster_is_stored_composed(school: Path) -> None:
    desk = signing_in.Desk(open_history(school))
    decomposed = unicodedata.normalize("NFD", "Trần Văn Ơn")
    app = Host(lambda: signin.RosterScreen(desk))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("a")
        await pilot.pause()
        await type_text(pilot, decomposed)
        await pilot.press("enter", *"7777", "enter")
        await pilot.pause()
    with open_history(school) as store:
        found = people.person(store, "trần văn ơn")  # any case, any composition
    assert found.name == "Trần Văn Ơn" and found.name != decomposed


def test_day_and_time_are_written_as_each_language_writes_them() -> None:
    from trainer.i18n.formats import day_time

    moment = datetime(2026, 5, 5, 2, 42, tzinfo=UTC) + timedelta(0)
    assert day_time(moment, "en") == "05 May 02:42"
    assert day_time(moment, "zh_Hans") == "5月5日 02:42"
    assert day_time(moment, "zh_Hant") == "5月5日 02:42"
    assert day_time(moment, "ko") == "5월 5일 02:42"
    assert day_time(moment, "vi") == "5 thg 5 2:42"  # CLDR's vi: hours unpadded
    assert day_time(moment, PSEUDO) == "5/5 02:42"  # figures: no month's English name


async def test_the_roster_shows_each_language_and_quotes_one_written_by_hand(school: Path) -> None:
    with sqlite3.connect(school) as conn:  # a trainee holding the file
        conn.execute("UPDATE people SET language = ? WHERE name = 'Ana'", ("\x1b[2Jxx",))
    desk = signing_in.Desk(open_history(school))
    app = Host(lambda: signin.RosterScreen(desk))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        text = screen_text(app)
    assert "한국어" in text  # Bo's, by its own name
    assert "'?[2Jxx'" in text and "\x1b" not in text  # Ana's, quoted, its escape shown as ?


async def test_an_instructor_sets_a_language_from_the_roster(school: Path) -> None:
    desk = signing_in.Desk(open_history(school))
    app = Host(lambda: signin.RosterScreen(desk))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("down", "l")  # Bo, the second by name
        await pilot.pause()
        typed = app.screen.query_one("#field-0", Input)
        assert typed.value == "ko"  # Bo's now
        typed.value = ""
        await pilot.press(*"zh-TW", "enter")
        await pilot.pause()
        said = str(app.screen.query_one("#roster-said", Label).render())
        assert said == "Bo is spoken to in 繁體中文 once signed in"
        for bad, why in (("xx", "unknown language 'xx'"), (" ", "the language is empty")):
            await pilot.press("l")
            await pilot.pause()
            app.screen.query_one("#field-0", Input).value = ""
            await pilot.press(*bad, "enter")
            await pilot.pause()
            error = str(app.screen.query_one("#form-error", Label).render())
            assert why in error and "\n" not in error
            await pilot.press("escape")
            await pilot.pause()
    with open_history(school) as store:
        assert people.person(store, "Bo").language == "zh_Hant"  # the refused left it so


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_path_on_home_leaves_no_english(size: tuple[int, int]) -> None:
    from tests.tui.test_home_path import app as path_home

    drills = _curriculum_titles()
    allowed = ["Alex", *_curriculum_words(), *(f"{c.title} {c.description}" for c in drills)]
    allowed.append("practice")  # home's drill details (the drill's mode): not the path's
    set_language(PSEUDO)
    app = path_home()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.pause()
        text = screen_text(app)
        assert _("Next") in text and _("Audition") in text  # the path is shown
        assert english_left(text, allowed=allowed) == [], text


async def test_the_language_key_of_a_person_signed_in_is_for_their_sitting_only(
    school: Path,
) -> None:
    from trainer.prefs import load_settings

    app = signin_app(school)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await _sign_in(pilot, "Bo", "1111")
        assert current() == "ko"
        await pilot.press("l")  # after Korean, round to English
        await pilot.pause()
        assert current() == "en" and "Trainee:" in screen_text(app)
        assert load_settings().settings.language == ""  # nothing written for the terminal
        await pilot.press("l")
        await pilot.pause()
        assert current() == "zh_Hans"
        await pilot.press("o")
        await pilot.pause()
        assert current() == "en"  # the terminal's, as before Bo signed in
    assert load_settings().settings.language == ""
