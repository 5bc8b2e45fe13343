"""`ezbac serve`: the trainer in a web browser, through textual-serve.

textual-serve starts one `ezbac` process per browser tab (each tab is its own trainer, all
writing to one history) and relays its screen to xterm.js in the page.  It binds to this
machine only unless told otherwise: without the school's sign-in (trainer.history.people)
anyone who can reach the port trains under any name and writes to the history, so listening
beyond this machine needs sign-in on, or ``--open-to-anyone`` saying so.  With sign-in on,
each tab signs in for itself: its own process, remembering no name from the home folder.
textual-serve and aiohttp are imported only when the command runs.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import json
import os
import re
import shlex
import signal
import socket
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from trainer.cli.common import COMMANDS, UsageError, quote, refused
from trainer.cli.options import add_db_argument
from trainer.i18n import _

if TYPE_CHECKING:
    from aiohttp import web

    from trainer.cli.parser import Parser
    from trainer.history.store import Location

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
#: Hosts that mean "every interface of this machine".
ALL_INTERFACES = frozenset({"0.0.0.0", "::", ""})
#: Exit status after a signal, as a shell reports it (128 + the signal's number).
STOP_ON = (signal.SIGINT, signal.SIGTERM)
#: How long a tab's process may take to quit once its tab is gone (the trainer's own
#: shutdown guard ends it within 5 s, then up to 5 s saving answers) before it is killed.
TAB_EXIT_SECONDS = 20.0
#: A Host header safe to write back into the page (name or address, optional port).
SAFE_HOST = re.compile(r"[A-Za-z0-9.\-]+(:\d{1,5})?|\[[0-9A-Fa-f:.]+\](:\d{1,5})?")
#: The page ezbac serves (textual-serve's, with its fonts served from here and the script
#: that shows a tab what went wrong); the fonts' licence is beside it.
PAGE_FOLDER = Path(__file__).with_name("serve_page")
#: How long after a tab takes the warm spare trainer the next one is started (the tab's
#: own first screen comes first), and after the server starts.
SPARE_DELAY_S = 1.0
#: What textual-serve sets in every tab's environment that Textual reads as it is imported
#: (its driver, frame rate, colours): the fork server imports with them (the rest, the
#: terminal's size, each tab sets before its trainer starts).
TAB_IMPORT_ENVIRONMENT = {
    "TEXTUAL_DRIVER": "textual.drivers.web_driver:WebDriver",
    "TEXTUAL_FPS": "60",
    "TEXTUAL_COLOR_SYSTEM": "truecolor",
    "TERM_PROGRAM": "textual",
}
#: The most of a tab's trainer's own words (its one-line error) shown in the page.
NOTICE_CHARS = 400
#: What a tab's trainer says on stderr when every connection of the history server is
#: taken (as trainer.history.backend_pg.FULL_SIGNS, with its own "waiting" line).
FULL_WORDS = (
    "too many clients already",
    "remaining connection slots are reserved",
    "too many connections for",
    "no more connections allowed",
    "query_wait_timeout",
    "is full",
    "slot",
)
UNREACHABLE_WORDS = ("cannot reach", "cannot connect", "connection refused", "could not connect")
LOCKED_WORDS = ("is locked", "locked by")
#: The most languages of a browser's list read (the page's navigator.languages, else the
#: Accept-Language header), and the most characters of the list.
BROWSER_LANGUAGES_MOST = 12
BROWSER_LANGUAGES_CHARS = 400
#: What a tab's trainer tells its page when the home screen's language key switches it
#: (a textual-serve meta message, relayed to the page as ``["ezbac_language", code]``): the
#: page keeps it for the tab (sessionStorage) and sends it back as ``chosen`` on a reload.
LANGUAGE_META = "ezbac_language"
#: The most characters of a tab's chosen language looked at ("zh_Hant" has 7).
CHOSEN_LANGUAGE_CHARS = 16


def chosen_language(value: object) -> str | None:
    """The language a tab chose with the language key, as its page kept it: one of
    ezbac's language codes exactly as the server sent it, else None (empty, unknown,
    oversized, not a string, the pseudo-language: the page is not trusted, and the tab
    then speaks its browser's language)."""
    from trainer.i18n import LANGUAGES

    if not isinstance(value, str) or not value or len(value) > CHOSEN_LANGUAGE_CHARS:
        return None
    return value if value in LANGUAGES else None


