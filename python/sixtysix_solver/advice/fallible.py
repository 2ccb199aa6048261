"""Among PIMC's near-best actions, the one that leaves an opponent who cannot see the seat's
cards the most chances to go wrong.

PIMC solves every world with the cards open, for both sides: it credits the opponent with
seeing the seat's hand as much as it credits the seat with seeing the opponent's. Where it
ranks actions alike (the hand is lost, or won, in every world whatever the seat does) it
cannot tell the action that asks the opponent to guess from the one that does not, and it
takes the first in code order. Wisser (IJCAI 2015) named this overestimation of the
opponent's knowledge as a bias of PIMC beside strategy fusion.

:func:`fallible_choice` breaks such ties by a second valuation of the same kind of worlds: the
seat's best line against the basic club player's replies (``others="club"``: an opponent who
plays by rules from its own view), with :data:`FALLIBLE_LOOKAHEAD` decisions planned while the
stock is open (a whole line costs millions of nodes a world there; once it is closed or gone
the whole line is cheap). Only actions within ``margin`` of PIMC's best utility are
candidates, and never a close or a claim that PIMC did not choose, so the choice gives up at
most ``margin`` of PIMC's own figure.

>>> from sixtysix_solver import View
>>> from sixtysix_solver.notation.position import parse_position
>>> g = parse_position("sixty-six dealer=0 turn=0:lead trump=KD hands=KCAD9HJHAH9S/KDTDKHTHKSTS "
...     "stock=- taken=9CJCQCTCJDQDQHJS/AC9DQSAS known=-/KDKH married=-/KH declared=-/H "
...     "marriage_points=0/20 last_win=6/5")
>>> v = View.from_game(g)
>>> rec = recommend(v, worlds=8, seed=1)
>>> [(str(s.action), s.mean) for s in rec.ranked()[:4]]   # lost whatever the lead
[('AD', -1.0), ('AH', -1.0), ('9H', -1.0), ('9S', -1.0)]
>>> str(fallible_choice(v, rec, rec.best, SearchLimits(worlds=8, seed=1), margin=0.0))
'9S'
"""

from __future__ import annotations

import math
import threading
import time
from dataclasses import replace

from ..errors import ArgumentError
from ..knowledge.view import View
from ..rules.actions import Action, Kind
from .limits import SearchLimits
from .recommend import Recommendation, club_replies, recommend
from .stats import Utility

__all__ = ["FALLIBLE_AUTO", "FALLIBLE_AUTO_REPLIES", "FALLIBLE_LOOKAHEAD", "REPLIES", "Fallible",
           "fallible_choice", "fallible_limits", "fallible_margin", "fallible_replies",
           "whose_replies"]

FALLIBLE_LOOKAHEAD = 2
"""The seat's decisions planned against the club's replies while the stock is open."""

#: ``fallible="auto"`` (the engine's default, and the protocol's): the profiles whose engine
#: breaks PIMC's near-ties by the line against a club player's replies, with the margin
#: (:data:`FALLIBLE_AUTO_REPLIES` says whose). In mariage-piquet, on top of inference
#: (``infer=auto``), it won more matches against the basic club player on three sets of deals
#: (thirty-first session); in sixty-six, against the full club player's replies, more against
#: that player on four sets and as many head to head against the engine without it
#: (thirty-third session, docs/strength.md); in sixty-six-jaques the same, on three sets
#: (thirty-fourth session); in mariage, against the basic rules' replies, more against the
#: basic club player on two sets (thirty-fourth session). Elsewhere it measured level with
#: plain PIMC or was not measured.
FALLIBLE_AUTO: dict[str, float] = {"mariage": 0.05, "mariage-piquet": 0.05, "sixty-six": 0.05,
                                   "sixty-six-jaques": 0.05}

#: ``fallible="auto"``: the club player whose replies the second valuation takes, by profile
#: (:data:`REPLIES`' names; the basic rules, ``"club"``, where a profile is not named).
FALLIBLE_AUTO_REPLIES: dict[str, str] = {"sixty-six": "expert", "sixty-six-jaques": "expert"}

#: A ``fallible`` setting: a margin (>= 0, in the utility's units), ``"auto"``, or ``"off"`` /
#: ``None``.
Fallible = float | str | None


