"""Game records of the hands a protocol session followed: each hand's shadow game (the
session's seat's cards, the trump card and every action real; the other hands and the stock
order stand-ins consistent with all that seat saw), with comments that say so."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from ..knowledge.tracker import HandTracker
from ..notation.record import RECORD_HEADER, format_record
from .commands import ProtocolError, quote

__all__ = ["RECORD_NOTE", "append_hand", "confined_path", "engine_record", "hand_block"]

RECORD_NOTE = [
    "# written by the sixtysix engine protocol: every hand is seen from the engine's seat.",
    "# That seat's cards, the trump card and every action are real; the other hands and the",
    "# stock order are stand-ins consistent with all that seat saw: review that seat only.",
]


def hand_block(tracker: HandTracker) -> list[str]:
    """One hand's record block (``start``, ``actions``, ``result``) after a comment naming
    the seat whose view it is."""
    block = format_record(tracker.shadow()).split("\n")[1:]
    return [f"# seen by seat {tracker.seat}: the other hands and the stock are stand-ins"] + block


def engine_record(trackers: Sequence[HandTracker]) -> str:
    """The game record (:mod:`sixtysix_solver.notation.record`, one block per hand) of hands followed
    by :class:`~sixtysix_solver.knowledge.tracker.HandTracker`: each hand's shadow game, with comments
    saying that only the tracker's seat's view in it is real."""
    if not trackers:
        raise ProtocolError("no hand to record")
    lines = [RECORD_HEADER, *RECORD_NOTE]
    for t in trackers:
        lines += hand_block(t)
    return "\n".join(lines)


def confined_path(record_dir: str | os.PathLike[str] | None, name: str) -> Path:
    """The record file ``name`` inside ``record_dir`` (chosen when the engine started): a
    relative path that stays inside the directory once ``..`` and symbolic links are resolved.
    Anything else is refused (:class:`ProtocolError`): a front-end may pass a player's text on,
    and the engine must not append to files elsewhere."""
    if record_dir is None:
        raise ProtocolError(
            "records are off: start the engine with --record-dir DIR to write record files"
        )
    if not name or "\x00" in name:
        raise ProtocolError("the record file needs a name")
    if os.path.isabs(name) or name.startswith("~"):
        raise ProtocolError(f"the record file must be a path inside the record directory, "
                            f"not {quote(name)}")
    root = Path(os.path.realpath(record_dir))
    target = Path(os.path.realpath(root / name))
    if target == root or root not in target.parents:
        raise ProtocolError(f"the record file {quote(name)} is outside the record directory")
    return target


def append_hand(record_dir: str | os.PathLike[str] | None, name: str,
                tracker: HandTracker) -> None:
    """Append a finished hand's block to the record file (the header first into an empty
    file); the path is checked again, as a link may have changed since it was set."""
    path = confined_path(record_dir, name)
    with open(path, "a+", encoding="utf-8") as f:
        f.seek(0, os.SEEK_END)
        head = [RECORD_HEADER, *RECORD_NOTE] if f.tell() == 0 else []
        f.write("\n".join(head + hand_block(tracker)) + "\n")