def tab_language(listed: str, header: str, fallback: str, chosen: str = "") -> str:
    """The language a tab speaks: the one it ``chosen`` with the language key before a
    reload (``chosen_language``), else the first of the browser's languages that ezbac has
    (``listed``: the page's navigator.languages, comma-separated; else the Accept-Language
    ``header``, by its q-values), else ``fallback`` (the server's own).  Never the
    pseudo-language; whatever else the browser sends is only compared, never used."""
    from trainer.i18n import PSEUDO, known

    kept = chosen_language(chosen)
    if kept is not None:
        return kept

    def first_known(names: list[str]) -> str | None:
        for name in names[:BROWSER_LANGUAGES_MOST]:
            code = known(name.strip())
            if code is not None and code != PSEUDO:
                return code
        return None

    found = first_known(listed[:BROWSER_LANGUAGES_CHARS].split(",")) if listed else None
    if found is None and header:
        weighed: list[tuple[float, int, str]] = []
        for index, part in enumerate(header[:BROWSER_LANGUAGES_CHARS].split(",")):
            name, _, rest = part.partition(";")
            q = rest.strip().removeprefix("q=")
            try:
                weight = float(q) if rest else 1.0
            except ValueError:
                weight = 0.0
            if weight > 0:
                weighed.append((-weight, index, name))
        found = first_known([name for _w, _i, name in sorted(weighed)])
    return found or fallback


def notice(kind: str, said: str) -> dict[str, str]:
    """What a tab shows when its trainer cannot start (``kind`` "ended") or is held before
    its first screen ("waiting"), from the last line ``said`` on its stderr: what happened,
    what to do, and the trainer's own line (its addresses already without passwords)."""
    lines = [line.strip() for line in said.splitlines() if line.strip()]
    detail = lines[-1][:NOTICE_CHARS] if lines else ""
    low = detail.lower()
    again = "this page tries again by itself"
    if any(word in low for word in FULL_WORDS):
        what = "The school's history server is full: no connection is free for this tab yet."
        todo = f"Nothing to do: {again}. If it keeps waiting, tell the instructor."
    elif any(word in low for word in UNREACHABLE_WORDS):
        what = "The school's history server cannot be reached: no answer can be recorded."
        todo = f"Tell the instructor (the history server is down or unreachable); {again}."
    elif any(word in low for word in LOCKED_WORDS):
        what = "The history is locked for now."
        todo = f"Wait, or tell the instructor; {again}."
    elif kind == "waiting":
        what = "The trainer is starting."
        todo = "Nothing to do yet: it opens here as soon as it is ready."
    else:
        what = "The trainer could not start."
        todo = f"Tell the instructor what this says; {again}."
    return {"kind": kind, "what": what, "todo": todo, "detail": detail}


