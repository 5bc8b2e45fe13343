"""`ezbac audit`: what a dealer did, held to the engine's procedure.

A floor supervisor keys in the cards as they came out of the shoe, the hand each went to,
what was called and what was done with each bet; the engine (``trainer.engine.procedure``)
lists every deviation with the rule and the right action, or says the coup was dealt right.
Only the engine is imported: no Textual, no YAML (a --house file aside).
"""

from __future__ import annotations

import argparse
import shlex
import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import TYPE_CHECKING, Any, NoReturn

from trainer.cli.common import (
    COMMANDS,
    MAX_STDIN_BYTES,
    UsageError,
    capped_lines,
    error_line,
    in_english,
    quote,
)
from trainer.cli.options import add_house_argument, house_of_args, split_bets, worded
from trainer.cli.output import fill
from trainer.cli.parser import Parser, StoreOnce
from trainer.engine.cards import Card
from trainer.engine.chips import ChipBreakdown
from trainer.engine.coup import Outcome
from trainer.engine.dealt import CUT_EARLIER, AfterCoup, BetAction, Called, Dealt
from trainer.engine.errors import EngineError
from trainer.engine.house import House
from trainer.engine.money import PAYOUTS, dumps_exact, format_amount, parse_amount
from trainer.engine.notation import (
    NotationError,
    Procedure,
    dealt_text,
    parse_chips,
    read_procedures,
)
from trainer.engine.order import Done
from trainer.engine.procedure import Audit, audit
from trainer.engine.settlement import Bet
from trainer.engine.table import Layout, LayoutError, Seat
from trainer.i18n import N_, _, ngettext
from trainer.paths import SpecialFileError, bad_byte_at, os_reason, read_capped
from trainer.words.said import say

if TYPE_CHECKING:
    from trainer.cli.parser import Parser

STDIN = "-"
#: A procedure file is text a supervisor keys: a few thousand coups at most (standard
#: input is held to the same).
MAX_FILE_BYTES = MAX_STDIN_BYTES
EXIT_DEVIATIONS = 1

EPILOG = N_("""\
cards: in shoe order, as they came out. P:9h or B:3c says the hand a card went to; a bare
card goes where the rules send it (Player, Banker, Player, Banker, then the Player's third
card if the Player draws, else the Banker's). Write P: or B: for a card that went to the
wrong hand, and for any card after a natural or past the sixth.

--seat N:BET=WAGER:ACTION,...   what was done with each bet on seat N; ACTION is
  paid=X (winnings paid beside the wager), taken, pushed, and, where they apply,
  commission=Y (or commission_box=Y, commission_at_once=Y: checked against the house),
  fee=Z (card-room collection) and chips=4x100+3x5 (the payout's chips), joined by ':'.
  Left out, they are not checked. A seat may be given again (--ordered: as settled).

the notation: the whole procedure in order after the cards (see docs/supervisors.md):
  cut, cut:earlier, next:CARDS, call:player=N, call:banker=N, call:outcome=NAME,
  take:SEAT:BET=WAGER, push:SEAT:BET=WAGER, pay:SEAT:BET=WAGER:AMOUNT (:commission=Y,
  :fee=Z), bet:SEAT:BET=WAGER (never settled), then:deal|one_more|end.

examples:
  ezbac audit P:Ks B:2h P:As B:2c P:5d B:3c --seat 1:banker=25:paid=25,dragon7=10:paid=400
  ezbac audit Ks 2h As 2c 5d 3c call:outcome=dragon7 push:1:banker=25 pay:1:dragon7=10:400
  ezbac audit --file night.txt
  ezbac audit Ks 2h As 2c 8h 5d --called player=9,banker=8,outcome=player
  ezbac audit 9s 2h Kd 3c P:4d --seat 3:player=20:paid=20
  ezbac audit --house commission Kh 3s 6d 2c 2h --seat 2:banker=20:paid=20
  printf 'Ks 2h As 2c 5d 3c --seat 1:banker=25:pushed\\n' | ezbac audit -

Exit status: 0 dealt right, 1 a deviation (or, with '-', any coup with one or any bad
line), 2 bad input.""")


