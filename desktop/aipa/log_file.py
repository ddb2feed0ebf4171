"""The log file's handler: a rotating file that, when it cannot be written (a full disk,
a folder gone read-only), says so once on stderr and stops writing, instead of the
traceback ``logging`` prints for every record it could not write."""

from __future__ import annotations

import logging
import logging.handlers
import sys

from aipa.errors import disk_full


class LogFile(logging.handlers.RotatingFileHandler):
    broken = False  # set after the first failed write: later records are dropped quietly

    def emit(self, record: logging.LogRecord) -> None:
        if not self.broken:
            super().emit(record)

    def handleError(self, record: logging.LogRecord) -> None:  # noqa: N802 - logging's name
        exc = sys.exc_info()[1]
        if self.broken:
            return
        self.broken = True
        why = "disk full" if exc is not None and disk_full(exc) else (getattr(exc, "strerror", None) or repr(exc))
        try:
            print(f"warning: cannot write the log file {self.baseFilename} ({why}); logging to it stops",
                  file=sys.stderr)  # fmt: skip
        except (OSError, ValueError):
            pass
        try:
            if self.stream is not None:
                self.stream.close()
        except OSError:
            pass
        self.stream = None
