"""The engine's ``fallible=m``: among PIMC's near-best actions, the one whose best line against
the basic club's replies is worth most (an opponent who does not see the seat's cards)."""

from __future__ import annotations

import time
from dataclasses import replace

import pytest
from sixtysix_solver import Game, View
from sixtysix_solver.advice.fallible import (
    FALLIBLE_AUTO, FALLIBLE_AUTO_REPLIES, FALLIBLE_LOOKAHEAD, fallible_margin,
    fallible_replies,
)
from sixtysix_solver.advice.limits import SearchLimits
from sixtysix_solver.advice.recommend import recommend
from sixtysix_solver.agents import AgentError, AgentSpec, HeuristicAgent
from sixtysix_solver.agents.engine import EngineAgent
from sixtysix_solver.notation.position import parse_position
from sixtysix_solver.rules.actions import Action, Kind
from sixtysix_solver.rules.profiles import PROFILES

# Sixty-six, the stock gone, seat 0 to lead: seat 1 holds KD TD KH TH KS TS (one world). Every
# lead loses the hand against play that sees the cards, so PIMC ranks the four best alike;
# against the club's replies the 9 of spades wins it.
LOST = ("sixty-six dealer=0 turn=0:lead trump=KD hands=KCAD9HJHAH9S/KDTDKHTHKSTS stock=- "
        "taken=9CJCQCTCJDQDQHJS/AC9DQSAS known=-/KDKH married=-/KH declared=-/H "
        "marriage_points=0/20 last_win=6/5")


# Mariage-piquet, the stock gone, seat 1 to lead and lost whatever it leads (found by random
# play: the club's replies tell two of the tied leads apart).
LOST_PIQUET = ("mariage-piquet dealer=0 turn=1:lead trump=TC hands=8C9CTC7D8DQDAD8H/"
               "JCAC7H9HJHTHAH8S stock=- taken=7C9DJDKDTDQHKH7S9SQS/QCKCJSKSTSAS known=TC/- "
               "last_win=7/8")


def test_the_spec_and_bad_values() -> None:
    agent = AgentSpec.parse("engine:worlds=8,fallible=0.05").build(seed=1)
    assert isinstance(agent, EngineAgent) and agent.fallible == 0.05
    assert str(agent.spec) == "engine:fallible=0.05,worlds=8"
    assert str(AgentSpec.parse("engine:worlds=8,fallible=0").build().spec) == \
        "engine:fallible=0,worlds=8"
    for bad, why in (("engine:fallible=-1", "fallible must be a utility margin"),
                     ("engine:fallible=true", "fallible must be a utility margin"),
                     ("ismcts:fallible=0.1", "ismcts does not take fallible")):
        with pytest.raises(AgentError, match=why):
            AgentSpec.parse(bad).build()
    with pytest.raises(AgentError, match="fallible is a PIMC"):
        EngineAgent(method="ismcts", fallible=0.1)


