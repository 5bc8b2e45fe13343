"""No new sentence is built below the edges.

The import contract ``words-at-the-edges`` (pyproject) keeps ``trainer.i18n`` and
``trainer.words`` out of the layers below the screens and the command line, so nothing there
can be translated.  This test reads the code of ``trainer/session``, ``trainer/history`` and
``trainer/drills`` and finds each function named as a sentence for someone to read
(``describe``, ``text``, ``explain``, ``reason``, ``prompt``, ``label``, ``short``,
``headline``, ``words``, ``status``, ``trend``, ``mark``, ``asked``, ``*_line``,
``*_reason``, ``*_message``, ``*_words``) that returns English: a string of two words or
more, or an f-string with such words.  Each one found must be in ``KEPT`` with why it stays
in English; a new one fails until its words move to ``trainer/words/`` (the layer returns
values) or it is listed with a reason.  A listed one that is gone fails too, so the list
only shrinks.

What it cannot see: a sentence built in a function named otherwise, or by joining words
held elsewhere; the pseudo-language sweep (``test_every_screen_pseudo.py``) finds those on
screen.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BELOW = ("trainer/session", "trainer/history", "trainer/drills")

#: A name of a function that gives a sentence for someone to read.
SAYING = re.compile(
    r"^_?(describe|text|explain|reason|prompt|exam_prompt|label|short|headline|words|status"
    r"|trend|mark|asked|message)$|^_?\w+_(line|reason|message|words)$"
)
#: Two words of letters: English, not notation ("Th", "P 6", "%s").
SENTENCE = re.compile(r"[A-Za-z]{2,} [A-Za-z]{2,}")

RECORDED = (
    "the session's English: an answer's short form is what the history records; the rest "
    "is what the words modules were checked against word for word (docs/decisions.md, a "
    "drill's words are made at the edges), kept for the command line and the existing "
    "tests; the screens word the values through trainer/words/"
)
TABLE = (
    "the table's records' English, stored in the history unchanged (docs/decisions.md: "
    "values for the screens, English for the records); trainer/words/table.py words them"
)
COMMAND_LINE = "the command line's output (its words are the cli engineer's to translate)"
MESSAGE_ID = "the English message id the words module translates (trainer/words/names.py)"

#: Each function below the edges kept in English on purpose, and why.
KEPT: dict[str, str] = {
    "trainer/session/audition.py:AreaResult.mark": (
        "the audition record's mark, part of what the school signs (never worded)"
    ),
    "trainer/session/calls.py:CallQuestion.reason": RECORDED,
    "trainer/session/calls.py:CallQuestion.prompt": RECORDED,
    "trainer/session/protect.py:ViolationQuestion.reason": RECORDED,
    "trainer/session/protect.py:ViolationQuestion.short": RECORDED,
    "trainer/session/protect.py:IrregularityQuestion.reason": RECORDED,
    "trainer/session/questions.py:_player_reason": RECORDED,
    "trainer/session/questions.py:SpotAnswer.text": RECORDED,
    "trainer/session/questions.py:SpotAnswer.label": RECORDED,
    "trainer/session/questions.py:Question._commission_reason": RECORDED,
    "trainer/session/questions.py:Question._fee_reason": RECORDED,
    "trainer/session/session.py:Summary.headline": RECORDED,
    "trainer/session/shoe.py:DealtShoe.status": RECORDED,
    "trainer/session/shoe.py:BurnQuestion.reason": RECORDED,
    "trainer/session/shoe.py:BurnQuestion.prompt": RECORDED,
    "trainer/session/shoe.py:NextQuestion.reason": RECORDED,
    "trainer/session/shoe.py:NextQuestion.prompt": RECORDED,
    "trainer/session/shoe.py:NextQuestion.short": RECORDED,
    "trainer/session/spot.py:step_line": RECORDED,
    "trainer/session/spot.py:foul_line": RECORDED,
    "trainer/session/spot.py:remedy_line": RECORDED,
    "trainer/session/spot.py:SpotQuestion.prompt": RECORDED,
    "trainer/session/spot.py:SpotQuestion.short": RECORDED,
    "trainer/session/spot.py:SpotQuestion.reason": RECORDED,
    "trainer/session/spot.py:FixQuestion.prompt": RECORDED,
    "trainer/session/spot.py:FixQuestion.exam_prompt": RECORDED,
    "trainer/session/spot.py:FixQuestion.short": RECORDED,
    "trainer/session/table/results.py:TableSummary.pace_line": TABLE,
    "trainer/session/table/results.py:TableSummary.headline": TABLE,
    "trainer/session/table/results.py:TableSummary.trend": TABLE,
    "trainer/session/table/values.py:Phase.label": TABLE,
    "trainer/session/table/values.py:Fault.label": TABLE,
    "trainer/session/table/values.py:TableAnswer.asked": TABLE,
    "trainer/history/hooks.py:Recorder.unsaved_message": (
        "a Said (its English template is what the check sees), worded by "
        "trainer/words/history.py's notice where `ezbac train` says it at exit"
    ),
    "trainer/history/mastery.py:target_words": "`ezbac curriculum`'s listing: " + COMMAND_LINE,
    "trainer/drills/loader.py:unsatisfiable_reason": (
        "a drill file refused in one line at file:line:column: " + COMMAND_LINE
    ),
    "trainer/drills/model.py:Step.label": MESSAGE_ID,
    "trainer/drills/model.py:ShoeSpec.words": "`ezbac drills`' listing: " + COMMAND_LINE,
    "trainer/drills/model.py:ViolationSpec.words": "`ezbac drills`' listing: " + COMMAND_LINE,
}


def _english(node: ast.AST) -> bool:
    return any(
        isinstance(n, ast.Constant) and isinstance(n.value, str) and SENTENCE.search(n.value)
        for n in ast.walk(node)
    )


def _sayings(source: str, where: str) -> list[str]:
    """``where:qualname`` of each function of ``source`` named as a sentence that returns
    English."""
    tree = ast.parse(source)
    found: list[str] = []
    owners: list[tuple[str, list[ast.stmt]]] = [("", tree.body)]
    owners += [(f"{n.name}.", n.body) for n in ast.walk(tree) if isinstance(n, ast.ClassDef)]
    for prefix, body in owners:
        for node in body:
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            if not SAYING.match(node.name):
                continue
            returns = [r for r in ast.walk(node) if isinstance(r, ast.Return) and r.value]
            if any(r.value is not None and _english(r.value) for r in returns):
                found.append(f"{where}:{prefix}{node.name}")
    return found


def _found() -> set[str]:
    return {
        s
        for below in BELOW
        for p in sorted((ROOT / below).rglob("*.py"))
        for s in _sayings(p.read_text(encoding="utf-8"), p.relative_to(ROOT).as_posix())
    }


def test_no_new_sentence_is_built_below_the_edges() -> None:
    new = sorted(_found() - set(KEPT))
    assert new == [], (
        "a sentence built below the edges: return values and word them in trainer/words/, "
        "or list it in KEPT with why it stays English",
        new,
    )


def test_the_list_of_those_kept_only_shrinks() -> None:
    gone = sorted(set(KEPT) - _found())
    assert gone == [], ("no longer English below the edges: take it off KEPT", gone)


SAMPLE = '''
def step_line(n):
    return "step " + str(n) + " is wrong"


class Q:
    def reason(self):
        """Why the Banker draws."""
        return f"the Banker draws on {self.total}"

    def label(self):
        """The notation, as typed."""
        return "P 6"

    def kind(self):
        return "the Banker draws"
'''


def test_the_finder_finds_a_sentence_and_leaves_values_alone() -> None:
    """Worked by hand: a reason in English is found, in a class or not; notation, a name not
    of a sentence, and a docstring are not."""
    assert _sayings(SAMPLE, "x.py") == ["x.py:step_line", "x.py:Q.reason"]
