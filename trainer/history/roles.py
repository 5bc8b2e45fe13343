"""Two database roles for a school's PostgreSQL history (``ezbac people sql-roles``): what a
terminal needs and no more, and read access for instructors' reports.

- Terminals (``ezbac_terminal``): read what the trainer reads, the roster without its
  secrets; add runs, answers and sign-in events; finish a run still under way (the columns a
  run's end sets, and only while ``finished_at`` is empty: a row-level policy); sign people
  in through the two functions of schema v8 (``SIGN_IN``), which check the secret and count
  the try with the owner's rights.  No UPDATE on answers or the roster, no DELETE anywhere,
  no reading of secrets, of the holds or of the pepper, no changes to the settings.  A
  finished exam is guarded for every role by schema v8's triggers besides.
- Reports (``ezbac_reports``): SELECT on the history, the roster without its secrets.

Both are NOLOGIN group roles, created when missing and granted again when run again: a
school grants them to its login roles (``GRANT ezbac_terminal TO room1``).  The history's
owner (who runs the migrations, and ``ezbac people`` for the roster) is not touched.  They
apply to the schema the address names (its search_path's first), which must exist already
(``--apply`` creates or upgrades the history first).
"""

from __future__ import annotations

import re

TERMINAL_DEFAULT = "ezbac_terminal"
REPORTS_DEFAULT = "ezbac_reports"
_ROLE_NAME = re.compile(r"[a-z_][a-z0-9_]{0,62}")

#: The columns a run's end sets (trainer.history.rows.session_upsert).
FINISHING = ("finished_at", "questions", "correct", "passed", "abandoned", "reference_opened")
#: What a report may read of the roster: everything but the secret's hash and lockout state.
ROSTER_PUBLIC = ("person_id", "name", "name_key", "role", "retired", "created_at", "language")
HISTORY_TABLES = ("ezbac_schema", "sessions", "answers", "answer_totals", "settings")
#: What only the owner reads and writes: a terminal reaches them through ``SIGN_IN`` alone.
SIGN_IN_TABLES = ("signin_holds", "signin_pepper")
#: The sign-in functions of schema v8 (trainer.history.migrations_pg), with their arguments.
SIGN_IN = ("ezbac_signin_salt(text)", "ezbac_sign_in(text, text, text, boolean, text)")


def _checked(role: str) -> str:
    if not _ROLE_NAME.fullmatch(role):
        from trainer.engine.said import Said

        raise ValueError(
            Said(
                "role name {role}: use lower-case letters, digits and _ (63 at most), starting "
                "with a letter or _",
                role=repr(role[:70]),
            )
        )
    return role


def _create(role: str) -> str:
    return (
        "DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = "
        f"'{role}') THEN CREATE ROLE {role} NOLOGIN; END IF; END $$"
    )


def _schema_usage(role: str) -> str:
    grant = f"'GRANT USAGE ON SCHEMA %I TO {role}'"
    return f"DO $$ BEGIN EXECUTE format({grant}, current_schema()); END $$"


def _policy(name: str, command: str, role: str, rule: str) -> list[str]:
    return [
        f"DROP POLICY IF EXISTS {name} ON sessions",
        f"CREATE POLICY {name} ON sessions FOR {command} TO {role} {rule}",
    ]


def role_sql(terminal: str = TERMINAL_DEFAULT, reports: str = REPORTS_DEFAULT) -> list[str]:
    """The statements (no trailing semicolons), in order, run by the history's owner."""
    terminal, reports = _checked(terminal), _checked(reports)
    if terminal == reports:
        from trainer.engine.said import Said

        raise ValueError(Said("the terminals' role and the reports' role must differ"))
    tables = ", ".join(HISTORY_TABLES)
    hidden = ", ".join(SIGN_IN_TABLES)
    functions = ", ".join(SIGN_IN)
    return [
        _create(terminal),
        _create(reports),
        _schema_usage(terminal),
        _schema_usage(reports),
        # terminals
        f"REVOKE ALL ON {tables}, people, signins, trainee_links, {hidden} FROM {terminal}",
        f"GRANT SELECT ON {tables}, trainee_links TO {terminal}",
        f"GRANT SELECT ({', '.join(ROSTER_PUBLIC)}) ON people TO {terminal}",
        f"GRANT INSERT ON sessions, answers, signins TO {terminal}",
        f"GRANT UPDATE ({', '.join(FINISHING)}) ON sessions TO {terminal}",
        f"REVOKE ALL ON FUNCTION {functions} FROM PUBLIC",
        f"GRANT EXECUTE ON FUNCTION {functions} TO {terminal}",
        "DO $$ BEGIN EXECUTE format('GRANT USAGE ON SEQUENCE %s, %s TO "
        f"{terminal}', pg_get_serial_sequence('answers', 'id'), "
        "pg_get_serial_sequence('signins', 'id')); END $$",
        # a run is finished once: the policy lets a terminal update only one under way
        "ALTER TABLE sessions ENABLE ROW LEVEL SECURITY",
        *_policy("terminals_read", "SELECT", terminal, "USING (true)"),
        *_policy("terminals_add", "INSERT", terminal, "WITH CHECK (true)"),
        *_policy(
            "terminals_finish", "UPDATE", terminal, "USING (finished_at IS NULL) WITH CHECK (true)"
        ),
        *_policy("reports_read", "SELECT", reports, "USING (true)"),
        # reports
        f"REVOKE ALL ON {tables}, people, signins, trainee_links, {hidden} FROM {reports}",
        f"REVOKE ALL ON FUNCTION {functions} FROM {reports}",
        f"GRANT SELECT ON {tables}, signins, trainee_links TO {reports}",
        f"GRANT SELECT ({', '.join(ROSTER_PUBLIC)}) ON people TO {reports}",
    ]
