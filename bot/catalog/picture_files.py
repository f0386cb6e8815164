"""Where a quiz file's pictures come from: the folder beside it, or the zip it came in.

A quiz names a picture by a relative path (`file: parallelism-3d/schedule.png`). The name is
checked here before anything is read: forward slashes, no `..`, nothing absolute, so a quiz
can never reach a file outside its own folder. Reading is bounded: a file over the picture
limit is refused from its size, not read.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path, PurePosixPath
from typing import Protocol

from bot.domain.pictures import MAX_PICTURE_BYTES
from bot.domain.uploads import StoredPicture
from bot.pictures.clean import Cleaned, PictureError, clean

MAX_NAME = 200


class PictureFiles(Protocol):
    """The picture files a quiz may name."""

    def read(self, name: str) -> bytes:
        """The bytes of the picture `name`; PictureError says why there are none."""
        ...


def checked_name(name: str) -> str:
    """`name` as a safe relative path, or PictureError saying what is wrong with it."""
    path = PurePosixPath(name)
    if (
        len(name) > MAX_NAME
        or "\\" in name
        or "\0" in name
        or path.is_absolute()
        or ".." in path.parts
        or name.startswith("~")
    ):
        raise PictureError(
            f"'{name[:MAX_NAME]}' is not a picture file beside the quiz (write a relative "
            "path such as 'my-quiz/diagram.png', without '..')"
        )
    if "://" in name or name.startswith("data:"):
        raise PictureError(f"'{name[:60]}' is not a file: the bot fetches nothing from the web")
    return str(path)


class FolderPictures:
    """Pictures in the quiz file's folder (a bundled quiz, `quizbot validate`, an import)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def read(self, name: str) -> bytes:
        path = self.folder / checked_name(name)
        try:
            if path.resolve().is_relative_to(self.folder.resolve()) and path.is_file():
                size = path.stat().st_size
                if size > MAX_PICTURE_BYTES:
                    raise PictureError(
                        f"the picture is {size:,} bytes; at most {MAX_PICTURE_BYTES:,}"
                    )
                return path.read_bytes()
        except OSError as error:
            raise PictureError(f"cannot read '{name}': {error.strerror}") from None
        raise PictureError(f"there is no file '{name}' beside the quiz")


class PicturesGiven:
    """Pictures already in memory: those of a zip upload, or of a chat quiz's stored rows."""

    def __init__(self, files: Mapping[str, bytes]) -> None:
        self.files = files

    def read(self, name: str) -> bytes:
        found = self.files.get(checked_name(name))
        if found is None:
            raise PictureError(f"there is no picture '{name}' with the quiz (send a .zip)")
        return found


class StoredPictures:
    """A stored chat quiz's pictures: cleaned when it was uploaded, so they are taken as they
    are (no second re-encoding: a JPEG would lose quality again and change its digest, which
    names it in the store and on the platforms)."""

    def __init__(self, pictures: Iterable[StoredPicture]) -> None:
        self.pictures = {picture.name: picture for picture in pictures}

    def read(self, name: str) -> bytes:
        return self._found(name).data

    def cleaned(self, name: str) -> Cleaned:
        found = self._found(name)
        return Cleaned(found.data, found.media_type, found.width, found.height)

    def _found(self, name: str) -> StoredPicture:
        found = self.pictures.get(checked_name(name))
        if found is None:
            raise PictureError(f"the stored quiz has no picture '{name}'")
        return found


def cleaned_picture(pictures: PictureFiles, name: str) -> Cleaned:
    """The picture `name` cleaned: re-encoded by Pillow, unless the store kept it cleaned."""
    if isinstance(pictures, StoredPictures):
        return pictures.cleaned(name)
    return clean(pictures.read(name), name)


NO_PICTURES = PicturesGiven({})
"""A quiz that came alone (a single file uploaded): it can name no picture."""
