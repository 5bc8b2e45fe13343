"""The table drill in every language: snapshots at 80x24 (East Asian characters take two
columns), and in the pseudo-language (every message accented and about 40% longer) every
step of a table coup and its results with no word left in English and nothing cut, at 80x24
and at 120x40.

The steps are those of the hand-worked tables of tests/support/table_app.py: the take with a
push taken and a loser missed, a payout out of order and of the wrong amount, one in chips,
done paying, the results and a missed table taught; the moments watched before a table
(a protection moment answered wrong, then right); the commission of a commission house; an
exam whose time runs out.

Update the snapshots after a deliberate change with
`pytest tests/i18n/test_table_languages.py --snapshot-update` and look at the SVGs.
"""

from __future__ import annotations

import pytest
from textual.app import App

from tests.i18n.english_left import english_left
from tests.support.table_app import COMMISSION_SEATS, table, table_app, watched_table
from trainer.drills.model import Mode
from trainer.engine.house import COMMISSION_HOUSE, DEFAULT_HOUSE
from trainer.i18n import LANGUAGES, PSEUDO, _, set_language
from trainer.tui.screens.table import TableScreen
from trainer.tui.screens.table_results import MissedTableScreen, TableResultsScreen

TRANSLATED = [code for code in LANGUAGES if code != "en"]
SIZES = [(80, 24), (120, 40)]

#: What stays as typed: the drill's title (the drill file's), the trainee's name, the house's
#: name (the house file's).
ALLOWED = ["Work the table", "Alex", DEFAULT_HOUSE.name, COMMISSION_HOUSE.name]

#: The steps of the DRAGON table (tests/support/table_app.py): a wrong take (seat 6's Banker,
#: a push, taken; seat 6's Tie, a loser, missed), seat 1's Dragon 7 paid 40 out of order, seat
#: 5's in chips, done paying, the results, the missed table taught.
DRAGON_STEPS = [
    ("the take", []),
    ("bets marked", ["c", "d", "f"]),
    ("the take's mistakes", ["enter"]),
    ("an amount typed", ["b", "4", "0"]),
    ("a payout's mistakes", ["enter"]),
    ("a payout in chips", ["e", "t", "t"]),
    ("a payout right", ["enter"]),
    ("done paying", ["enter"]),
    ("the results", ["enter"]),
    ("a missed table taught", ["m"]),
]
#: The moments watched before the DRAGON table: at no more bets a legal layout stopped (a
#: protection moment answered wrong), during the deal the late bet refused, after the result
#: nothing to stop, then the take.
WATCH_STEPS = [
    ("no more bets", []),
    ("a choice picked", ["1"]),
    ("a protection moment's feedback", ["enter"]),
    ("during the deal answered", ["2", "enter"]),
    ("after the result answered", ["1", "enter"]),
]
#: A commission house: seat 4's Player taken, seat 2's Banker paid 19, its commission typed.
COMMISSION_STEPS = [
    ("the take", []),
    ("taken", ["b", "enter"]),
    ("paid", ["a", "1", "9", "enter"]),
    ("the commission asked", []),
    ("the commission typed", ["1"]),
    ("the commission graded", ["enter"]),
    ("its results", ["enter"]),
]
#: An exam of 30 s whose time runs out after the take.
EXAM_STEPS = [("the take", []), ("taken", ["c", "enter"]), ("time ran out", ["*timeout"])]


def screen_text(app: App[None]) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def shown(app: App[None], selector: str) -> str:
    return str(app.screen.query_one(selector).render())


def assert_nothing_cut(app: App[None], text: str, where: str) -> None:
    assert "…" not in text, (where, text)  # no label or line cut with an ellipsis
    if not isinstance(app.screen, TableScreen):
        return
    words = set(text.split())
    for part in ("#step", "#paying", "#result"):  # every word of what to do now, whole
        missing = set(shown(app, part).split()) - words
        assert not missing, (where, part, missing, text)
    feedback = app.screen.query_one("#table-feedback")
    if feedback.display:  # the whole feedback is on screen, or PgDn scrolls to the rest
        whole = set(shown(app, "#table-feedback").split()) <= words
        assert whole or f" {_('More')} " in text, (where, text)


def assert_nothing_cut_unspaced(app: App[None], text: str, where: str) -> None:
    """Nothing cut in a language that does not space its words (Chinese) or that breaks a
    line anywhere: what to do now is on screen whole, its characters in order."""
    assert "…" not in text, (where, text)
    if not isinstance(app.screen, TableScreen):
        return
    flat = "".join(text.split())
    for part in ("#step", "#paying", "#result"):
        said = "".join(shown(app, part).split())
        assert said in flat, (where, part, said, text)