def test_fallible_auto_is_the_default_where_it_measured_better() -> None:
    # auto (unwritten) breaks near-ties within FALLIBLE_AUTO's margin where it has one; off is
    # written fallible=false and reads back; ismcts never breaks them.
    auto = AgentSpec.parse("engine:worlds=8").build(seed=1)
    assert isinstance(auto, EngineAgent) and auto.fallible == "auto"
    assert str(auto.spec) == "engine:worlds=8"
    assert FALLIBLE_AUTO == {"mariage": 0.05, "mariage-piquet": 0.05, "sixty-six": 0.05,
                             "sixty-six-jaques": 0.05}
    assert FALLIBLE_AUTO_REPLIES == {"sixty-six": "expert", "sixty-six-jaques": "expert"}
    assert all(fallible_margin("auto", p) == FALLIBLE_AUTO.get(p) for p in PROFILES)
    off = AgentSpec.parse("engine:worlds=8,fallible=off").build(seed=1)
    assert isinstance(off, EngineAgent) and off.fallible is None
    assert str(off.spec) == "engine:fallible=false,worlds=8"
    assert AgentSpec.parse(str(off.spec)).build(seed=1).spec == off.spec
    mc = AgentSpec.parse("ismcts:1").build(seed=1)
    assert isinstance(mc, EngineAgent) and mc.fallible is None
    g = parse_position(LOST_PIQUET)
    v = View.from_game(g, 1)
    rec = recommend(v, worlds=8, seed=1, threads=1)
    assert rec.stats(rec.best).mean == -1.0  # lost whatever the lead
    default = EngineAgent(worlds=8, seed=1).act(v)
    plain = EngineAgent(worlds=8, seed=1, fallible="off").act(v)
    assert plain == rec.best != default
    assert default == EngineAgent(worlds=8, seed=1, fallible=0.05).act(v)
    # In sixty-six auto breaks the lost hand's tie against the full club player's replies,
    # which the 9 of spades does not fool (the basic rules' replies do go wrong after it).
    lost = View.from_game(parse_position(LOST), 0)
    expert = recommend(lost, limits=SearchLimits(worlds=8, seed=1, threads=1, others="expert",
                                                 lookahead=FALLIBLE_LOOKAHEAD))
    pick = EngineAgent(worlds=8, seed=1).act(lost)
    assert pick == EngineAgent(worlds=8, seed=1, fallible=0.05, replies="expert").act(lost)
    assert expert.stats(pick).mean == max(s.mean for s in expert.actions)
    assert str(pick) != "9S"
    assert str(EngineAgent(worlds=8, seed=1, fallible=0.05).act(lost)) == "9S"


def test_fallible_auto_in_sixty_six_jaques_is_sixty_six_s() -> None:
    # The same deck and stock: 0.05 against the full club player's replies (a position of a
    # seeded hand of two full club players, where the near-tie breaks another way than PIMC).
    g = parse_position("sixty-six-jaques dealer=0 turn=1:lead trump=JS hands=QCTCADKSTSAS/"
                       "KCACJDTDTHAH stock=9DKDJHQDQHQS9SJS taken=9HKH/9CJC last_win=1/2")
    v = View.from_game(g, 1)
    pick = EngineAgent(worlds=8, seed=1).act(v)
    assert pick == EngineAgent(worlds=8, seed=1, fallible=0.05, replies="expert").act(v)
    assert pick != EngineAgent(worlds=8, seed=1, fallible="off").act(v)
    assert "fallible=0.05" in AgentSpec.parse("engine:worlds=8").build().settings(
        "sixty-six-jaques")
    assert fallible_replies("auto", "sixty-six-jaques") == "expert"
    # In mariage auto is 0.05 against the basic rules' replies, issue 19's opponent's.
    assert (fallible_margin("auto", "mariage"), fallible_replies("auto", "mariage")) == (
        0.05, "club")


def test_the_replies_fallible_plays_against() -> None:
    # A margin asked for plays against the basic rules' replies unless replies= (or club=)
    # names the full club player; auto takes the profile's (FALLIBLE_AUTO_REPLIES). The
    # settings say whose, and the spec keeps replies= only where it was named.
    def settings(spec: str, profile: str = "sixty-six") -> str:
        return AgentSpec.parse(spec).build().settings(profile)

    assert "fallible=0.05,follow=6,infer=false,others=paranoid,replies=expert" in \
        settings("engine:worlds=8")
    assert "replies=basic" in settings("engine:worlds=8", "mariage-piquet")
    assert "replies=basic" in settings("engine:worlds=8,fallible=0.05")
    assert "replies=expert" in settings("engine:worlds=8,fallible=0.05,club=expert")
    assert "replies=basic" in settings("engine:worlds=8,club=basic")
    assert "replies=basic" in settings("engine:worlds=8,club=expert,replies=basic")
    assert "replies" not in settings("engine:worlds=8", "schnapsen")
    assert "replies" not in settings("engine:worlds=8,fallible=off")
    named = AgentSpec.parse("engine:worlds=8,replies=expert").build()
    assert str(named.spec) == "engine:replies=expert,worlds=8"
    assert AgentSpec.parse(str(named.spec)).build().spec == named.spec
    with pytest.raises(AgentError, match="replies must be one of"):
        AgentSpec.parse("engine:replies=strong").build()
    with pytest.raises(AgentError, match="replies is a PIMC"):
        EngineAgent(method="ismcts", replies="expert")


