"""One window per data folder (ARCHITECTURE §5: one process drives a run): the first window
holds a lock named after its data folder (hashed) and listens on a local socket of the same
name; a second window started on the same folder asks it to come forward and exits, saying so.

The same code on every OS, on Qt's own classes: ``QLockFile`` for the lock (it names the
process that holds it, so the lock of a killed window is stale and taken over: its process
is gone) and ``QLocalServer``/``QLocalSocket`` for the hand-off (a Unix socket on Linux and
macOS, a named pipe on Windows). The first window claims the name at the very start of
``aipa`` (issue 21), before its shell, its core and its session load, which can take many
seconds: a thread answers on the socket from then on (blocking calls, no event loop
needed), and the window comes forward once it is shown. A window that holds the lock but
does not answer within STARTING_WAIT is given up on and the new one starts (a hung window).

The answer is one line each way: RAISE, then OK."""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QLockFile, QObject, QThread, QTimer, Signal, Slot

if TYPE_CHECKING:
    from PySide6.QtNetwork import QLocalServer, QLocalSocket
    from PySide6.QtWidgets import QWidget

log = logging.getLogger("aipa.ui")

CONNECT_TIMEOUT = 0.5  # seconds for the first window to answer
STARTING_WAIT = 10.0  # seconds a window that holds the name may take to answer (it has just started)
POLL_MS = 200  # how often the answering thread looks whether it was closed
RAISE = b"raise\n"
OK = b"ok\n"


def server_name(root: Path) -> str:
    """The local socket's name for data folder ``root``: a path in the temp folder on
    Linux and macOS (the user's id in it), a pipe name on Windows (pipes are per session)."""
    digest = hashlib.sha256(os.fsencode(Path(root).resolve())).hexdigest()[:20]
    if sys.platform == "win32":
        return f"aipa-{digest}"
    uid = os.getuid() if hasattr(os, "getuid") else 0
    return str(Path(tempfile.gettempdir()) / f"aipa-{uid}-{digest}.sock")


def lock_path(root: Path) -> str:
    """The lock file beside the socket (in the temp folder on Windows, where the name is a pipe)."""
    name = server_name(root)
    return str(Path(tempfile.gettempdir()) / f"{name}.lock") if sys.platform == "win32" else f"{name}.lock"


def _ask(name: str) -> bool:
    """Ask the window listening on ``name`` to come forward (blocking; no event loop needed)."""
    from PySide6.QtNetwork import QLocalSocket

    sock = QLocalSocket()
    sock.connectToServer(name)
    ms = int(CONNECT_TIMEOUT * 1000)
    try:
        if not sock.waitForConnected(ms):
            return False  # refused (nobody listens), timed out (hung)
        sock.write(RAISE)
        return bool(sock.waitForBytesWritten(ms) and sock.waitForReadyRead(ms) and sock.readAll().data() == OK)
    finally:
        sock.abort()


def bring_forward(root: Path) -> bool:
    """Ask the window already open on ``root`` to come forward; True when it answered."""
    name = server_name(root)
    if sys.platform != "win32" and not Path(name).exists():
        return False  # nobody ever listened here: no wait at all
    return _ask(name)


def _listen(server: QLocalServer, name: str) -> None:
    """Listen on ``name``, taking it over from a window that died (we hold its lock)."""
    from PySide6.QtNetwork import QLocalServer

    server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)  # this user only
    if not server.listen(name):
        QLocalServer.removeServer(name)  # stale: its window died without closing it
        if not server.listen(name):
            raise OSError(server.errorString())


class _Answerer(QObject):
    """The claim's server, living in its own QThread (whose event loop runs in C++, so it
    never holds Python's lock while it waits): answers every request at once, while the
    main thread is busy building the window."""

    listening = Signal(str)  # "" when it listens, else why not

    def __init__(self, name: str, on_raise: Callable[[], None]) -> None:
        super().__init__()
        self.name = name
        self._on_raise = on_raise
        self.server: QLocalServer | None = None

    @Slot()
    def start(self) -> None:
        from PySide6.QtNetwork import QLocalServer

        server = QLocalServer(self)
        try:
            _listen(server, self.name)
        except OSError as exc:
            self.listening.emit(str(exc) or "cannot listen")
            return
        server.newConnection.connect(self._accept)
        self.server = server
        self.listening.emit("")

    def _accept(self) -> None:
        assert self.server is not None  # the server that calls this
        while (conn := self.server.nextPendingConnection()) is not None:
            conn.readyRead.connect(lambda c=conn: self._read(c))
            conn.disconnected.connect(conn.deleteLater)

    def _read(self, conn: QLocalSocket) -> None:
        if bytes(conn.readAll().data()).startswith(RAISE.strip()):
            conn.write(OK)
            conn.flush()
            self._on_raise()

    @Slot()
    def stop(self) -> None:
        if self.server is not None:
            self.server.close()  # removes the socket file (Linux, macOS)
            self.server = None


