"""Files on the loopback Discord (discord_routes.py): uploads, a message's attachments, and
embeds that show them, as Discord's API describes them.

A message with files is a multipart request: its JSON in the `payload_json` part, file n in
the part `files[n]`; the payload's `attachments` list names each upload by the id n of its
part (with its filename and description). The message Discord returns lists its
`attachments` (id, filename, size, url, proxy_url, content_type, width and height for an
image) and an embed image `attachment://<filename>` becomes that attachment's CDN url.

Editing: `attachments` in the payload is the whole list after the edit: the ids of existing
attachments to keep and the upload ids of new files; an empty list drops them all. Without
the key, every attachment stays (and new files are added). Refused as Discord refuses them:
more than 10 attachments or files (MessageCreateRequest's `attachments` maxItems and its
`files[0]`…`files[9]` parts) and an attachment id that names nothing, with 400 50035 Invalid
Form Body; a file over the upload limit with 413 40005 Request entity too large. An embed
image `attachment://` that names no attachment of the message is refused too (Discord would
show no picture; the fake says so, so a test sees the mistake).
"""

from __future__ import annotations

import io
import json
import mimetypes
from collections.abc import Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from aiohttp import web
from PIL import Image

from tests.fakes import discord_payloads as payloads

JSONDict = dict[str, Any]
Answer = tuple[int, Any]
Problem = tuple[str, str, str]
"""Where (dotted path), Discord's error code and its message: one entry of 50035's errors."""
ATTACHMENTS_LIMIT = 10
FILE_LIMIT = 10 * 1024 * 1024
"""Bytes a file, in a server without boosts (GUIDE.md §2: 10 MiB)."""
REQUEST_LIMIT = 25 * 1024 * 1024
"""Bytes a whole request (Discord: 25 MiB); the fake's web server takes a little more, so its
own limit never answers first."""
CDN = "https://cdn.discordapp.com"
TOO_LARGE: Answer = (413, {"code": 40005, "message": "Request entity too large"})
SCHEME = "attachment://"
MEDIA_FIELDS = ("width", "height", "content_type")
"""What an embed image copies from its attachment, beside the urls."""


@dataclass(frozen=True)
class Upload:
    """One `files[n]` part of a multipart request."""

    index: int
    filename: str
    data: bytes


UPLOADS: ContextVar[tuple[Upload, ...]] = ContextVar("uploads", default=())
"""The files of the request being answered (each aiohttp request runs in its own task)."""


async def read(request: web.Request) -> tuple[JSONDict, tuple[Upload, ...]]:
    """A multipart request's `payload_json` and its `files[n]` parts."""
    form = await request.post()
    body = json.loads(str(form.get("payload_json", "{}")))
    uploads = []
    for name, value in form.items():
        if name.startswith("files[") and name.endswith("]") and isinstance(value, web.FileField):
            index = int(name[len("files[") : -1])
            uploads.append(Upload(index, value.filename, value.file.read()))
    return body, tuple(sorted(uploads, key=lambda upload: upload.index))


