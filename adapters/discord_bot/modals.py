"""What a modal sent holds, read from the submission itself (the bot's modals are stopped
before they are sent, so discord.py keeps no copy, and one opened before a restart counts)."""

from __future__ import annotations

from typing import Any

import discord


def modal_value(interaction: discord.Interaction[Any], input_id: str) -> str:
    """What the modal's text input `input_id` held when it was sent ("" if absent)."""
    data: Any = interaction.data or {}
    for row in data.get("components") or ():
        for component in row.get("components") or (row.get("component"),):
            if isinstance(component, dict) and component.get("custom_id") == input_id:
                return str(component.get("value") or "")
    return ""
