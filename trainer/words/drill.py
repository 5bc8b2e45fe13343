"""The words of a coup drill: its questions, answer choices, answers, feedback and reasons,
the header's count and the results' lines, in the language spoken.

The session and the engine give what happened (the step asked, the coup's cards and totals,
the settlement's amounts, the house's rules); this module words it.  The English is the
message catalogue's identity and reads exactly as the trainer always said it.  Amounts are
shown as the language writes them (``amount``); what a trainee types is read as before.
"""

from __future__ import annotations

from decimal import Decimal

from trainer.drills.model import Mode, Step
from trainer.engine import BetResult, Card, Coup, Outcome
from trainer.engine.calls import CallStep
from trainer.engine.cards import Rank
from trainer.engine.house import House
from trainer.i18n import N_, _, ngettext
from trainer.session.calls import CallQuestion
from trainer.session.kinds import Count, Counted
from trainer.session.protect import IrregularityQuestion, ViolationQuestion
from trainer.session.questions import (
    AmountAnswer,
    Answer,
    ChoiceAnswer,
    DrawAnswer,
    NotAsked,
    OutcomeAnswer,
    PayoutAnswer,
    Question,
    SpotAnswer,
    TimedOut,
)
from trainer.session.run import Asked, Result
from trainer.session.shoe import BurnQuestion, NextQuestion
from trainer.session.spot import FixQuestion, SpotQuestion
from trainer.skillkey import SkillKey
from trainer.words import moments, shoe, spot
from trainer.words.names import (
    amount,
    bet_name,
    exact_amount,
    outcome_name,
    rounding_words,
    step_question,
    tenths,
)
from trainer.words.said import say
from trainer.words.settlement import explain

#: The answer keys' words on the drill screen and its key bar.
CHOICE_WORDS = {
    "d": N_("Draws"),
    "s": N_("Stands"),
    "p": N_("Player"),
    "b": N_("Banker"),
    "t": N_("Tie"),
    "7": N_("Dragon 7"),
    "8": N_("Panda 8"),
    "w": N_("Win…"),
    "u": N_("Push"),
    "l": N_("Lose"),
}


def option_label(q: Asked, label: str) -> str:
    """An option of ``q`` in words: a moment's options by the finding each names, others as
    ``choice_label``."""
    if isinstance(q, ViolationQuestion):
        return moments.option(q, label)
    if isinstance(q, IrregularityQuestion):
        return moments.irregularity_option(label)
    return choice_label(label)


def choice_label(label: str) -> str:
    """A choice's words ("Draws", "Win…": ``CHOICE_WORDS``), or an option's (a shoe's
    options worded from their values; others as the catalogue has them)."""
    worded = shoe.option(label)
    return worded if worded is not None else say(label)


# -- questions -------------------------------------------------------------------------------


def prompt(q: Asked, *, exam: bool = False) -> str:
    """The question as the screen asks it (``exam``: as an exam asks it)."""
    if isinstance(q, SpotQuestion | FixQuestion):
        return spot.prompt(q, exam=exam)
    if isinstance(q, BurnQuestion | NextQuestion):
        return shoe.prompt(q)
    if isinstance(q, ViolationQuestion):
        return moments.prompt(q)
    if isinstance(q, IrregularityQuestion):
        return moments.irregularity_prompt(q)
    if isinstance(q, CallQuestion):
        return _("Call {number} of this coup: what does the dealer say?").format(
            number=q.number + 1
        )
    if isinstance(q, Question) and q.bet is not None and q.wager is not None:
        wager, bet = amount(q.wager), bet_name(q.bet)
        if q.step is Step.PAYOUT:
            return _("{amount} on {bet}: win, push or lose?").format(amount=wager, bet=bet)
        if q.step is Step.COMMISSION:
            return _("{amount} on {bet} wins: what commission is owed?").format(
                amount=wager, bet=bet
            )
        if q.step is Step.FEE:
            return _("{amount} on {bet}: what is the collection fee?").format(amount=wager, bet=bet)
    if isinstance(q, Question) or q.prompt == q.step.label:
        return step_question(q.step)
    return _(q.prompt)


