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
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any, Literal

from aipa import __version__, errors

if TYPE_CHECKING:
    import asyncio

    from PySide6.QtWidgets import QApplication

    from aipa.app import Override
    from aipa.core.config.paths import Paths
    from aipa.core.config.settings import Settings
    from aipa.core.session.restore_guard import Interrupted, RestoreGuard
    from aipa.ui.single_instance import Claim, FirstWindow
    from aipa.ui.window.main_window import MainWindow

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


def _override(args: argparse.Namespace) -> Override:
    from aipa.app import Override

    if args.dry_run or (args.smoke and not args.provider):
        return Override("scripted", args.model, "")
    return Override(args.provider, args.model, args.base_url)


def _qt_app() -> QApplication:
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtWidgets import QApplication

    existing = QApplication.instance()
    if existing is None:
        QGuiApplication.setHighDpiScaleFactorRoundingPolicy(Qt.HighDpiScaleFactorRoundingPolicy.PassThrough)
    # the one made here, or one a test made (a QApplication: this module makes no other kind)
    qapp = existing if isinstance(existing, QApplication) else QApplication([sys.argv[0] if sys.argv else "aipa"])
    qapp.setApplicationName("AIPA")
    qapp.setApplicationDisplayName("AIPA")
    qapp.setOrganizationName("AIPA")
    qapp.setApplicationVersion(__version__)
    qapp.setDesktopFileName("aipa")
    qapp.setQuitOnLastWindowClosed(False)  # the window's async shutdown ends the loop, not Qt
    return qapp


def first_run(args: argparse.Namespace, paths: Paths) -> bool:
    """The setup wizard opens by itself on the first run: no settings saved yet, and
    neither a dry run nor a smoke test."""
    return not (args.dry_run or args.smoke) and not paths.settings.exists()


