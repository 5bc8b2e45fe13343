"""ezbac's tests, one package per layer of trainer/ (engine, formats, session, history, tui,
cli), then e2e (the real process) and meta (the code base itself).  Shared code is in
tests/support, imported by its full name; shared fixtures are in the conftest.py files.

The folders are packages so that each test module has a unique dotted name (two layers may
hold files of the same name) and pytest puts the repository root, not each test folder, on
sys.path."""
