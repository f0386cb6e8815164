"""A clean stop: the interactions being handled when SIGTERM comes finish first.

discord.py runs each event, slash command and button press in a task of its own and does not
wait for them when the client closes; a press in flight would then lose its HTTP session and
the store under it (the answer committed, the verdict never sent, or a question posted whose
message id is never stored). These tasks are recognised by the names discord.py gives them.
"""

from __future__ import annotations

import asyncio
import logging

log = logging.getLogger(__name__)
HANDLER_TASKS = (
    "discord.py: ",  # Client.dispatch: on_interaction, on_guild_remove, ...
    "discord-ui-dynamic-item-",  # button presses (DynamicItem)
    "discord-ui-view-dispatch-",
    "CommandTree-invoker",  # slash commands
)
SETTLE_SECONDS = 10.0
"""Long enough for a press to be answered; short of systemd's 90 s stop timeout."""


async def settle_handlers(timeout: float = SETTLE_SECONDS) -> int:  # noqa: ASYNC109
    """Wait (at most `timeout`) for the handlers running now; how many there were."""
    current = asyncio.current_task()
    running = [
        task
        for task in asyncio.all_tasks()
        if task is not current and task.get_name().startswith(HANDLER_TASKS)
    ]
    if running:
        _, late = await asyncio.wait(running, timeout=timeout)
        if late:
            log.warning("stopping with %d interactions still being handled", len(late))
    return len(running)