@dataclass
class Files:
    """What the fake's CDN serves, by url (tests read the bytes a message shows)."""

    stored: dict[str, bytes]

    def attachments(
        self, channel_id: int, body: Any, current: Sequence[JSONDict]
    ) -> list[JSONDict] | Answer:
        """The message's attachments after this request (`current`: before it, none for a
        new message), or Discord's error."""
        uploads = UPLOADS.get()
        refused = _refused(body, uploads)
        if refused is not None:
            return refused
        by_index = {str(upload.index): upload for upload in uploads}
        declared = body.get("attachments") if isinstance(body, dict) else None
        if declared is None:  # no key: what the message had stays, every upload is added
            return [*current, *(self._stored(channel_id, u, {}) for u in uploads)]
        existing = {str(item["id"]): item for item in current}
        after, problems = [], []
        for number, entry in enumerate(declared):
            key = str(entry.get("id"))
            if key in existing:
                after.append(existing[key])
            elif key in by_index:
                after.append(self._stored(channel_id, by_index[key], entry))
            else:
                path = f"attachments.{number}.id"
                problems.append((path, "ATTACHMENT_NOT_FOUND", f"Unknown attachment {key}"))
        return invalid_form(problems) if problems else after

    def _stored(self, channel_id: int, upload: Upload, entry: JSONDict) -> JSONDict:
        attachment_id = payloads.snowflake()
        filename = entry.get("filename") or upload.filename
        url = f"{CDN}/attachments/{channel_id}/{attachment_id}/{filename}"
        self.stored[url] = upload.data
        kind = mimetypes.guess_type(filename)[0]  # Discord's, not the part's (discord.py
        # sends every part as application/octet-stream)
        attachment: JSONDict = {
            "id": str(attachment_id),
            "filename": filename,
            "size": len(upload.data),
            "url": url,
            "proxy_url": url.replace(CDN, "https://media.discordapp.net"),
            "content_type": kind or "application/octet-stream",
        }
        if entry.get("description"):
            attachment["description"] = entry["description"]
        attachment.update(_dimensions(upload.data))
        return attachment


def shown(embeds: list[JSONDict], attachments: Sequence[JSONDict]) -> list[JSONDict] | Answer:
    """The embeds with every `attachment://name` image or thumbnail made that attachment's
    url, or 50035 when a name is not attached."""
    by_name = {item["filename"]: item for item in attachments}
    problems: list[Problem] = []
    resolved = []
    for number, embed in enumerate(embeds):
        embed = dict(embed)
        for part in ("image", "thumbnail"):
            media = embed.get(part)
            url = (media or {}).get("url") or ""
            if not url.startswith(SCHEME):
                continue
            attachment = by_name.get(url.removeprefix(SCHEME))
            if attachment is None:
                where = f"embeds.{number}.{part}.url"
                problems.append((where, "EMBED_ATTACHMENT_NOT_FOUND", f"No attachment {url}"))
                continue
            embed[part] = {
                "url": attachment["url"],
                "proxy_url": attachment["proxy_url"],
                **{k: attachment[k] for k in MEDIA_FIELDS if k in attachment},
            }
        resolved.append(embed)
    return invalid_form(problems) if problems else resolved


def _refused(body: Any, uploads: Sequence[Upload]) -> Answer | None:
    if any(len(upload.data) > FILE_LIMIT for upload in uploads):
        return TOO_LARGE
    problems: list[Problem] = []
    declared = body.get("attachments") if isinstance(body, dict) else None
    if declared is not None and len(declared) > ATTACHMENTS_LIMIT:
        message = f"Must be {ATTACHMENTS_LIMIT} or fewer in length."
        problems.append(("attachments", "BASE_TYPE_MAX_LENGTH", message))
    if any(upload.index >= ATTACHMENTS_LIMIT for upload in uploads):
        message = f"Must be {ATTACHMENTS_LIMIT} or fewer in length."
        problems.append(("files", "BASE_TYPE_MAX_LENGTH", message))
    return invalid_form(problems) if problems else None


def _dimensions(data: bytes) -> JSONDict:
    """An image's width and height, as Discord adds them to an image attachment."""
    try:
        with Image.open(io.BytesIO(data)) as image:
            return {"width": image.width, "height": image.height}
    except (OSError, ValueError):
        return {}


def invalid_form(problems: Sequence[str | Problem]) -> Answer:
    """400 50035 with Discord's nested `errors`: each field's path, then `_errors`, a list of
    {code, message}. A problem given as "path: message" gets the code BASE_TYPE_INVALID."""
    errors: JSONDict = {}
    for problem in problems:
        if isinstance(problem, str):
            path, _, message = problem.partition(": ")
            problem = (path, "BASE_TYPE_INVALID", message)
        path, code, message = problem
        node = errors
        for key in path.split("."):
            node = node.setdefault(key, {})
        node.setdefault("_errors", []).append({"code": code, "message": message})
    return 400, {"code": 50035, "message": "Invalid Form Body", "errors": errors}
