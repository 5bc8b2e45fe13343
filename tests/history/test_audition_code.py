"""The verification code's check character and how a typed code is read, worked by hand.

Luhn mod 32 over the code's 20 characters (the 8 hex digits by their own value, the 12
base-32 letters by their place in A-Z2-7), from the right, every other one doubled (the
rightmost first) and a doubled value over 31 counted as its two base-32 digits; the check
character makes the sum a multiple of 32.
"""

from __future__ import annotations

import pytest

from trainer.errors import BadInputError
from trainer.history.audition_record import check_character, normalise_code, seconds

HEX = "0123456789ABCDEF"
B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"


@pytest.mark.parametrize(
    ("body", "check"),
    [
        ("00000000-AAAA-AAAA-AAAA", "A"),  # every value 0: sum 0, check 0 (A)
        ("00000000-AAAA-AAAA-AAAB", "6"),  # B (1) doubled: 2; 32 - 2 = 30 (6)
        ("00000000-AAAA-AAAA-AAA7", "B"),  # 7 (31) doubled: 62 = 1*32 + 30: 1 + 30 = 31; 1 (B)
    ],
)
def test_the_check_character_worked_by_hand(body: str, check: str) -> None:
    assert check_character(body) == check


def test_the_check_character_of_a_value_in_an_undoubled_place() -> None:
    """B (1) second from the right is not doubled: sum 1, check 32 - 1 = 31, the letter 7.
    F (15) 20th from the right, not doubled: check 32 - 15 = 17, the letter R; 19th from the
    right, doubled: 30, check 2, the letter C."""
    assert check_character("00000000-AAAA-AAAA-AABA") == "7"
    assert check_character("F0000000-AAAA-AAAA-AAAA") == "R"
    assert check_character("0F000000-AAAA-AAAA-AAAA") == "C"


def test_any_one_character_changed_fails_the_check() -> None:
    body = "3F2A9C0E-M6HE-4LOE-YREW"
    check = check_character(body)
    for at, c in enumerate(body):
        if c == "-":
            continue
        alphabet = HEX if at < 8 else B32
        for other in alphabet.replace(c, ""):
            assert check_character(body[:at] + other + body[at + 1 :]) != check, (at, other)


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("3f2a9c0e-m6he-4loe-yrew-a", "3F2A9C0E-M6HE-4LOE-YREW-A"),
        ("3F2A9C0E M6HE 4LOE YREW A", "3F2A9C0E-M6HE-4LOE-YREW-A"),
        ("3F2A9C0EM6HE4LOEYREWA", "3F2A9C0E-M6HE-4LOE-YREW-A"),
        (" 3F2A.9C0E/M6HE_4LOE  YREW-A ", "3F2A9C0E-M6HE-4LOE-YREW-A"),
        ("3F2A9COE-M6HE-4L0E-YREW-A", "3F2A9C0E-M6HE-4LOE-YREW-A"),  # O and 0 where they go
        ("IF2A9CLE-M6HE-41OE-YREW-A", "1F2A9C1E-M6HE-4IOE-YREW-A"),  # I, L: 1 in the digits
        ("3F2A9C0E-M6HE-4LOE-YREW", "3F2A9C0E-M6HE-4LOE-YREW"),  # old-shape: no check
    ],
)
def test_a_typed_code_is_read_in_its_printed_form(typed: str, read: str) -> None:
    assert normalise_code(typed) == read


@pytest.mark.parametrize(
    "typed",
    ["", "xyz", "3F2A9C0E-M6HE-4LOE-YRE", "3F2A9C0E-M6HE-4LOE-YREW-AB", "3F2A9C0G-M6HE-4LOE-YREW"],
)
def test_what_is_no_code_is_refused_as_such(typed: str) -> None:
    with pytest.raises(BadInputError, match="is not a verification code"):
        normalise_code(typed)


@pytest.mark.parametrize(
    ("value", "shown"),
    [(2.4, "2.4"), (4.8 / 2, "2.4"), (3.01, "3.1"), (2.45, "2.5"), (3.0, "3.0"), (15, "15.0")],
)
def test_pace_is_shown_to_a_tenth_of_a_second_rounded_up(value: float, shown: str) -> None:
    assert seconds(value) == shown
