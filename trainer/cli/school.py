"""`ezbac school plan|check`: a school's set-up for a number of trainers.

``plan`` prints the settings that hold them: PgBouncer's at each site, PostgreSQL's (one
server for every site), nginx's in front of ``ezbac serve``, and the openssl command for a
self-signed certificate that names the host in its subjectAltName (Chromium refuses one
that does not).  ``check`` reads a running set-up (the server through the address the
terminals use, PgBouncer's console, the certificate nginx presents) and prints one line per
setting that is short of the plan, naming the value it needs.

Exit statuses: 0 nothing short, 1 a setting short (as ``validate`` finds a file invalid), 2 a
usage error or a server or host that cannot be reached (as every command).
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from trainer.cli.common import COMMANDS, EXIT_INVALID, UsageError, refused
from trainer.cli.options import add_db_argument, whole_number, worded
from trainer.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from trainer.cli.parser import Parser
    from trainer.history.backend import ServerLocation

T = TypeVar("T")

#: The most trainers one plan is made for (5,000 across sites is the largest documented).
MOST_TRAINERS = 100_000
#: PostgreSQL's slots kept for superusers (superuser_reserved_connections' default).
RESERVED = 3
#: Server connections beside the poolers': reports, the class screen, upgrades, an admin.
SPARE = 10
#: PostgreSQL's and PgBouncer's defaults, as Debian ships them.
DEBIAN_MAX_CONNECTIONS = 100
DEBIAN_MAX_CLIENT_CONN = 100
#: Past this many trainers on one server, a pooler goes in front of it: what the default
#: max_connections holds with a connection for each trainer and the slots kept beside.
DIRECT_MOST = DEBIAN_MAX_CONNECTIONS - RESERVED - SPARE
#: Each site's pooler keeps this many server connections at least, and at most this many:
#: at a dealer's pace (an answer every 3-10 s) a write holds one for a few milliseconds.
POOL_LEAST, POOL_MOST = 5, 20
#: Trainers a pooled server connection serves (docs/performance.md: 500 on 20).
TRAINERS_A_CONNECTION = 25
#: The longest a write waits for a server connection at the pooler before it spools.
QUERY_WAIT_MOST = 5
#: The open files systemd gives a service unless told (Debian's pgbouncer.service).
OPEN_FILES = 1024
#: Linux's default somaxconn: a listen backlog above it is cut to it.
BACKLOG_MOST = 4096
#: The longest ``check`` waits on one step with the server or the pooler (a connection and
#: its question): longer than the connection's own timeout (10 s), so a server that does
#: not answer the connection is named by that line; this one bounds a server that
#: answered the connection and then never answers a question.
STEP_SECONDS = 15.0


@dataclass(frozen=True)
class Plan:
    """What ``trainers`` trainers across ``sites`` sites need (each site its own pooler)."""

    trainers: int
    sites: int

    @property
    def at_site(self) -> int:
        """Trainers at the busiest site (the trainers shared out, rounded up)."""
        return math.ceil(self.trainers / self.sites)

    @property
    def pooled(self) -> bool:
        return self.sites > 1 or self.trainers > DIRECT_MOST

    @property
    def max_client_conn(self) -> int:
        """Every trainer of the site may connect at once (a class starting), and the
        reports, the class screen and an admin beside them: a tenth more, 20 at least."""
        return self.at_site + max(20, math.ceil(self.at_site / 10))

    @property
    def pool_size(self) -> int:
        return min(POOL_MOST, max(POOL_LEAST, math.ceil(self.at_site / TRAINERS_A_CONNECTION)))

    @property
    def listen_backlog(self) -> int:
        return min(BACKLOG_MOST, max(128, self.max_client_conn))

    @property
    def open_files(self) -> int:
        """PgBouncer's file descriptors: a client's and a server connection's each, and a few."""
        return self.max_client_conn + self.pool_size + 20

    @property
    def max_connections(self) -> int:
        """The server's slots: each pooler's pool (or each trainer, direct), and the spare."""
        clients = self.sites * self.pool_size if self.pooled else self.trainers
        return clients + RESERVED + SPARE

    @property
    def worker_connections(self) -> int:
        """nginx at a site: each tab's websocket is two connections (the browser's and the
        one to ezbac serve), with room for pages loading."""
        return 2 * self.at_site + 100


