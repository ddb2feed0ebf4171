"""The desktop window's entry point: ``aipa``, ``aipa --dry-run``, ``aipa --smoke``.

Qt runs on a qasync event loop, so core coroutines and Qt share one thread. Smoke
mode opens the real window, runs one directive accepting every gate, saves a PNG of
the window and exits 0 on success (non-zero with a message otherwise, and a hard
timeout).
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import traceback
from pathlib import Path

from aipa import __version__, errors

log = logging.getLogger("aipa.gui")

SMOKE_TIMEOUT = 180.0


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="aipa",
        description="AIPA Desktop's window. The headless commands "
        "(run, plan, runs, export, chat, models, keys, doctor): see `aipa --help`.",
    )
    p.add_argument("--version", action="version", version=f"aipa {__version__}")
    p.add_argument("--dry-run", action="store_true", help="use the scripted provider: no network, deterministic")
    p.add_argument("--provider", default="", help="ollama, openai, anthropic, openai-compatible, builtin, scripted")
    p.add_argument("--model", default="", help="model name (provider default if omitted)")
    p.add_argument("--base-url", default="", help="server URL for OpenAI-compatible servers or a remote Ollama")
    p.add_argument("--smoke", metavar="DIRECTIVE", help="run DIRECTIVE in the real window, accept every gate, exit")
    p.add_argument("--screenshot", metavar="PATH", help="with --smoke: save a PNG of the window here")
    p.add_argument(
        "--timeout",
        type=float,
        default=SMOKE_TIMEOUT,
        help=f"with --smoke: give up after SECONDS (default {SMOKE_TIMEOUT:g})",
    )
    p.add_argument("--size", default="", help="window size WIDTHxHEIGHT (e.g. 1440x1000)")
    return p


def _override(args):
    from aipa.app import Override

    if args.dry_run or (args.smoke and not args.provider):
        return Override("scripted", args.model, "")
    return Override(args.provider, args.model, args.base_url)


def _qt_app():
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtWidgets import QApplication

    if QApplication.instance() is None:
        QGuiApplication.setHighDpiScaleFactorRoundingPolicy(Qt.HighDpiScaleFactorRoundingPolicy.PassThrough)
    qapp = QApplication.instance() or QApplication([sys.argv[0] if sys.argv else "aipa"])
    qapp.setApplicationName("AIPA")
    qapp.setApplicationDisplayName("AIPA")
    qapp.setOrganizationName("AIPA")
    qapp.setApplicationVersion(__version__)
    qapp.setDesktopFileName("aipa")
    qapp.setQuitOnLastWindowClosed(False)  # the window's async shutdown ends the loop, not Qt
    return qapp


def first_run(args, paths) -> bool:
    """The setup wizard opens by itself on the first run: no settings saved yet, and
    neither a dry run nor a smoke test."""
    return not (args.dry_run or args.smoke) and not paths.settings.exists()


def install_excepthook(window) -> None:
    """Uncaught errors (slots, callbacks) go to the log and to a dialog."""

    def hook(exc_type, exc, tb) -> None:
        if issubclass(exc_type, KeyboardInterrupt):
            sys.__excepthook__(exc_type, exc, tb)
            return
        text = "".join(traceback.format_exception(exc_type, exc, tb))
        log.error("uncaught error:\n%s", text)
        try:
            window.show_error(f"Unexpected error: {exc!r}", text)
        except Exception:  # noqa: BLE001 - the dialog itself failed: the log has it
            sys.__excepthook__(exc_type, exc, tb)

    sys.excepthook = hook


def _loop_exception_handler(window):
    import asyncio

    def handler(loop, context) -> None:
        exc = context.get("exception")
        if exc is None or isinstance(exc, asyncio.CancelledError):
            log.warning("event loop: %s", context.get("message"))
            return
        sys.excepthook(type(exc), exc, exc.__traceback__)

    return handler


async def _wait_closed(window) -> None:
    import asyncio

    done = asyncio.get_running_loop().create_future()
    window.closed.connect(lambda: done.done() or done.set_result(None))
    await done


async def run_smoke(window, directive: str, screenshot: str | None, timeout: float) -> int:
    """Run one directive in the real window; 0 on success. The screenshot is saved
    either way: a failed smoke test's picture shows what the window said."""
    import asyncio

    controller = window.controller
    failure = ""
    run = None
    try:
        async with asyncio.timeout(timeout):
            await controller.submit(directive)
    except TimeoutError:
        failure = f"timed out after {timeout:g} s (a real model may need longer: --timeout SECONDS)"
    if not failure:
        run = window.core.run(controller.run_id)
        if run is None:
            failure = "the run did not start"
        elif run.status != "done":
            failure = f"the run ended {run.status}: {run.error or ''}".strip()
    if screenshot:
        saved = await _screenshot(window, Path(screenshot).expanduser())
        failure = failure or ("" if saved else f"could not write the screenshot {screenshot}")
    if failure:
        print(f"smoke: FAILED: {failure}", file=sys.stderr)
        return errors.EXIT_RUN_FAILED
    print(f"smoke: OK · run {controller.run_id} · verdict {run.verdict or 'NONE'}")
    return errors.EXIT_OK


