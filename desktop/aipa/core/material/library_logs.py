"""Libraries that log on their own (the ``mcp`` SDK logs a traceback for a line that is
not JSON-RPC, pypdf warns about damaged files): their records go into an ``aipa`` logger
as one line, at most INFO, so they reach the log file and never print a traceback on
the Principal's terminal (Python prints records of a logger without handlers to stderr).
The one-line message with a hint the user sees comes from the code that called them."""

from __future__ import annotations

import logging


class Forward(logging.Handler):
    def __init__(self, target: logging.Logger) -> None:
        super().__init__()
        self.target = target

    def emit(self, record: logging.LogRecord) -> None:
        text = " ".join(record.getMessage().split())[:300]
        if record.exc_info and record.exc_info[1] is not None:
            text += f" ({type(record.exc_info[1]).__name__})"
        self.target.log(min(record.levelno, logging.INFO), "%s: %s", record.name, text)


def forward(library: str, target: logging.Logger) -> None:
    """Send ``library``'s log records to ``target`` (once)."""
    logger = logging.getLogger(library)
    if not any(isinstance(h, Forward) for h in logger.handlers):
        logger.addHandler(Forward(target))
