"""``--hand``: a hand described as a player sees it at the table, the plain description the
engine protocol's ``newhand`` takes (own cards, trump card, seat, dealer; parsed by
:func:`~sixtysix_solver.protocol.commands.parse_newhand`), then the actions seen since, for
``sixtysix recommend`` and ``sixtysix close``.

The actions seen are words ``SEAT:ACTION`` (seat ``SEAT`` took ``ACTION``, your own actions
included) and ``drew:CARD`` (the card your seat drew face down), in the order they happened.
"""

from __future__ import annotations

from typing import Annotated, TYPE_CHECKING

import typer

from ..errors import SixtySixError

if TYPE_CHECKING:  # imported where used, so that the command line starts fast
    from ..knowledge.tracker import HandTracker

__all__ = ["HandOpt", "SeatOpt", "SeenOpt", "TrumpOpt", "read_hand"]


def read_hand(
    hand: str, trump: str | None, seat: int | None, dealer: int, seen: str | None,
    profile: str | None, overrides: dict[str, object],
) -> tuple[HandTracker, str]:
    """The hand followed from the deal through the actions seen (``SixtySixError`` naming
    the first thing that cannot be), and one line saying what was understood."""
    from ..knowledge.tracker import HandTracker
    from ..protocol.commands import parse_newhand
    from ..rules.actions import Action
    from ..rules.cards import Card, format_cards
    from ..rules.profiles import get_profile

    if trump is None or seat is None:
        raise SixtySixError("--hand needs --trump CARD and --seat S as well")
    prof = get_profile(profile or "sixty-six", **overrides)
    args = ["dealer", str(dealer), "seat", str(seat), "hand", *hand.split(), "trump", trump]
    nh = parse_newhand(args, prof)
    tracker = HandTracker(nh.profile, dealer=nh.dealer, seat=nh.seat, hand=list(nh.hand),
                          trump_card=nh.trump)
    events: list[str] = []
    for word in (seen or "").replace(",", " ").split():
        who, sep, what = word.partition(":")
        try:
            if sep and who.lower() == "drew" and what:
                card = Card.parse(what)
                tracker.drew(card)
                events.append(f"drew:{card}")
            elif sep and who.isdigit() and len(who) == 1 and what:
                action = Action.parse(what)
                tracker.act(int(who), action)
                events.append(f"{who}:{action}")
            else:
                raise SixtySixError("expected SEAT:ACTION or drew:CARD")
        except SixtySixError as err:
            raise SixtySixError(f"--seen {word}: {err}") from None
    if tracker.pending_draw:
        raise SixtySixError("--seen: your seat drew a card after the last trick: add drew:CARD")
    line = (f"understood: {nh.profile.name}, seat {nh.seat}, dealer {nh.dealer}, hand "
            f"{format_cards(list(nh.hand))}, trump {nh.trump}, seen: {' '.join(events) or '-'}")
    return tracker, line


HandOpt = Annotated[str | None, typer.Option(
    "--hand", help="Advise from a hand as you see it: your cards (\"AH TH KS QS JC\"), with "
    "--trump, --seat, --dealer and --seen.")]
TrumpOpt = Annotated[str | None, typer.Option("--trump", help="--hand: the trump card.")]
SeatOpt = Annotated[int | None, typer.Option("--seat", min=0, max=3, help="--hand: your seat.")]
SeenOpt = Annotated[str | None, typer.Option(
    "--seen", help="--hand: the actions seen since the deal, as SEAT:ACTION (yours too) and "
    "drew:CARD for the cards you drew, in order.")]
