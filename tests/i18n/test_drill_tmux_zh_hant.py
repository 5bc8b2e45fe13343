"""A drill in Traditional Chinese in a real terminal: tmux at 80x24 runs
`ezbac --lang zh_Hant train whole-coup`, the test reads the cards off the screen, works out
the Player's and the Banker's draw and the outcome by the rules of docs/rules.md (written
out here and in tests/support/terminal.py, not imported), answers with send-keys, answers each
bet of the layout, and reads the feedback and the next coup's count in Chinese.
"""

from __future__ import annotations

import re
from pathlib import Path

from tests.support.terminal import CARD, POINTS, Terminal, needs_tmux, player_draws

pytestmark = needs_tmux

#: docs/rules.md, the Banker's tableau after the Player drew: the Player's third-card values
#: on which a Banker two-card 3-6 draws (0-2 always draws, 7 stands).
BANKER_DRAWS_ON = {
    3: {0, 1, 2, 3, 4, 5, 6, 7, 9},
    4: {2, 3, 4, 5, 6, 7},
    5: {4, 5, 6, 7},
    6: {6, 7},
}


def total(cards: list[str]) -> int:
    return sum(POINTS[c] for c in cards) % 10


def hands(screen: str) -> tuple[list[str], list[str]]:
    for line in screen.splitlines():
        if CARD.search(line):
            player = [m.group(1) for m in CARD.finditer(line[:40])]
            banker = [m.group(1) for m in CARD.finditer(line[40:])]
            return player, banker
    raise AssertionError(f"no cards on the screen:\n{screen}")


def banker_draws(player: list[str], banker: list[str]) -> bool:
    """docs/rules.md: no natural; the Player stood: Banker 0-5 draws; the Player drew: by the
    tableau on the Player's third card."""
    p, b = total(player[:2]), total(banker[:2])
    if p >= 8 or b >= 8:
        return False
    if len(player) == 2:
        return b <= 5
    if b <= 2:
        return True
    if b == 7:
        return False
    return POINTS[player[2]] in BANKER_DRAWS_ON[b]


def outcome_key(player: list[str], banker: list[str]) -> str:
    """docs/rules.md: the higher total wins; a Banker three-card 7 win is a Dragon 7, a
    Player three-card 8 win a Panda 8."""
    p, b = total(player), total(banker)
    if p == b:
        return "t"
    if b > p:
        return "7" if b == 7 and len(banker) == 3 else "b"
    return "8" if p == 8 and len(player) == 3 else "p"


def test_a_coup_answered_in_traditional_chinese_in_a_real_terminal(tmp_path: Path) -> None:
    term = Terminal(tmp_path)
    term.start("--lang", "zh_Hant", "train", "whole-coup", "--seed", "1", "--trainee", "何測試")
    try:
        screen = term.wait_for(r"第1/8局(.*\n)+.*閒家補牌嗎？")
        assert "d 補牌  s 停牌  ⏎ 確認" in screen, screen  # the key bar in Chinese
        assert "Does the Player draw" not in screen
        player, banker = hands(screen)
        term.keys("d" if player_draws(player, banker) else "s", "Enter")
        screen = term.wait_for("✓ 正確：")
        assert re.search(r"(閒家|莊家)(例牌)?\d點", screen), screen  # the rule, in Chinese
        term.keys("Enter")

        screen = term.wait_for("莊家補牌嗎？")
        player, banker = hands(screen)
        term.keys("d" if banker_draws(player, banker) else "s", "Enter")
        term.wait_for("✓ 正確：")
        term.keys("Enter")

        screen = term.wait_for("結果是甚麼？")
        assert "p 閒  b 莊  t 和  7 龍7  8 熊貓8" in screen, screen
        player, banker = hands(screen)
        term.keys(outcome_key(player, banker), "Enter")
        screen = term.wait_for("✓ 正確：")
        assert re.search(r"(閒|莊)(以三張牌共\d點)?贏|：和", screen), screen
        term.keys("Enter")

        # each bet on the layout: "閒 15：贏、退回還是輸？"; answered "lose", graded either way
        for _bet in range(5):
            screen = term.wait_for(r"：贏、退回還是輸？|第2/8局")
            if "第2/8局" in screen:
                break
            assert "檯面：" in screen, screen
            term.keys("l", "Enter")
            screen = term.wait_for(r"[✓✗] (正確|錯誤)：")
            assert re.search(r"(一賠|退回|收走)", screen), screen  # the settlement's words
            term.keys("Enter")
        screen = term.wait_for(r"第2/8局(.*\n)+.*閒家補牌嗎？")
        assert "得分" in screen, screen
    finally:
        term.close()
