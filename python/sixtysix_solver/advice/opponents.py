"""Models of the other players: how likely each action was, given what the player saw.

An :class:`OpponentModel` gives ``probability(view, action)``: the chance that the player whose
:class:`~sixtysix_solver.knowledge.view.View` this is (the player to act) chooses ``action``. Worlds are
weighted by the product of these probabilities over the other players' past actions
(:mod:`sixtysix_solver.advice.pasts`), so that a world in which the opponent's choices look natural
counts more than one in which they look odd. A model should give 0 to an action that is not
legal in the view: that rules out pasts in which the player could not have made it.

* :class:`UniformModel`: every action equally likely whatever the hand (likelihood 1): the
  choices carry no information, every figure stays as without a model.
* :class:`HeuristicModel`: a club player's choice with probability ``1 - eps``, the rest spread
  evenly over the other legal actions: the basic rules (``heuristic:basic``,
  :mod:`~sixtysix_solver.advice.club`) by default, or the full club player (``heuristic``,
  :mod:`~sixtysix_solver.advice.expert`) with ``rules="expert"``.

Any object with a ``probability(view, action) -> float`` method is a model.

>>> from sixtysix_solver import Game, View
>>> g = Game.deal("schnapsen", seed=3)
>>> m = parse_opponent_model("heuristic:0.3")
>>> v = View.from_game(g)
>>> [(str(a), round(m.probability(v, a), 3)) for a in g.legal_actions()][:3]
[('AD', 0.05), ('JD', 0.7), ('TH', 0.05)]
>>> parse_opponent_model("heuristic:2")
Traceback (most recent call last):
...
sixtysix_solver.advice.opponents.ModelError: eps must be a number from 0 to 1, got 2.0
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

from ..rules.actions import Action
from ..rules.game import Game
from ..knowledge.history import History
from ..knowledge.legal import legal_actions
from .club import club_choice
from .expert import expert_choice
from ..errors import SixtySixError
from ..knowledge.view import View

__all__ = ["HeuristicModel", "INFER_AUTO", "ImplausibleHistoryError", "MODEL_RULES", "ModelError",
           "OpponentModel", "UniformModel", "check_eps", "implausible", "infer_eps", "model_name",
           "softened", "weighting_for", "parse_opponent_model"]


class ModelError(SixtySixError):
    """A bad opponent model or model parameter."""


class ImplausibleHistoryError(ModelError):
    """The opponent model gives the observed actions probability 0 in every world tried: the
    history is impossible under it (a caller can fall back to unweighted worlds)."""


def model_name(model: object) -> str:
    """A model's short name (its ``name`` attribute, else its class name)."""
    return str(getattr(model, "name", type(model).__name__))


def implausible(model: object, tried: str) -> ImplausibleHistoryError:
    """The error for a model that rules out ``tried`` (e.g. "every world")."""
    hint = "; try a larger eps" if isinstance(model, HeuristicModel) else ""
    return ImplausibleHistoryError(
        f"the opponent model {model_name(model)} rules out {tried}: the observed actions are "
        f"(nearly) impossible under it{hint}"
    )


@runtime_checkable
class OpponentModel(Protocol):
    """How likely a player is to choose an action, from that player's view alone."""

    def probability(self, view: View, action: Action) -> float:
        """The probability (0..1) that ``view``'s seat, which is to act, chooses ``action``."""
        ...  # pragma: no cover


class UniformModel:
    """No information in the choices: likelihood 1 for every action (weights are all 1)."""

    name = "uniform"

    def probability(self, view: View, action: Action) -> float:
        return 1.0

    def __repr__(self) -> str:
        return "UniformModel()"


#: The club players by name: ``expert`` (``heuristic``) and ``basic`` (``heuristic:basic``). A
#: :class:`HeuristicModel` stands for one; the heuristic agent plays by one (its ``RULES``).
MODEL_RULES: dict[str, Callable[[View, Sequence[Action]], Action]] = {
    "expert": expert_choice,
    "basic": club_choice,
}


def check_eps(eps: object) -> float:
    """``eps`` as a float, if it is a number from 0 to 1 (else :class:`ModelError`)."""
    if (not isinstance(eps, (int, float)) or isinstance(eps, bool) or math.isnan(eps)
            or not 0.0 <= eps <= 1.0):
        raise ModelError(f"eps must be a number from 0 to 1, got {eps!r}")
    return float(eps)