def register(sub: argparse._SubParsersAction[Parser]) -> None:
    parser = sub.add_parser(
        "audit",
        help=_(COMMANDS["audit"]),
        description=fill(
            _(
                "Check what a dealer did against the procedure: the cards in the order they came "
                "out and the hand each went to, the totals and outcome called, and what was done "
                "with each bet. Lists every deviation with the rule and the right action, or "
                "says the coup was dealt right."
            )
        ),
        epilog=_(EPILOG),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "cards",
        nargs="*",
        metavar="CARD",
        help=_(
            "the cards in shoe order (P:9h, B:3c or bare), or '-' to read coups from "
            "standard input, one per line (cards and the options below)"
        ),
    )
    _coup_options(parser)
    add_house_argument(parser)
    parser.add_argument(
        "--file",
        metavar="PATH",
        help=_(
            "read procedures in the notation from a file, one coup to a paragraph "
            "(coups separated by blank lines); errors give file:line:column"
        ),
    )
    parser.add_argument("--json", action="store_true", help=_("print one JSON object per coup"))
    parser.set_defaults(handler=run)
    parser.intermixed = True


class _Once(StoreOnce):
    """A coup's single-valued option given twice is refused, never one of them kept in
    silence."""

    twice = "is given twice; give it once (with every card in it)"


def _coup_options(parser: argparse.ArgumentParser) -> None:
    """The options that describe one coup (also read on each line with '-')."""
    parser.add_argument(
        "--seat",
        action="append",
        default=[],
        metavar="N:BET=WAGER:ACTION,...",
        help=_("a seat's bets and what was done with each (repeatable)"),
    )
    parser.add_argument(
        "--called",
        metavar="player=N,banker=N,outcome=NAME",
        action=_Once,
        help=_(
            "what the dealer called: the hands' final totals and the outcome (player, "
            "banker, tie, dragon7, panda8)"
        ),
    )
    parser.add_argument(
        "--next",
        metavar="CARDS",
        default="",
        action=_Once,
        help=_("the cards that came next in the shoe, so a draw the dealer missed can be judged"),
    )
    parser.add_argument(
        "--cut-card",
        metavar="N|earlier",
        action=_Once,
        help=_(
            "the cut card came out in front of card N of this coup (one past the last "
            "card: as the coup ended), or in an earlier coup: check the call after the coup "
            "by the house's last-coup rule"
        ),
    )
    parser.add_argument(
        "--then",
        metavar="deal|one_more|end",
        action=_Once,
        help=_(
            "what the dealer called once the coup was over: deal on, one more coup, or "
            "the shoe ends"
        ),
    )
    parser.add_argument(
        "--ordered",
        action="store_true",
        help=_(
            "the bets were settled in the order written (--seat options in order, a seat's "
            "bets left to right): check the house's order too"
        ),
    )


# -- reading the notation ------------------------------------------------------------------

_KEYWORDS = ("take:", "push:", "pay:", "bet:", "call:", "say:", "next:", "then:", "cut")


def _words(tokens: Sequence[str]) -> str:
    """The command line's words as the notation's text: a comma also separates cards
    (``Ks,2h``), but not inside a step (``next:8s,2c``, ``pay:1:banker=1000:1,000``)."""
    out: list[str] = []
    for word in " ".join(tokens).split():
        keep = word.lower().startswith(_KEYWORDS)
        out.extend([word] if keep else word.replace(",", " ").split())
    return " ".join(out)


def parse_called(text: str | None) -> Called:
    if text is None:
        return Called()
    values: dict[str, Any] = {}
    for item in text.replace(" ", "").split(","):
        name, sep, value = item.partition("=")
        name = name.lower()
        if not sep or name not in ("player", "banker", "outcome"):
            raise UsageError(
                _(
                    "--called {item}: write player=N, banker=N or outcome=NAME, joined by commas"
                ).format(item=quote(item))
            )
        if name in values:
            raise UsageError(_("--called: {name} is given twice").format(name=name))
        if name == "outcome":
            key = value.lower().replace("_", "").replace("-", "")
            try:
                values[name] = Outcome(key)
            except ValueError:
                raise UsageError(
                    _(
                        "--called outcome={value}: outcomes are player, banker, tie, dragon7, "
                        "panda8"
                    ).format(value=quote(value))
                ) from None
        else:
            if not (value.isascii() and value.isdigit() and len(value) == 1):
                raise UsageError(
                    _("--called {name}={value}: a total is 0 to 9").format(
                        name=name, value=quote(value)
                    )
                )
            values[name] = int(value)
    return Called(values.get("player"), values.get("banker"), values.get("outcome"))


