"""Match results: one finished match (:class:`MatchResult`, with its hands) and the results
file, one JSON line per match (:func:`load_results`, :func:`append_results`), that makes an
arena run resumable (:mod:`sixtysix_solver.play.arena`)."""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

from ..errors import NotationError, SixtySixError
from ..rules.profiles import Profile, format_overrides, get_profile, parse_overrides

__all__ = [
    "HandRecord",
    "MatchResult",
    "RESULTS_FORMAT",
    "RESULTS_VERSION",
    "append_results",
    "load_results",
    "profile_key",
    "profile_of",
]

RESULTS_FORMAT = "sixtysix-arena"
RESULTS_VERSION = 1


def profile_key(profile: Profile) -> tuple[str, str]:
    """How a results file names a profile: its name and its overrides (notation)."""
    return profile.name, format_overrides(profile)


class HandRecord(NamedTuple):
    """One hand of a match: its deal (seed, dealer), the carry it was dealt with, the game
    points each agent's side received, how it ended."""

    deal_seed: int
    dealer: int
    carry: int
    a_points: int
    b_points: int
    reason: str


@dataclass(frozen=True)
class MatchResult:
    """A finished match: who played (``a_seats``: agent ``a``'s seats), the final match score
    (``a``'s first), the ``winner`` (``"a"`` or ``"b"``), every hand, and the wall time
    (not compared)."""

    a: str
    b: str
    profile: str
    overrides: str
    seed: int
    index: int
    swap: bool
    a_seats: tuple[int, ...]
    score: tuple[int, int]
    winner: str
    hands: tuple[HandRecord, ...]
    seconds: float = field(default=0.0, compare=False)
    # Thinking time and decisions asked of each agent (a's first); forced moves not counted.
    think: tuple[float, float] = field(default=(0.0, 0.0), compare=False)
    decisions: tuple[int, int] = field(default=(0, 0), compare=False)

    @property
    def key(self) -> tuple[str, str, str, str, int, int, bool]:
        return (self.a, self.b, self.profile, self.overrides, self.seed, self.index, self.swap)

    def to_json(self) -> str:
        """One line of JSON (the results file's format)."""
        return json.dumps({
            "format": RESULTS_FORMAT, "version": RESULTS_VERSION,
            "a": self.a, "b": self.b, "profile": self.profile, "overrides": self.overrides,
            "seed": self.seed, "index": self.index, "swap": self.swap,
            "a_seats": list(self.a_seats), "score": list(self.score), "winner": self.winner,
            "hands": [list(h) for h in self.hands], "seconds": round(self.seconds, 3),
            "think": [round(t, 3) for t in self.think], "decisions": list(self.decisions),
        }, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> MatchResult:
        try:
            d = json.loads(text)
            if d.get("format") != RESULTS_FORMAT or d.get("version") != RESULTS_VERSION:
                raise ValueError("not an arena result")
            return cls(
                a=str(d["a"]), b=str(d["b"]), profile=str(d["profile"]),
                overrides=str(d["overrides"]), seed=int(d["seed"]), index=int(d["index"]),
                swap=bool(d["swap"]), a_seats=tuple(int(x) for x in d["a_seats"]),
                score=(int(d["score"][0]), int(d["score"][1])), winner=str(d["winner"]),
                hands=tuple(HandRecord(int(h[0]), int(h[1]), int(h[2]), int(h[3]), int(h[4]),
                                       str(h[5])) for h in d["hands"]),
                seconds=float(d.get("seconds", 0.0)),
                think=(float(d.get("think", (0, 0))[0]), float(d.get("think", (0, 0))[1])),
                decisions=(int(d.get("decisions", (0, 0))[0]),
                           int(d.get("decisions", (0, 0))[1])),
            )
        except (ValueError, KeyError, TypeError, IndexError, AttributeError) as err:
            raise SixtySixError(f"bad arena result line: {err}") from None


def load_results(path: str | os.PathLike[str]) -> list[MatchResult]:
    """Every match in a results file (lines that cannot be read, e.g. the last one of a run
    that was killed while writing, are skipped); a missing file holds none. A file that is not
    text at all raises :class:`~sixtysix_solver.errors.NotationError`."""
    p = Path(path)
    if not p.exists():
        return []
    try:
        text = p.read_bytes().decode("utf-8")
    except UnicodeDecodeError:
        # A results file is ASCII JSON: this is some other file, not one to append to.
        raise NotationError(f"{p} is not a results file (not UTF-8 text)") from None
    out = []
    for line in text.splitlines():
        if line.strip():
            try:
                out.append(MatchResult.from_json(line))
            except SixtySixError:
                continue
    return out


def append_results(path: Path, records: Iterable[MatchResult]) -> None:
    """Append results to a results file, one JSON line each, and sync it to disk."""
    with path.open("a", encoding="utf-8") as f:
        for r in records:
            f.write(r.to_json() + "\n")
        f.flush()
        os.fsync(f.fileno())  # a finished match survives a crash right after


def profile_of(record: MatchResult) -> Profile:
    """The profile a result was played with."""
    return get_profile(record.profile, **parse_overrides(record.overrides))