def install_excepthook(window: MainWindow) -> None:
    """Uncaught errors (slots, callbacks) go to the log and to a dialog."""

    def hook(exc_type: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
        if issubclass(exc_type, KeyboardInterrupt):
            sys.__excepthook__(exc_type, exc, tb)
            return
        text = "".join(traceback.format_exception(exc_type, exc, tb))
        log.error("uncaught error:\n%s", text)
        try:
            from PySide6.QtCore import QCoreApplication

            window.opener.error(
                QCoreApplication.translate("Gui", "Unexpected error: {error}").format(error=repr(exc)), text
            )
        except Exception:  # noqa: BLE001 - the dialog itself failed: the log has it
            sys.__excepthook__(exc_type, exc, tb)

    sys.excepthook = hook


def _loop_exception_handler(window: MainWindow) -> Callable[[asyncio.AbstractEventLoop, dict[str, Any]], None]:
    import asyncio

    def handler(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        exc = context.get("exception")
        if exc is None or isinstance(exc, asyncio.CancelledError):
            log.warning("event loop: %s", context.get("message"))
            return
        sys.excepthook(type(exc), exc, exc.__traceback__)

    return handler


async def _wait_closed(window: MainWindow) -> None:
    import asyncio

    done: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def closed() -> None:
        if not done.done():
            done.set_result(None)

    window.closed.connect(closed)
    await done


async def run_smoke(window: MainWindow, directive: str, screenshot: str | None, timeout: float) -> int:
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
        run = window.core.runs.get(controller.run_id)
        if run is None:
            failure = "the run did not start"
        elif run.status != "done":
            failure = f"the run ended {run.status}: {run.error or ''}".strip()
    if screenshot:
        saved = await _screenshot(window, Path(screenshot).expanduser())
        failure = failure or ("" if saved else f"could not write the screenshot {screenshot}")
    if failure or run is None:  # no failure: the run is there
        print(f"smoke: FAILED: {failure}", file=sys.stderr)
        return errors.EXIT_RUN_FAILED
    print(f"smoke: OK · run {controller.run_id} · verdict {run.verdict or 'NONE'}")
    return errors.EXIT_OK


async def _screenshot(window: MainWindow, path: Path) -> bool:
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


def _another_window(paths: Paths, args: argparse.Namespace) -> Literal[True] | Claim | None:
    """True when a window already open (or starting) on this data folder was asked to
    come forward; else this window's claim on the folder (it answers later
    windows from now on, while it starts), or None."""
    from aipa.ui import single_instance

    if args.smoke:
        return None
    forwarded = single_instance.claim(paths.root)
    if forwarded is not True:
        return forwarded if isinstance(forwarded, single_instance.Claim) else None
    print(f"AIPA is already open on this data folder ({paths.root}): brought that window forward.")
    return True


def _listen(
    paths: Paths, window: MainWindow, args: argparse.Namespace, claimed: Claim | None = None
) -> FirstWindow | None:
    """This window answers later windows on the same data folder (not a smoke test)."""
    if args.smoke:
        return None
    from aipa.ui import single_instance

    first = single_instance.FirstWindow(paths.root, window, claimed=claimed)
    first.raiseRequested.connect(lambda: single_instance.present(window))
    return first


def _shell_settings(paths: Paths) -> Settings:
    """The settings the window's shell is drawn with (theme, send key) before the core is
    built; ``app.build`` reads the same file and reports what is wrong with it."""
    from aipa.core.config.settings import SettingsSource
    from aipa.core.config.settings_env import env_overlay

    return SettingsSource.load(paths.settings, overlay=env_overlay(os.environ)[0])[0].current


def _timed() -> bool:
    """``AIPA_EXIT_AFTER_PAINT=1`` (tests/bench): print 'first paint' when the window first
    paints and 'session painted' when it has painted again with the last session restored,
    then close it, so that start-up is timed from outside."""
    return bool(os.environ.get("AIPA_EXIT_AFTER_PAINT"))


def _show_shell(window: MainWindow) -> None:
    """Show the window's shell and let it paint, before the core (the store, the agents,
    the providers) and the asyncio loop are loaded (ARCHITECTURE §6)."""
    from aipa.ui.first_paint import wait_painted

    window.show()
    wait_painted(window, at_paint=(lambda: print("first paint", flush=True)) if _timed() else None)


async def _start(
    window: MainWindow, restore: bool, guard: RestoreGuard | None = None, interrupted: Interrupted | None = None
) -> None:
    """Restore the last session into the painted window (ARCHITECTURE §6: the first paint does
    not wait for the history). ``guard`` marks the restore until the session has painted;
    ``interrupted``: the last start died restoring, so this one does not restore and says why."""
    from aipa.ui.first_paint import painted

    await window.start(restore=restore)
    if interrupted is not None:
        log.warning("the last start died while restoring session %s: not restored", interrupted.session_id)
        from aipa.ui.i18n import core_text

        window.controller.notice(f"⚠ {interrupted.message(core_text)}", "warning")

    if guard is not None:
        await painted(window, repaint=True)
        guard.end()
    window.core.data.start_daily()  # today's automatic backup, after the session painted (issue 33)
    if _timed():
        await painted(window, repaint=True, at_paint=lambda: print("session painted", flush=True))
        window.close()


def _usage_problem(args) -> int | None:
    """The exit code of options that cannot go together (said on stderr), else None."""
    if args.smoke is not None and not args.smoke.strip():  # "" would open a plain window that never exits
        print('error: --smoke needs a directive\nhint: e.g. aipa --smoke "Plan a team offsite"', file=sys.stderr)
        return errors.EXIT_USAGE
    if args.screenshot and not args.smoke:
        print("error: --screenshot needs --smoke", file=sys.stderr)
        return errors.EXIT_USAGE
    return None


def _restore_guard(window, paths):
    """The guard of the session start-up restores, and the session a crash interrupted
    (None: none); the shell shows the session about to be restored."""
    from aipa.core.session import last_session
    from aipa.core.session.restore_guard import RestoreGuard

    guard = RestoreGuard(paths.root)
    interrupted = guard.interrupted()
    restoring = None if interrupted is not None else last_session.peek(paths.db)
    if restoring is not None:
        window.expect_session(restoring[1])
        guard.begin(*restoring)
    return guard, interrupted


def _failed_build(exc: errors.AipaError, window, paths, args) -> int:
    """The app could not be built: say why; when the live file is damaged and a backup
    exists, offer to restore it (and start again restored)."""
    print(f"error: {exc.message}" + (f"\nhint: {exc.hint}" if exc.hint else ""), file=sys.stderr)
    if isinstance(exc, errors.StoreError) and "aipa restore" in exc.hint and not args.smoke:
        from aipa.ui import data_start

        chosen = data_start.offer_restore(window, paths, exc.message)
        if chosen is not None:
            return data_start.restore_and_restart(paths, chosen)
    return exc.exit_code


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(list(sys.argv[1:] if argv is None else argv))
    if (code := _usage_problem(args)) is not None:
        return code
    from aipa.core.config.paths import Paths

    paths = Paths.default()
    try:
        paths.ensure()  # a data folder that is a file: one line, before any window shows
    except errors.AipaError as exc:
        print(f"error: {exc.message}" + (f"\nhint: {exc.hint}" if exc.hint else ""), file=sys.stderr)
        return exc.exit_code
    claimed = _another_window(paths, args)  # before loading the window: that one is open
    if claimed is True:
        return errors.EXIT_OK
    from aipa.ui import i18n, theme

    qapp = _qt_app()
    if claimed is not None:
        claimed.listen()  # answers later windows from now on (it needs the QApplication)
    settings = _shell_settings(paths)
    i18n.install(qapp, settings.language)  # before the window's modules build any text
    from aipa.ui.window.main_window import MainWindow

    theme.apply(qapp, settings.theme)
    qapp.setWindowIcon(theme.app_icon())
    window = MainWindow(settings=settings, auto_gates=bool(args.smoke))
    guard, interrupted = _restore_guard(window, paths) if not args.smoke else (None, None)
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
        return _failed_build(exc, window, paths, args)
    wizard = first_run(args, app.paths)
    window.attach(app.core)  # the window gets the core facade only

    async def amain() -> int:
        asyncio.get_running_loop().set_exception_handler(_loop_exception_handler(window))
        await _start(window, restore=not args.smoke and interrupted is None, guard=guard, interrupted=interrupted)
        listening = _listen(app.paths, window, args, claimed)
        if wizard:
            window.opener.setup_wizard()
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
            await asyncio.to_thread(app.core.data.wait_daily, 30)  # a daily backup under way finishes
            await app.aclose()

    with asyncio.Runner(loop_factory=lambda: qasync_loop(qapp)) as runner:
        code = runner.run(amain())
    restoring = window.property("aipaRestore")  # Settings → Data → Restore… (ui/dialogs/settings_data.py)
    window.deleteLater()
    if restoring:
        from aipa.ui import data_start

        return data_start.restore_and_restart(paths, Path(str(restoring)))
    return code