def short(q: Asked) -> str:
    """A few words for the results' table: "Banker draws?", "Dragon 7 15"."""
    if isinstance(q, SpotQuestion | FixQuestion):
        return spot.short(q)
    if isinstance(q, BurnQuestion | NextQuestion):
        return shoe.short(q)
    if isinstance(q, ViolationQuestion):
        return moments.short(q)
    if isinstance(q, CallQuestion):
        return _("Call: {step}").format(step=_(_CALL_STEPS[q.call().step]))
    if isinstance(q, Question):
        if q.bet is not None and q.wager is not None:
            bet, wager = bet_name(q.bet), amount(q.wager)
            if q.step is Step.COMMISSION:
                return _("{bet} {amount} commission").format(bet=bet, amount=wager)
            if q.step is Step.FEE:
                return _("{bet} {amount} fee").format(bet=bet, amount=wager)
            return _("{bet} {amount}").format(bet=bet, amount=wager)
        return {
            Step.PLAYER_DRAWS: _("Player draws?"),
            Step.BANKER_DRAWS: _("Banker draws?"),
            Step.OUTCOME: _("Outcome?"),
        }.get(q.step, q.step.value)
    if q.short == q.step.label:
        return step_question(q.step)
    return _(q.short)


def answer_label(answer: Answer, q: Asked | None = None) -> str:
    """An answer as the feedback and the results name it ("Win, pay 600", "Stands"); an
    option of ``q`` by ``option_label``."""
    if isinstance(answer, ChoiceAnswer) and q is not None:
        return option_label(q, answer.text)
    match answer:
        case DrawAnswer(draws=True):
            return _("Draws")
        case DrawAnswer():
            return _("Stands")
        case OutcomeAnswer(outcome=outcome):
            return outcome_name(outcome)
        case PayoutAnswer(result=BetResult.WIN, amount=paid):
            return _("Win, pay {amount}").format(amount=amount(paid or Decimal(0)))
        case PayoutAnswer(result=BetResult.PUSH):
            return _("Push")
        case PayoutAnswer():
            return _("Lose")
        case AmountAnswer(amount=owed):
            return amount(owed)
        case TimedOut():
            return _("No answer (time ran out)")
        case NotAsked():
            return _("Not asked: the error was not found")
        case SpotAnswer(step=None):
            return _("No error")
        case SpotAnswer(step=step):
            return _("Step {number} is wrong").format(number=step)
        case ChoiceAnswer(text=text):
            return choice_label(text)
    return str(answer.label)  # pragma: no cover - every answer is matched above


def capital(text: str) -> str:
    """An answer as a sentence starts: "Pay 25", "Return 25, pay 0"."""
    return text[:1].upper() + text[1:]


# -- reasons ---------------------------------------------------------------------------------


def card_phrase(card: Card) -> str:
    """'an 8', 'a 3', 'a king (0)': how a dealer names a third card."""
    named = {
        Rank.ACE: N_("an ace (1)"),
        Rank.TEN: N_("a ten (0)"),
        Rank.JACK: N_("a jack (0)"),
        Rank.QUEEN: N_("a queen (0)"),
        Rank.KING: N_("a king (0)"),
    }.get(card.rank)
    if named is not None:
        return _(named)
    if card.value == 8:
        return _("an 8")
    return _("a {value}").format(value=card.value)


def natural_reason(player: int, banker: int) -> str:
    if player >= 8 and banker >= 8:
        return _(
            "Player has a natural {player} and Banker a natural {banker}: neither hand draws"
        ).format(player=player, banker=banker)
    if player >= 8:
        return _("Player has a natural {player}: neither hand draws").format(player=player)
    return _("Banker has a natural {banker}: neither hand draws").format(banker=banker)


def player_reason(coup: Coup) -> str:
    total = coup.player.two_card_total
    if coup.player_draws:
        return _("Player has {total}: Player draws (0-5 draw)").format(total=total)
    return _("Player has {total}: Player stands (6-7 stand)").format(total=total)


