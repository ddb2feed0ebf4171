"""One window per data folder (ARCHITECTURE §5: one process drives a run): the first window listens on a local
socket named after its data folder (hashed); a second window started on the same
folder asks it to come forward and exits, saying so.

On POSIX the first window claims the name at the very start of ``aipa`` (issue 21),
before its shell, its core and its session load, which can take many seconds: it holds
an OS lock on ``NAME.lock`` for as long as it lives (the kernel drops it when the process
dies, even by SIGKILL) and a thread answers on the socket from then on; the window comes
forward once it is shown. A socket file without a lock holder is stale (a killed window):
the next window takes the name over. A window that holds the lock but does not answer
within STARTING_WAIT is given up on and the new one starts (a hung window). Elsewhere
QLocalSocket/QLocalServer, once the window is built.

The answer is one line each way: RAISE, then OK."""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal

if TYPE_CHECKING:
    import socket

    from PySide6.QtWidgets import QWidget

log = logging.getLogger("aipa.ui")

CONNECT_TIMEOUT = 0.5  # seconds for the first window to answer
STARTING_WAIT = 10.0  # seconds a window that holds the name may take to answer (it has just started)
RAISE = b"raise\n"
OK = b"ok\n"


def server_name(root: Path) -> str:
    """The local socket's name for data folder ``root``: a path in the temp folder on
    POSIX (the user's id in it), a pipe name elsewhere."""
    digest = hashlib.sha256(os.fsencode(Path(root).resolve())).hexdigest()[:20]
    if sys.platform == "win32":
        return f"aipa-{digest}"
    import tempfile

    uid = os.getuid() if hasattr(os, "getuid") else 0
    return str(Path(tempfile.gettempdir()) / f"aipa-{uid}-{digest}.sock")


def bring_forward(root: Path) -> bool:
    """Ask the window already open on ``root`` to come forward; True when it answered."""
    name = server_name(root)
    if sys.platform == "win32":
        return _ask_qt(name)
    if not Path(name).exists():
        return False  # nobody ever listened here: no wait at all
    import socket

    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.settimeout(CONNECT_TIMEOUT)
        try:
            sock.connect(name)
            sock.sendall(RAISE)
            return sock.recv(len(OK)) == OK
        except OSError:  # refused (a killed window left its socket file), timed out (hung)
            return False