def softened(view: View, action: Action, eps: float,
             choose: Callable[[View, Sequence[Action]], Action]) -> float:
    """How likely ``action`` is for a player who takes ``choose``'s action with probability
    ``1 - eps`` and any other legal one with ``eps / (legal - 1)``: an only legal action 1,
    an illegal one 0 (``choose`` is asked only where there is a choice)."""
    legal = legal_actions(view)
    if action not in legal:
        return 0.0
    if len(legal) == 1:
        return 1.0
    return 1.0 - eps if action == choose(view, legal) else eps / (len(legal) - 1)


class HeuristicModel:
    """A club player, softened: its choice with probability ``1 - eps``, each other legal
    action ``eps / (legal - 1)`` (an only legal action 1), an illegal one 0. ``rules``: the
    basic rules (``heuristic:basic``, the default) or the full club player (``expert``)."""

    def __init__(self, eps: float = 0.3, rules: str = "basic") -> None:
        if rules not in MODEL_RULES:
            raise ModelError(f"rules must be one of: {', '.join(MODEL_RULES)}; got {rules!r}")
        self.eps = check_eps(eps)
        self.rules = rules
        self._choice = MODEL_RULES[rules]
        self.name = f"heuristic:{self.eps:g}" if rules == "basic" else f"expert:{self.eps:g}"

    def probability(self, view: View, action: Action) -> float:
        return softened(view, action, self.eps, self._choice)

    def __repr__(self) -> str:
        if self.rules == "basic":
            return f"HeuristicModel(eps={self.eps!r})"
        return f"HeuristicModel(eps={self.eps!r}, rules={self.rules!r})"


#: ``infer="auto"`` (the engine's default) and the protocol's ``opponentmodel auto``: the
#: profiles where the engine infers the hidden cards by default, with the club model's eps.
#: Mariage-piquet: there inference won more matches against the basic club player on three
#: sets of deals once the core valued the pasts (docs/strength.md, thirtieth session).
#: Three-hand: with the club's replies in the worlds (``others=auto``), inference won more
#: legs against two basic club players (thirty-fifth session). Elsewhere it measured no
#: better or was not measured.
INFER_AUTO: dict[str, float] = {"mariage-piquet": 0.1, "three-hand": 0.05}


def infer_eps(setting: float | str | None, profile: str) -> float | None:
    """The eps the engine infers with in ``profile`` (a profile's name): ``setting`` itself,
    :data:`INFER_AUTO`'s for ``"auto"``, ``None`` (no inference) for ``None`` or ``"off"``."""
    if setting == "auto":
        return INFER_AUTO.get(profile)
    if setting is None or setting == "off":
        return None
    if (not isinstance(setting, (int, float)) or isinstance(setting, bool)
            or not 0 < setting <= 1):
        raise ModelError(f"infer must be an eps above 0 and at most 1, auto or off; got {setting!r}")
    return float(setting)


def parse_opponent_model(text: str) -> OpponentModel | None:
    """A model from its name: ``uniform``, ``heuristic`` (the basic rules, eps 0.3),
    ``heuristic:EPS``, ``expert`` or ``expert:EPS`` (the full club player); ``none`` or
    ``off`` give ``None`` (no weighting)."""
    if not isinstance(text, str):
        raise ModelError(f"an opponent model is named by text, got {text!r}")
    name, _, arg = text.strip().lower().partition(":")
    if name in ("none", "off", ""):
        if arg:
            raise ModelError(f"{name or 'none'} takes no parameter")
        return None
    if name == "uniform":
        if arg:
            raise ModelError("uniform takes no parameter")
        return UniformModel()
    if name in ("heuristic", "expert"):
        rules = "basic" if name == "heuristic" else "expert"
        if not arg:
            return HeuristicModel(rules=rules)
        try:
            eps = float(arg)
        except ValueError:
            raise ModelError(f"eps must be a number from 0 to 1, got {arg!r}") from None
        return HeuristicModel(eps, rules)
    raise ModelError(
        f"unknown opponent model {text!r}: expected none, uniform, heuristic[:EPS] or expert[:EPS]"
    )


def weighting_for(model_text: str | None, game: Game, seat: int | None = None) -> dict[str, Any]:
    """The keyword arguments that weight a search's worlds by the model named ``model_text``
    (``{}`` for none; ``auto``: :data:`INFER_AUTO`'s basic club model for the game's profile,
    if any): the model and the hand's history from ``game`` at ``seat`` (default: the player
    to act). Raises :class:`~sixtysix_solver.knowledge.history.HistoryError` when the game has
    no usable history (it did not start at a deal)."""
    if model_text is not None and model_text.strip().lower() == "auto":
        eps = INFER_AUTO.get(game.profile.name)
        model_text = None if eps is None else f"heuristic:{eps:g}"
    model = parse_opponent_model(model_text) if model_text is not None else None
    if model is None:
        return {}
    return {"opponent_model": model, "history": History.from_game(game, seat)}