def test_a_lost_hand_leaves_the_opponent_a_chance() -> None:
    g = parse_position(LOST)
    v = View.from_game(g, 0)
    rec = recommend(v, worlds=8, seed=1, threads=1)
    tied = [s.action for s in rec.ranked() if s.mean == rec.stats(rec.best).mean]
    assert len(tied) == 4 and rec.stats(rec.best).mean == -1.0  # lost whatever the lead
    plain = EngineAgent(worlds=8, seed=1).act(v)
    pick = EngineAgent(worlds=8, seed=1, fallible=0).act(v)
    assert plain == rec.best and str(plain) != "9S"
    assert str(pick) == "9S"
    club = recommend(v, limits=SearchLimits(worlds=8, seed=1, threads=1, others="club"))
    assert club.stats(pick).mean == 1.0 > club.stats(plain).mean


def test_the_pick_is_near_the_best_and_best_against_the_club() -> None:
    """On the decisions of seeded hands (time-free budgets): the pick is within the margin
    of PIMC's best, never a close or a claim it did not choose, and no other action within
    the margin does better against the club's replies."""
    margin = 0.1
    agent = EngineAgent(worlds=12, seed=3, fallible=margin)
    changed = checked = 0
    for seed in (2, 5):
        g = Game.deal("schnapsen", seed=seed)
        other = HeuristicAgent(seed=seed)
        while not g.is_over:
            v = View.from_game(g, g.to_act)
            if g.to_act == 1 or len(g.legal_actions()) == 1:
                g.apply(other.act(v) if g.to_act == 1 else g.legal_actions()[0])
                continue
            limits = replace(agent.limits, seed=seed * 1000 + len(g.legal_actions()))
            rec = recommend(v, limits=limits)
            pick = agent._fallible_pick(v, rec, rec.best, limits, None, time.perf_counter(), margin)
            top = rec.stats(rec.best).utility
            assert rec.stats(pick).utility >= top - margin
            if pick != rec.best:
                changed += 1
                assert pick.kind not in (Kind.CLOSE, Kind.CLAIM)
                ahead = FALLIBLE_LOOKAHEAD if v.stock_size and v.closed_by is None else None
                club = recommend(v, limits=replace(limits, others="club", lookahead=ahead))
                near = [s.action for s in rec.ranked() if s.utility >= top - margin]
                assert club.stats(pick).utility == max(club.stats(a).utility for a in near)
                assert club.stats(pick).utility > club.stats(rec.best).utility
            checked += 1
            g.apply(pick)
    assert checked > 10 and changed >= 1


@pytest.mark.parametrize("profile", ["three-hand", "double-deck", "four-hand-24"])
def test_no_change_where_the_club_replies_do_not_apply(profile: str) -> None:
    g = Game.deal(profile, seed=2)
    v = View.from_game(g, g.to_act)
    agent = EngineAgent(worlds=6, seed=1, fallible=10.0)  # every action is "near"
    limits = replace(agent.limits, seed=4)
    rec = recommend(v, limits=limits)
    pick = agent._fallible_pick(v, rec, rec.best, limits, None, time.perf_counter(), 10.0)
    assert pick == rec.best


def test_no_time_left_keeps_pimcs_choice() -> None:
    g = parse_position(LOST)
    v = View.from_game(g, 0)
    agent = EngineAgent(worlds=8, seed=1, time_limit=1.0, fallible=0)
    limits = replace(agent.limits, seed=1)
    rec = recommend(v, worlds=8, seed=1, threads=1)
    # the decision started long ago: its cap is spent, so no second search
    assert agent._fallible_pick(v, rec, rec.best, limits, None, time.perf_counter() - 5, 0.0) \
        == rec.best