def banker_reason(coup: Coup) -> str:
    total, third = coup.banker.two_card_total, coup.player.third
    if third is None:
        if coup.banker_draws:
            return _("Player stood and Banker has {total}: Banker draws (0-5 draw)").format(
                total=total
            )
        return _("Player stood and Banker has {total}: Banker stands (6-7 stand)").format(
            total=total
        )
    if total <= 2:
        return _("Banker has {total}: Banker draws whatever the Player's third card").format(
            total=total
        )
    if total == 7:
        return _("Banker has 7: Banker stands whatever the Player's third card")
    card = card_phrase(third)
    if coup.banker_draws:
        return _("Banker has {total} and the Player's third card is {card}: Banker draws").format(
            total=total, card=card
        )
    return _("Banker has {total} and the Player's third card is {card}: Banker stands").format(
        total=total, card=card
    )


def _first_rule(coup: Coup) -> str:
    """The coup's first rule: the natural, or the Player's draw."""
    if coup.natural:
        return natural_reason(coup.player.two_card_total, coup.banker.two_card_total)
    return player_reason(coup)


def result_sentence(coup: Coup, house: House) -> str:
    """The coup's result as the house's table names it (no Dragon 7 where it has no such
    bet)."""
    outcome, names = house.named(coup.outcome), house.outcomes
    pf, bf = coup.player.total, coup.banker.total
    dragon = bf == 7 and len(coup.banker.cards) == 3 and Outcome.DRAGON7 in names
    panda = pf == 8 and len(coup.player.cards) == 3 and Outcome.PANDA8 in names
    no_dragon = _("(a Banker three-card 7 that does not win is no Dragon 7)")
    no_panda = _("(a Player three-card 8 that does not win is no Panda 8)")
    if outcome is Outcome.TIE:
        text = _("Player {player}, Banker {banker}: Tie").format(player=pf, banker=bf)
        if dragon:
            return f"{text} {no_dragon}"
        return f"{text} {no_panda}" if panda else text
    if outcome is Outcome.DRAGON7:
        return _("Banker wins {banker} to {player} with three cards totalling 7: Dragon 7").format(
            banker=bf, player=pf
        )
    if outcome is Outcome.PANDA8:
        return _("Player wins {player} to {banker} with three cards totalling 8: Panda 8").format(
            player=pf, banker=bf
        )
    if outcome is Outcome.BANKER:
        text = _("Banker wins {banker} to {player}").format(banker=bf, player=pf)
        return f"{text} {no_panda}" if panda else text
    text = _("Player wins {player} to {banker}").format(player=pf, banker=bf)
    return f"{text} {no_dragon}" if dragon else text


def _player_step_reason(q: Question) -> str:
    """The Player's rule; on a natural, only what it means for the Player while the
    Banker's draw is still to be asked ("neither hand draws" would answer it)."""
    coup = q.coup
    if not coup.natural or Step.BANKER_DRAWS not in q.later:
        return _first_rule(coup)
    player, banker = coup.player.total, coup.banker.total
    if player >= 8 and banker >= 8:
        return _(
            "Player has a natural {player} and Banker a natural {banker}: the Player stands"
        ).format(player=player, banker=banker)
    if player >= 8:
        return _("Player has a natural {player}: the Player stands").format(player=player)
    return _("Banker has a natural {banker}: the Player stands").format(banker=banker)