class Claim:
    """This process's hold on the data folder's window name (POSIX), taken at the start
    of ``aipa``: the lock, the listening socket and the thread that answers on it. A
    request to come forward before the window exists waits in ``pending``."""

    def __init__(self, name: str, lock_fd: int) -> None:
        import socket
        import threading

        self.name = name
        self._lock_fd = lock_fd
        self._guard = threading.Lock()
        self._on_raise = None  # called (from the thread) once the window is attached
        self.pending = False
        with contextlib.suppress(FileNotFoundError):
            os.unlink(name)  # stale: its window died (we hold the lock it held)
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            sock.bind(name)
            os.chmod(name, 0o600)
            sock.listen(4)
        except OSError:
            sock.close()
            raise
        self._sock = sock
        threading.Thread(target=self._serve, name="aipa-single-window", daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self._sock.accept()
            except OSError:  # closed: the window is closing
                return
            with conn:
                conn.settimeout(CONNECT_TIMEOUT)
                try:
                    if conn.recv(64).startswith(RAISE.strip()):
                        conn.sendall(OK)
                        self._raise()
                except OSError:
                    pass

    def _raise(self) -> None:
        with self._guard:
            callback = self._on_raise
            if callback is None:
                self.pending = True  # the window is not built yet: it comes forward when shown
        if callback is not None:
            callback()

    def attach(self, on_raise) -> None:
        """``on_raise()`` is called (from the answering thread) for every later request,
        and now if one came while the window was being built."""
        with self._guard:
            self._on_raise = on_raise
            pending, self.pending = self.pending, False
        if pending:
            on_raise()

    def close(self) -> None:
        import socket

        with contextlib.suppress(OSError):
            self._sock.shutdown(socket.SHUT_RDWR)  # wakes the thread's accept()
        self._sock.close()
        with contextlib.suppress(OSError):
            os.unlink(self.name)
        os.close(self._lock_fd)  # the lock goes with it


def claim(root: Path) -> Claim | bool | None:
    """At the start of ``aipa`` (POSIX): True when a window already open on ``root`` was
    asked to come forward (this one should exit); else this process's ``Claim`` on the
    name, or None when it cannot listen (a hung first window, an unwritable temp folder:
    never a reason not to open the window)."""
    import fcntl
    import time

    name = server_name(root)
    try:
        fd = os.open(name + ".lock", os.O_RDWR | os.O_CREAT, 0o600)
    except OSError as exc:
        log.warning("single window: cannot lock %s: %s", name, exc)
        return None
    deadline = time.monotonic() + STARTING_WAIT
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:  # a live window holds the name: starting or open, ask it
            if bring_forward(root):
                os.close(fd)
                return True
            if time.monotonic() > deadline:
                os.close(fd)
                log.warning("single window: the window holding %s does not answer; opening another", name)
                return None
            time.sleep(0.1)
            continue
        except OSError as exc:
            os.close(fd)
            log.warning("single window: cannot lock %s: %s", name, exc)
            return None
        try:
            return Claim(name, fd)
        except OSError as exc:
            os.close(fd)
            log.warning("single window: cannot listen on %s: %s", name, exc)
            return None


def _ask_qt(name: str) -> bool:
    from PySide6.QtNetwork import QLocalSocket

    sock = QLocalSocket()
    sock.connectToServer(name)
    ms = int(CONNECT_TIMEOUT * 1000)
    if not sock.waitForConnected(ms):
        return False
    sock.write(RAISE)
    answered = sock.waitForBytesWritten(ms) and sock.waitForReadyRead(ms) and sock.readAll().data() == OK
    sock.abort()
    return answered


def present(window: QWidget) -> None:
    """Bring ``window`` forward: shown, unminimised, raised and given the focus."""
    if window.isMinimized():
        window.showNormal()
    window.show()
    window.raise_()
    window.activateWindow()


class FirstWindow(QObject):
    """Listens for later windows on the same data folder; ``raiseRequested`` when one asks.
    On POSIX a Unix socket watched by a QSocketNotifier (QtNetwork is not in the bundle),
    elsewhere a QLocalServer."""

    raiseRequested = Signal()
    _forward = Signal()  # a request that came to the claim's thread

    def __init__(self, root: Path, parent=None, *, claimed: Claim | None = None) -> None:
        super().__init__(parent)
        self.name = server_name(root)
        self._sock: socket.socket | None = None  # POSIX, without a claim
        self._claim = claimed
        try:
            if claimed is not None:  # listening since the start: from now on the window comes forward
                self._forward.connect(self._raised)  # emitted from the claim's thread: queued to this one
                # once the caller has connected raiseRequested (a request may be waiting already)
                QTimer.singleShot(0, lambda: claimed.attach(self._forward.emit))
            elif sys.platform == "win32":
                self._listen_qt()
            else:
                self._listen_posix()
            log.info("single window: listening on %s", self.name)
        except OSError as exc:  # never a reason not to open the window
            log.warning("single window: cannot listen on %s: %s", self.name, exc)

    # POSIX ------------------------------------------------------------------------------

    def _listen_posix(self) -> None:
        import socket

        from PySide6.QtCore import QSocketNotifier

        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.name)  # stale: a window that did not answer (bring_forward asked first)
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.bind(self.name)
        os.chmod(self.name, 0o600)
        sock.listen(4)
        sock.setblocking(False)
        self._sock = sock
        self._notifier = QSocketNotifier(sock.fileno(), QSocketNotifier.Type.Read, self)
        self._notifier.activated.connect(self._accept_posix)

    def _accept_posix(self) -> None:
        assert self._sock is not None  # the notifier that calls this watches it
        try:
            conn, _ = self._sock.accept()
        except OSError:
            return
        with conn:
            conn.settimeout(CONNECT_TIMEOUT)
            try:
                if conn.recv(64).startswith(RAISE.strip()):
                    conn.sendall(OK)
                    self._raised()
            except OSError:
                pass

    # elsewhere: QLocalServer --------------------------------------------------------------

    def _listen_qt(self) -> None:
        from PySide6.QtNetwork import QLocalServer

        self.server = QLocalServer(self)
        self.server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        if not self.server.listen(self.name):
            QLocalServer.removeServer(self.name)  # stale
            if not self.server.listen(self.name):
                raise OSError(self.server.errorString())
        self.server.newConnection.connect(self._accept_qt)

    def _accept_qt(self) -> None:
        while (conn := self.server.nextPendingConnection()) is not None:
            conn.readyRead.connect(lambda c=conn: self._read_qt(c))
            conn.disconnected.connect(conn.deleteLater)

    def _read_qt(self, conn) -> None:
        if conn.readAll().data().startswith(RAISE.strip()):
            conn.write(OK)
            conn.flush()
            self._raised()

    def _raised(self) -> None:
        log.info("single window: another window on this data folder asked for this one: brought forward")
        self.raiseRequested.emit()

    def close(self) -> None:
        """Stop listening (the window is closing): the next window starts at once."""
        if self._claim is not None:
            self._claim.close()
            self._claim = None
        elif self._sock is not None:
            self._notifier.setEnabled(False)
            self._sock.close()
            self._sock = None
            with contextlib.suppress(OSError):
                os.unlink(self.name)
        elif hasattr(self, "server"):
            self.server.close()
