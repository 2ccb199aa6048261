"""The package's exceptions: one base type (a ``ValueError``) and one subclass per kind of problem."""

from __future__ import annotations


class SixtySixError(ValueError):
    """Base of every error this package raises on bad input."""


class NotationError(SixtySixError):
    """Text (a card, an action, a position, a record, JSON) that cannot be parsed."""


class PositionError(SixtySixError):
    """A position that cannot happen: duplicate or missing cards, wrong hand sizes, points that
    do not match the cards taken, and the like."""


class IllegalActionError(SixtySixError):
    """An action that is not legal in the current state."""


class ProfileError(SixtySixError):
    """An unknown profile name or a knob override that is out of range or inconsistent."""


__all__ = [
    "SixtySixError",
    "NotationError",
    "PositionError",
    "IllegalActionError",
    "ProfileError",
]


class SearchLimitError(SixtySixError):
    """A search stopped at its node or time limit before it had an exact answer.

    No search or advice entry point raises it any more: a budget that ends returns the bounds
    or the best answer found so far. The core still maps an escaped search abort to it."""


__all__.append("SearchLimitError")


class AgentError(SixtySixError):
    """A bad agent spec or argument, an agent given something other than a view, or an agent
    that chose an illegal action."""


__all__.append("AgentError")


class ArgumentError(SixtySixError):
    """An argument of the wrong type or out of range (a bool or a float where an integer is
    due, a time that is not a finite positive number, ...); the message names the argument."""


__all__.append("ArgumentError")