def reason(q: Asked) -> str:
    """Why the answer is what it is, from the coup's values and the house's rules."""
    if isinstance(q, SpotQuestion | FixQuestion):
        return spot.reason(q)
    if isinstance(q, BurnQuestion | NextQuestion):
        return shoe.reason(q)
    if isinstance(q, ViolationQuestion):
        return moments.reason(q)
    if isinstance(q, IrregularityQuestion):
        return moments.irregularity_reason(q)
    if isinstance(q, CallQuestion):
        return call_reason(q)
    if not isinstance(q, Question):
        return _(q.reason())
    coup = q.coup
    match q.step:
        case Step.PLAYER_DRAWS:
            return _player_step_reason(q)
        case Step.BANKER_DRAWS:
            return _first_rule(coup) if coup.natural else banker_reason(coup)
        case Step.OUTCOME:
            return result_sentence(coup, q.house)
        case Step.PAYOUT:
            said = explain(
                q.settlement(),
                commission=Step.COMMISSION not in q.later,
                fee=Step.FEE not in q.later,
            )
            return _("{result}. {settlement}").format(
                result=result_sentence(coup, q.house), settlement=said
            )
        case Step.COMMISSION:
            return _("{result}. {settlement}").format(
                result=result_sentence(coup, q.house), settlement=commission_reason(q)
            )
        case Step.FEE:
            return fee_reason(q)
    return q.reason()  # pragma: no cover - a coup's steps are all above


def _rounding(q: Question) -> str:
    """How the house rounds a commission ("up to the next quarter", a step table)."""
    levy = q.house.commission
    assert levy is not None
    return rounding_words(levy.rounding)


def commission_reason(q: Question) -> str:
    """'5 % of 137 is 6.85; the house rounds up to the next quarter: 7.00', and where it
    goes."""
    settlement = q.settlement()
    levy = q.house.commission
    owed = amount(settlement.commission)
    if levy is None:  # not asked under such a house; said plainly if it ever is
        return _("no commission is owed: {amount}").format(amount=owed)
    exact = settlement.wager * levy.rate
    said = _("{rate} % of {wager} is {exact}").format(
        rate=amount(levy.rate * 100), wager=amount(settlement.wager), exact=exact_amount(exact)
    )
    if exact != settlement.commission:
        rule = _rounding(q)
        if not levy.rounding.steps:
            said += _("; the house rounds {rule}: {amount}").format(rule=rule, amount=owed)
        else:
            said += _("; by the house's table ({rule}): {amount}").format(rule=rule, amount=owed)
    if settlement.commission_deferred:
        where = _("it goes in the seat's commission box")
    else:
        where = _("it is taken from the payout: {gross} less {owed} = {paid}").format(
            gross=amount(settlement.gross), owed=owed, paid=amount(settlement.paid)
        )
    return _("{said}; {where}").format(said=said, where=where)


def fee_reason(q: Question) -> str:
    """'The collection on a 35 wager ... (wagers over 20 up to 100 pay 1): 1'."""
    settlement = q.settlement()
    schedule = q.house.fee
    fee, wager = amount(settlement.fee), amount(settlement.wager)
    if schedule is None:
        return _("this house takes no collection fee: {amount}").format(amount=fee)
    step, floor = schedule.step_for(settlement.wager)
    if step.up_to is not None:
        if floor is None:
            where = _("wagers up to {limit}").format(limit=amount(step.up_to))
        else:
            where = _("wagers over {floor} up to {limit}").format(
                floor=amount(floor), limit=amount(step.up_to)
            )
    elif floor is None:
        where = _("wagers of any amount")
    else:
        where = _("wagers over {floor}").format(floor=amount(floor))
    return _(
        "The collection on a {wager} wager is paid with the wager, whatever the result "
        "({where} pay {amount}): {fee}"
    ).format(wager=wager, where=where, amount=amount(step.amount), fee=fee)


# -- calling the hand: the trainer's frame (the calls themselves are the house's words) --------

_CALL_STEPS = {
    CallStep.PLAYER_SHOWS: N_("Player's two cards"),
    CallStep.BANKER_SHOWS: N_("Banker's two cards"),
    CallStep.NATURAL: N_("a natural"),
    CallStep.PLAYER_ACTS: N_("Player draws or stands"),
    CallStep.PLAYER_HAS: N_("Player's third card"),
    CallStep.BANKER_ACTS: N_("Banker draws or stands"),
    CallStep.BANKER_HAS: N_("Banker's third card"),
    CallStep.RESULT: N_("the result"),
    CallStep.PUSH: N_("the bets that push"),
}


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(c.pretty for c in cards)


