"""The table drill (``ask: table``): a whole table worked after each coup, as a dealer does.

Each table is worked in three phases, each graded against the engine's procedure
(``trainer.engine.table.settle_table``, the one answer key):

1. TAKE: the trainee marks every losing bet, then confirms.  Graded as one answer
   (skill ``table:take``): a losing bet left on the layout, a pushing or winning bet taken.
   The table is then corrected (the engine's losers go, nothing else), so a take mistake
   is counted once and never again in the payouts.
2. PAY: the trainee picks the next bet to pay among those still on the layout and gives the
   amount, typed or built chip by chip; each payout is one answer (``table:pay:BET``: the
   amount; paying a push is wrong too).  Picks are compared with the house's order: one
   answer per table with two winners or more (``table:order``); a payout built in chips
   that pays right is one more answer (``table:chips``: the house's convention, fewest
   chips by default, ``check_chips``).  The trainee ends the phase ("done paying"); a winner
   left unpaid is a wrong payout.
3. COMMISSION (a commission house): the commission on each winning bet that owes one, in
   the house's order, one answer each (``table:commission``).

A shoe at the table (``ask: [shoe, table]``): the tables' coups come one after another from
one seeded shoe (``trainer.session.shoe``), the burn asked before the first table and "what
now?" after a table when the shoe drill would ask it (the same questions, graded the same:
``answer_shoe``); the run ends with the shoe.

Practice returns each phase's feedback at once; an exam returns None and keeps it for the
results.  A table's clock runs from ``start`` / ``next_table`` to its last answer; in an exam
a table not finished within ``time_limit`` is closed, everything not yet answered graded
wrong as a timeout.  Plain Python, clock injected, as ``trainer.session.session``.

Each table grades itself (``TableWork``) against its ``AnswerKey``, computed once from the
engine's procedure when it is dealt: a graded answer and a time-out read the same expected
answer.  The session routes the trainee's actions; its lifecycle (clock, limit, score,
what the history is told) is its ``trainer.session.run.Run``, as the coup session's is.

The package from the bottom up (a module imports only from those listed before it; among
the phases, ``take`` and ``timeout`` use ``pay``'s end of paying and its order answer):

- ``values``: what a table shows and its grading produces (``Phase``, ``Fault``,
  ``TableMistake``, ``BetSpot``, ``SeatState``, ``Entry``, ``TableAnswer``, ``StepFeedback``...).
- ``answer_key``: ``Expected`` and ``AnswerKey``, read once from the engine's procedure.
- ``state``: ``TableState``, one table as it stands, its views, clock and answer sheet.
- one module per phase, each a few functions over the state: ``watch``, ``take``, ``pay``,
  ``commission``; ``timeout`` grades what is left across them; ``notation`` writes what was
  done in the audit's notation.
- ``work``: ``TableWork``, the table the session acts through (one method per action).
- ``results``: ``TableResult`` and ``TableSummary``.
- ``session``: ``TableSession``, the run.

Code imports each name from the module it lives in; the package itself exports nothing.
"""