def register(sub: argparse._SubParsersAction[Parser]) -> None:
    parser = sub.add_parser(
        "serve",
        help=_(COMMANDS["serve"]),
        description=(
            _(
                "Serve the trainer to web browsers: open the address it prints. Each browser\n"
                "tab is its own trainer; all of them record to one history (--db). Listens on\n"
                "this machine only (127.0.0.1) unless --host says otherwise. Ctrl+C stops it."
            )
        ),
        epilog=(
            _(
                "examples:\n"
                "  ezbac serve                          http://127.0.0.1:8000 on this machine\n"
                "  ezbac serve --port 8080 --db class.sqlite3\n"
                "  ezbac serve --host 0.0.0.0           the whole network (needs sign-in on)"
            )
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--host",
        default=DEFAULT_HOST,
        metavar="ADDRESS",
        help=_("address to listen on (default {host}; 0.0.0.0 means every interface)").format(
            host=DEFAULT_HOST
        ),
    )
    parser.add_argument(
        "--port",
        type=port_number,
        default=DEFAULT_PORT,
        metavar="N",
        help=_("TCP port, 1-65535 (default {port})").format(port=DEFAULT_PORT),
    )
    parser.add_argument(
        "--open-to-anyone",
        action="store_true",
        help=(
            _(
                "listen beyond this machine with sign-in off: anyone who reaches the port "
                "trains under any name"
            )
        ),
    )
    add_db_argument(parser)
    parser.set_defaults(handler=run)


def port_number(text: str) -> int:
    """argparse type for --port: a whole number from 1 to 65535."""
    if not (text.isascii() and text.isdigit()):  # int() also reads other scripts' digits
        raise argparse.ArgumentTypeError(
            _("{text} is not a port number (1-65535, digits 0-9)").format(text=repr(text[:20]))
        )
    port = int(text)
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(
            _("{text} is out of range (1-65535)").format(text=repr(text))
        )
    return port


def run(args: argparse.Namespace) -> int:
    # Everything that can be refused is, before anything is made: the address first (a
    # probe bound and let go), then the history read as it is; only then is a new history
    # created (with its folder), so a refusal leaves no folder, file or socket behind.
    _check_can_listen(args.host, args.port)
    open_to_anyone = getattr(args, "open_to_anyone", False)
    db, signin = _history_path(args.db)
    if signin is None:  # a full server: each tab's trainer waits for a slot and says so
        if not _loopback(args.host) and not open_to_anyone:
            raise UsageError(
                _(
                    "{db}: every connection slot of the history server is taken, so whether "
                    "sign-in is on cannot be read, and --host {host} reaches beyond this "
                    "machine: try again in a while, or put a pooler in front of it "
                    "(docs/schools.md)"
                ).format(db=db, host=repr(args.host[:40]))
            )
        print(
            _(
                "ezbac serve: warning: {db}: every connection slot of the history server is "
                "taken: each tab waits for one and says so in the page"
            ).format(db=db),
            file=sys.stderr,
        )
    elif not _loopback(args.host) and not signin and not open_to_anyone:
        raise UsageError(
            _(
                "--host: {host} reaches beyond this machine, and sign-in is off: turn it on "
                "(ezbac people signin on) or say --open-to-anyone"
            ).format(host=repr(args.host[:40]))
        )
    else:
        _create_history(db)
    if args.host in ALL_INTERFACES and not signin:
        print(
            _(
                "ezbac serve: warning: listening on all interfaces ({host}): anyone who can "
                "reach this machine on port {port} can train and write to {db}"
            ).format(host=args.host or "*", port=args.port, db=db),
            file=sys.stderr,
        )
    words: list[str] = []  # the tab's trainer's command line, after its --lang
    if isinstance(db, Path):
        words += ["--db", str(db)]
    else:  # a server's address goes to the tabs in their environment, never on a command
        os.environ["EZBAC_DB"] = db.url  # line (another user's `ps` would show its password)
    server = _server_class()(words, args.host, args.port)
    try:
        return server.run()
    except OSError as exc:  # lost a race for the port since the check above
        raise UsageError(_cannot_listen(exc, args.host, args.port)) from None


def _history_path(flag: str | None) -> tuple[Location, bool | None]:
    """The history every tab records to, checked now (read as it is, nothing created): a
    bad --db is one line here rather than an error in each browser tab.  Absolute, so the
    tabs agree on it.  And whether the school's sign-in is on there (a history not made
    yet has the default settings); None when a server has no connection free to say."""
    from trainer.history.people import Policy, policy
    from trainer.history.store import (
        HistoryError,
        ServerFullError,
        db_is_missing,
        open_history,
        resolve_db,
    )

    path = resolve_db(flag)
    if isinstance(path, Path):
        path = path.absolute()
        if db_is_missing(path):
            return path, Policy().signin
    try:
        with open_history(path, readonly=True) as store:
            signin = policy(store).signin
    except ServerFullError:
        return path, None
    except HistoryError as exc:
        raise refused(exc) from None
    return path, signin


def _create_history(path: Location) -> None:
    """Create (or bring up to date) the history the tabs will record to."""
    from trainer.history.store import HistoryError, open_history

    try:
        with open_history(path):
            pass
    except HistoryError as exc:
        raise refused(exc) from None


def _where(host: str, port: int) -> str:
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def _loopback(host: str) -> bool:
    """Whether ``host`` is this machine's loopback only (every address it names)."""
    import ipaddress

    try:
        infos = socket.getaddrinfo(host, None, type=socket.SOCK_STREAM)
        return bool(host) and all(
            ipaddress.ip_address(str(info[4][0]).partition("%")[0]).is_loopback for info in infos
        )
    except (OSError, UnicodeError, ValueError):
        return False


def _check_can_listen(host: str, port: int) -> None:
    """Bind (and let go of) the address, so an unknown host or a port in use is a usage
    error before anything starts."""
    shown = quote(host)
    if len(host) > 253 or not host.isprintable():  # no host name is longer (RFC 1035)
        raise UsageError(_("--host: {host} is not a host name or address").format(host=shown))
    try:
        infos = socket.getaddrinfo(
            host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )
    except socket.gaierror as exc:
        raise UsageError(
            _("--host: cannot listen on {host}: {why}").format(host=shown, why=exc.strerror)
        ) from None
    except UnicodeError:  # a label over 63 characters, or one IDNA cannot encode
        raise UsageError(
            _("--host: {host} is not a host name or address").format(host=shown)
        ) from None
    family, kind, proto, _name, address = infos[0]
    try:
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as aiohttp does
            probe.bind(address)
    except OSError as exc:
        raise UsageError(_cannot_listen(exc, host, port)) from None


def _cannot_listen(exc: OSError, host: str, port: int) -> str:
    return _("{option}: cannot listen on {where}: {why}").format(
        option=_culprit(exc), where=_where(host, port), why=exc.strerror or exc
    )


def _culprit(exc: OSError) -> str:
    """Which option a failed bind blames: an address not on this machine is --host's, a
    port in use or refused is --port's."""
    return "--host" if exc.errno == errno.EADDRNOTAVAIL else "--port"


class _Serving(Protocol):
    """What `run` needs of the server _server_class makes."""

    def run(self) -> int: ...


def _server_class() -> Callable[[list[str], str, int], _Serving]:  # noqa: C901 (counts the methods of the server class it defines)
    """textual-serve's Server, made quiet and exact about where it is and how it stops."""
    import asyncio
    import logging

    from aiohttp import web
    from aiohttp.web_runner import GracefulExit
    from textual_serve.app_service import AppService
    from textual_serve.server import Server, to_int

    from trainer.cli.serve_fork import Forker, open_forked

    class TabService(AppService):
        """A tab's process whose stderr is also told to ``on_stderr`` as it comes: forked
        by the server's ``forker`` once it is ready (its imports done), else started as a
        new process running ``command``."""

        on_stderr: Callable[[bytes], Awaitable[None]] | None = None
        forker: Forker | None = None
        argv: list[str]

        async def _open_app_process(self, width: int = 80, height: int = 24) -> Any:
            process: Any = None
            forker = self.forker
            if forker is not None and forker.ready:
                env = self._build_environment(width=width, height=height)
                with contextlib.suppress(OSError, ValueError):  # the old way, then
                    process = await open_forked(forker, self.argv, env)
                    self._process = process
                    self._stdin = process.stdin
            if process is None:
                process = await super()._open_app_process(width, height)
            if process.stderr is not None:
                process.stderr = _TeeReader(process.stderr, self)
            return process

        async def on_meta(self, data: bytes) -> None:
            """The language a tab's trainer now speaks (its language key) goes to its page,
            checked; every other meta message as textual-serve handles it."""
            try:
                meta = json.loads(data)
            except ValueError:
                meta = None
            if isinstance(meta, dict) and meta.get("type") == LANGUAGE_META:
                language = chosen_language(meta.get("language"))
                if language is not None:
                    await self.remote_write_str(json.dumps([LANGUAGE_META, language]))
                return
            await super().on_meta(data)

    class _TeeReader:
        """The process's stderr as AppService reads it, each chunk also to the service's
        ``on_stderr``."""

        def __init__(self, stream: asyncio.StreamReader, service: TabService) -> None:
            self.stream = stream
            self.service = service

        async def read(self, n: int = -1) -> bytes:
            data = await self.stream.read(n)
            if data and self.service.on_stderr is not None:
                with contextlib.suppress(ConnectionError, RuntimeError):  # the tab went: its
                    await self.service.on_stderr(data)  # trainer's words still reach the log
            return data

    class _Tab:
        """A tab's trainer and where its output goes: held until a tab's websocket is
        attached (a warm spare starts before any tab asks), then sent there."""

        def __init__(self, language: str) -> None:
            self.service: TabService
            self.language = language  # the language its trainer was started in
            self.websocket: web.WebSocketResponse | None = None
            self.held: list[bytes | str] = []
            self.said = bytearray()
            self.started = False  # its first frame drawn

        async def write_bytes(self, data: bytes) -> None:
            self.started = True
            if self.websocket is None:
                self.held.append(data)
            else:
                await self.websocket.send_bytes(data)

        async def write_str(self, text: str) -> None:
            if self.websocket is None:
                self.held.append(text)
            else:
                await self.websocket.send_str(text)

        async def close(self) -> None:  # what AppService awaits when the app exits
            if self.websocket is not None:
                await self.websocket.close()

        async def on_stderr(self, data: bytes) -> None:
            self.said.extend(data[: NOTICE_CHARS * 4])
            await self._say_waiting()

        async def _say_waiting(self, attaching: web.WebSocketResponse | None = None) -> None:
            websocket = attaching or self.websocket
            if self.said and not self.started and websocket is not None and not websocket.closed:
                text = self.said.decode("utf-8", "replace")
                await websocket.send_json(["ezbac_notice", notice("waiting", text)])

        async def attach(self, websocket: web.WebSocketResponse) -> None:
            """Send the tab what its trainer wrote before it came, then the rest as it comes,
            in the order written: what the trainer writes while the held part is being sent
            (a send may wait) is held too, until nothing is; only then does its output go
            straight to the tab (a frame drawn at the tab's size never comes before an older
            one drawn at the spare's)."""
            await self._say_waiting(websocket)
            while self.held:
                held, self.held = self.held, []
                for item in held:
                    if isinstance(item, bytes):
                        await websocket.send_bytes(item)
                    else:
                        await websocket.send_str(item)
            self.websocket = websocket

    class TrainerServer(Server):
        def __init__(self, words: list[str], host: str, port: int) -> None:
            python = shlex.quote(sys.executable)
            super().__init__(
                f"exec {python} -m trainer", host=host, port=port, title="ezbac",
                templates_path=PAGE_FOLDER,
            )  # fmt: skip
            #: The trainer's words after its --lang (each tab's language its own).
            self.words = words
            #: The process the tabs' trainers are forked from, once it has imported them.
            self.forker: Forker | None = None
            self.forker_ready: asyncio.Future[bool] | None = None
            self.stopped_by: signal.Signals | None = None
            #: The open tabs: each one's websocket, closed when the server stops.
            self.tabs: set[web.WebSocketResponse] = set()
            #: A trainer started before any tab asks (its imports and first screen done),
            #: given to the next tab; and the task starting the next one.
            self.spare: _Tab | None = None
            self.refill: asyncio.Task[None] | None = None
            self.stopping = False
            #: This server's own language (its --lang, setting or locale): a tab's when its
            #: browser names none ezbac has; and the language the next spare starts in (the
            #: last tab's: a class mostly in one language gets warm trainers in it).
            from trainer.i18n import current

            self.language = current()
            self.spare_language = self.language
            #: Spares let go because a tab wanted another language, being ended.
            self.ending: set[asyncio.Task[None]] = set()

        def initialize_logging(self) -> None:
            """Plain one-line warnings on stderr instead of textual-serve's banner logs."""
            logging.basicConfig(level=logging.WARNING, format="ezbac serve: %(message)s")

        async def on_startup(self, app: web.Application) -> None:
            if self.host in ALL_INTERFACES:
                where = _("http://<this machine's address>:{port}").format(port=self.port)
            else:
                where = f"http://{_where(self.host, self.port)}"
            print(
                _("ezbac serve: the trainer is at {where} (Ctrl+C stops)").format(where=where),
                flush=True,
            )
            with contextlib.suppress(OSError):  # no fork server: each tab starts its own
                self.forker = Forker(dict(os.environ, **TAB_IMPORT_ENVIRONMENT), self.words)
                loop = asyncio.get_running_loop()
                self.forker_ready = loop.run_in_executor(None, self.forker.wait_ready)
            self._refill_later()

        async def handle_index(self, request: web.Request) -> Any:
            """The page, pointing its websocket and files at the address the browser used
            (textual-serve would write the listening address, useless for 0.0.0.0)."""
            host = request.host
            fallback = f"http://{_where(self.host, self.port)}"
            # behind a TLS reverse proxy (docs/schools.md) the browser speaks https, so the
            # page's websocket must be wss: the proxy says so in X-Forwarded-Proto
            secure = request.headers.get("X-Forwarded-Proto", "").lower() == "https"
            scheme = "https" if secure else "http"
            self.public_url = f"{scheme}://{host}" if SAFE_HOST.fullmatch(host) else fallback
            return await super().handle_index(request)  # reads public_url before any await

        async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
            """One tab: its own `ezbac` process (the warm spare if there is one), relayed
            until the tab or the server closes, then told to quit and waited for
            (textual-serve's own handler does not wait, so a process could outlive the
            server).  What the process says on stderr before its first screen is shown in
            the page (it is held, or cannot start), and a process that ends without a word
            to the page closes the tab's socket."""
            websocket = web.WebSocketResponse(heartbeat=15)
            width = to_int(request.query.get("width", "80"), 80)
            height = to_int(request.query.get("height", "24"), 24)
            language = tab_language(
                request.query.get("lang", ""),
                request.headers.get("Accept-Language", ""),
                self.language,
                request.query.get("chosen", ""),
            )
            await websocket.prepare(request)
            self.tabs.add(websocket)
            tab = self._take_spare(language)
            try:
                if tab is None:
                    tab = self._new_tab(language)
                    await tab.service.start(width, height)
                await tab.attach(websocket)
                self._refill_later()
                watch = asyncio.create_task(self._watch_tab(tab))
                try:
                    await self._process_messages(websocket, tab.service)
                finally:
                    watch.cancel()
            finally:
                self.tabs.discard(websocket)
                if tab is not None:
                    await self._end_tab(tab.service)
                await websocket.close()
            return websocket

        def _new_tab(self, language: str) -> _Tab:
            """A tab's trainer speaking ``language`` (its own --lang: the home screen's
            language key then switches that tab only)."""
            tab = _Tab(language)
            argv = ["--lang", language, *self.words]
            tab.service = TabService(
                " ".join([self.command, *map(shlex.quote, argv)]),
                write_bytes=tab.write_bytes,
                write_str=tab.write_str,
                close=tab.close,
                download_manager=self.download_manager,
            )
            tab.service.on_stderr = tab.on_stderr
            tab.service.forker = self.forker
            tab.service.argv = argv
            return tab

        def _take_spare(self, language: str) -> _Tab | None:
            """The warm spare, if its process is still running and speaks ``language`` (one
            that ended, as on a history that cannot be reached, is let go: a new tab starts
            its own; one in another language is ended, and the next spare starts in this
            tab's language)."""
            spare, self.spare = self.spare, None
            self.spare_language = language
            process = spare.service._process if spare is not None else None
            if spare is None or process is None or process.returncode is not None:
                return None
            if spare.language != language:
                ending = asyncio.create_task(self._end_tab(spare.service))
                self.ending.add(ending)
                ending.add_done_callback(self.ending.discard)
                return None
            return spare

        def _refill_later(self) -> None:
            """Start the next warm spare after SPARE_DELAY_S, not competing with the tab
            that just took one for the CPU."""
            if self.refill is None or self.refill.done():
                self.refill = asyncio.create_task(self._refill())

        async def _refill(self) -> None:
            await asyncio.sleep(SPARE_DELAY_S)
            if self.forker_ready is not None:  # the spare forked, once the imports are done
                with contextlib.suppress(OSError, ValueError):
                    await asyncio.shield(self.forker_ready)
            if self.spare is None and not self.stopping:
                spare = self._new_tab(self.spare_language)
                try:
                    await spare.service.start(80, 24)  # the page sends its size when it opens
                except asyncio.CancelledError:  # the server stopping: no process left behind
                    await self._end_tab(spare.service)
                    raise
                if self.stopping:
                    await self._end_tab(spare.service)
                else:
                    self.spare = spare

        async def _watch_tab(self, tab: _Tab) -> None:
            """Once the tab's process has ended: a process that never drew its screen
            tells the page why (its last line on stderr); either way the socket closes."""
            task = tab.service._task
            if task is not None:
                await asyncio.shield(task)
            websocket = tab.websocket
            if websocket is None or websocket.closed:
                return
            if not tab.started:
                text = tab.said.decode("utf-8", "replace")
                await websocket.send_json(["ezbac_notice", notice("ended", text)])
            await websocket.close()

        async def _end_tab(self, service: AppService) -> None:
            """Tell the tab's process to quit and wait for it, a bounded time: a process
            that does not end by then (its own shutdown guard should have) is killed."""
            process = service._process

            async def end() -> None:
                await service.stop()
                if process is not None:  # stop() waits for its output, not for it
                    await process.wait()

            try:
                await asyncio.wait_for(end(), TAB_EXIT_SECONDS)
            except TimeoutError:
                if process is not None and process.returncode is None:
                    process.kill()
                    await process.wait()

        async def on_shutdown(self, app: web.Application) -> None:
            """Tell every tab the server is stopping, and close it, so each one's process
            quits before the server exits; and end the warm spare."""
            self.stopping = True
            if self.refill is not None:
                self.refill.cancel()
            spare, self.spare = self.spare, None
            if spare is not None:
                await self._end_tab(spare.service)
            if self.ending:
                await asyncio.gather(*self.ending, return_exceptions=True)
            if self.forker is not None:  # its trainers go on until their tabs end them
                await asyncio.get_running_loop().run_in_executor(None, self.forker.close)
            stopping = {
                "kind": "stopped",
                "what": "The trainer's server is stopping: this tab's trainer has ended.",
                "todo": "Answers already graded were saved. Nothing to do: this page "
                "reconnects by itself when the server is back.",
                "detail": "",
            }
            for websocket in list(self.tabs):
                if not websocket.closed:
                    with contextlib.suppress(ConnectionError, RuntimeError):  # tab gone
                        await websocket.send_json(["ezbac_notice", stopping])
                await websocket.close()

        def _stop(self, signum: signal.Signals) -> None:
            self.stopped_by = signum
            raise GracefulExit()

        def run(self) -> int:
            """Serve until Ctrl+C or SIGTERM; the exit status a shell expects after it."""
            self.initialize_logging()
            loop = asyncio.new_event_loop()
            asyncio.set_event_loop(loop)
            for signum in STOP_ON:
                loop.add_signal_handler(signum, self._stop, signum)
            try:
                # shutdown_timeout: a tab whose process will not quit is not waited on for a minute
                web.run_app(
                    self._make_app(),
                    host=self.host,
                    port=self.port,
                    handle_signals=False,
                    loop=loop,
                    shutdown_timeout=10,
                    print=lambda *_: None,
                )
            finally:
                if not loop.is_closed():
                    loop.close()
            if self.stopped_by is not None:
                from trainer.signals import exit_status  # 128 + n, as the trainer's

                print(_("ezbac serve: stopped"), file=sys.stderr)
                return exit_status(self.stopped_by)
            return 0

    return TrainerServer