def _amount(text: str, what: str) -> Decimal:
    try:
        value = parse_amount(text, limit=PAYOUTS)
    except EngineError as exc:
        raise UsageError(f"{what}: {worded(exc)}") from None
    return value


def _bet_and_wager(where: str, item: str, head: str) -> tuple[Bet, Decimal]:
    """``banker=25``, the head of one bet of a --seat spec, to its bet and wager."""
    name, eq, wager_text = head.partition("=")
    if not eq:
        raise UsageError(
            _("{where}: {item}: write BET=WAGER:ACTION, e.g. banker=25:paid=25").format(
                where=where, item=quote(item)
            )
        )
    try:
        bet = Bet.parse(name)
        wager = parse_amount(wager_text)
    except EngineError as exc:
        raise UsageError(f"{where}: {worded(exc)}") from None
    return bet, wager


def parse_seat(spec: str) -> tuple[int, list[tuple[Bet, Decimal, BetAction]]]:
    """``1:banker=25:paid=25,dragon7=10:paid=400`` to the seat's bets and actions."""
    number_text, sep, rest = spec.partition(":")
    where = f"--seat {quote(spec)}"
    if not sep or not (number_text.isascii() and number_text.isdigit()) or (len(number_text) > 2):
        raise UsageError(
            _("{where}: write N:BET=WAGER:ACTION,..., e.g. --seat 1:banker=25:paid=25").format(
                where=where
            )
        )
    number = int(number_text)
    out: list[tuple[Bet, Decimal, BetAction]] = []
    for item in split_bets(rest):
        parts = item.split(":")
        bet, wager = _bet_and_wager(where, item, parts[0])
        done: Done | None = None
        paid = commission = Decimal(0)
        fee: Decimal | None = None
        boxed: bool | None = None
        chips: ChipBreakdown | None = None
        seen: set[str] = set()  # one rule: each of commission= and fee= once, as paid/taken
        for action in parts[1:]:
            key, eq, value = action.partition("=")
            key = key.strip().lower()
            label = f"{where}: {bet.value} {quote(action)}"
            if key in ("commission", "commission_box", "commission_at_once", "fee", "chips") and (
                key in seen
            ):
                raise UsageError(
                    _("{label}: {key}= is given twice for this bet; give it once").format(
                        label=label, key=key
                    )
                )
            seen.add(key)
            if key in ("taken", "pushed") and not eq:
                new = Done.TAKEN if key == "taken" else Done.PUSHED
            elif key == "paid" and eq:
                new = Done.PAID
                paid = _amount(value, label)
                if paid == 0:
                    raise UsageError(
                        _(
                            "{label}: write pushed for a bet returned with nothing paid, taken "
                            "for a bet taken"
                        ).format(label=label)
                    )
            elif key in ("commission", "commission_box", "commission_at_once") and eq:
                if len(seen & {"commission", "commission_box", "commission_at_once"}) > 1:
                    raise UsageError(_("{label}: a commission is given once").format(label=label))
                commission = _amount(value, label)
                boxed = {"commission": None, "commission_box": True}.get(key, False)
                continue
            elif key == "chips" and eq:
                try:
                    chips = parse_chips(value)
                except ValueError as exc:
                    raise UsageError(f"{label}: {worded(exc)}") from None
                continue
            elif key == "fee" and eq:
                fee = _amount(value, label)
                continue
            else:
                raise UsageError(
                    _(
                        "{label}: actions are paid=X, taken, pushed, commission=Y (or "
                        "commission_box=Y, commission_at_once=Y), fee=Z and chips=NxV+..."
                    ).format(label=label)
                )
            if done is not None:
                raise UsageError(
                    _("{label}: a bet is paid, taken or pushed, once").format(label=label)
                )
            done = new
        if done is None:
            raise UsageError(
                _(
                    "{where}: say what was done with the {bet} bet: {bet}={wager}:paid=X, "
                    ":taken or :pushed"
                ).format(where=where, bet=bet.value, wager=format_amount(wager))
            )
        settled = BetAction(number, bet, done, paid, commission, fee, boxed, chips)
        out.append((bet, wager, settled))
    return number, out