class Claim:
    """This process's hold on the data folder's window name, taken at the start of
    ``aipa``: the lock, then (``listen``, once the QApplication exists) the server and the
    thread that answers on it. A request to come forward before the window exists waits
    in ``pending``."""

    def __init__(self, name: str, lock: QLockFile) -> None:
        self.name = name
        self._lock = lock
        self._guard = threading.Lock()
        self._on_raise: Callable[[], None] | None = None  # called (from the thread) once the window is attached
        self.pending = False
        self._thread: QThread | None = None
        self._answerer: _Answerer | None = None

    def listen(self) -> bool:
        """Start answering (call once the QApplication exists); False when it cannot."""
        thread = QThread()
        thread.setObjectName("aipa-single-window")
        answerer = _Answerer(self.name, self._raise)
        answerer.moveToThread(thread)
        result: list[str] = []
        ready = threading.Event()

        def listening(why: str) -> None:  # a direct call, in the answering thread
            result.append(why)
            ready.set()

        answerer.listening.connect(listening)
        thread.started.connect(answerer.start)
        thread.start()
        if not ready.wait(STARTING_WAIT) or result[0]:
            log.warning("single window: cannot listen on %s: %s", self.name, result[0] if result else "no answer")
            thread.quit()
            thread.wait(int(STARTING_WAIT * 1000))
            return False
        self._thread, self._answerer = thread, answerer
        return True

    def _raise(self) -> None:
        with self._guard:
            callback = self._on_raise
            if callback is None:
                self.pending = True  # the window is not built yet: it comes forward when shown
        if callback is not None:
            callback()

    def attach(self, on_raise: Callable[[], None]) -> None:
        """``on_raise()`` is called (from the answering thread) for every later request,
        and now if one came while the window was being built."""
        with self._guard:
            self._on_raise = on_raise
            pending, self.pending = self.pending, False
        if pending:
            on_raise()

    def close(self) -> None:
        if self._thread is not None and self._answerer is not None:
            from PySide6.QtCore import QMetaObject, Qt

            # in its own thread, done before this returns (its thread never waits for this one)
            QMetaObject.invokeMethod(self._answerer, "stop", Qt.ConnectionType.BlockingQueuedConnection)
            self._thread.quit()
            self._thread.wait(int(STARTING_WAIT * 1000))
            self._thread = self._answerer = None
        self._lock.unlock()  # the lock goes with it


def claim(root: Path) -> Claim | bool | None:
    """At the start of ``aipa``: True when a window already open on ``root`` was asked to
    come forward (this one should exit); else this process's ``Claim`` on the name (its
    ``listen`` starts answering), or None when the name cannot be locked (a hung first
    window, an unwritable temp folder: never a reason not to open the window)."""
    name = server_name(root)
    lock = QLockFile(lock_path(root))
    lock.setStaleLockTime(0)  # stale only when its process is gone, never by age (a window lives long)
    deadline = time.monotonic() + STARTING_WAIT
    while not lock.tryLock(0):
        if lock.error() != QLockFile.LockError.LockFailedError:  # not held by another: cannot write it
            log.warning("single window: cannot lock %s: %s", lock_path(root), lock.error().name)
            return None
        if _ask(name):  # a live window holds the name: starting or open
            return True
        if time.monotonic() > deadline:
            log.warning("single window: the window holding %s does not answer; opening another", name)
            return None
        time.sleep(0.1)
    return Claim(name, lock)


def present(window: QWidget) -> None:
    """Bring ``window`` forward: shown, unminimised, raised and given the focus."""
    if window.isMinimized():
        window.showNormal()
    window.show()
    window.raise_()
    window.activateWindow()


class FirstWindow(QObject):
    """Listens for later windows on the same data folder; ``raiseRequested`` when one asks.
    With a claim, its thread answers; without one (the claim failed), a QLocalServer on
    this thread's event loop."""

    raiseRequested = Signal()
    _forward = Signal()  # a request that came to the claim's thread

    def __init__(self, root: Path, parent=None, *, claimed: Claim | None = None) -> None:
        super().__init__(parent)
        self.name = server_name(root)
        self._claim = claimed
        self._answerer: _Answerer | None = None
        try:
            if claimed is not None:  # listening since the start: from now on the window comes forward
                self._forward.connect(self._raised)  # emitted from the claim's thread: queued to this one
                # once the caller has connected raiseRequested (a request may be waiting already)
                QTimer.singleShot(0, lambda: claimed.attach(self._forward.emit))
            else:
                self._listen_here()
            log.info("single window: listening on %s", self.name)
        except OSError as exc:  # never a reason not to open the window
            log.warning("single window: cannot listen on %s: %s", self.name, exc)

    def _listen_here(self) -> None:
        answerer = _Answerer(self.name, self._raised)  # on this thread's event loop
        answerer.setParent(self)
        why: list[str] = []
        answerer.listening.connect(why.append)
        answerer.start()
        if why and why[0]:
            raise OSError(why[0])
        self._answerer = answerer

    def _raised(self) -> None:
        log.info("single window: another window on this data folder asked for this one: brought forward")
        self.raiseRequested.emit()

    def close(self) -> None:
        """Stop listening (the window is closing): the next window starts at once."""
        if self._claim is not None:
            self._claim.close()
            self._claim = None
        elif self._answerer is not None:
            with contextlib.suppress(RuntimeError):  # already deleted with its parent
                self._answerer.stop()
            self._answerer = None
