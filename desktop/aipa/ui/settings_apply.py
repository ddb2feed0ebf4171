"""Settings saved and used at once, from the Settings dialog or the setup wizard: through
the window's controller when there is one (it tells every part), and the cached
providers rebuilt after the run in progress so that a new provider, URL or key takes
effect."""

from __future__ import annotations

import asyncio

from aipa.core.config.settings import Settings


def apply_settings(core, controller, settings: Settings) -> None:
    """Save ``settings`` and use them now; cached providers are rebuilt (after the run
    in progress, if any) so a new provider, URL or key takes effect."""
    if controller is not None:
        controller.apply_settings(settings)  # saves them; the settings source tells every part
        controller.spawn(refresh_providers(core, controller))
    else:
        core.config.save(settings)


async def refresh_providers(core, controller) -> None:
    """Rebuild the providers once the run in progress (if any) has ended, then check the
    connection again."""
    while controller.busy:  # the run keeps its providers
        await asyncio.sleep(0.2)
    await core.providers.refresh()  # closed and forgotten: rebuilt on next use
    controller.settingsChanged.emit(frozenset())  # the providers were rebuilt
    await controller.connection.check()
