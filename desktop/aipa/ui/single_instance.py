"""One window per data folder (ARCHITECTURE §5: one process drives a run): the first window listens on a local
socket named after its data folder (hashed); a second window started on the same
folder asks it to come forward and exits, saying so. A first window that does not
answer within CONNECT_TIMEOUT (killed, hung) is stale: the second starts normally and
takes the name over.

The question is asked before the second window is built: on POSIX with a plain Unix
socket (no Qt module to load on the way to the first paint), elsewhere with
QLocalSocket. The answer is one line each way: RAISE, then OK."""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

if TYPE_CHECKING:
    import socket

    from PySide6.QtWidgets import QWidget

log = logging.getLogger("aipa.ui")

CONNECT_TIMEOUT = 0.5  # seconds for the first window to answer
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

    def __init__(self, root: Path, parent=None) -> None:
        super().__init__(parent)
        self.name = server_name(root)
        self._sock: socket.socket | None = None  # POSIX
        try:
            self._listen_qt() if sys.platform == "win32" else self._listen_posix()
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
        if self._sock is not None:
            self._notifier.setEnabled(False)
            self._sock.close()
            self._sock = None
            with contextlib.suppress(OSError):
                os.unlink(self.name)
        elif hasattr(self, "server"):
            self.server.close()