async def walk(steps, size, language: str = PSEUDO, **kw) -> list[str]:
    """Each step's screen in ``language`` (the pseudo-language: no English left), checked:
    nothing cut."""
    set_language(language)
    app = table_app(**kw)
    seen = []
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for name, keys in steps:
            if keys == ["*timeout"]:
                app.fake_clock.advance(31)  # type: ignore[attr-defined]
                app.screen.tick()  # type: ignore[attr-defined]
            else:
                await pilot.press(*keys)
            await pilot.pause()
            text = screen_text(app)
            if language == PSEUDO:
                assert english_left(text, allowed=ALLOWED) == [], (name, size, text)
                assert_nothing_cut(app, text, f"{name} at {size}")
            else:  # words are not spaced apart: every character of the step, in order
                assert_nothing_cut_unspaced(app, text, f"{language}: {name} at {size}")
            seen.append(name)
    return seen


@pytest.mark.parametrize("size", SIZES)
async def test_every_step_of_a_table_and_its_results_in_the_pseudo_language(size) -> None:
    assert await walk(DRAGON_STEPS, size) == [name for name, _keys in DRAGON_STEPS]


@pytest.mark.parametrize("language", TRANSLATED)
async def test_every_step_of_a_table_whole_at_80x24_in_each_language(language: str) -> None:
    await walk(DRAGON_STEPS, (80, 24), language)
    await walk(WATCH_STEPS, (80, 24), language, tables=[watched_table()])
    tables = [table(seats=COMMISSION_SEATS)]
    await walk(COMMISSION_STEPS, (80, 24), language, tables=tables, house=COMMISSION_HOUSE)
    await walk(EXAM_STEPS, (80, 24), language, mode=Mode.EXAM, time_limit=30)


@pytest.mark.parametrize("size", SIZES)
async def test_the_moments_watched_in_the_pseudo_language(size) -> None:
    await walk(WATCH_STEPS, size, tables=[watched_table()])


@pytest.mark.parametrize("size", SIZES)
async def test_a_commission_table_in_the_pseudo_language(size) -> None:
    tables = [table(seats=COMMISSION_SEATS)]
    await walk(COMMISSION_STEPS, size, tables=tables, house=COMMISSION_HOUSE)


@pytest.mark.parametrize("size", SIZES)
async def test_an_exam_whose_time_runs_out_in_the_pseudo_language(size) -> None:
    await walk(EXAM_STEPS, size, mode=Mode.EXAM, time_limit=30)


async def test_the_walk_reaches_the_results_and_the_missed_table() -> None:
    set_language(PSEUDO)
    app = table_app()
    async with app.run_test(size=SIZES[0]) as pilot:
        for _name, keys in DRAGON_STEPS[1:-1]:
            await pilot.press(*keys)
        assert isinstance(app.screen, TableResultsScreen)
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, MissedTableScreen)


# -- the words, in each language ------------------------------------------------------------

#: Words a dealer reads at each step, worked by hand from the catalogues' glossaries: the
#: hand names and the mistakes of the take (seat 6's Banker 40 taken, a push; seat 6's Tie
#: 10, a loser, left), in each language.
EXPECTED = {
    "zh_Hans": ("闲", "庄", "收输注", "6号位 庄 40 不输不赢：留下", "6号位 和 10 输：收走"),
    "zh_Hant": ("閒", "莊", "收輸注", "6號位 莊 40 不輸不贏：留下", "6號位 和 10 輸：收走"),
    "vi": (
        "NGƯỜI CHƠI",
        "NHÀ CÁI",
        "THU CƯỢC THUA",
        "ghế 6 Nhà cái 40 hòa tiền: để nguyên",
        "ghế 6 Hòa 10 thua: thu lại",
    ),
    "ko": (
        "플레이어",
        "뱅커",
        "진 배팅 수거",
        "6번 좌석 뱅커 40 푸시: 그대로 두세요",
        "6번 좌석 타이 10 패: 수거하세요",
    ),
}


@pytest.mark.parametrize("language", TRANSLATED)
async def test_the_take_and_its_mistakes_in_each_language(language: str) -> None:
    set_language(language)
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("c", "d", "f")
        await pilot.pause()
        text = screen_text(app)
        player, banker, take, push, loser = EXPECTED[language]
        assert player in text and banker in text  # the hands' names
        assert take in shown(app, "#step")  # the step's name
        await pilot.press("enter")
        await pilot.pause()
        feedback = shown(app, "#table-feedback")
        assert push in feedback and loser in feedback, feedback
        assert "pushes" not in feedback and "loses" not in feedback


