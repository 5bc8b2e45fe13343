"""A bad card, bet, amount or limit given to ``ezbac check`` or ``ezbac audit`` is one line in
the language spoken: the engine says what is wrong as a value (``Said``) and the command line
words it.  In the pseudo-language nothing is left in English but what was typed and the
notation (cards, bet names); read back in Traditional Chinese and Korean; the English as it
was.  In process."""

from __future__ import annotations

from pathlib import Path

from tests.i18n.english_left import english_left
from tests.support.cli import ezbac

CARDS = ("4h", "3s", "2d", "Kc", "8h")
#: The bets' names as they are typed (the notation), the same in every language.
BET_NAMES = "player banker tie dragon7 panda8"

#: Each bad input, and its line in English (worked from the rules it breaks).
BAD: list[tuple[tuple[str, ...], str]] = [
    (
        ("check", "4h", "3s", "2d", "Kc", "Xx"),
        "'Xx' is not a card: unknown rank 'X' (ranks are A 2-9 T J Q K, or 10)",
    ),
    (
        ("check", "4h", "3s", "2d", "Kc", "8q"),
        "'8q' is not a card: unknown suit 'q' (suits are s h d c)",
    ),
    (("check", "4h", "3s"), "the Player's second card is missing"),  # P B P B
    (
        ("check", *CARDS, "--bet", "bunker=25"),
        "--bet 'bunker=25': 'bunker' is not a bet (did you mean banker?): bets are player, "
        "banker, tie, dragon7, panda8",
    ),
    (
        ("check", *CARDS, "--bet", "banker=abc"),
        "--bet 'banker=abc': 'abc' is not an amount: write it like 600, $600, 1,000 or 2.50",
    ),
    (
        ("check", *CARDS, "--bet", "banker=0"),
        "--bet 'banker=0': '0' is not a positive amount: wagers are 0.01 to 1,000,000",
    ),
    (
        ("check", *CARDS, "--bet", "banker=25.001"),
        "--bet 'banker=25.001': '25.001' is not an amount: wagers have two decimals at most",
    ),
    (
        ("check", "--house", "commission", *CARDS, "--bet", "tie=5"),
        "--bet: tie 5 is below the table minimum of 10 (house commission)",
    ),
    (
        ("check", "--house", "cardroom", *CARDS, "--bet", "dragon7=5"),
        "--bet: dragon7 is a side bet: it needs a player or banker bet on the same seat; "
        "dragon7 5 is over the banker bet, and there is none: this house caps dragon7 at the "
        "seat's banker bet (house cardroom)",
    ),
    (
        ("audit", "4h", "3s", "2d", "Zz"),
        "card 4: 'Zz' is not a card: unknown rank 'Z' (ranks are A 2-9 T J Q K, or 10)",
    ),
]


def test_bad_input_is_one_line_in_english_as_it_was() -> None:
    for words, line in BAD:
        run = ezbac(*words)
        assert (run.returncode, run.stdout) == (2, ""), words
        assert run.stderr == f"ezbac: error: {line}\n", words


def test_bad_input_leaves_no_english_in_the_pseudo_language() -> None:
    for words, _line in BAD:
        run = ezbac(*words, "--lang", "en_XA")
        assert (run.returncode, run.stdout) == (2, ""), words
        assert run.stderr.count("\n") == 1, run.stderr
        typed = [*words, BET_NAMES, "ezbac"]
        assert english_left(run.stderr, allowed=typed) == [], run.stderr


def test_bad_input_reads_back_in_traditional_chinese_and_korean() -> None:
    zh = ezbac("check", "--house", "commission", *CARDS, "--bet", "tie=5", "--lang", "zh_Hant")
    assert zh.stderr == "ezbac：錯誤：--bet：tie 5 低於檯面最低限額 10（賭場 commission）\n"
    ko = ezbac("check", *CARDS, "--bet", "banker=0", "--lang", "ko")
    assert ko.stderr == (
        "ezbac: 오류: --bet 'banker=0': '0'은(는) 양수 금액이 아님: 베팅액은 0.01~1,000,000\n"
    )
    card = ezbac("audit", "4h", "3s", "2d", "Zz", "--lang", "ko").stderr
    assert card.startswith("ezbac: 오류: 4번째 카드: 'Zz'은(는) 카드가 아닙니다: ")


