"""Files in the fake Telegram Bot API: documents users send, getFile and the downloads.

Why its own module: the chat quiz uploads (issue 19) need Telegram's file flow modelled as it
is documented, and tests must be able to assert that a refused upload downloaded nothing.

As Telegram does it: a message carries a ``Document`` (file_id, file_unique_id, file_name,
mime_type and the *declared* file_size); ``getFile`` turns a file_id into a ``File`` with a
``file_path``, refusing "Bad Request: file is too big" above 20 MB and "Bad Request: invalid
file_id" for an id it never issued; the bytes are then served at
``/file/bot<token>/<file_path>`` (404 for a wrong token or path). Every download is recorded.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

from aiohttp import web

JSONDict = dict[str, Any]

MAX_DOWNLOAD_BYTES = 20 * 1024 * 1024
"""Bots may download files up to 20 MB (getFile's documentation)."""
FILE_TOO_BIG = "Bad Request: file is too big"
INVALID_FILE_ID = "Bad Request: invalid file_id"


class FileApiError(Exception):
    """getFile's failure; the fake turns it into its ApiError (400)."""

    def __init__(self, description: str) -> None:
        super().__init__(description)
        self.description = description


@dataclass
class StoredFile:
    """One file a user sent: what Telegram knows of it and its bytes."""

    file_id: str
    file_unique_id: str
    file_name: str
    mime_type: str | None
    data: bytes
    declared_size: int
    file_path: str | None = None
    """Set by the first getFile, as Telegram prepares the file for downloading then."""

    def document(self) -> JSONDict:
        """The ``Document`` object messages carry."""
        document: JSONDict = {
            "file_id": self.file_id,
            "file_unique_id": self.file_unique_id,
            "file_name": self.file_name,
            "file_size": self.declared_size,
        }
        if self.mime_type is not None:
            document["mime_type"] = self.mime_type
        return document


@dataclass(frozen=True)
class Download:
    """One GET of a file's bytes: the token in the URL and the path asked for."""

    token: str
    file_path: str
    status: int


class FakeFiles:
    """The files users sent, keyed by file_id, and every download asked for."""

    def __init__(self) -> None:
        self.files: dict[str, StoredFile] = {}
        self.downloads: list[Download] = []
        self._numbers = itertools.count(1)

    def add(
        self,
        file_name: str,
        data: bytes,
        *,
        mime_type: str | None = "text/plain",
        declared_size: int | None = None,
    ) -> StoredFile:
        """A file as a user sends it; ``declared_size`` stands in for a big file's size
        without making its bytes (Telegram reports the size it stored)."""
        number = next(self._numbers)
        stored = StoredFile(
            file_id=f"BQACAgQAAx0-file-{number}",
            file_unique_id=f"AgAD{number:04d}",
            file_name=file_name,
            mime_type=mime_type,
            data=data,
            declared_size=len(data) if declared_size is None else declared_size,
        )
        self.files[stored.file_id] = stored
        return stored

    def get_file(self, file_id: object) -> JSONDict:
        """The ``File`` for getFile, or FileApiError with Telegram's description."""
        stored = self.files.get(str(file_id))
        if stored is None:
            raise FileApiError(INVALID_FILE_ID)
        if stored.declared_size > MAX_DOWNLOAD_BYTES:
            raise FileApiError(FILE_TOO_BIG)
        if stored.file_path is None:
            suffix = stored.file_name.rsplit(".", 1)[-1] if "." in stored.file_name else ""
            number = stored.file_unique_id.removeprefix("AgAD").lstrip("0") or "0"
            stored.file_path = f"documents/file_{number}" + (f".{suffix}" if suffix else "")
        return {
            "file_id": stored.file_id,
            "file_unique_id": stored.file_unique_id,
            "file_size": stored.declared_size,
            "file_path": stored.file_path,
        }

    def serve(self, token: str, file_path: str, token_ok: bool) -> web.Response:
        """The bytes at ``/file/bot<token>/<file_path>``; Telegram answers 404 otherwise."""
        found = next((f for f in self.files.values() if f.file_path == file_path), None)
        status = 200 if token_ok and found is not None else 404
        self.downloads.append(Download(token, file_path, status))
        if found is None or not token_ok:
            body = {"ok": False, "error_code": 404, "description": "Not Found"}
            return web.json_response(body, status=404)
        return web.Response(body=found.data, content_type="application/octet-stream")

    def downloaded(self) -> list[str]:
        """The paths whose bytes were served (the successful downloads)."""
        return [d.file_path for d in self.downloads if d.status == 200]