@pytest.mark.parametrize("language", [*TRANSLATED, PSEUDO])
def test_table_snapshot(language: str, snap_compare) -> None:
    # the table screen's own snapshot (tests/tui/test_table_snapshot.py) in each language:
    # after a wrong take, seat 5's Dragon 7 being paid in chips
    set_language(language)
    presses = ["c", "d", "f", "enter", "e", "t", "t"]
    assert snap_compare(table_app(), terminal_size=(80, 24), press=presses)


# -- the command line prints the table's procedure in the same words ------------------------

DRAGON7_CARDS = ("Kh", "2c", "6s", "3d", "2h")  # Player K 6 = 6; Banker 2 3 2 = 7: Dragon 7


@pytest.mark.parametrize(
    ("language", "lines"),
    [
        # worked by hand as tests/cli/test_cli_check.py's English: losing bets first, seat 4
        # before seat 1, the Banker pushes on a Dragon 7, 10 x 40 = 400 in 4 black (100)
        (
            "zh_Hant",
            [
                "  1. 4號位：收 閒 100",
                "  2. 4號位：收 熊貓8 5",
                "  3. 1號位：莊 25 不輸不贏，留下",
                "  4. 1號位：派 龍7 400，用 4 個黑（100）",
            ],
        ),
        (
            "vi",
            [
                "  1. ghế 4: thu Người chơi 100",
                "  2. ghế 4: thu Gấu trúc 8 5",
                "  3. ghế 1: Nhà cái 25 hòa tiền, để nguyên",
                "  4. ghế 1: trả Rồng 7 400 bằng 4 đen (100)",
            ],
        ),
    ],
)
def test_ezbac_check_says_a_tables_procedure_in_the_language(
    language: str, lines: list[str]
) -> None:
    from tests.support.cli import ezbac

    seats = ("--seat", "1:banker=25,dragon7=10", "--seat", "4:player=100,panda8=5")
    out = ezbac("--lang", language, "check", *DRAGON7_CARDS, *seats)
    assert out.returncode == 0, out.stderr
    steps = [line for line in out.stdout.splitlines() if line.startswith("  ") and ". " in line]
    assert steps[-4:] == lines, out.stdout


async def test_amounts_shown_as_the_language_writes_them_are_typed_as_always() -> None:
    # Vietnamese writes 2.50 as 2,50 and 1,000 as 1.000 (CLDR): the chip tray shows them so;
    # what is typed is read exactly as in English, and the refusal says how to write it
    set_language("vi")
    app = table_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("g", "c", "d", "enter", "e")  # the take, then seat 5's Dragon 7
        await pilot.pause()
        tray = str(app.screen.query_one("#tray").render())
        assert "2,50" in tray and "1.000" in tray, tray
        await pilot.press(*"2,00", "enter")  # 200 written the Vietnamese way: refused
        await pilot.pause()
        paying = shown(app, "#paying")
        assert "2,00 không phải số tiền" in paying and "600, 1,000, 2.50" in paying, paying
        s = app.screen.session  # type: ignore[attr-defined]
        assert not s.table.paid  # nothing graded
        for _char in "2,00":
            await pilot.press("backspace")
        await pilot.press(*"200", "enter")
        await pilot.pause()
        assert sum(s.table.paid.values()) == 200


# -- a shoe at the table ----------------------------------------------------------------------

SHOE_DRILL = """id: shoe-at-table
title: A shoe at the table
description: D
ask: [shoe, table]
table:
  seats: 1
  bets: {player: {min: 10, max: 10, step: 5}}
"""
#: tests/tui/test_table_shoe_screen.py's stacked shoe: the ace burns 1, two naturals, the
#: cut card out in coup 1; each step answered with the first choice, right or wrong.
SHOE_STEPS = [
    ("the burn", []),
    ("the burn answered", ["1", "enter"]),
    ("taken", ["enter"]),
    ("paid, what now?", ["a", "1", "0", "enter"]),
    ("what now answered", ["1", "enter"]),
    ("the next table", ["enter"]),
    ("taken", ["enter"]),
    ("paid, what now?", ["a", "1", "0", "enter"]),
    ("what now answered", ["1", "enter"]),
    ("the results", ["enter"]),
]


