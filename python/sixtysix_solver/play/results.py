"""Match results: one finished match (:class:`MatchResult`, with its hands) and the results
file, one JSON line per match (:func:`load_results`, :func:`append_results`), that makes an
arena run resumable (:mod:`sixtysix_solver.play.arena`).

A line is format version 1 when agent ``a`` held one of two sides (every two-sided profile),
exactly as before solo profiles were played; a match of a *solo* profile (three-hand: every
player alone, ``a`` in one seat, ``b`` in every other) is written as version 2, with ``a_seat``
and every seat's game points per hand. A version-1 reader skips version-2 lines instead of
misreading them; this module reads both."""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple, TypeAlias

from ..errors import NotationError, SixtySixError
from ..rules.profiles import Profile, format_overrides, get_profile, parse_overrides

__all__ = [
    "ArenaError",
    "HandRecord",
    "MatchKey",
    "MatchResult",
    "RESULTS_FORMAT",
    "RESULTS_VERSION",
    "append_results",
    "load_results",
    "match_key",
    "profile_key",
    "profile_of",
]

RESULTS_FORMAT = "sixtysix-arena"
RESULTS_VERSION = 1  # two-sided matches; a solo profile's match is written as version 2
SOLO_VERSION = 2


class ArenaError(SixtySixError):
    """A match, a results file or a statistic the arena cannot make sense of: e.g. an Elo fit
    or a round robin in a profile whose players each play alone, or a solo-profile match asked
    for with the roles of its agents swapped."""


# What identifies a match in a results file: agents a and b, profile name and overrides, seed,
# match index, swap; and a's seat, only in solo profiles (so two-sided keys are as before).
MatchKey: TypeAlias = (tuple[str, str, str, str, int, int, bool]
                       | tuple[str, str, str, str, int, int, bool, int])


def match_key(a: str, b: str, profile: str, overrides: str, seed: int, index: int, swap: bool,
              a_seat: int | None) -> MatchKey:
    """The key of a match (:attr:`MatchResult.key`, ``MatchJob.key``)."""
    if a_seat is None:
        return (a, b, profile, overrides, seed, index, swap)
    return (a, b, profile, overrides, seed, index, swap, a_seat)


def profile_key(profile: Profile) -> tuple[str, str]:
    """How a results file names a profile: its name and its overrides (notation)."""
    return profile.name, format_overrides(profile)


class HandRecord(NamedTuple):
    """One hand of a match: its deal (seed, dealer), the carry it was dealt with, the game
    points each agent's side received, how it ended. In a solo profile ``b_points`` is what
    ``b``'s seats received together, and ``seat_points`` every seat's game points (seat 0
    first); ``None`` (and not shown) with two sides."""

    deal_seed: int
    dealer: int
    carry: int
    a_points: int
    b_points: int
    reason: str
    seat_points: tuple[int, ...] | None = None

    def __repr__(self) -> str:
        seats = "" if self.seat_points is None else f", seat_points={self.seat_points!r}"
        return (f"HandRecord(deal_seed={self.deal_seed!r}, dealer={self.dealer!r}, "
                f"carry={self.carry!r}, a_points={self.a_points!r}, "
                f"b_points={self.b_points!r}, reason={self.reason!r}{seats})")

    def to_list(self) -> list[object]:
        """The JSON form: six items, and the seats' points as a seventh in a solo profile."""
        head: list[object] = [self.deal_seed, self.dealer, self.carry, self.a_points,
                              self.b_points, self.reason]
        return head if self.seat_points is None else [*head, list(self.seat_points)]


@dataclass(frozen=True)
class MatchResult:
    """A finished match: who played (``a_seats``: agent ``a``'s seats), the final match score
    (``a``'s first), the ``winner`` (``"a"`` or ``"b"``), every hand, and the wall time
    (not compared).

    In a solo profile (three-hand) ``a_seat`` is ``a``'s only seat (``None`` with two sides),
    ``swap`` is ``False``, ``score`` is ``a``'s game points and those of the best of ``b``'s
    seats, ``winner`` is ``"a"`` when ``a`` won and ``"b"`` when one of ``b``'s seats did, and
    :attr:`seat_scores` gives every seat's."""

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
    a_seat: int | None = None
    # What each agent played with in the profile (Agent.settings: its defaults written out; a's
    # first) and the package's version: the record still says what played after a default
    # changes. None in lines written before they were recorded.
    settings: tuple[str, str] | None = field(default=None, compare=False)
    package: str | None = field(default=None, compare=False)

    @property
    def key(self) -> MatchKey:
        return match_key(self.a, self.b, self.profile, self.overrides, self.seed, self.index,
                         self.swap, self.a_seat)

    @property
    def solo(self) -> bool:
        """A match of a profile whose players each play alone (``a`` in one seat)."""
        return self.a_seat is not None

    @property
    def seat_scores(self) -> tuple[int, ...] | None:
        """Every seat's game points at the end of a solo match (``None`` with two sides)."""
        if self.a_seat is None or not self.hands or self.hands[0].seat_points is None:
            return None
        return tuple(sum(x) for x in zip(*(h.seat_points or () for h in self.hands)))

    def to_json(self) -> str:
        """One line of JSON (the results file's format)."""
        d: dict[str, object] = {
            "format": RESULTS_FORMAT,
            "version": RESULTS_VERSION if self.a_seat is None else SOLO_VERSION,
            "a": self.a, "b": self.b, "profile": self.profile, "overrides": self.overrides,
            "seed": self.seed, "index": self.index, "swap": self.swap}
        if self.a_seat is not None:
            d["a_seat"] = self.a_seat
        d.update({
            "a_seats": list(self.a_seats), "score": list(self.score), "winner": self.winner,
            "hands": [h.to_list() for h in self.hands], "seconds": round(self.seconds, 3),
            "think": [round(t, 3) for t in self.think], "decisions": list(self.decisions)})
        if self.settings is not None:
            d["settings"] = list(self.settings)
        if self.package is not None:
            d["package"] = self.package
        return json.dumps(d, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> MatchResult:
        try:
            d = json.loads(text)
            if d.get("format") != RESULTS_FORMAT or d.get("version") not in (RESULTS_VERSION,
                                                                              SOLO_VERSION):
                raise ValueError("not an arena result")
            a_seat = d.get("a_seat")
            if (a_seat is None) != (d["version"] == RESULTS_VERSION):
                raise ValueError("a_seat belongs to version 2 lines, and only to them")
            return cls(
                a=str(d["a"]), b=str(d["b"]), profile=str(d["profile"]),
                overrides=str(d["overrides"]), seed=int(d["seed"]), index=int(d["index"]),
                swap=bool(d["swap"]), a_seats=tuple(int(x) for x in d["a_seats"]),
                score=(int(d["score"][0]), int(d["score"][1])), winner=str(d["winner"]),
                hands=tuple(HandRecord(int(h[0]), int(h[1]), int(h[2]), int(h[3]), int(h[4]),
                                       str(h[5]), tuple(int(x) for x in h[6])
                                       if a_seat is not None else None)
                            for h in d["hands"]),
                seconds=float(d.get("seconds", 0.0)),
                think=(float(d.get("think", (0, 0))[0]), float(d.get("think", (0, 0))[1])),
                decisions=(int(d.get("decisions", (0, 0))[0]),
                           int(d.get("decisions", (0, 0))[1])),
                a_seat=None if a_seat is None else int(a_seat),
                settings=None if "settings" not in d
                else (str(d["settings"][0]), str(d["settings"][1])),
                package=None if "package" not in d else str(d["package"]),
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