def fallible_margin(setting: Fallible, profile: str) -> float | None:
    """The margin ``setting`` breaks near-ties within in ``profile`` (a profile's name):
    :data:`FALLIBLE_AUTO`'s for ``"auto"``, ``None`` (off) for ``"off"`` or ``None``, else the
    number itself; :class:`~sixtysix_solver.errors.ArgumentError` for anything else.

    >>> fallible_margin("auto", "mariage-piquet"), fallible_margin("auto", "schnapsen")
    (0.05, None)
    >>> fallible_margin(0.1, "sixty-six"), fallible_margin("off", "mariage-piquet")
    (0.1, None)
    >>> fallible_margin(-1, "sixty-six")
    Traceback (most recent call last):
    ...
    sixtysix_solver.errors.ArgumentError: fallible must be a utility margin >= 0, auto or off; got -1
    """
    if setting == "auto":
        return FALLIBLE_AUTO.get(profile)
    if setting is None or setting == "off":
        return None
    if (not isinstance(setting, (int, float)) or isinstance(setting, bool)
            or not 0 <= setting < math.inf):
        raise ArgumentError(
            f"fallible must be a utility margin >= 0, auto or off; got {setting!r}")
    return float(setting)


#: The club players whose replies the second valuation may take: the basic rules (``club``,
#: the default) or the full club player's (``expert``), as ``SearchLimits.others`` names them.
REPLIES = ("club", "expert")


def fallible_replies(setting: Fallible, profile: str, club: str | None = None) -> str:
    """The club player whose replies ``setting`` breaks near-ties against in ``profile`` (a
    :data:`REPLIES` name): ``club``'s where named (``"basic"`` or ``"expert"``, the club
    players' names), :data:`FALLIBLE_AUTO_REPLIES`' for ``"auto"``, else the basic rules'.

    >>> fallible_replies("auto", "sixty-six"), fallible_replies("auto", "mariage-piquet")
    ('expert', 'club')
    >>> fallible_replies(0.05, "sixty-six"), fallible_replies("auto", "sixty-six", "basic")
    ('club', 'club')
    """
    if club is not None:
        return "expert" if club == "expert" else "club"
    if setting == "auto":
        return FALLIBLE_AUTO_REPLIES.get(profile, "club")
    return "club"


def whose_replies(replies: str) -> str:
    """How the answers name a :data:`REPLIES` player's replies.

    >>> whose_replies("expert")
    "the full club player's replies"
    """
    return f"the {'full' if replies == 'expert' else 'basic'} club player's replies"


def fallible_limits(view: View, limits: SearchLimits,
                    replies: str = "club") -> SearchLimits | None:
    """The limits of the second valuation (against the ``replies`` club player's replies:
    :data:`REPLIES`), or ``None`` where it does not apply: three players or more (three-hand's
    default already plays against the club), worlds that already count a club player's
    replies, and where the core has no such rules (double-deck, the four-hand games)."""
    if replies not in REPLIES:
        raise ArgumentError(f"replies must be one of {', '.join(REPLIES)}, got {replies!r}")
    if view.profile.sides > 2 or limits.others in REPLIES:
        return None
    ahead = limits.lookahead
    if ahead is None and view.stock_size and view.closed_by is None:
        ahead = FALLIBLE_LOOKAHEAD
    club = replace(limits, others=replies, lookahead=ahead)
    return club if club_replies(view, club) else None


def fallible_choice(view: View, rec: Recommendation, best: Action, limits: SearchLimits,
                    margin: float, *, utility: Utility | None = None,
                    until: float | None = None,
                    stop: threading.Event | None = None, replies: str = "club") -> Action:
    """Among ``best`` and the actions within ``margin`` of its utility in ``rec`` (no close,
    no claim), the one whose best line against the club's replies (the basic rules; the full
    club player's with ``replies="expert"``) is worth most, on worlds drawn as ``limits`` draws
    them; ``best`` on a tie, where those replies do not apply (:func:`fallible_limits`), when
    ``until`` (a ``time.perf_counter()`` value, the second valuation's deadline) has passed,
    and when that valuation ends (``stop``, another thread's event, or the deadline) before one
    world is valued."""
    top = rec.stats(best).utility
    near = [s.action for s in rec.ranked()
            if s.action != best and s.utility >= top - margin
            and s.action.kind not in (Kind.CLOSE, Kind.CLAIM)]
    if not near:
        return best
    club = fallible_limits(view, limits, replies)
    if club is None:
        return best
    if until is not None:
        left = until - time.perf_counter()
        if left <= 0:
            return best
        club = replace(club, time_limit=left)
    r = recommend(view, limits=club, utility=utility, stop=stop)
    if r.method == "rule":  # no world valued: nothing to break the tie with
        return best
    return max([best, *near], key=lambda a: (r.stats(a).utility, a == best))
