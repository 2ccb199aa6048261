"""Game records of the hands a protocol session followed: each hand's shadow game (the
session's seat's cards, the trump card and every action real; the other hands and the stock
order stand-ins consistent with all that seat saw), with comments that say so."""

from __future__ import annotations

from collections.abc import Sequence

from ..knowledge.tracker import HandTracker
from ..notation.record import RECORD_HEADER, format_record
from .commands import ProtocolError

__all__ = ["RECORD_NOTE", "engine_record", "hand_block"]

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