def build(args: argparse.Namespace) -> tuple[Dealt, Layout]:
    """The dealt procedure and the layout from parsed arguments: the positional words in
    the notation (``trainer.engine.notation``), the options adding what they give (each
    thing one way only).  UsageError if bad."""
    try:
        written = Procedure.parse(_words(args.cards))
    except NotationError as exc:
        raise UsageError(say(exc.reason)) from None
    d = written.dealt
    both = [
        option
        for option, given, also in (
            ("--seat", args.seat, d.bets or written.layout.seats),
            ("--called", args.called, d.called != Called()),
            ("--next", args.next, d.following),
            ("--cut-card", args.cut_card, d.cut is not None),
            ("--then", args.then, d.then is not None),
        )
        if given and also
    ]
    if both:
        raise UsageError(
            _("{option} and the same thing in the procedure's steps: give it one way").format(
                option=both[0]
            )
        )
    called = parse_called(args.called) if args.called else d.called
    try:
        following = tuple(Card.parse(t) for t in args.next.replace(",", " ").split())
    except EngineError as exc:
        raise UsageError(f"--next: {worded(exc)}") from None
    if not args.seat:
        cut = parse_cut(args.cut_card) if args.cut_card else d.cut
        then = parse_then(args.then) if args.then else d.then
        return replace(
            d, called=called, following=following or d.following, cut=cut, then=then
        ), written.layout
    # A seat may be given more than once (a seat's loser taken in the sweep, its winner
    # paid later, with --ordered); its bets are one layout, each at one wager.
    wagers: dict[int, dict[Bet, Decimal]] = {}
    actions: list[BetAction] = []
    for spec in args.seat:
        number, bets = parse_seat(spec)
        placed = wagers.setdefault(number, {})
        for bet, wager, action in bets:
            if placed.get(bet, wager) != wager:
                raise UsageError(
                    _(
                        "--seat {seat}: seat {number}'s {bet} bet was given as {wager} before: a "
                        "bet has one wager"
                    ).format(
                        seat=quote(spec),
                        number=number,
                        bet=bet.value,
                        wager=format_amount(placed[bet]),
                    )
                )
            placed[bet] = wager
            actions.append(action)
    try:
        layout = Layout(tuple(Seat(n, w) for n, w in wagers.items()))
    except LayoutError as exc:
        raise UsageError(f"--seat: {worded(exc)}") from None
    cut = parse_cut(args.cut_card) if args.cut_card else d.cut
    then = parse_then(args.then) if args.then else d.then
    # the steps the options do not give (calls said, violations, remedies) are kept
    dealt = replace(
        d,
        called=called,
        bets=tuple(actions),
        following=following or d.following,
        ordered=args.ordered,
        cut=cut,
        then=then,
    )
    return dealt, layout


def parse_cut(text: str | None) -> int | None:
    """``--cut-card``: a card number, or 'earlier' (UsageError naming it otherwise)."""
    if text is None:
        return None
    word = text.strip().lower()
    if word == "earlier":
        return CUT_EARLIER
    if not (word.isascii() and word.isdigit() and 1 <= int(word) <= 7):
        raise UsageError(
            _(
                "--cut-card {value}: give the card it came out in front of (1 to 7; one past "
                "the last card: as the coup ended) or earlier"
            ).format(value=quote(text))
        )
    return int(word)


def parse_then(text: str | None) -> AfterCoup | None:
    if text is None:
        return None
    try:
        return AfterCoup(text.strip().lower().replace("-", "_"))
    except ValueError:
        raise UsageError(
            _("--then {value}: say deal, one_more or end").format(value=quote(text))
        ) from None


def check(dealt: Dealt, layout: Layout, house: House) -> Audit:
    try:
        return audit(dealt, house, layout)
    except LayoutError as exc:
        raise UsageError(f"--seat: {worded(exc)}") from None
    except EngineError as exc:
        raise UsageError(worded(exc)) from None


# -- output --------------------------------------------------------------------------------


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)


