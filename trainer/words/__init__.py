"""The words of what happened: the sentences the screens and the command line show, chosen
from the message catalogue of the language spoken (``trainer.i18n``).

Below this layer the engine, sessions, drills and history return what happened (enums,
kinds and their parameters: exact amounts, bets, seats, cards), never a sentence; the TUI and
the CLI both word it here, so a deviation reads the same on a screen and in ``ezbac audit``.
One module per family of things worded (a drill's questions and feedback, the table's steps,
a deviation, a person's record); nothing below the edges imports this package or
``trainer.i18n`` (the import contract ``words-at-the-edges`` in pyproject.toml).
"""
