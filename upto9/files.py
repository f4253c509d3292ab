"""Reading a person's file safely: only a regular file, only up to a size limit, only UTF-8 text.

Every file the engine reads on someone's behalf (a house-rule file, a game record, the command
line's ``--rules``) goes through ``read_text``, so that ``/dev/zero``, a pipe, a directory or a
huge file is refused at once with one line instead of being read until memory runs out.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import Final

from upto9.messages import Message, said

__all__ = ["MAX_FILE_BYTES", "FileError", "read_text"]

MAX_FILE_BYTES: Final = 4 * 1024 * 1024
"""The largest file read by default (4 MiB): a rule set is a few kB and a long game record a few
hundred kB, so this leaves room for any real file and refuses what could only be a mistake or an
attack."""


class FileError(ValueError):
    """A file that cannot be read as a small text file; ``msg`` says why (without the file's name,
    which the caller's own error adds)."""

    def __init__(self, message: str | Message) -> None:
        text, self.msg = said(message)
        super().__init__(text)


def read_text(path: str | Path, *, limit: int = MAX_FILE_BYTES) -> str:
    """The text of a regular UTF-8 file of at most ``limit`` bytes; otherwise ``FileError``.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     file = Path(folder, "house.toml")
    ...     _ = file.write_text("base = 'upto9'", encoding="utf-8")
    ...     read_text(file)
    "base = 'upto9'"
    >>> read_text("/dev/zero")
    Traceback (most recent call last):
    ...
    upto9.files.FileError: not a regular file
    """
    try:
        # O_NONBLOCK: opening a named pipe must not wait for a writer before we can refuse it.
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as error:
        raise FileError(_os_message(error)) from None
    except ValueError:  # a name holding a NUL byte, which no file can have
        raise FileError(Message("file.bad_name")) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileError(Message("file.not_regular"))
        if info.st_size > limit:
            raise FileError(Message("file.too_big", size=info.st_size, limit=limit))
        with os.fdopen(fd, "rb", closefd=False) as stream:
            data = stream.read(limit + 1)  # the file may have grown since fstat
    except OSError as error:
        raise FileError(_os_message(error)) from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise FileError(Message("file.too_big", size=len(data), limit=limit))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise FileError(Message("file.not_utf8", offset=error.start)) from None


def _os_message(error: OSError) -> Message:
    """The operating system's refusal in the catalog's words where it is a common one."""
    if error.errno == errno.ENOENT:
        return Message("file.missing")
    if error.errno in (errno.EACCES, errno.EPERM):
        return Message("file.no_permission")
    if error.errno == errno.EISDIR:
        return Message("file.not_regular")
    return Message("raw", text=str(error.strerror or error))
