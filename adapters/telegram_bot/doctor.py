"""`quizbot doctor` on Telegram: the token, group privacy mode, the webhook, waiting updates.

Through python-telegram-bot's own Bot (getMe, getWebhookInfo), at TELEGRAM_API_URL when set,
so what is checked is what `quizbot run telegram` will meet. Read-only: nothing is changed.
"""

from __future__ import annotations

from telegram import Bot, User, WebhookInfo
from telegram.error import InvalidToken, NetworkError, TelegramError

from adapters.telegram_bot.endpoints import TELEGRAM_API, bot_api_url
from bot.health.findings import Finding, fail, note, ok


async def telegram_findings(
    token: str, api_url: str | None, expected_webhook: str | None
) -> list[Finding]:
    """What a deployment that polls (or serves `expected_webhook`) needs to hear about."""
    base_url = bot_api_url(api_url)
    try:
        async with Bot(token, base_url=base_url) as bot:  # initialize() asks getMe
            info = await bot.get_webhook_info()
            me = bot.bot
    except InvalidToken:
        return [fail("doctor.tg_token_rejected")]
    except NetworkError as error:
        shown = (api_url or TELEGRAM_API).rstrip("/")
        return [fail("doctor.tg_unreachable", url=shown, error=error)]
    except TelegramError as error:
        return [fail("doctor.tg_failed", error=error)]
    return [
        ok("doctor.tg_token_ok", username=me.username, id=me.id),
        *_group_findings(me),
        *_webhook_findings(info, expected_webhook),
        _pending_finding(info),
    ]


def _group_findings(me: User) -> list[Finding]:
    found = [] if me.can_join_groups else [fail("doctor.tg_no_groups")]
    if me.can_read_all_group_messages:
        return [*found, note("doctor.tg_privacy_off")]
    return [*found, ok("doctor.tg_privacy_on", username=me.username)]


def _webhook_findings(info: WebhookInfo, expected: str | None) -> list[Finding]:
    """Polling wants no webhook; a webhook deployment wants its own, delivering."""
    if expected is None:
        if info.url:
            return [fail("doctor.tg_webhook_set", url=info.url)]
        return [ok("doctor.tg_polling_ok")]
    if not info.url:
        return [fail("doctor.tg_webhook_missing", expected=expected)]
    if info.url != expected:
        return [fail("doctor.tg_webhook_other", url=info.url, expected=expected)]
    if info.last_error_message:
        when = info.last_error_date.strftime("%Y-%m-%d %H:%M") if info.last_error_date else "?"
        return [fail("doctor.tg_webhook_error", error=info.last_error_message, when=when)]
    return [ok("doctor.tg_webhook_ok", url=info.url)]


def _pending_finding(info: WebhookInfo) -> Finding:
    if info.pending_update_count:
        return note("doctor.tg_pending", count=info.pending_update_count)
    return ok("doctor.tg_none_pending")