async def _screenshot(window, path: Path) -> bool:
    import asyncio

    window.controller.flush()
    window.chat_view.follow()
    await asyncio.sleep(0.25)  # the loop lays out and paints meanwhile; never processEvents() inside
    # a coroutine: it runs other tasks' steps re-entrantly ("Cannot enter into task …")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError:
        return False
    if not window.grab().save(str(path), "PNG"):
        return False
    print(f"screenshot: {path}")
    return True


def _another_window(paths, args) -> bool:
    """A window already open on this data folder was asked to come forward (it answered)."""
    from aipa.ui import single_instance

    if args.smoke or not single_instance.bring_forward(paths.root):
        return False
    print(f"AIPA is already open on this data folder ({paths.root}): brought that window forward.")
    return True


def _listen(paths, window, args):
    """This window answers later windows on the same data folder (not a smoke test)."""
    if args.smoke:
        return None
    from aipa.ui import single_instance

    first = single_instance.FirstWindow(paths.root, window)
    first.raiseRequested.connect(lambda: single_instance.present(window))
    return first


def _shell_settings(paths):
    """The settings the window's shell is drawn with (theme, send key) before the core is
    built; ``app.build`` reads the same file and reports what is wrong with it."""
    from aipa.core.config.settings import SettingsSource, env_overlay

    return SettingsSource.load(paths.settings, overlay=env_overlay(os.environ)[0])[0].current


def _timed() -> bool:
    """``AIPA_EXIT_AFTER_PAINT=1`` (tests/bench): print 'first paint' when the window first
    paints and 'session painted' when it has painted again with the last session restored,
    then close it, so that start-up is timed from outside."""
    return bool(os.environ.get("AIPA_EXIT_AFTER_PAINT"))


def _show_shell(window) -> None:
    """Show the window's shell and let it paint, before the core (the store, the agents,
    the providers) and the asyncio loop are loaded (issue 13)."""
    from aipa.ui.first_paint import wait_painted

    window.show()
    wait_painted(window, at_paint=(lambda: print("first paint", flush=True)) if _timed() else None)


async def _start(window, restore: bool, guard=None, interrupted=None) -> None:
    """Restore the last session into the painted window (issue 13: the first paint does
    not wait for the history). ``guard`` (a ``RestoreGuard``) marks the restore until the
    session has painted; ``interrupted``: the last start died restoring, so this one
    does not restore and says why."""
    from aipa.ui.first_paint import painted

    await window.start(restore=restore)
    if interrupted is not None:
        log.warning("the last start died while restoring session %s: not restored", interrupted.session_id)
        window.controller.notice(f"⚠ {interrupted.message()}", "warning")
    if guard is not None:
        await painted(window, repaint=True)
        guard.end()
    if _timed():
        await painted(window, repaint=True, at_paint=lambda: print("session painted", flush=True))
        window.close()


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(list(sys.argv[1:] if argv is None else argv))
    if args.screenshot and not args.smoke:
        print("error: --screenshot needs --smoke", file=sys.stderr)
        return errors.EXIT_USAGE
    from aipa.core.config.paths import Paths

    paths = Paths.default()
    if _another_window(paths, args):  # before loading the window: that one is open
        return errors.EXIT_OK
    from aipa.ui import theme
    from aipa.ui.window.main_window import MainWindow

    qapp = _qt_app()
    settings = _shell_settings(paths)
    theme.apply(qapp, settings.theme)
    qapp.setWindowIcon(theme.app_icon())
    window = MainWindow(settings=settings, auto_gates=bool(args.smoke))
    guard = interrupted = None
    if not args.smoke:
        from aipa.core.session import last_session
        from aipa.core.session.restore_guard import RestoreGuard

        guard = RestoreGuard(paths.root)
        interrupted = guard.interrupted()
        restoring = None if interrupted is not None else last_session.peek(paths.db)
        if restoring is not None:
            window.expect_session(restoring[1])
            guard.begin(*restoring)
    if args.size:
        w, _, h = args.size.lower().partition("x")
        window.resize(int(w), int(h))
    install_excepthook(window)
    _show_shell(window)

    import asyncio

    from aipa.app import build
    from aipa.ui.event_loop import qasync_loop

    try:
        app = build(_override(args), paths)
    except errors.AipaError as exc:
        print(f"error: {exc.message}" + (f"\nhint: {exc.hint}" if exc.hint else ""), file=sys.stderr)
        return exc.exit_code
    wizard = first_run(args, app.paths)
    window.attach(app.core)  # the window gets the core facade only

    async def amain() -> int:
        asyncio.get_running_loop().set_exception_handler(_loop_exception_handler(window))
        await _start(window, restore=not args.smoke and interrupted is None, guard=guard, interrupted=interrupted)
        listening = _listen(app.paths, window, args)
        if wizard:
            window.open_setup_wizard()
        try:
            if args.smoke:
                return await run_smoke(window, args.smoke, args.screenshot, args.timeout)
            await _wait_closed(window)
            return errors.EXIT_OK
        finally:
            try:
                await asyncio.wait_for(window.controller.shutdown(), 30)
            except (TimeoutError, Exception) as exc:  # noqa: BLE001 - closing must not hang or crash
                log.warning("shutdown: %r", exc)
            if listening is not None:
                listening.close()
            await app.aclose()

    with asyncio.Runner(loop_factory=lambda: qasync_loop(qapp)) as runner:
        code = runner.run(amain())
    window.deleteLater()
    return code
