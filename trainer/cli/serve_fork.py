"""The tabs' trainers forked from one process that has already imported them.

A tab's trainer is a Python process that imports Textual and ezbac before its first frame
(about 0.35 s of CPU, a second or more on a busy machine); ten tabs opened at once paid it
ten times over on the same cores.  ``ezbac serve`` starts this module once (``python -m
trainer.cli.serve_fork``, in the tabs' environment): it imports what a trainer imports and
then waits on a unix socket.  For each tab the server sends the trainer's command-line
words, its environment's changes and three pipes (its standard input, output and error);
this process forks, the child takes the pipes as its standard streams and runs the trainer
(`trainer.cli.main`), and the parent answers with the child's process id.  The child is the
same program a tab ran before, started from memory already filled: copy-on-write pages, so
the modules' memory is shared between the tabs too.

Nothing here runs in ``ezbac serve``'s own process, which runs an event loop and threads
(forking those is unsafe): this process runs no loop and starts no thread before it forks.
It ends when the server closes its socket.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import sys

#: Longest request a server sends (the trainer's words and a few environment variables).
REQUEST_BYTES = 65536
#: What the zygote writes on its standard output once everything is imported.
READY = b"ezbac-fork-ready\n"


#: What a tab's trainer imports before its first frame besides Textual's driver and the app
#: (found by listing the modules a trainer forked from the app's imports still imported).
PRELOAD = (
    "argparse",
    "hashlib",
    "hmac",
    "secrets",
    "sqlite3",
    "textual.drivers.headless_driver",
    "textual.drivers.web_driver",
    "textual.layouts.factory",
    "textual.layouts.horizontal",
    "textual.layouts.stream",
    "textual.pilot",
    "textual.scrollbar",
    "rich._unicode_data.unicode17-0-0",
    "trainer.addresses",
    "trainer.cli",
    "trainer.cli.output",
    "trainer.cli.options",
    "trainer.cli.parser",
    "trainer.cli.train",
    "trainer.drills.listing",
    "trainer.history.backend_sqlite",
    "trainer.history.checked",
    "trainer.history.hooks",
    "trainer.history.migrations",
    "trainer.history.people",
    "trainer.history.scheduler",
    "trainer.history.spool",
    "trainer.history.store",
    "trainer.jsonfile",
    "trainer.signals",
    "trainer.skills",
    "trainer.tui.app",
    "trainer.tui.collector",
)
#: And on a history server (``EZBAC_DB`` set): its backend and psycopg.
PRELOAD_SERVER = ("trainer.history.backend_pg", "trainer.history.migrations_pg")
#: What a tab's first drill imports (the drill files' loader and YAML, the engine, the
#: sessions, the drill and results screens): listed the same way, from a trainer that
#: started the Player-draw drill and answered it.
PRELOAD_DRILL = (
    "textual.widgets._footer",
    "textual.widgets._label",
    "trainer.curriculum.loader",
    "trainer.drills.generate",
    "trainer.drills.loader",
    "trainer.engine.analysis",
    "trainer.history.mastery",
    "trainer.history.queries",
    "trainer.session.kinds",
    "trainer.session.session",
    "trainer.session.table.session",
    "trainer.tui.kinds",
    "trainer.tui.screens.dialogs",
    "trainer.tui.screens.drill",
    "trainer.tui.screens.results",
    "trainer.tui.widgets.path",
)


def preload() -> None:
    """Import what a tab's trainer imports before its first frame (a module a version does
    not have is skipped: the trainer imports what it needs anyway)."""
    import importlib

    names = PRELOAD + (PRELOAD_SERVER if os.environ.get("EZBAC_DB") else ()) + PRELOAD_DRILL
    for name in names:
        with contextlib.suppress(ImportError):
            importlib.import_module(name)
    # the drills read once here: each tab's first drill then finds its file parsed (the
    # cache is keyed by each file's path, time and size: a file changed later is read again)
    from trainer.drills.catalogue import available_drills

    with contextlib.suppress(Exception):  # a drills folder that cannot be read: each tab says
        available_drills()


def serve(control: socket.socket) -> None:
    """Fork a trainer for each request on ``control`` until it closes."""
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # children reaped by the kernel
    while True:
        try:
            data, fds, _flags, _address = socket.recv_fds(control, REQUEST_BYTES, 3)
        except (ConnectionError, OSError):
            return
        if not data:
            return
        if len(fds) != 3:
            for fd in fds:
                os.close(fd)
            control.sendall(b"-1\n")
            continue
        request = json.loads(data)
        pid = os.fork()
        if pid == 0:  # the child: the tab's trainer
            control.close()
            _run_trainer(fds, list(request["argv"]), dict(request["env"]))
        for fd in fds:
            os.close(fd)
        control.sendall(f"{pid}\n".encode())


def _run_trainer(fds: list[int], argv: list[str], env: dict[str, str]) -> None:
    """In the forked child: the pipes as standard streams, the tab's environment, then the
    trainer; never returns (its exit status ends the child, no cleanup of the parent's)."""
    status = 1
    try:
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        for target, fd in enumerate(fds):
            os.dup2(fd, target)
            os.close(fd)
        _new_standard_streams()
        os.environ.update(env)
        sys.argv = ["ezbac", *argv]
        from trainer.cli import main

        status = main(argv)
    except SystemExit as exc:
        status = exc.code if isinstance(exc.code, int) else 1
    except BaseException:  # a trainer's crash: said on its stderr, as before
        import traceback

        traceback.print_exc()
    finally:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(OSError, ValueError):
                stream.flush()
        os._exit(status)


def _new_standard_streams() -> None:
    """Python's standard streams made again over the new file descriptors 0, 1 and 2 (the
    zygote's were a file and a pipe: their buffers and what they knew of seeking would be
    wrong for the tab's pipes)."""
    old = (sys.__stdin__, sys.__stdout__, sys.__stderr__)
    made = []
    for fd, stream in enumerate(old):
        encoding = getattr(stream, "encoding", None) or "utf-8"
        errors = getattr(stream, "errors", None) or "strict"
        made.append(
            open(  # noqa: SIM115 (the process's own streams, open until it ends)
                fd,
                "r" if fd == 0 else "w",
                encoding=encoding,
                errors=errors,
                closefd=False,
                buffering=1 if fd == 2 else -1,
            )
        )
    sys.stdin, sys.stdout, sys.stderr = made
    sys.__stdin__, sys.__stdout__, sys.__stderr__ = made  # type: ignore[misc]


def main() -> None:
    """``python -m trainer.cli.serve_fork FD [WORDS...]``: FD is the server's end of the
    socket; the trainers' words after it are only there to be seen."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C at the server: it closes us
    control = socket.socket(fileno=int(sys.argv[1]))
    preload()
    # what is loaded now is kept by every trainer: out of the collector's sight, its
    # objects are neither scanned again by each trainer nor copied into each by a scan
    # touching them (Python's advice for a process that forks workers)
    import gc

    gc.collect()
    gc.freeze()
    sys.stdout.buffer.write(READY)
    sys.stdout.flush()
    serve(control)
    # nothing to clean up: ended at once, not after the interpreter tears down every module
    # it imported for its trainers
    os._exit(0)


if __name__ == "__main__":
    main()


# -- the server's side ----------------------------------------------------------------------

#: How long the server waits for the zygote's imports before starting tabs the old way.
READY_SECONDS = 60.0
#: How long a fork may take (milliseconds, normally) before the fork server is given up
#: and tabs start their own processes again.
SPAWN_SECONDS = 10.0


class ForkedProcess:
    """A forked trainer as textual-serve's AppService uses an asyncio subprocess: its pid,
    standard streams, ``returncode`` (None while it runs; its exit status is the zygote's
    to know, so 0 once it has ended), ``wait()`` and ``kill()``.  Its end is seen through a
    pidfd (Linux), which also signals it with no risk of a reused process id."""

    def __init__(self, pid: int, stdin: object, stdout: object, stderr: object) -> None:
        import asyncio

        self.pid = pid
        self.stdin = stdin
        self.stdout = stdout
        self.stderr = stderr
        self.returncode: int | None = None
        loop = asyncio.get_running_loop()
        self._ended: asyncio.Future[None] = loop.create_future()
        try:
            self._pidfd: int | None = os.pidfd_open(pid)
        except OSError:  # already ended (and reaped)
            self._pidfd = None
            self._end()
            return
        loop.add_reader(self._pidfd, self._end)

    def _end(self) -> None:
        if self._pidfd is not None:
            import asyncio

            asyncio.get_running_loop().remove_reader(self._pidfd)
            os.close(self._pidfd)
            self._pidfd = None
        if self.returncode is None:
            self.returncode = 0
        if not self._ended.done():
            self._ended.set_result(None)

    async def wait(self) -> int:
        import asyncio

        await asyncio.shield(self._ended)
        return self.returncode or 0

    def kill(self) -> None:
        if self._pidfd is not None:
            with contextlib.suppress(ProcessLookupError):
                signal.pidfd_send_signal(self._pidfd, signal.SIGKILL)


class Forker:
    """The zygote, seen from ``ezbac serve``: started once, asked for a trainer per tab."""

    def __init__(self, env: dict[str, str], words: list[str]) -> None:
        """``words``: the trainers' command line, only shown (``ps``: the forked trainers
        carry the zygote's command line)."""
        import subprocess
        import threading

        self.lock = threading.Lock()
        self.ready = False
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        self.control = ours
        self.process = subprocess.Popen(
            [sys.executable, "-m", "trainer.cli.serve_fork", str(theirs.fileno()), *words],
            pass_fds=(theirs.fileno(),),
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
        )
        theirs.close()
        ours.settimeout(SPAWN_SECONDS)  # a fork server stuck never holds a tab for ever
        self.answers = ours.makefile("rb")

    def wait_ready(self) -> bool:
        """Block until the zygote has imported everything (in a thread of the server's)."""
        import select

        stdout = self.process.stdout
        if stdout is None:
            return False
        readable, _, _ = select.select([stdout], [], [], READY_SECONDS)
        self.ready = bool(readable) and stdout.readline() == READY
        return self.ready

    def spawn(self, argv: list[str], env: dict[str, str], fds: list[int]) -> int:
        """Fork a trainer with ``fds`` (its stdin, stdout, stderr): its pid, -1 if refused
        (blocking: the server calls it in a thread; a fork takes milliseconds)."""
        request = json.dumps({"argv": argv, "env": env}).encode()
        with self.lock:
            if not self.ready:
                raise OSError("the trainers' fork server is not running")
            try:
                socket.send_fds(self.control, [request], fds)
                line = self.answers.readline()
            except OSError:  # gone, or no answer within SPAWN_SECONDS: never asked again
                self.ready = False
                raise
        if not line:
            self.ready = False
        return int(line) if line.strip().lstrip(b"-").isdigit() else -1

    def close(self) -> None:
        """The zygote ends once its socket is closed (its trainers go on until their tabs
        end them)."""
        import subprocess

        self.ready = False
        # the file made over the socket holds it open too: both closed, or the zygote never
        # sees the end of its socket (and is killed after waiting)
        self.answers.close()
        self.control.close()
        try:
            self.process.wait(timeout=1)
        except subprocess.TimeoutExpired:
            # still importing (it reads its socket only once ready), or stuck: it holds
            # nothing to save, and its trainers are processes of their own, so it is ended
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:  # a zygote that will not end is killed
                self.process.kill()
                self.process.wait()


async def open_forked(forker: Forker, argv: list[str], env: dict[str, str]) -> ForkedProcess:
    """A trainer forked by ``forker``, its standard streams as asyncio streams; OSError when
    the zygote cannot fork one."""
    import asyncio

    loop = asyncio.get_running_loop()
    stdin_r, stdin_w = os.pipe()
    stdout_r, stdout_w = os.pipe()
    stderr_r, stderr_w = os.pipe()
    theirs = [stdin_r, stdout_w, stderr_w]
    try:
        pid = await loop.run_in_executor(None, forker.spawn, argv, env, theirs)
    except BaseException:
        for fd in (stdin_w, stdout_r, stderr_r):
            os.close(fd)
        raise
    finally:
        for fd in theirs:
            os.close(fd)
    if pid <= 0:
        for fd in (stdin_w, stdout_r, stderr_r):
            os.close(fd)
        raise OSError("the trainers' fork server did not start a trainer")

    async def reader(fd: int) -> asyncio.StreamReader:
        stream = asyncio.StreamReader(limit=2**16)
        protocol = asyncio.StreamReaderProtocol(stream)
        await loop.connect_read_pipe(lambda: protocol, os.fdopen(fd, "rb", 0))
        return stream

    transport, protocol = await loop.connect_write_pipe(
        asyncio.streams.FlowControlMixin, os.fdopen(stdin_w, "wb", 0)
    )
    stdin = asyncio.StreamWriter(transport, protocol, None, loop)
    return ForkedProcess(pid, stdin, await reader(stdout_r), await reader(stderr_r))