def render(result: Audit, house: House | None = None) -> str:
    """The audit in the language spoken (``trainer.words.audit``)."""
    from trainer.words import audit as words
    from trainer.words.house import headline

    lines: list[str] = []
    if house is not None:
        lines.append(_("House: {id}: {summary}").format(id=house.id, summary=headline(house)))
    lines.append(_("Dealt: {dealt}").format(dealt=dealt_text(result.dealt)))
    coup = result.coup
    if coup is not None:
        shown = house if house is not None else None
        result_text = shown.result(coup) if shown is not None else coup.rules[-1]
        lines.append(
            _(
                "Right: Player {player_cards} = {player}; Banker {banker_cards} = {banker}; "
                "{result}"
            ).format(
                player_cards=_cards(coup.player.cards),
                player=coup.player.total,
                banker_cards=_cards(coup.banker.cards),
                banker=coup.banker.total,
                result=say(result_text),
            )
        )
    if result.right:
        lines.append(_("Dealt right."))
        return "\n".join(lines)
    n = len(result.deviations)
    lines.append(ngettext("{count} deviation:", "{count} deviations:", n).format(count=n))
    for k, d in enumerate(result.deviations, start=1):
        line = _("{where}: {deviation}").format(
            where=words.where(result, d), deviation=words.describe(d)
        )
        lines.append(f"{k}. {line}")
    if result.note:
        lines.append(_("Note: {note}").format(note=say(result.note)))
    return "\n".join(lines)


def to_json(result: Audit, house: House | None = None) -> dict[str, Any]:
    coup = result.coup
    out: dict[str, Any] = {
        "right": result.right,
        "dealt": dealt_text(result.dealt),
        "deviations": [
            {
                "kind": d.kind.value,
                "label": d.kind.label,
                "step": d.step + 1,
                "where": result.where(d),
                "did": d.did,
                "rule": d.rule,
                "right": d.right,
                "follows": d.follows,
            }
            for d in result.deviations
        ],
        "coup": None
        if coup is None
        else {
            "player": {"cards": [str(c) for c in coup.player.cards], "total": coup.player.total},
            "banker": {"cards": [str(c) for c in coup.banker.cards], "total": coup.banker.total},
            "outcome": (coup.outcome if house is None else house.named(coup.outcome)).value,
        },
        "procedure": [] if result.procedure is None else result.procedure.lines(),
    }
    if result.note:
        out["note"] = result.note
    if house is not None:
        out["house"] = house.id
    return out


# -- running -------------------------------------------------------------------------------


def steps_given(args: argparse.Namespace) -> list[str]:
    """The options naming a coup's steps that were given (a file or standard input brings
    its own steps: any of these beside one is refused, never silently left out)."""
    options = (
        ("--seat", args.seat),
        ("--called", args.called),
        ("--next", args.next),
        ("--ordered", args.ordered),
        ("--cut-card", args.cut_card),
        ("--then", args.then),
    )
    return [name for name, value in options if value]


def run(args: argparse.Namespace) -> int:
    house = house_of_args(args)
    shown = house if args.house else None
    if args.file is not None:
        given = ["CARD"] * bool(args.cards) + steps_given(args)
        if given:
            raise UsageError(
                _("{given} with --file: each coup in the file gives its own steps").format(
                    given=", ".join(given)
                )
            )
        return run_file(args.file, house, as_json=args.json, shown=shown)
    if STDIN in args.cards:
        if args.cards != [STDIN]:
            raise UsageError(_("'-' (read coups from standard input) must be the only CARD"))
        given = steps_given(args)
        if given:  # never a silent clean audit of options that were not applied
            raise UsageError(
                _(
                    "{given} with '-': each coup on standard input gives its own (write them "
                    "on its line)"
                ).format(given=", ".join(given))
            )
        return run_lines(capped_lines(sys.stdin), house, as_json=args.json, shown=shown)
    dealt, layout = build(args)
    result = check(dealt, layout, house)
    print(dumps_exact(to_json(result, shown)) if args.json else render(result, shown))
    return 0 if result.right else EXIT_DEVIATIONS