def test_a_payout_s_reason_in_the_audit_is_worded() -> None:
    seat = ("--seat", "1:banker=25:paid=25,dragon7=10:paid=300")
    run = ezbac("audit", "Ks", "2h", "As", "2c", "5d", "3c", *seat, "--lang", "en_XA")
    assert run.returncode == 1, run.stderr  # the Dragon 7 paid 300, not 400
    cards = ["Ks 2h As 2c 5d 3c", "ez"]
    assert english_left(run.stdout, allowed=cards) == [], run.stdout
    zh = ezbac("audit", "Ks", "2h", "As", "2c", "5d", "3c", *seat, "--lang", "zh_Hant").stdout
    assert "龍7一賠40：10 × 40 = 400" in zh


#: Other lines of the command line, each refused with status 2: a count, a date, options
#: that do not go together.
REFUSED: list[tuple[str, ...]] = [
    ("analyze", "--decks", "0"),
    ("simulate", "--shoes", "0"),
    ("simulate", "--shoes", "x1"),
    ("report", "--since", "2024-13-01"),
    ("report", "--path", "--attempts"),
    ("report", "--curriculum", "x"),
    ("class", "--since", "nope"),
]


def test_other_refusals_leave_no_english_in_the_pseudo_language() -> None:
    for words in REFUSED:
        run = ezbac(*words, "--lang", "en_XA")
        assert (run.returncode, run.stdout) == (2, ""), words
        typed = [*words, "ezbac", "YYYY", "help"]
        assert english_left(run.stderr, allowed=typed) == [], run.stderr
    ko = ezbac("report", "--since", "2024-13-01", "--lang", "ko").stderr
    assert ko == (
        "ezbac: 오류: --since '2024-13-01'은(는) 날짜가 아님: YYYY-MM-DD로 쓰세요 "
        "(예: 2024-09-01)\n"
    )
    zh = ezbac("analyze", "--decks", "7", "--lang", "zh_Hant").stderr
    assert "不支援 '7' 副牌（可用 8或6）" in zh


def test_people_list_in_the_pseudo_language_and_traditional_chinese(tmp_path: Path) -> None:
    from trainer.history.store import open_history

    db = str(tmp_path / "h.sqlite3")
    with open_history(db):
        pass  # a new history, nobody on its roster
    run = ezbac("people", "list", "--db", db, "--lang", "en_XA")
    assert run.returncode == 0, run.stderr
    assert english_left(run.stdout) == [], run.stdout
    zh = ezbac("people", "list", "--db", db, "--lang", "zh_Hant").stdout.splitlines()
    # a new history: sign-in off, the default idle time, nobody yet
    assert zh == ["登入：關（閒置 5 分鐘後登出）", "名冊上還沒有人"]


def test_audit_s_seat_and_next_refusals_in_the_pseudo_language() -> None:
    for words in (
        ("audit", *CARDS, "--seat", "1:banker=25:paid=abc"),
        ("audit", *CARDS, "--seat", "1:bunker=25:paid=0"),
        ("audit", *CARDS, "--next", "Zz"),
    ):
        run = ezbac(*words, "--lang", "en_XA")
        assert (run.returncode, run.stdout) == (2, ""), words
        assert english_left(run.stderr, allowed=[*words, BET_NAMES]) == [], run.stderr


def test_bad_lines_of_standard_input_in_the_pseudo_language() -> None:
    lines = "4h 3s 2d Zz\n4h 3s 2d Kc 8h --seat 1:banker=25:paid=abc\n'unclosed\n"
    run = ezbac("audit", "-", "--lang", "en_XA", stdin=lines)
    assert run.returncode == 1 and run.stderr.count("\n") == 3, run.stderr
    typed = [lines, BET_NAMES, "ezbac"]
    assert english_left(run.stderr + run.stdout, allowed=typed) == [], run.stderr
    checked = ezbac("check", "-", "--lang", "en_XA", stdin="4h Xx\n4h 3s 2d Kc 8h | 2:bunker=3\n")
    assert checked.returncode == 1 and checked.stderr.count("\n") == 2, checked.stderr
    typed = ["4h Xx 2:bunker=3", BET_NAMES, "ezbac"]
    assert english_left(checked.stderr, allowed=typed) == [], checked.stderr
    ko = ezbac("audit", "-", "--lang", "ko", stdin="'unclosed\n").stderr
    assert ko == "ezbac: 오류: 1번째 줄: 줄을 나눌 수 없음: 닫는 따옴표가 없음\n"


