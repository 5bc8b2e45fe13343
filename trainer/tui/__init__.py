"""The Textual trainer.  Thin: screens read the session's state and call its methods; every
verdict comes from trainer.session (which asks the engine).  Import this only where Textual
is wanted (the `ezbac` / `ezbac train` handlers), never from the CLI's module top.
"""