@pytest.mark.parametrize("size", SIZES)
async def test_a_shoe_at_the_table_in_the_pseudo_language(size) -> None:
    import random

    from tests.support.coups import FakeClock, FakeNow
    from trainer.drills.catalogue import DrillEntry
    from trainer.drills.loader import load_text
    from trainer.engine.shoe import ShoeRules, ShoeRun
    from trainer.session.shoe import dealt_shoe
    from trainer.session.table.session import TableSession
    from trainer.tui.app import TrainerApp

    set_language(PSEUDO)
    natural = ["9s", "Ks", "Ks", "Ks"]
    drill = load_text(SHOE_DRILL)
    run = dealt_shoe(ShoeRun.stacked(["As", "2c", *natural * 2], ShoeRules(cut=7)))
    clock = FakeClock()
    session = TableSession.from_shoe(
        drill, run, "Alex", random.Random(2), clock=clock, now=FakeNow()
    )
    app = TrainerApp(
        choices=lambda: [DrillEntry.of(drill)],
        trainee="Alex",
        seed=1,
        clock=clock,
        now=FakeNow(),
    )
    async with app.run_test(size=size) as pilot:
        await app.push_screen(TableScreen(session))
        await pilot.pause()
        for name, keys in SHOE_STEPS:
            await pilot.press(*keys)
            await pilot.pause()
            text = screen_text(app)
            assert english_left(text, allowed=[*ALLOWED, "A shoe at the table"]) == [], (
                name,
                size,
                text,
            )
            assert_nothing_cut(app, text, f"{name} at {size}")
        assert isinstance(app.screen, TableResultsScreen)


def test_ezbac_drills_preview_says_a_table_in_the_language() -> None:
    # a table drill's preview: the result, the bets, the violation watched and each step of
    # the procedure in the table's words (the preview's own lines are the command line's)
    from tests.support.cli import ezbac

    # seeded: a table is watched at a moment in only some runs (seed 1 watches two)
    words = ("drills", "preview", "table-protection", "--count", "3", "--seed", "1")
    out = ezbac("--lang", "zh_Hant", *words)
    assert out.returncode == 0, out.stderr
    steps = [line.strip()[2:] for line in out.stdout.splitlines() if line.startswith("     - ")]
    watched = [line.strip()[2:] for line in out.stdout.splitlines() if line.startswith("     ! ")]
    assert steps and watched, out.stdout
    for line in steps:
        assert "號位：" in line, line  # "seat N:" as the table drill says it
    for line in steps + watched:
        assert "號位" in line and english_left(line) == [], line
    results = [line for line in out.stdout.splitlines() if line[:3].strip().isdigit()]
    assert results and all("贏" in r or "和" in r for r in results), results


# -- in English, the words at the edges are the English the session records ----------------

#: A table paid in more chips than the house's way (seat 5's 200 as 1 black and 4 green).
CHIPS_STEPS = [
    ("taken", ["c", "d", "g", "enter"]),
    ("more chips", ["e", "t", "r", "r", "r", "r", "enter"]),
    ("typed", ["b", "4", "0", "0", "enter"]),
    ("done paying", ["enter"]),
]
WATCH_AND_WORK = [
    *WATCH_STEPS,
    ("taken", ["c", "d", "g", "enter"]),
    ("paid", ["e", "2", "0", "0", "enter", "b", "4", "0", "0", "enter"]),
    ("done paying", ["enter"]),
]


@pytest.mark.parametrize(
    ("steps", "kw"),
    [
        (DRAGON_STEPS[1:-2], {}),
        (WATCH_AND_WORK, {"tables": [watched_table()]}),
        (
            [*COMMISSION_STEPS[:-1], ("the next", ["2", "enter"])],
            {"tables": [table(seats=COMMISSION_SEATS)], "house": COMMISSION_HOUSE},
        ),
        (EXAM_STEPS, {"mode": Mode.EXAM, "time_limit": 30}),
        (CHIPS_STEPS, {}),
    ],
    ids=["dragon", "watched", "commission", "time-out", "chips"],
)
async def test_in_english_the_edges_say_what_the_session_records(steps, kw) -> None:
    # each answer and mistake worded from its values at the edges (trainer.words.table) is,
    # in English, word for word the English the session records for the history
    from trainer.engine.table import settle_table
    from trainer.skills import table_chips_skill
    from trainer.words import table as words

    app = table_app(**kw)
    async with app.run_test(size=(80, 24)) as pilot:
        s = app.screen.session  # type: ignore[attr-defined]
        for _name, keys in steps:
            if keys == ["*timeout"]:
                app.fake_clock.advance(31)  # type: ignore[attr-defined]
                app.screen.tick()  # type: ignore[attr-defined]
            else:
                await pilot.press(*keys)
            await pilot.pause()
        house = s.drill.house
        worked = {t.number: t for t in s.summary().tables}
        assert s.answers and all(a.said is not None and a.due is not None for a in s.answers)
        for a in s.answers:
            t = worked[a.table]
            assert words.answer(a) == a.answer
            assert words.expected(a) == a.expected
            assert words.asked(a, chips_skill=a.skill == table_chips_skill().key) == a.asked
            procedure = settle_table(t.coup, t.layout, house)
            assert words.reason(a, house, t.coup, procedure) == a.reason
            for m in a.mistakes:
                assert words.mistake(m, house) == m.text