def register(sub: argparse._SubParsersAction[Parser]) -> None:
    parser = sub.add_parser(
        "school",
        help=_(COMMANDS["school"]),
        description=_(
            "A school's set-up for a number of trainers: print it, or check one running."
        ),
    )
    actions = parser.add_subparsers(
        dest="action", metavar="ACTION", required=True, parser_class=type(parser)
    )
    plan = actions.add_parser(
        "plan",
        help=_("print the PgBouncer, PostgreSQL and nginx settings and the certificate command"),
        description=(
            _(
                "Print the settings that hold N trainers: PgBouncer's at each site,\n"
                "PostgreSQL's, nginx's in front of ezbac serve, and the openssl command for a\n"
                "self-signed certificate naming the host (docs/schools.md)."
            )
        ),
        epilog=(
            _(
                "examples:\n"
                "  ezbac school plan --trainers 500 --name ezbac.school.lan\n"
                "  ezbac school plan --trainers 5000 --sites 10"
            )
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _size_options(plan)
    plan.add_argument(
        "--name",
        metavar="HOST",
        default="ezbac.school.lan",
        help=_("the name (or IP address) browsers open the trainer at (default ezbac.school.lan)"),
    )
    plan.set_defaults(handler=run_plan)
    check = actions.add_parser(
        "check",
        help=_("check a running set-up against the plan, one line per problem"),
        description=(
            _(
                "Check a running set-up for N trainers: the server is reached through the\n"
                "address the terminals use (--db or $EZBAC_DB), through PgBouncer when the plan\n"
                "needs one, its limits are enough (PgBouncer's SHOW CONFIG on its console, the\n"
                "server's max_connections), and the certificate at --tls names its host.\n"
                "Exit status: 0 all enough, 1 a setting short (one line each), 2 bad input or\n"
                "nothing reached."
            )
        ),
        epilog=(
            _(
                "examples:\n"
                "  ezbac school check --trainers 500 --db postgresql://ezbac@pooler.school.lan:6432/ezbac\n"
                "  ezbac school check --trainers 500 --tls ezbac.school.lan:443"
            )
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _size_options(check)
    add_db_argument(check)
    check.add_argument(
        "--console",
        metavar="URL",
        help=_(
            "PgBouncer's console (default: the --db address with the database pgbouncer); "
            "its user must be in admin_users or stats_users"
        ),
    )
    check.add_argument(
        "--tls",
        metavar="HOST[:PORT]",
        help=_("where browsers open the trainer (nginx): its certificate must name HOST"),
    )
    check.add_argument(
        "--no-db", action="store_true", help=_("check only the certificate (--tls), no server")
    )
    check.set_defaults(handler=run_check)


def _size_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--trainers",
        metavar="N",
        required=True,
        type=lambda text: whole_number(text, 1, MOST_TRAINERS),
        help=_("trainers training at once, in all (1 to {most})").format(most=f"{MOST_TRAINERS:,}"),
    )
    parser.add_argument(
        "--sites",
        metavar="K",
        default=1,
        type=lambda text: whole_number(text, 1, 1000),
        help=_("sites, each with its own pooler in front of the one server (default 1)"),
    )


def _plan(args: argparse.Namespace) -> Plan:
    if args.sites > args.trainers:
        raise UsageError(
            _(
                "--sites {sites}: more sites than trainers ({trainers}): give at most one site "
                "a trainer"
            ).format(sites=args.sites, trainers=args.trainers)
        )
    return Plan(args.trainers, args.sites)


# -- plan ---------------------------------------------------------------------------------


def run_plan(args: argparse.Namespace) -> int:
    plan = _plan(args)
    name = _host_name(args.name)
    print(_plan_text(plan, name))
    return 0


def _host_name(text: str, option: str = "--name") -> str:
    """The host browsers open: a DNS name or an IP address, nothing a shell would read."""
    import ipaddress
    import re

    name = text.strip()
    try:
        ipaddress.ip_address(name)
        return name
    except ValueError:
        pass
    label = r"(?!-)[A-Za-z0-9-]{1,63}(?<!-)"
    if len(name) > 253 or not re.fullmatch(rf"{label}(\.{label})*", name):
        from trainer.cli.common import quote

        raise UsageError(
            _(
                "{option} {text}: not a host name (letters, digits and '-' in dot-separated "
                "labels, e.g. ezbac.school.lan) nor an IP address"
            ).format(option=option, text=quote(text))
        )
    return name.lower()


def _san(name: str) -> str:
    import ipaddress

    try:
        ipaddress.ip_address(name)
    except ValueError:
        return f"DNS:{name}"
    return f"IP:{name}"


def _plan_text(plan: Plan, name: str) -> str:
    sites = (
        _("1 site")
        if plan.sites == 1
        else _("{sites} sites, {most} a site at most").format(sites=plan.sites, most=plan.at_site)
    )
    lines = [
        _("ezbac school plan: {trainers} trainers ({sites})").format(
            trainers=plan.trainers, sites=sites
        ),
        "",
    ]
    if plan.pooled:
        lines += [
            _("PgBouncer at each site (/etc/pgbouncer/pgbouncer.ini, [pgbouncer] section):"),
            "  pool_mode = transaction",
            f"  max_client_conn = {plan.max_client_conn}   ; "
            + _("Debian's default {default} refuses the trainers past it").format(
                default=DEBIAN_MAX_CLIENT_CONN
            ),
            f"  default_pool_size = {plan.pool_size}",
            f"  max_db_connections = {plan.pool_size}",
            f"  query_wait_timeout = {QUERY_WAIT_MOST}",
            f"  listen_backlog = {plan.listen_backlog}",
            "  "
            + (
                _("and open files for it: {files} (systemd's default {default} is enough)")
                if plan.open_files <= OPEN_FILES
                else _(
                    "and open files for it: LimitNOFILE={files} (systemctl edit pgbouncer, "
                    "[Service] section)"
                )
            ).format(files=plan.open_files, default=OPEN_FILES),
            "",
        ]
    else:
        lines += [
            _(
                "No pooler needed for {trainers} trainers on one server (one is past {most}: "
                "see docs/schools.md)."
            ).format(trainers=plan.trainers, most=DIRECT_MOST),
            "",
        ]
    need = plan.max_connections
    why = (
        ngettext("{sites} pooler x {size}", "{sites} poolers x {size}", plan.sites).format(
            sites=plan.sites, size=plan.pool_size
        )
        if plan.pooled
        else _("{trainers} trainers").format(trainers=plan.trainers)
    )
    enough = (
        _("Debian's default {default} is enough")
        if need <= DEBIAN_MAX_CONNECTIONS
        else _("more than Debian's default {default}")
    ).format(default=DEBIAN_MAX_CONNECTIONS)
    lines += [
        _("PostgreSQL, one server for every site (postgresql.conf):"),
        f"  max_connections = {max(need, DEBIAN_MAX_CONNECTIONS)}   ; "
        + _("needs {need}: {why}, {reserved} for superusers, {spare} spare ({enough})").format(
            need=need, why=why, reserved=RESERVED, spare=SPARE, enough=enough
        ),
        "",
        _("nginx in front of ezbac serve at each site (/etc/nginx/nginx.conf):"),
        f"  worker_rlimit_nofile {2 * plan.worker_connections};",
        f"  events {{ worker_connections {plan.worker_connections}; }}",
        "",
        *_(
            "The TLS certificate for {name}, self-signed, with its subjectAltName (Chromium\n"
            "refuses a certificate without one):"
        )
        .format(name=name)
        .split("\n"),
        "  openssl req -x509 -newkey rsa:2048 -nodes -days 365 "
        f"-subj /CN={name} -addext subjectAltName={_san(name)} -keyout key.pem -out cert.pem",
        "",
        _("Then check the running set-up:"),
        f"  ezbac school check --trainers {plan.trainers}"
        + (f" --sites {plan.sites}" if plan.sites > 1 else "")
        + f" --db postgresql://USER@HOST:PORT/DB --tls {name}:443",
    ]
    return "\n".join(lines)


# -- check --------------------------------------------------------------------------------


def run_check(args: argparse.Namespace) -> int:
    plan = _plan(args)
    problems: list[str] = []
    if args.no_db and args.tls is None:
        raise UsageError(_("--no-db: give --tls HOST[:PORT], or there is nothing to check"))
    tls = None if args.tls is None else _tls_target(args.tls)  # all input checked first
    server = None if args.no_db else _server(getattr(args, "db", None))
    if args.console is not None:
        if server is None:
            raise UsageError(
                _("--console: the pooler is checked with the server; leave out --no-db")
            )
        _console(args.console)  # a postgresql:// address, or one line
    if server is not None:
        problems += _check_server(plan, server, args.console)
    if tls is not None:
        problems += _check_tls(*tls)
    from trainer.cli.common import shorten

    for line in problems:  # no password, whoever worded the line (libpq quotes addresses)
        print(shorten(_("problem: {problem}").format(problem=line)))
    if problems:
        print(
            ngettext(
                "{count} problem for {trainers} trainers",
                "{count} problems for {trainers} trainers",
                len(problems),
            ).format(count=len(problems), trainers=plan.trainers)
        )
        return EXIT_INVALID
    print(_("ok: enough for {trainers} trainers").format(trainers=plan.trainers))
    return 0


def _console(value: str) -> ServerLocation:
    """The --console address: a server's, else one line."""
    from trainer.cli.common import quote
    from trainer.history.store import HistoryError, server_location

    try:
        where = server_location(value)
    except HistoryError as exc:
        raise UsageError(f"--console: {worded(exc)}") from None
    if where is None:
        raise UsageError(
            _("--console {value}: not a postgresql://USER@HOST:PORT/pgbouncer address").format(
                value=quote(value)
            )
        )
    return where


def _server(db: str | None) -> ServerLocation:
    """The server ``db`` names (--db, else $EZBAC_DB); a file or a bad address is one line."""
    from trainer.history.store import HistoryError, ServerLocation, resolve_db

    try:
        where = resolve_db(db)
    except HistoryError as exc:
        raise refused(exc) from None
    if not isinstance(where, ServerLocation):
        raise UsageError(
            _(
                "--db {where}: a file, not a server: give the address the terminals use, "
                "postgresql://USER@HOST:PORT/DB (or $EZBAC_DB), or --no-db"
            ).format(where=where)
        )
    return where


def _connect(where: ServerLocation) -> Any:
    """The server's connection as the trainers make it; UsageError naming the server when it
    cannot be reached."""
    from trainer.history.backend_pg import connect
    from trainer.history.store import HistoryError

    try:
        return connect(where, readonly=True)
    except HistoryError as exc:
        raise refused(exc) from None


def _console_url(url: str) -> str:
    """The same server and user, the database ``pgbouncer`` (PgBouncer's console)."""
    from psycopg.conninfo import conninfo_to_dict, make_conninfo

    params = conninfo_to_dict(url)
    params["dbname"] = "pgbouncer"
    params.pop("options", None)  # the console takes no startup options
    return make_conninfo("", **params)


def _check_server(plan: Plan, where: ServerLocation, console: str | None) -> list[str]:
    """The server's and the pooler's problems for ``plan``."""
    import psycopg

    def limits() -> Any:
        with _connect(where) as conn:
            return conn.execute(
                "SELECT current_setting('max_connections')::int, "
                "current_setting('superuser_reserved_connections')::int"
            ).fetchone()

    def pooler() -> dict[str, str]:
        with psycopg.connect(
            console or _console_url(where.url), autocommit=True, connect_timeout=10
        ) as admin:
            admin.prepare_threshold = None
            cur = admin.cursor()
            cur.execute("SHOW CONFIG")
            return {str(row[0]): str(row[1]) for row in cur.fetchall()}

    rows = _bounded(limits, str(where))
    max_connections, reserved = int(rows[0]), int(rows[1])
    config: dict[str, str] | None = None
    console_problem: str | None = None
    try:
        config = _bounded(pooler, f"--console {_console(console)}" if console else f"{where}")
    except psycopg.Error as exc:
        why = " ".join(str(exc).split())
        if console is not None and "not allowed" not in why:  # the one named: reached?
            raise UsageError(
                _("--console {value}: cannot reach it ({why})").format(
                    value=_console(console), why=why
                )
            ) from None
        # PostgreSQL itself answers: no such database, or none its pg_hba.conf lets in
        itself = 'database "pgbouncer" does not exist' in why or "pg_hba.conf" in why
        if not itself or console:
            console_problem = why
    problems: list[str] = []
    if config is None and console_problem is None:  # the address is the server itself
        if plan.pooled:
            problems.append(
                _(
                    "{where}: the server itself, no pooler: {count} trainers need PgBouncer in "
                    "front of it (ezbac school plan prints its settings)"
                ).format(where=where, count=plan.at_site)
            )
    elif config is None:
        problems.append(
            _(
                "pgbouncer console: {problem}: its limits cannot be read; add the user to "
                "stats_users in pgbouncer.ini (or give --console URL)"
            ).format(problem=console_problem)
        )
    else:
        problems += _check_pooler(plan, config)
    need = plan.max_connections + max(0, reserved - RESERVED)
    pool = None if config is None else _server_side(config)
    if pool is not None:  # the pooler's own cap, at every site, if more than the plan's
        need = max(need, plan.sites * pool + reserved + SPARE)
    if max_connections < need:
        problems.append(
            _(
                "postgresql max_connections = {have}: too few for {count} trainers; set "
                "max_connections = {need} in postgresql.conf (and restart it)"
            ).format(have=max_connections, count=plan.trainers, need=need)
        )
    return problems


def _bounded(step: Callable[[], T], where: str) -> T:
    """``step`` (a connection and its questions), or one line naming ``where`` (an address
    already without its password) when it has not answered within STEP_SECONDS: libpq
    bounds a connection, not the wait for an answer after it.  The step runs in a thread of
    its own, left behind (a daemon) when it never answers."""
    import threading

    done: list[T] = []
    failed: list[BaseException] = []

    def work() -> None:
        try:
            done.append(step())
        except BaseException as exc:  # raised again in the caller's thread
            failed.append(exc)

    thread = threading.Thread(target=work, name="ezbac-school-check", daemon=True)
    thread.start()
    thread.join(STEP_SECONDS)
    if failed:
        raise failed[0]
    if not done:
        raise UsageError(
            _(
                "{where}: no answer within {seconds} s: it takes connections but does not "
                "answer (not PostgreSQL or PgBouncer, or stuck)"
            ).format(where=where, seconds=f"{STEP_SECONDS:g}")
        )
    return done[0]


def _server_side(config: dict[str, str]) -> int | None:
    """The server connections this pooler may open to the database: its max_db_connections,
    else (0: no cap) its pool and reserve for one role; None when it does not say."""
    cap = _number(config, "max_db_connections")
    if cap:
        return cap
    pool = _number(config, "default_pool_size")
    return None if pool is None else pool + (_number(config, "reserve_pool_size") or 0)


def _number(config: dict[str, str], key: str) -> int | None:
    value = config.get(key, "")
    return int(value) if value.isascii() and value.isdigit() else None


#: What a setting the pooler does not report is shown as.
_NOT_SET = N_("not set")


def _check_pooler(plan: Plan, config: dict[str, str]) -> list[str]:
    """PgBouncer's settings (its SHOW CONFIG) short of ``plan``, one line each."""
    problems: list[str] = []

    def short(key: str, needs: int, why: str) -> None:
        have = _number(config, key)
        if have is None or have < needs:
            problems.append(
                _("pgbouncer {key} = {have}: {why}; set {key} = {needs} in pgbouncer.ini").format(
                    key=key, have=config.get(key, _(_NOT_SET)), why=why, needs=needs
                )
            )

    short(
        "max_client_conn",
        plan.max_client_conn,
        _(
            "too few for {count} trainers at once (each a client connection) and the reports "
            "beside them"
        ).format(count=plan.at_site),
    )
    short("listen_backlog", plan.listen_backlog, _("a class starting at once would wait"))
    mode = config.get("pool_mode", "")
    if mode != "transaction":
        problems.append(
            _(
                "pgbouncer pool_mode = {mode}: ezbac's trainers share server connections a "
                "transaction at a time; set pool_mode = transaction in pgbouncer.ini"
            ).format(mode=mode or _(_NOT_SET))
        )
    wait = _number(config, "query_wait_timeout")
    if wait is None or not 0 < wait <= QUERY_WAIT_MOST:
        problems.append(
            _(
                "pgbouncer query_wait_timeout = {have}: a write would wait that long (0: for "
                "ever) before it spools; set query_wait_timeout = {most} in pgbouncer.ini"
            ).format(have=config.get("query_wait_timeout", _(_NOT_SET)), most=QUERY_WAIT_MOST)
        )
    pool = _number(config, "default_pool_size")
    if pool is None or pool < 1:
        problems.append(
            _(
                "pgbouncer default_pool_size = {have}: set default_pool_size = {size} in "
                "pgbouncer.ini"
            ).format(have=config.get("default_pool_size", _(_NOT_SET)), size=plan.pool_size)
        )
    return problems


# -- the certificate ------------------------------------------------------------------------


def _tls_target(text: str) -> tuple[str, int]:
    """``HOST``, ``HOST:PORT``, ``[IPv6]:PORT`` or a bare IPv6 address: the host and port
    (443 unless given)."""
    from trainer.cli.common import quote

    value = text.strip()
    if value.startswith("["):
        host, _bracket, rest = value[1:].partition("]")
        port = rest.removeprefix(":") if rest.startswith(":") else ("443" if not rest else "")
    elif value.count(":") == 1:
        host, _colon, port = value.partition(":")
    else:
        host, port = value, "443"
    if not (port.isascii() and port.isdigit() and 0 < int(port) < 65536):
        raise UsageError(
            _("--tls {value}: the port is not a number from 1 to 65535").format(value=quote(text))
        )
    return _host_name(host, "--tls"), int(port)


def _check_tls(host: str, port: int) -> list[str]:
    """The certificate served at ``host:port`` must name ``host`` in its subjectAltName
    and be within its dates."""
    import socket
    import ssl
    from datetime import UTC, datetime

    from cryptography import x509

    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE  # read whatever it presents; judged below
    try:
        with (
            socket.create_connection((host, port), timeout=10) as raw,
            context.wrap_socket(raw, server_hostname=host) as tls,
        ):
            der = tls.getpeercert(binary_form=True)
    except (OSError, ssl.SSLError) as exc:
        raise UsageError(
            _("--tls {host}:{port}: cannot reach it over TLS ({why})").format(
                host=host, port=port, why=exc
            )
        ) from None
    if der is None:
        raise UsageError(
            _("--tls {host}:{port}: it presented no certificate").format(host=host, port=port)
        )
    cert = x509.load_der_x509_certificate(der)
    fix = _("make it again with ezbac school plan --name {host}'s openssl command").format(
        host=host
    )
    problems: list[str] = []
    try:
        san = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    except x509.ExtensionNotFound:
        problems.append(
            _(
                "tls {host}:{port}: the certificate has no subjectAltName (Chromium refuses "
                "it); {fix}"
            ).format(host=host, port=port, fix=fix)
        )
    else:
        names = san.get_values_for_type(x509.DNSName)
        addresses = [str(a) for a in san.get_values_for_type(x509.IPAddress)]
        if not (_names_host(names, host) or host in addresses):
            listed = ", ".join([*names, *addresses]) or _("nothing")
            problems.append(
                _(
                    "tls {host}:{port}: the certificate's subjectAltName names {listed}, not "
                    "{host}; {fix}"
                ).format(host=host, port=port, listed=listed, fix=fix)
            )
    now = datetime.now(UTC)
    if not cert.not_valid_before_utc <= now <= cert.not_valid_after_utc:
        problems.append(
            _(
                "tls {host}:{port}: the certificate is valid from {start} to {end}, not now; {fix}"
            ).format(
                host=host,
                port=port,
                start=f"{cert.not_valid_before_utc:%Y-%m-%d}",
                end=f"{cert.not_valid_after_utc:%Y-%m-%d}",
                fix=fix,
            )
        )
    return problems


def _names_host(names: list[str], host: str) -> bool:
    """A DNS name of the certificate matches ``host`` (a wildcard only as the whole first
    label, standing for one label)."""
    for name in (n.lower() for n in names):
        if name == host:
            return True
        if name.startswith("*.") and "." in host and host.partition(".")[2] == name[2:]:
            return True
    return False
