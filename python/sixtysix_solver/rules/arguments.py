"""Checks of plain arguments (integers, seconds, flags) shared by every public entry point, so
that a bad one raises :class:`~sixtysix_solver.errors.ArgumentError` naming the argument
instead of a ``TypeError`` from the compiled core.

>>> check_int("node_limit", 2**64, 1, MAX_NODES)
Traceback (most recent call last):
...
sixtysix_solver.errors.ArgumentError: node_limit must be an integer from 1 to 18446744073709551615, got 18446744073709551616
>>> check_seconds("time_limit", "1")
Traceback (most recent call last):
...
sixtysix_solver.errors.ArgumentError: time_limit must be a finite number of seconds above 0, got '1'
>>> check_seconds("time_limit", 2), check_flag("pv", True)
(2.0, True)
"""

from __future__ import annotations

import math

from ..errors import ArgumentError

__all__ = ["MAX_NODES", "MAX_TT_MIB", "check_flag", "check_int", "check_seconds"]

MAX_NODES = 2**64 - 1  # the core counts nodes in an unsigned 64-bit integer
MAX_TT_MIB = 65536  # the largest transposition table the core allocates (64 GiB)


def _shown(v: object) -> str:
    # A huge argument (10**400) is named by its start, not printed whole into the message.
    text = repr(v)
    return text if len(text) <= 40 else f"{text[:30]}... ({len(text)} characters)"


def check_int(name: str, v: object, lo: int, hi: int | None = None) -> int:
    """``v`` if it is an integer (not a bool, not a float) from ``lo`` to ``hi``."""
    if not isinstance(v, int) or isinstance(v, bool) or v < lo or (hi is not None and v > hi):
        rng = f"from {lo} to {hi}" if hi is not None else f"at least {lo}"
        raise ArgumentError(f"{name} must be an integer {rng}, got {_shown(v)}")
    return v


def check_seconds(name: str, v: object) -> float:
    """``v`` as seconds if it is a real number (not a bool, not text), finite and above 0."""
    ok = isinstance(v, (int, float)) and not isinstance(v, bool)
    if ok:
        try:
            seconds = float(v)  # type: ignore[arg-type]
        except OverflowError:  # an int too large for a float
            ok = False
        else:
            ok = math.isfinite(seconds) and seconds > 0
    if not ok:
        raise ArgumentError(f"{name} must be a finite number of seconds above 0, got {_shown(v)}")
    return seconds


def check_flag(name: str, v: object) -> bool:
    """``v`` if it is a bool."""
    if not isinstance(v, bool):
        raise ArgumentError(f"{name} must be True or False, got {_shown(v)}")
    return v