class _LineParser(Parser):
    """A coup's arguments on one line of standard input: errors are raised, not exits."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def _line_parser() -> _LineParser:
    parser = _LineParser(prog="line", add_help=False)
    parser.add_argument("cards", nargs="*")
    _coup_options(parser)
    return parser


#: What Python's shlex says of a line it cannot split, for the catalogue.
_SHLEX = {
    "No closing quotation": N_("No closing quotation"),
    "No escaped character": N_("No escaped character"),
}


@dataclass(frozen=True, slots=True)
class _Bad:
    """A coup that could not be audited: why, and the column (None: the whole line)."""

    reason: str
    column: int | None = None


def run_lines(
    lines: Iterable[str], house: House, *, as_json: bool, shown: House | None = None
) -> int:
    """One coup per line; a bad line is reported and the run goes on; a summary at the
    end (on standard error with --json, so the output stays one JSON object a line)."""
    parser = _line_parser()

    def verdicts() -> Iterator[tuple[int, Audit | _Bad]]:
        for number, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            try:
                with in_english(as_json):  # a --json line's error is English: a machine reads it
                    try:
                        tokens = shlex.split(line)
                    except ValueError as exc:
                        problem = _SHLEX.get(str(exc), str(exc))
                        raise UsageError(
                            _("cannot split the line: {problem}").format(problem=_(problem))
                        ) from None
                    args = parser.parse_intermixed_args(tokens)
                    dealt, layout = build(args)
                    verdict = check(dealt, layout, house)
            except UsageError as exc:
                yield number, _Bad(str(exc))
                continue
            yield number, verdict

    return _report(verdicts(), as_json=as_json, shown=shown, source=None)


def run_file(path: str, house: House, *, as_json: bool, shown: House | None = None) -> int:
    """A file of procedures in the notation, one coup to a paragraph: each audited, a bad
    one reported at its file:line:column and the run goes on; a summary at the end."""
    try:
        raw = read_capped(path, MAX_FILE_BYTES)  # a named pipe or a device: never waited on
    except SpecialFileError as exc:
        raise UsageError(
            _("--file {path}: is {kind}, not a file").format(path=quote(path), kind=_(exc.kind))
        ) from None
    except OSError as exc:
        raise UsageError(
            _("--file {path}: cannot read it ({why})").format(
                path=quote(path), why=_(os_reason(exc))
            )
        ) from None
    if len(raw) > MAX_FILE_BYTES:
        raise UsageError(
            _("--file {path}: larger than {most} bytes").format(
                path=quote(path), most=f"{MAX_FILE_BYTES:,}"
            )
        )
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, column = bad_byte_at(raw, exc.start)
        raise UsageError(
            _("{where}: not UTF-8 text (byte {byte}); save the file as UTF-8").format(
                where=f"{path}:{line}:{column}", byte=f"0x{raw[exc.start]:02x}"
            )
        ) from None

    def verdicts() -> Iterator[tuple[int, Audit | _Bad]]:
        for number, item in read_procedures(text):
            if isinstance(item, NotationError):
                yield item.line, _Bad(item.reason, item.column)
                continue
            try:
                with in_english(as_json):  # as a line's error, above
                    verdict = check(item.dealt, item.layout, house)
            except UsageError as exc:
                yield number, _Bad(str(exc))
                continue
            yield number, verdict

    return _report(verdicts(), as_json=as_json, shown=shown, source=path)


def _report(
    verdicts: Iterable[tuple[int, Audit | _Bad]],
    *,
    as_json: bool,
    shown: House | None,
    source: str | None,
) -> int:
    """Print each coup's verdict (or why it could not be audited) as it comes, then the
    summary; exit status 1 if any coup had a deviation or could not be audited."""
    right = wrong = bad = 0
    first = True
    for number, item in verdicts:
        where = _("line {number}").format(number=number) if source is None else f"{source}:{number}"
        if isinstance(item, _Bad):
            bad += 1
            column = "" if item.column is None else f":{item.column}"
            if as_json:
                at = (
                    {"line": number}
                    if item.column is None
                    else {
                        "line": number,
                        "column": item.column,
                    }
                )
                print(dumps_exact({**at, "error": item.reason}), flush=True)
            else:
                problem = f"{where}{column}: {say(item.reason)}"
                print(error_line(problem), file=sys.stderr, flush=True)
            continue
        if item.right:
            right += 1
        else:
            wrong += 1
        if as_json:
            print(dumps_exact({"line": number, **to_json(item, shown)}), flush=True)
        else:
            print(("" if first else "\n") + f"{where}\n" + render(item, shown), flush=True)
            first = False
    total = right + wrong
    summary = ngettext(
        "{count} coup: {right} dealt right, {wrong} with deviations",
        "{count} coups: {right} dealt right, {wrong} with deviations",
        total,
    ).format(count=total, right=right, wrong=wrong)
    if bad:
        summary += (
            ngettext(", {count} bad line", ", {count} bad lines", bad)
            if source is None
            else ngettext(", {count} bad coup", ", {count} bad coups", bad)
        ).format(count=bad)
    print(
        ("" if as_json or first else "\n") + summary,
        file=sys.stderr if as_json else sys.stdout,
        flush=True,
    )
    return EXIT_DEVIATIONS if wrong or bad else 0
