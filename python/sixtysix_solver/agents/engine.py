"""The engine as an agent: PIMC (:func:`~sixtysix_solver.advice.recommend.recommend`) or ISMCTS
(:func:`~sixtysix_solver.advice.ismcts.ismcts`) from the seat's view, at five strengths.

>>> from sixtysix_solver import Game, View
>>> a = EngineAgent(1, seed=2)
>>> a.name, a.act(View.from_game(Game.deal("schnapsen", seed=3))) in Game.deal("schnapsen", seed=3).legal_actions()
('engine:1', True)
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ..advice.counting import Count
from ..advice.fallible import Fallible, fallible_choice, fallible_margin, fallible_replies
from ..advice.fits import club_fits
from ..advice.follow import (
    FOLLOW_CLUB, FOLLOW_SETTINGS, Follow, early_answer, follow_choice, follow_stock,
    valid_follow,
)
from ..advice.iimc import playout_values
from ..advice.opponents import HeuristicModel, ImplausibleHistoryError, OpponentModel, infer_eps
from ..advice.pimc_model import PimcModel
from ..advice.ismcts import ismcts
from ..advice.limits import DEFAULT_PAST_SAMPLES, MAX_LOOKAHEAD, METHODS, OTHERS, SearchLimits
from ..advice.recommend import (
    CLOSEWIN, Recommendation, club_replies, close_when_sure, match_utility, others_in,
    paired_difference, recommend,
)
from ..advice.stats import CARD_TIE, Utility
from ..errors import ArgumentError, SixtySixError
from ..knowledge.history import History
from ..knowledge.view import View
from ..rules.actions import Action, Kind
from ..rules.profiles import get_profile
from .base import Agent, AgentError, AgentSpec, Param, register, settings_text
from .heuristic import RULES

__all__ = ["EngineAgent", "ISMCTS_LEVELS", "LEVEL_TIME", "PIMC_LEVELS"]

PIMC_LEVELS = {1: 5, 2: 25, 3: 100, 4: 300, 5: 1000}
ISMCTS_LEVELS = {1: 250, 2: 1250, 3: 5000, 4: 15000, 5: 50000}
#: Each level's time cap per decision (seconds): with it every level answers on time in every
#: profile (the advice falls back on the horizon search and, last, the club player's rules).
#: A decision that finishes its worlds first does not depend on the machine's speed.
LEVEL_TIME = {1: 0.25, 2: 0.5, 3: 1.0, 4: 2.5, 5: 5.0}
EXPLOIT_LOOKAHEAD = 2  # the seat's decisions searched against the club before it plays its rules
FIT_SHARE = 0.3  # of a decision's time cap, at most, for the check that the club's rules fit
#: With ``iimc``: worlds played out per check when no time cap binds (``time=0``), and the most
#: actions a check compares.
IIMC_WORLDS = 40
IIMC_CANDIDATES = 3
INFER_MODELS = ("club", "pimc")  # infer's model of the others: a club player, or PIMC itself
# With model=pimc under a time cap: the share of the cap one answer of the model may take (a
# world's weight asks a few; the weighting checks its deadline between them).
MODEL_CALL_SHARE = 0.01
_CLOSE = Action(Kind.CLOSE)



class EngineAgent(Agent):
    """The engine from the seat's view: :func:`~sixtysix_solver.advice.recommend.recommend` (PIMC,
    ``method="pimc"``) or :func:`~sixtysix_solver.advice.ismcts.ismcts` (``method="ismcts"``).

    Strength: ``level`` 1-5 (:data:`PIMC_LEVELS` worlds or :data:`ISMCTS_LEVELS` iterations per
    decision), or ``worlds`` / ``iterations`` directly. A level caps each decision at
    :data:`LEVEL_TIME` seconds unless ``time_limit`` says otherwise (seconds; 0: no cap at
    all). A cap that binds makes the choice depend on the machine's speed: ``time=0`` in a spec
    (``engine:3,time=0``) gives matches that replay exactly on any machine. ``threads``: solver threads per decision (1 by default, so that parallel matches
    do not compete for cores). ``match=True`` (PIMC only): when the view carries the match
    score, choose the action most likely to win the match (``recommend``'s match-aware
    utility from the profile's match equity table) instead of the most game points; without a
    score or a table it falls back to game points. ``closewin=p`` (PIMC only; :data:`CLOSEWIN`
    by default, ``closewin=0`` turns it off): close only when closing wins the hand in at least
    a share ``p`` of the worlds, else take the best other action. PIMC solves every world with
    the cards known, so it overrates closing, after which the closer must play blind to the
    other hand; this is the club player's "close when sure".
    ``anchor=z`` (PIMC only): play the club player's choice unless
    the engine's best action beats it by more than ``z`` standard errors, paired over the
    worlds solved (exact figures need only be better). With few worlds, as at the early leads of
    a long hand under a time cap, the engine's ranking is mostly noise and the club player's
    rules do better. ``club=basic`` (``heuristic:basic``) or ``club=expert`` (``heuristic``,
    ``docs/club-player.md``) names the club player that ``anchor`` defers to, that ``infer``
    models and whose card ``follow`` plays; unnamed, the first two use the basic rules and
    ``follow`` the full club player, as each was measured best.
    ``iimc=s`` (PIMC only): check PIMC's choice by IIMC playouts
    (:func:`~sixtysix_solver.advice.iimc.playout_values`: the hand played out by club players
    who see only their own cards, so not assuming that the hidden cards will be known): a close
    is played out against the best other action, and the better is played; where closing is
    legal PIMC gets the share ``1 - s`` of the time cap, the playouts the rest (without a cap,
    :data:`IIMC_WORLDS` worlds). ``tie=m`` also plays out the actions within ``m`` game points
    of PIMC's best (in the time PIMC leaves); ``judge=true`` also plays out the club player's
    choice (PIMC then always gets ``1 - s`` of the cap) and takes it only when it beats PIMC's
    by more than one standard error, paired over the worlds.
    ``infer=eps`` (PIMC only): infer the hidden cards from the others' play: every world is
    weighted by how likely the other players' past actions were in it, if they played like the
    club player named by ``club`` with probability ``1 - eps`` (``HeuristicModel``, see
    ``docs/advice.md``, *Weighting worlds by the opponents' actions*). It needs the hand's
    history, which the arena and ``serve`` pass; without one the worlds are unweighted.
    ``infer=auto``, the default, is 0.1 in mariage-piquet, 0.05 in three-hand and off elsewhere
    (:data:`~sixtysix_solver.advice.opponents.INFER_AUTO`); ``infer=off`` is off.
    ``model=pimc`` (with ``infer``): model the others as PIMC players instead, for play
    against engines: each of their past decisions asks PIMC on a few worlds from that
    player's view (:class:`~sixtysix_solver.advice.pimc_model.PimcModel`), many times the
    club model's cost.
    ``pasts=n`` (with ``infer``): how many sampled pasts of a world (the cards the others
    held at their earlier decisions, which their draws from the stock leave open) its weight
    averages where they are not all counted: more than ``n`` under a time cap, more than
    ``SearchLimits.past_limit`` without one (``SearchLimits.past_samples``; 32 by default).
    Each sampled past gives an unbiased weight, so fewer pasts value more worlds in the same
    time, each weighted more roughly.
    ``deepen=false`` (PIMC only): where the horizon search values the worlds, keep it at its
    depth even when time is left once the worlds are valued (by default the time left goes to
    deeper passes over the same worlds; see ``docs/advice.md``).
    ``race=false`` (PIMC only): value every action in every world, where by default an action
    clearly behind the best is no longer valued in the worlds that follow (``SearchLimits.race``).
    ``eval=`` (PIMC only; ``eval_method`` here): how a world values the actions, the
    :class:`~sixtysix_solver.advice.limits.SearchLimits` ``method``: ``auto`` (the default),
    ``exact`` (every world solved to the end of the hand) or ``horizon``.
    ``concede=false`` (PIMC only): never a false claim while another action is legal. PIMC
    concedes (claims without the target) when playing on loses more in its open-card worlds
    than the false claim costs (in mariage-piquet, playing those hands out gained nothing:
    docs/strength.md).
    ``cards=w`` (PIMC only): with three players each alone, what a card point the action
    secures adds to its utility (the ``SearchLimits`` field ``card_tie``; :data:`CARD_TIE` by
    default, 0: the paranoid game points alone).
    ``others=`` (PIMC only; the ``SearchLimits`` field ``others``): with three players each
    alone, how a world takes the other two to play. ``club`` values each world by the seat's
    best line against opponents who follow the basic club player's rules (``heuristic:basic``):
    an opponent model, which won more matches than the paranoid value against both club
    players and as many against engines (docs/strength.md); ``auto``, the default, is ``club``
    there. ``paranoid``: the other two together against the seat; ``maxn``: each for itself
    (max^n: its game points, then its own points). With two players ``club`` (asked for, not
    ``auto``'s) plays against the basic club player's replies in the games of one deck: an
    exploit of that player, which loses to others (docs/strength.md); ``expert`` plays against
    the full club player's replies there (``heuristic``). ``lookahead=k`` (with
    the club's replies; the ``SearchLimits`` field): the seat plans only its next ``k``
    decisions with the world's cards seen, then plays by the club's rules too (0: the club's
    play from the next decision).
    ``exploit=true`` (PIMC only): play against the basic club player's replies (``others=club``,
    with ``lookahead`` or :data:`EXPLOIT_LOOKAHEAD`; with ``club=expert`` the full club
    player's, ``others=expert``) while every action the other players took this match could
    have been that player's choice (:func:`~sixtysix_solver.advice.fits.club_fits`,
    at most :data:`FIT_SHARE` of a decision's time cap), and by ``others`` for the rest of the
    match once one could not; without the hand's history it never exploits. It changes nothing
    where the core has no club rules (double-deck, the four-hand games) and in three-hand,
    whose default already plays against the club's replies.
    ``fallible=m`` (PIMC only): among the actions within ``m`` of PIMC's best (its utility:
    game points, or the chance to win the match), play the one that does best against an
    opponent who does not see the seat's cards: the seat's best line against the replies of
    the club player named by ``replies`` or else ``club`` (``basic`` or ``expert``; unnamed,
    the basic rules' for a margin asked for, the profile's for ``auto``:
    :func:`~sixtysix_solver.advice.fallible.fallible_choice`), in the time PIMC leaves.
    PIMC's worlds credit the opponent with seeing every card, so where they rank actions alike
    (lost or won in every world) it cannot tell the action that leaves the opponent a chance
    to go wrong; this tie-break can. A close or a claim is never taken this
    way. It changes nothing where the core has no club rules, in three-hand (whose default
    already plays against them) and when the worlds already count the club's replies.
    ``fallible=auto``, the default, is 0.05 in mariage and mariage-piquet (the basic rules'
    replies) and in sixty-six and sixty-six-jaques (the full club player's), off elsewhere
    (:data:`~sixtysix_solver.advice.fallible.FALLIBLE_AUTO`); ``fallible=off`` is off.
    ``follow=n`` (PIMC only): while the seat answers a lead in the open phase with at least
    ``n`` cards in the stock (two sides), play the club player's card (``club``; unnamed, the
    full club player's) instead of PIMC's. In sixty-six PIMC's early answers trump, often with
    the trump ace or ten, where the club player throws a low card, and the club's card did
    better (docs/strength.md). ``follow=auto``, the default, is 6 in sixty-six and off in the
    other profiles (:data:`~sixtysix_solver.advice.follow.FOLLOW_AUTO`); ``follow=off`` (or
    ``false``) turns it off.
    A decision with one legal action is not searched; each search is seeded from the agent's
    random stream, so the agent is deterministic for its seed."""

    def __init__(
        self,
        level: int | None = None,
        *,
        worlds: int | None = None,
        iterations: int | None = None,
        time_limit: float | None = None,
        method: str = "pimc",
        seed: int = 0,
        threads: int = 1,
        rollout: str = "solver",
        c: float = 0.7,
        match: bool = False,
        closewin: float | None = None,
        anchor: float | None = None,
        club: str | None = None,
        iimc: float | None = None,
        tie: float = 0.0,
        judge: bool = False,
        infer: float | str | None = "auto",
        pasts: int | None = None,
        deepen: bool = True,
        race: bool = True,
        eval_method: str = "auto",
        concede: bool = True,
        cards: float | None = None,
        others: str = "auto",
        lookahead: int | None = None,
        exploit: bool = False,
        fallible: Fallible = "auto",
        follow: Follow = "auto",
        replies: str | None = None,
        model: str = "club",
    ) -> None:
        super().__init__(seed)
        if method not in ("pimc", "ismcts"):
            raise AgentError(f"method must be pimc or ismcts, got {method!r}")
        budget = worlds if method == "pimc" else iterations
        other = iterations if method == "pimc" else worlds
        if other is not None:
            raise AgentError(f"{method} takes {'worlds' if method == 'pimc' else 'iterations'}, "
                             f"not {'iterations' if method == 'pimc' else 'worlds'}")
        if level is not None and budget is not None:
            raise AgentError("give a level or a budget, not both")
        if level is not None:
            levels = PIMC_LEVELS if method == "pimc" else ISMCTS_LEVELS
            if level not in levels or isinstance(level, bool):
                raise AgentError(f"level must be 1 to 5, got {level!r}")
            budget = levels[level]
        if budget is None:
            budget = (PIMC_LEVELS if method == "pimc" else ISMCTS_LEVELS)[3]
            level = 3
        if not isinstance(budget, int) or isinstance(budget, bool) or budget < 1:
            name = "worlds" if method == "pimc" else "iterations"
            raise AgentError(f"{name} must be a positive integer, got {budget!r}")
        if time_limit is not None and (
            not isinstance(time_limit, (int, float)) or isinstance(time_limit, bool)
            or not 0 <= time_limit < math.inf
        ):
            raise AgentError(f"time must be finite seconds >= 0 (0: no cap), got {time_limit!r}")
        # A level carries its own cap (not written in the spec); time=0 takes every cap off,
        # for matches that must not depend on the machine's speed.
        self.uncapped = time_limit == 0
        capped = time_limit is None and level is not None
        if capped:
            assert level is not None
            time_limit = LEVEL_TIME[level]
        elif self.uncapped:
            time_limit = None
        if not isinstance(threads, int) or isinstance(threads, bool) or not 1 <= threads <= 256:
            raise AgentError(f"threads must be 1 to 256, got {threads!r}")
        if rollout not in ("solver", "random"):
            raise AgentError(f"rollout must be solver or random, got {rollout!r}")
        if not isinstance(c, (int, float)) or isinstance(c, bool) or not 0 <= c < math.inf:
            raise AgentError(f"c must be a finite number >= 0, got {c!r}")
        if not isinstance(match, bool):
            raise AgentError(f"match must be true or false, got {match!r}")
        if match and method != "pimc":
            raise AgentError("match-aware choice is a PIMC (engine) option")
        if closewin is not None and (
            not isinstance(closewin, (int, float)) or isinstance(closewin, bool)
            or not 0 <= closewin <= 1
        ):
            raise AgentError(f"closewin must be a share from 0 to 1, got {closewin!r}")
        if closewin is not None and method != "pimc":
            raise AgentError("closewin is a PIMC (engine) option")
        if anchor is not None and (
            not isinstance(anchor, (int, float)) or isinstance(anchor, bool)
            or not 0 <= anchor < math.inf
        ):
            raise AgentError(f"anchor must be a number of standard errors >= 0, got {anchor!r}")
        if anchor is not None and method != "pimc":
            raise AgentError("anchor is a PIMC (engine) option")
        if club is not None and club not in RULES:
            raise AgentError(f"club must be one of: {', '.join(RULES)}; got {club!r}")
        if iimc is not None and (
            not isinstance(iimc, (int, float)) or isinstance(iimc, bool) or not 0 <= iimc < 1
        ):
            raise AgentError(f"iimc must be a share of the time from 0 to below 1, got {iimc!r}")
        if iimc is not None and method != "pimc":
            raise AgentError("iimc is a PIMC (engine) option")
        if not isinstance(tie, (int, float)) or isinstance(tie, bool) or not 0 <= tie < math.inf:
            raise AgentError(f"tie must be game points >= 0, got {tie!r}")
        if tie and iimc is None:
            raise AgentError("tie= needs iimc= (the share of the time for the playouts)")
        if not isinstance(judge, bool):
            raise AgentError(f"judge must be true or false, got {judge!r}")
        if judge and iimc is None:
            raise AgentError("judge= needs iimc= (the share of the time for the playouts)")
        if infer is False or infer == "off":  # infer=off (or false) in a spec
            infer = None
        if infer not in ("auto", None) and (
            not isinstance(infer, (int, float)) or isinstance(infer, bool) or not 0 < infer <= 1
        ):
            raise AgentError(
                f"infer must be the model's eps (above 0, at most 1), auto or off; got {infer!r}"
            )
        if infer not in ("auto", None) and method != "pimc":
            raise AgentError("infer is a PIMC (engine) option")
        if method != "pimc":
            infer = None
        if pasts is not None and infer is None:
            raise AgentError("pasts is an option of infer")
        if pasts is not None and (not isinstance(pasts, int) or isinstance(pasts, bool)
                                  or pasts < 1):
            raise AgentError(f"pasts must be a positive integer, got {pasts!r}")
        self.method = method
        self.level = level
        self.budget = budget
        self.time_limit = time_limit
        self.level_capped = capped
        self.threads = threads
        self.rollout = rollout
        self.c = float(c)
        self.match = match
        if closewin is None and method == "pimc":
            closewin = CLOSEWIN
        self.closewin = None if closewin is None else float(closewin)
        self.anchor = None if anchor is None else float(anchor)
        # The club player of anchor, judge and infer (basic unless named) and the one whose
        # card follow plays (the full club player unless named): each where it measured best.
        self.named_club = club
        self.club = "basic" if club is None else club
        self.follow_club = FOLLOW_CLUB if club is None else club
        self.iimc = None if iimc is None else float(iimc)
        self.tie = float(tie)
        self.judge = judge
        # "auto" (INFER_AUTO's eps for the profile), an eps, or None (off)
        self.infer: float | str | None = infer if infer in ("auto", None) else float(infer)
        self.pasts = pasts  # as given: the spec writes it whenever it was named
        if model not in INFER_MODELS:
            raise AgentError(f"model must be one of: {', '.join(INFER_MODELS)}; got {model!r}")
        if model != "club" and infer is None:
            raise AgentError("model is an option of infer")
        self.infer_model = model  # whose choices infer expects: the club player's, or PIMC's
        self._models: dict[float, OpponentModel] = {}
        if not isinstance(exploit, bool):
            raise AgentError(f"exploit must be true or false, got {exploit!r}")
        if exploit and (method != "pimc" or others in ("club", "expert")):
            raise AgentError("exploit is a PIMC (engine) option, and it chooses when others=club")
        self.exploit = exploit
        if fallible is False or fallible == "off":  # fallible=off (or false) in a spec
            fallible = None
        try:
            fallible_margin(fallible, "")  # the setting's check
        except ArgumentError as err:
            raise AgentError(str(err)) from None
        if fallible not in ("auto", None) and method != "pimc":
            raise AgentError("fallible is a PIMC (engine) option")
        self.fallible: Fallible = (
            None if method != "pimc" or fallible is None
            else "auto" if fallible == "auto" else float(fallible))
        if replies is not None and replies not in RULES:
            raise AgentError(f"replies must be one of: {', '.join(RULES)}; got {replies!r}")
        if replies is not None and method != "pimc":
            raise AgentError("replies is a PIMC (engine) option (fallible's club player)")
        self.replies = replies  # fallible's club player where named; else club's, or auto's
        if follow is False:  # follow=off (or false) in a spec
            follow = None
        if not valid_follow(follow):
            raise AgentError(f"follow must be {FOLLOW_SETTINGS}, got {follow!r}")
        if follow not in ("auto", "off", None) and method != "pimc":
            raise AgentError("follow is a PIMC (engine) option")
        self.follow: Follow = None if follow == "off" or method != "pimc" else follow
        self.fits = True  # the others' play this match fits the club's rules, as far as seen
        self.uses_history = infer is not None or exploit
        # The budget of every decision (each is seeded from the agent's random stream).
        if not isinstance(deepen, bool):
            raise AgentError(f"deepen must be true or false, got {deepen!r}")
        if not deepen and method != "pimc":
            raise AgentError("deepen is a PIMC (engine) option")
        self.deepen = deepen
        if not isinstance(race, bool):
            raise AgentError(f"race must be true or false, got {race!r}")
        if not race and method != "pimc":
            raise AgentError("race is a PIMC (engine) option")
        if eval_method not in METHODS:
            raise AgentError(f"eval must be one of: {', '.join(METHODS)}; got {eval_method!r}")
        if eval_method != "auto" and method != "pimc":
            raise AgentError("eval is a PIMC (engine) option")
        self.eval_method = eval_method
        if not isinstance(concede, bool):
            raise AgentError(f"concede must be true or false, got {concede!r}")
        if not concede and method != "pimc":
            raise AgentError("concede is a PIMC (engine) option")
        self.concede = concede
        if cards is not None and method != "pimc":
            raise AgentError("cards is a PIMC (engine) option")
        if others != "auto" and method != "pimc":
            raise AgentError("others is a PIMC (engine) option")
        if others not in OTHERS:
            raise AgentError(f"others must be one of: {', '.join(OTHERS)}; got {others!r}")
        if lookahead is not None and (method != "pimc"
                                      or (others in ("paranoid", "maxn") and not exploit)):
            raise AgentError("lookahead is a PIMC (engine) option with the club's replies")
        if lookahead is not None and (not isinstance(lookahead, int) or isinstance(lookahead, bool)
                                      or not 0 <= lookahead <= MAX_LOOKAHEAD):
            raise AgentError(f"lookahead must be an integer from 0 to {MAX_LOOKAHEAD}, "
                             f"got {lookahead!r}")
        if method == "pimc":
            try:
                self.limits = SearchLimits(worlds=budget, time_limit=time_limit, threads=threads,
                                           deepen=deepen, race=race, method=eval_method,
                                           card_tie=CARD_TIE if cards is None else cards,
                                           others=others, lookahead=lookahead,
                                           past_samples=pasts or DEFAULT_PAST_SAMPLES)
            except SixtySixError as err:
                raise AgentError(f"cards: {err}") from None
        else:
            self.limits = SearchLimits(iterations=budget, time_limit=time_limit, threads=threads)
        self.name = str(self.spec)

    @property
    def spec(self) -> AgentSpec:
        kind = "engine" if self.method == "pimc" else "ismcts"
        params: dict[str, Any] = {}
        if self.level is not None:
            params["level"] = self.level
        else:
            params["worlds" if self.method == "pimc" else "iterations"] = self.budget
        if self.uncapped:
            params["time"] = 0
        elif self.time_limit is not None and not self.level_capped:
            params["time"] = self.time_limit
        if self.threads != 1:
            params["threads"] = self.threads
        if self.match:
            params["match"] = True
        if self.closewin is not None and self.closewin != CLOSEWIN:
            # 0 and 1 as the spec writes them (closewin=0 turns the default off)
            w = self.closewin
            params["closewin"] = int(w) if w.is_integer() else w
        if self.anchor is not None:
            params["anchor"] = self.anchor
        if self.named_club is not None:
            params["club"] = self.named_club
        if self.iimc is not None:
            params["iimc"] = self.iimc
        if self.tie:
            params["tie"] = self.tie
        if not self.deepen:
            params["deepen"] = False
        if self.method == "pimc" and not self.limits.race:
            params["race"] = False
        if self.eval_method != "auto":
            params["eval"] = self.eval_method
        if not self.concede:
            params["concede"] = False
        if self.method == "pimc" and self.limits.card_tie != CARD_TIE:
            w = float(self.limits.card_tie)
            params["cards"] = int(w) if w.is_integer() else w
        if self.method == "pimc" and self.limits.others != "auto":
            params["others"] = self.limits.others
        if self.method == "pimc" and self.limits.lookahead is not None:
            params["lookahead"] = self.limits.lookahead
        if self.judge:
            params["judge"] = True
        if self.infer is None and self.method == "pimc":
            params["infer"] = False
        elif self.infer != "auto" and self.infer is not None:
            params["infer"] = self.infer
        if self.pasts is not None:
            params["pasts"] = self.pasts
        if self.infer_model != "club":
            params["model"] = self.infer_model
        if self.exploit:
            params["exploit"] = True
        if self.fallible is None and self.method == "pimc":
            params["fallible"] = False
        elif isinstance(self.fallible, float):
            w = self.fallible
            params["fallible"] = int(w) if w.is_integer() else w
        if self.replies is not None:
            params["replies"] = self.replies
        if self.follow is None and self.method == "pimc":
            params["follow"] = False
        elif self.follow != "auto" and self.method == "pimc":
            params["follow"] = self.follow
        if self.method == "ismcts":
            if self.rollout != "solver":
                params["rollout"] = self.rollout
            if self.c != 0.7:
                params["c"] = self.c
        return AgentSpec(kind, tuple(sorted(params.items())))

    def _utility(self, view: View) -> Utility | None:
        """The match-aware utility for this view, or None (game points)."""
        if not self.match or view.match is None or view.profile.sides != 2:
            return None
        try:
            return match_utility(view)
        except SixtySixError:  # no match equity table for this profile: game points
            return None

    def new_match(self, seed: int | None = None) -> None:
        super().new_match(seed)
        self.fits = True

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        return self.choose_with(view, legal, None)

    def _exploiting(self, view: View, limits: SearchLimits, history: History | None,
                    start: float) -> SearchLimits:
        """The limits of this decision with ``exploit``: against the replies of the club
        player named by ``club`` (the basic rules unless ``club=expert``) while the others'
        play fits its rules (checked in at most FIT_SHARE of the time cap, which the check's
        time is taken from), else as they are."""
        expert = self.club == "expert"
        club = replace(limits, others="expert" if expert else "club",
                       lookahead=EXPLOIT_LOOKAHEAD if limits.lookahead is None
                       else limits.lookahead)
        if history is None or view.profile.sides > 2 or not club_replies(view, club):
            return limits
        # Where every card is known the full club player counts exactly, so its replies are
        # the game value: no check needed. (And a late check is the likeliest to miss: by then
        # the hand's draws leave the most pasts, of which few fit.)
        if self.fits and not (expert and Count(view).all_known):
            cap = limits.time_limit
            until = None if cap is None else start + FIT_SHARE * cap
            self.fits = club_fits(history, seed=len(history.decisions), until=until,
                                  rules=self.club)
        if not self.fits:
            return limits
        if limits.time_limit is None:
            return club
        left = limits.time_limit - (time.perf_counter() - start)
        return replace(club, time_limit=max(left, 0.1 * limits.time_limit))

    def choose_with(self, view: View, legal: Sequence[Action], history: History | None) -> Action:
        if len(legal) == 1:
            return legal[0]
        club_card = follow_choice(view, legal, self.follow, self.follow_club)
        if club_card is not None:
            # PIMC's two seeds (its worlds, its checks) are drawn all the same, so that the
            # decisions after this one sample the worlds they would have sampled without it.
            self.rng.getrandbits(63)
            self.rng.getrandbits(63)
            return club_card
        limits = replace(self.limits, seed=self.rng.getrandbits(63))
        if self.method == "pimc":
            start = time.perf_counter()
            if self.exploit:
                limits = self._exploiting(view, limits, history, start)
            check = self.iimc is not None
            if check and (self.judge or _CLOSE in legal) and limits.time_limit is not None:
                # A close (or the club player's choice) may need checking: keep the playouts'
                # share of the time. Near-ties get what PIMC leaves (it often finishes early).
                assert self.iimc is not None
                limits = replace(limits, time_limit=limits.time_limit * (1 - self.iimc))
            utility = self._utility(view)
            rec = self._recommend(view, limits, utility, history)
            best = rec.best if self.closewin is None else close_when_sure(rec, self.closewin)
            if not self.concede and best.kind == Kind.CLAIM and rec.stats(best).mean <= 0:
                # A claim that scores nothing is a false one: play on instead.
                best = next((s.action for s in rec.ranked() if s.action.kind != Kind.CLAIM), best)
            margin = fallible_margin(self.fallible, view.profile.name)
            if margin is not None and rec.method != "rule":
                best = self._fallible_pick(view, rec, best, limits, utility, start, margin)
            if self.anchor is not None:
                club = RULES[self.club](view, legal)
                if club != best and not self._overrides_club(rec, best, club, utility):
                    best = club
            seed = self.rng.getrandbits(63)
            if check and rec.method != "rule":
                best = self._fusion_check(view, rec, best, start, seed)
            return best
        return ismcts(view, limits=limits, rollout=self.rollout,  # type: ignore[arg-type]
                      c=self.c).best

    def early_answer(self, view: View) -> bool:
        """With ``follow``: does the seat answer a lead in the open phase of a two-sided game,
        the stock holding at least ``follow`` cards?"""
        return early_answer(view, self.follow)

    def _overrides_club(self, rec: Recommendation, best: Action, club: Action,
                        utility: Utility | None) -> bool:
        """With ``anchor``: does PIMC's ``best`` beat the club player's choice by more than
        ``anchor`` standard errors, paired over the same worlds? (A method, so that a variant
        can set another bar: bench/anchors.py.)"""
        assert self.anchor is not None
        mean, se = paired_difference(rec, best, club, utility)
        return mean > self.anchor * se

    def settings(self, profile: str) -> str:
        """The spec with the settings a default decides written out for ``profile``: the
        time cap, ``closewin``, and (PIMC) ``infer``, ``fallible`` (with its ``replies``),
        ``follow`` and ``others`` as they resolve there today (``false``: off).

        >>> from sixtysix_solver.agents import AgentSpec
        >>> AgentSpec.parse("engine:worlds=100,threads=1").build().settings("mariage-piquet")
        'engine:closewin=0.8,fallible=0.05,follow=false,infer=0.1,others=paranoid,replies=basic,threads=1,time=none,worlds=100'
        """
        def num(w: float) -> Param:
            return int(w) if float(w).is_integer() else float(w)

        params: dict[str, Param] = dict(self.spec.params)
        cap = self.limits.time_limit
        params["time"] = "none" if cap is None else num(cap)
        params["threads"] = self.threads
        if self.method == "pimc":
            prof = get_profile(profile)
            params["closewin"] = num(0 if self.closewin is None else self.closewin)
            eps = infer_eps(self.infer, profile)
            margin = fallible_margin(self.fallible, profile)
            stock = follow_stock(self.follow, prof)
            params["infer"] = False if eps is None else eps
            params["fallible"] = False if margin is None else margin
            if margin is not None:  # whose replies break the near-ties
                params["replies"] = "expert" if self._replies(profile) == "expert" else "basic"
            params["follow"] = False if stock is None else stock
            params["others"] = others_in(prof, self.limits.others)
        return settings_text(self.spec.kind, params)

    def wants_history(self, profile: str) -> bool:
        """The history only where the engine infers (``infer=auto``: not in every profile) or
        watches the others' play (``exploit``)."""
        return self.exploit or self.model(profile) is not None

    def model(self, profile: str) -> OpponentModel | None:
        """The opponent model this engine infers with in ``profile`` (``None``: it does not).
        Kept for the engine's life: a PIMC model keeps the answers it gave."""
        eps = infer_eps(self.infer, profile)
        if eps is None:
            return None
        got = self._models.get(eps)
        if got is None:
            cap = self.limits.time_limit
            got = self._models[eps] = (
                PimcModel(eps, call_time=None if not cap else MODEL_CALL_SHARE * cap)
                if self.infer_model == "pimc" else HeuristicModel(eps, self.club))
        return got

    def _recommend(self, view: View, limits: SearchLimits, utility: Utility | None,
                   history: History | None) -> Recommendation:
        """PIMC's figures, over worlds weighted by the opponent model when inferring."""
        model = self.model(view.profile.name)
        if model is not None and history is not None:
            try:
                return recommend(view, limits=limits, utility=utility,
                                 opponent_model=model, history=history)
            except ImplausibleHistoryError:  # play the model calls impossible: plain worlds
                pass
        return recommend(view, limits=limits, utility=utility)

    def _fallible_pick(self, view: View, rec: Recommendation, best: Action, limits: SearchLimits,
                       utility: Utility | None, start: float, margin: float) -> Action:
        """:func:`~sixtysix_solver.advice.fallible.fallible_choice` within ``margin`` in the
        time PIMC left (``best`` when less than a twentieth of the cap is left)."""
        until = None
        if limits.time_limit is not None:
            until = start + limits.time_limit
            if until - time.perf_counter() < 0.05 * limits.time_limit:
                return best
        return fallible_choice(view, rec, best, limits, margin, utility=utility, until=until,
                               replies=self._replies(view.profile.name))

    def _replies(self, profile: str) -> str:
        """Whose replies ``fallible`` plays against in ``profile`` (a ``REPLIES`` name)."""
        return fallible_replies(self.fallible, profile, self.replies or self.named_club)

    def _fusion_check(self, view: View, rec: Recommendation, best: Action, start: float,
                      seed: int) -> Action:
        """PIMC's choice checked by IIMC playouts (:mod:`~sixtysix_solver.advice.iimc`) where
        strategy fusion misleads it most: a close against the best other action, and with
        ``tie`` the actions within ``tie`` game points of the best; the playouts' best wins."""
        ranked = [s.action for s in rec.ranked()]
        candidates = [best]
        if best.kind == Kind.CLOSE:
            candidates += [a for a in ranked if a.kind != Kind.CLOSE][:1]
        elif self.tie > 0:
            top = rec.stats(best).mean
            near = [s.action for s in rec.ranked() if s.mean >= top - self.tie and s.action != best]
            candidates += near[:IIMC_CANDIDATES - 1]
        club = RULES[self.club](view, [s.action for s in rec.actions]) if self.judge else best
        if club not in candidates:
            candidates.append(club)
        if len(candidates) < 2:
            return best
        left = None
        if self.time_limit is not None:
            left = self.time_limit - (time.perf_counter() - start)
            if left <= 0:
                return best
        r = playout_values(view, candidates, playouts=IIMC_WORLDS if left is None else 10**6,
                           seed=seed, time_limit=left)
        pick = r.best
        if pick == club != best:  # the club player's card only when clearly better
            mean, se = r.paired(club, best)
            if mean <= se:
                others = [a for a in candidates if a != club]
                pick = max(others, key=lambda a: (r.mean(a), -candidates.index(a)))
        return pick


def _builder(method: str) -> Any:
    def build(p: dict[str, Param], seed: int) -> Agent:
        kw: dict[str, Any] = {
            "method": method, "seed": seed, "time_limit": p.get("time"),
            "threads": p.get("threads", 1),
        }
        for k in ("worlds", "iterations", "rollout", "c", "match", "closewin", "anchor",
                  "club", "iimc", "tie", "judge", "infer", "pasts", "deepen", "race", "concede",
                  "cards", "others", "lookahead", "exploit", "fallible", "follow", "replies",
                  "model"):
            if k in p:
                kw[k] = p[k]
        if "eval" in p:
            kw["eval_method"] = p["eval"]
        return EngineAgent(p.get("level"), **kw)  # type: ignore[arg-type]
    return build


register("engine")(_builder("pimc"))
register("ismcts")(_builder("ismcts"))