def call_reason(q: CallQuestion) -> str:
    """Why a call is what it is: the coup's rule at that moment, and the call as the house
    words it (its own words, in its calling language)."""
    call, coup = q.call(), q.coup
    p, b = coup.player, coup.banker
    step = call.step
    if step is CallStep.PLAYER_SHOWS:
        said = _("The Player's {cards} total {total}").format(
            cards=_cards(p.cards[:2]), total=p.two_card_total
        )
    elif step is CallStep.BANKER_SHOWS:
        said = _("The Banker's {cards} total {total}").format(
            cards=_cards(b.cards[:2]), total=b.two_card_total
        )
    elif step in (CallStep.NATURAL, CallStep.PLAYER_ACTS):
        said = _first_rule(coup)
    elif step is CallStep.PLAYER_HAS:
        said = _("With its third card the Player has {cards}: {total}").format(
            cards=_cards(p.cards), total=p.total
        )
    elif step is CallStep.BANKER_ACTS:
        said = _first_rule(coup) if coup.natural else banker_reason(coup)
    elif step is CallStep.BANKER_HAS:
        said = _("With its third card the Banker has {cards}: {total}").format(
            cards=_cards(b.cards), total=b.total
        )
    elif step is CallStep.RESULT:
        said = result_sentence(coup, q.house)
    else:
        said = _("{result}: the bets that push are called").format(
            result=result_sentence(coup, q.house)
        )
    return _("{rule}; the house calls it \u201c{call}\u201d").format(rule=said, call=call.text)


# -- feedback --------------------------------------------------------------------------------


def right_answer(result: Result) -> str:
    """The right answer as the feedback says it (a win whose commission is asked next: its
    amount kept until the commission is answered)."""
    q = result.question
    if isinstance(q, Question) and q.withholds_amount:
        return _("Win, the winnings less the commission (the amount after the commission question)")
    return answer_label(result.graded.expected, q)


def lesson(note: str) -> str:
    """A drill file's lesson for a coup (its words are the file's)."""
    return _("Lesson: {note}").format(note=note)


# -- the header and the results ---------------------------------------------------------------


def counter(count: Count) -> str:
    """The header's count ("Q 3/8", "Coup 2/4", "Replay 1/3", "Q 5") in the language."""
    number, total = count.number, count.total
    if count.counted is Counted.COUP:
        return _("Coup {number}/{total}").format(number=number, total=total)
    if count.counted is Counted.REPLAY:
        return _("Replay {number}/{total}").format(number=number, total=total)
    if total is None:
        return _("Q {number}").format(number=number)
    return _("Q {number}/{total}").format(number=number, total=total)


def mode_name(mode: Mode) -> str:
    return {Mode.PRACTICE: _("practice"), Mode.EXAM: _("exam")}.get(mode, mode.value)


def headline(passed: bool, retry_total: int | None) -> str:
    """The verdict line: a pass or not for a run; for a retry, what it is."""
    if retry_total is not None:
        return ngettext(
            "Retry of {count} missed question: practice",
            "Retry of {count} missed questions: practice",
            retry_total,
        ).format(count=retry_total)
    return _("✓ PASSED") if passed else _("✗ NOT PASSED")


def duration(seconds: float) -> str:
    """A run's time: "2m 05s", "45s"."""
    minutes, secs = divmod(round(seconds), 60)
    if minutes:
        return _("{minutes}m {seconds}s").format(minutes=minutes, seconds=f"{secs:02d}")
    return _("{seconds}s").format(seconds=secs)


def seconds_short(value: float) -> str:
    """A question's time in the results' table: "4.2s"."""
    return _("{seconds}s").format(seconds=tenths(value))


def skill_name(key: str) -> str:
    """A skill key's words on the results: a drill kind's own skills as that kind words
    them, any other as the history's records word it (``trainer.words.record.skill``)."""
    from trainer.skillkey import SkillKeyError
    from trainer.words.record import kind_skill, skill

    try:
        said = kind_skill(SkillKey.parse(key))  # the drill kinds' own skills
    except SkillKeyError:
        return key
    return said if said is not None else skill(key)