def test_the_roster_s_refusals_in_the_pseudo_language_and_korean(tmp_path: Path) -> None:
    from trainer.history.store import open_history

    db = str(tmp_path / "h.sqlite3")
    with open_history(db):
        pass  # a new history, nobody on its roster
    for words in (
        ("people", "rename", "--db", db, "zed", "bo"),
        ("people", "retire", "--db", db, "zed"),
        ("people", "signin", "on", "--db", db),
    ):
        run = ezbac(*words, "--lang", "en_XA")
        assert (run.returncode, run.stdout) == (2, ""), words
        typed = [*words, "ezbac people add NAME role instructor"]
        assert english_left(run.stderr, allowed=typed) == [], run.stderr
    ko = ezbac("people", "retire", "--db", db, "zed", "--lang", "ko").stderr
    assert ko == "ezbac: 오류: 명단에 'zed'이라는 사람이 없음\n"
    english = ezbac("people", "retire", "--db", db, "zed").stderr
    assert english == "ezbac: error: no one called 'zed' on the roster\n"


def test_history_copy_onto_its_own_file_in_the_pseudo_language(tmp_path: Path) -> None:
    from tests.support.history import fill
    from trainer.history.store import open_history

    source = str(tmp_path / "a.sqlite3")
    with open_history(source) as store:
        fill(store)
    for target in (source, source + "-wal"):  # the file itself, or one SQLite keeps beside it
        words = ("history", "copy", source, target)
        run = ezbac(*words, "--lang", "en_XA")
        assert (run.returncode, run.stdout) == (2, ""), words
        typed = [*words, "SQLite wal journal shm"]  # SQLite's own files, as they are named
        assert english_left(run.stderr, allowed=typed) == [], run.stderr
    ko = ezbac("history", "copy", source, source, "--lang", "ko").stderr
    assert ko.startswith(f"ezbac: 오류: {source}: 복사 중인 기록 자체이거나 SQLite가 ")


def test_curriculum_progress_and_school_refusals_in_the_pseudo_language(tmp_path: Path) -> None:
    from tests.support.history import fill
    from trainer.history.store import open_history

    db = str(tmp_path / "h.sqlite3")
    with open_history(db) as store:
        fill(store)
    for words in (
        ("curriculum", "progress", "--db", db, "--trainee", "zed"),
        ("curriculum", "progress", "--db", str(tmp_path / "none.sqlite3"), "--trainee", "ana"),
        ("school", "check", "--trainers", "50", "--tls", "example.invalid:0"),
    ):
        run = ezbac(*words, "--lang", "en_XA")
        assert (run.returncode, run.stdout) == (2, ""), (words, run.stderr)
        typed = [*words, "ana bo", "TLS"]
        assert english_left(run.stderr, allowed=typed) == [], run.stderr


def test_a_seat_off_the_table_a_cut_card_and_chips_short_in_the_pseudo_language() -> None:
    for words in (
        ("audit", *CARDS, "--seat", "99:banker=25:paid=25"),
        ("simulate", "--shoes", "1", "--cut", "1"),
    ):
        run = ezbac(*words, "--lang", "en_XA")
        assert (run.returncode, run.stdout) == (2, ""), words
        assert english_left(run.stderr, allowed=words) == [], run.stderr
    # a Banker natural 9 over 5: the Banker 25 is paid 25, and 3 x 5 is 15, 10 short
    seat = ("--seat", "1:banker=25:paid=25:chips=3x5")
    run = ezbac("audit", "2h", "9s", "3d", "Kc", *seat, "--lang", "en_XA")
    assert run.returncode == 1, run.stderr
    rule = [line for line in run.stdout.splitlines() if "15" in line and "25" in line]
    assert rule and english_left(rule[0], allowed=["3 x 5"]) == [], run.stdout
    ko = ezbac("audit", "2h", "9s", "3d", "Kc", *seat, "--lang", "ko").stdout
    assert "25를 줘야 하는데 15 지급 (10 부족)" in ko
    zh = ezbac("audit", "2h", "9s", "3d", "Kc", *seat, "--lang", "zh_Hant").stdout
    assert "正確做法：用 1 個綠（25） 派 25。" in zh  # the house's chip, its colour in words


def test_school_check_s_pooler_findings_in_the_pseudo_language_and_korean() -> None:
    from trainer.cli.school import Plan, _check_pooler
    from trainer.i18n import set_language

    bare = {"pool_mode": "session"}  # a pooler that reports almost nothing
    settings = ["pgbouncer", "max_client_conn listen_backlog pool_mode query_wait_timeout"]
    settings += ["default_pool_size pgbouncer.ini session transaction ezbac"]
    set_language("en_XA")
    found = _check_pooler(Plan(50, 1), bare)
    assert len(found) == 5, found  # the two limits, the mode, the wait and the pool
    assert english_left("\n".join(found), allowed=settings) == [], found
    set_language("ko")
    assert _check_pooler(Plan(50, 1), bare)[-1].startswith(
        "pgbouncer default_pool_size = 설정 안 됨: pgbouncer.ini에 default_pool_size = "
    )
