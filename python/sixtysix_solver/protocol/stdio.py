r"""The engine protocol on a byte stream: bounded lines in (:func:`read_lines`) and a
:class:`~sixtysix_solver.protocol.session.ProtocolSession` on standard input and output
(:func:`run_stdio`, behind ``sixtysix engine``).

>>> import io
>>> list(read_lines(io.BytesIO(b"isready\r\n" + b"x" * 20 + b"\nquit"), limit=10))
['isready', None, 'quit']
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Iterator
from typing import BinaryIO

from .commands import MAX_LINE
from .session import ProtocolSession

__all__ = ["MAX_LINE", "read_lines", "run_stdio"]


def read_lines(stream: BinaryIO, limit: int = MAX_LINE) -> Iterator[str | None]:
    """The lines of a byte stream, decoded leniently (UTF-8, bad bytes replaced), without
    their line ends; ``None`` stands for a line longer than ``limit`` bytes, which is skipped
    without ever being held whole in memory."""
    buf = bytearray()
    dropping = False
    read = getattr(stream, "read1", stream.read)
    while True:
        chunk = read(65536)
        if not chunk:
            break
        start = 0
        while True:
            nl = chunk.find(b"\n", start)
            end = len(chunk) if nl < 0 else nl
            if not dropping:
                buf += chunk[start:end]
                if len(buf) > limit:
                    dropping = True
                    buf.clear()
            if nl < 0:
                break
            if dropping:
                yield None
            else:
                yield buf.decode("utf-8", errors="replace").rstrip("\r")
            dropping = False
            buf.clear()
            start = nl + 1
    if dropping:
        yield None
    elif buf:
        yield buf.decode("utf-8", errors="replace").rstrip("\r")


def run_stdio(stdin: BinaryIO | None = None,
              record_dir: str | os.PathLike[str] | None = None) -> int:
    """Run a protocol session on standard input and output until ``quit`` or the end of input
    (where a running search still finishes and answers). ``record_dir``: the directory that
    the ``recordfile`` option may write in (``None``: no record files)."""
    src = stdin if stdin is not None else sys.stdin.buffer
    out = sys.stdout
    broken = threading.Event()

    def write(line: str) -> None:
        if broken.is_set():
            return
        try:
            out.write(line + "\n")
            out.flush()
        except (OSError, ValueError):  # the client went away
            broken.set()

    session = ProtocolSession(write, record_dir=record_dir)
    for line in read_lines(src):
        if line is None:
            session.handle_overlong()
        else:
            session.handle(line)
        if session.quit or broken.is_set():
            break
    else:
        session.finish()  # the end of the input: let a running search answer
    session.shutdown()
    session.wait(1.0)
    return 0
