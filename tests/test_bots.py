"""Agents (sixtysix_solver.agents): they see only a view, always act legally, are reproducible
for a seed, and the club player follows its rules."""

from __future__ import annotations

import inspect
import pickle
import random
from typing import Any

import helpers
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sixtysix_solver import PROFILES, Game, View
from sixtysix_solver.rules.actions import Action, Kind
from sixtysix_solver.rules.random_play import random_action
from sixtysix_solver.advice.club import _Table
from sixtysix_solver.agents import (
    CLOSEWIN, Agent, AgentError, AgentSpec, EngineAgent, HeuristicAgent, RandomAgent,
)
from sixtysix_solver.rules.seeds import derive_seed
from sixtysix_solver.knowledge.legal import legal_actions
from sixtysix_solver.rules.cards import POINTS
from sixtysix_solver.errors import SixtySixError

CHEAP = ["random", "random:sensible=true", "heuristic", "heuristic:basic"]
CLAIM = Action(Kind.CLAIM)


def random_position(profile: str, seed: int, moves: int) -> Game:
    return helpers.random_position(profile, seed, moves, dealer=seed % PROFILES[profile].players)


# --- agents see views only ------------------------------------------------------------------------
def test_act_accepts_a_view_only() -> None:
    g = Game.deal("schnapsen", seed=1)
    assert "View" in str(inspect.signature(Agent.act).parameters["view"].annotation)
    for spec in CHEAP + ["engine:1", "ismcts:iterations=10"]:
        agent = AgentSpec.parse(spec).build(seed=1)
        for wrong in (g, str(View.from_game(g)), g.fields(), None):
            with pytest.raises(AgentError, match="agents see a View only"):
                agent.act(wrong)  # type: ignore[arg-type]
        with pytest.raises(AgentError, match="turn"):  # another seat's view: not its decision
            agent.act(View.from_game(g, 1 - g.to_act))  # type: ignore[operator]


def _swapped(g: Game, seat: int, rng: random.Random) -> Game | None:
    """The same history dealt with two cards the seat cannot see swapped (between other hands,
    the stock below the face-up card, the dead hand), or ``None`` if the history does not
    replay with them."""
    f = {k: (list(map(list, v)) if k == "hands" else list(v) if isinstance(v, list) else v)
         for k, v in g.start_fields.items()}
    known = {c for k in f["known"] for c in k}
    places: list[tuple[str, int, int]] = []
    for p, hand in enumerate(f["hands"]):
        if p != seat:
            places += [("hands", p, i) for i, c in enumerate(hand) if c not in known]
    places += [("stock", -1, i) for i in range(len(f["stock"]) - 1)]
    places += [("aside", -1, i) for i in range(len(f["aside"]))]

    def cell(pl: tuple[str, int, int]) -> tuple[list[int], int]:
        key, p, i = pl
        return (f[key][p] if key == "hands" else f[key]), i

    x, y = rng.sample(places, 2)
    (lx, ix), (ly, iy) = cell(x), cell(y)
    if lx[ix] == ly[iy] or (x[0] == y[0] == "hands" and x[1] == y[1]):
        return None
    lx[ix], ly[iy] = ly[iy], lx[ix]
    f["hands"] = [sorted(h) for h in f["hands"]]
    f["aside"] = sorted(f["aside"])
    try:
        h = Game.from_fields(g.profile, f)
        for a in g.actions:
            h.apply(a)
    except SixtySixError:
        return None
    return h


@pytest.mark.parametrize("profile", ["schnapsen", "sixty-six", "four-hand", "four-hand-24",
                                     "three-hand", "double-deck"])
def test_same_view_different_hidden_cards_same_action(profile: str) -> None:
    """Two games that differ only in cards the seat cannot see give it the same view, and
    every agent then chooses the same action: nothing but the view reaches the agent."""
    rng = random.Random(7)
    specs = CHEAP + (["engine:worlds=3", "ismcts:iterations=30,rollout=random"]
                     if profile in ("schnapsen", "four-hand", "three-hand") else [])
    specs += ["engine:worlds=3,iimc=0.5"] if profile == "schnapsen" else []
    compared = 0
    for seed in range(12):
        g = random_position(profile, seed, rng.randrange(0, 18))
        seat = g.to_act
        assert seat is not None
        view = View.from_game(g, seat)
        for _ in range(20):
            h = _swapped(g, seat, rng)
            # The hidden cards must still differ now, and the views must be the same.
            if h is None or h.fields() == g.fields() or View.from_game(h, seat) != view:
                continue
            for spec in specs:
                s = AgentSpec.parse(spec)
                a1 = s.build(seed=seed).act(View.from_game(g, seat))
                a2 = s.build(seed=seed).act(View.from_game(h, seat))
                assert a1 == a2, (spec, repr(g), repr(h))
            compared += 1
            break
    assert compared >= 6


# --- always legal ---------------------------------------------------------------------------------
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(profile=st.sampled_from(list(PROFILES)), seed=st.integers(0, 2**32 - 1),
       moves=st.integers(0, 70), agent_seed=st.integers(0, 2**63))
def test_cheap_agents_always_act_legally(profile: str, seed: int, moves: int,
                                         agent_seed: int) -> None:
    g = random_position(profile, seed, moves)
    view = View.from_game(g)
    legal = g.legal_actions()
    assert legal_actions(view) == legal
    for spec in CHEAP:
        assert AgentSpec.parse(spec).build(seed=agent_seed).act(view) in legal


@pytest.mark.parametrize("profile,moves", [
    ("schnapsen", 0), ("schnapsen", 9), ("sixty-six", 14), ("four-hand", 20),
    ("four-hand-24", 6), ("three-hand", 12), ("schnapsen-jaques", 3), ("double-deck", 30),
])
def test_engine_agents_act_legally(profile: str, moves: int) -> None:
    for seed in (1, 2):
        g = random_position(profile, seed, moves)
        view = View.from_game(g)
        for spec in ("engine:worlds=2", "ismcts:iterations=20,rollout=random"):
            assert AgentSpec.parse(spec).build(seed=seed).act(view) in g.legal_actions()


def test_whole_hands_of_every_profile() -> None:
    """The club player plays every profile to the end against the random agents."""
    for profile in PROFILES:
        for seed in range(3):
            g = Game.deal(profile, seed=seed)
            bots: list[Agent] = [HeuristicAgent() if p % 2 == seed % 2 else RandomAgent(seed)
                                 for p in range(g.players)]
            while not g.is_over:
                p = g.to_act
                assert p is not None
                g.apply(bots[p].act(View.from_game(g, p)))


# --- reproducible ---------------------------------------------------------------------------------
def test_deterministic_for_a_seed_and_new_match_restarts() -> None:
    views = [View.from_game(random_position("sixty-six", s, 5)) for s in range(30)]
    for spec in ["random", "random:sensible=true", "heuristic", "engine:worlds=2"]:
        a, b = AgentSpec.parse(spec).build(seed=9), AgentSpec.parse(spec).build(seed=9)
        first = [a.act(v) for v in views[:6]]
        assert first == [b.act(v) for v in views[:6]]
        a.new_match()
        assert [a.act(v) for v in views[:6]] == first
        a.new_match(10)
        assert a.seed == 10
    r1, r2 = RandomAgent(1), RandomAgent(2)
    assert [r1.act(v) for v in views] != [r2.act(v) for v in views]
    assert derive_seed(1, "deal", 3) == derive_seed(1, "deal", 3) != derive_seed(1, "deal", 4)
    assert 0 <= derive_seed("x") < 2**63


# --- specs ----------------------------------------------------------------------------------------
def test_specs_parse_print_pickle_and_build() -> None:
    cases = {
        "random": "random", "Random:sensible=yes": "random:sensible=true",
        "heuristic": "heuristic", "heuristic:basic": "heuristic:basic",
        "heuristic:rules=basic": "heuristic:basic", "heuristic:rules=expert": "heuristic",
        "engine:3": "engine:3", "engine:level=3": "engine:3",
        "engine:worlds=50": "engine:worlds=50", "engine:time=1.5,worlds=7": "engine:time=1.5,worlds=7",
        "ismcts:iterations=200": "ismcts:iterations=200", "ismcts:2": "ismcts:2",
        "ismcts:c=1.0,iterations=9,rollout=random": "ismcts:c=1.0,iterations=9,rollout=random",
    }
    for text, canonical in cases.items():
        spec = AgentSpec.parse(text)
        assert str(spec) == canonical
        assert AgentSpec.parse(str(spec)) == spec
        assert pickle.loads(pickle.dumps(spec)) == spec
        agent = spec.build(seed=3)
        assert agent.name == canonical and agent.spec == spec and agent.seed == 3
    e = AgentSpec.parse("engine:2").build()
    assert isinstance(e, EngineAgent) and e.budget == 25 and e.method == "pimc"
    i = AgentSpec.parse("ismcts:1").build()
    assert isinstance(i, EngineAgent) and i.method == "ismcts" and i.budget == 250
    assert AgentSpec.parse("engine").build().budget == 100  # level 3 by default


@pytest.mark.parametrize("text,message", [
    ("", "bad agent spec"), ("minimax", "unknown agent"), ("engine:depth=3", "does not take"),
    ("heuristic:level=3", "does not take level"), ("heuristic:3", "rules must be one of"),
    ("engine:worlds=5,3", "needs name=value"),
    ("custom:x=1", "factory"), ("random:sensible=2", "sensible must be"),
    ("engine:9", "level must be 1 to 5"), ("engine:worlds=0", "worlds must be"),
    ("engine:level=2,worlds=5", "not both"), ("ismcts:rollout=smart", "rollout"),
    ("engine:time=-1", "time must be"), ("custom:factory=nowhere.Agent", "cannot import"),
    ("engine:worlds=3,worlds=4", "twice"),
])
def test_bad_specs(text: str, message: str) -> None:
    with pytest.raises(AgentError, match=message):
        AgentSpec.parse(text).build()
    assert issubclass(AgentError, SixtySixError)


def make_heuristic(seed: int, **params: Any) -> Agent:
    """A custom factory (used through ``custom:factory=test_bots.make_heuristic``)."""
    assert params == {"flavour": "plain"}
    return HeuristicAgent(seed)


def test_custom_agents() -> None:
    spec = AgentSpec.parse("custom:factory=test_bots.make_heuristic,flavour=plain")
    agent = spec.build(seed=4)
    assert isinstance(agent, HeuristicAgent) and agent.name == str(spec)
    with pytest.raises(AgentError, match="not an Agent"):
        AgentSpec.parse("custom:factory=collections.Counter").build()


# --- the club player's rules ----------------------------------------------------------------------
def _side_score(view: View) -> int:
    return view.scores()[view.side(view.seat)]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(profile=st.sampled_from(list(PROFILES)), seed=st.integers(0, 2**32 - 1),
       moves=st.integers(0, 70))
def test_basic_heuristic_rules_hold(profile: str, seed: int, moves: int) -> None:
    """The rules of heuristic:basic (advice/club.py); the club player's are in
    tests/test_club_player.py."""
    g = random_position(profile, seed, moves)
    view = View.from_game(g)
    legal = g.legal_actions()
    a = HeuristicAgent(rules="basic").act(view)
    t = _Table(view)
    # Claims exactly when the side's score reaches the target.
    assert (a == CLAIM) == (CLAIM in legal and _side_score(view) >= g.profile.target)
    if a == CLAIM:
        return
    if Action(Kind.EXCHANGE) in legal and view.phase in ("lead", "follow"):
        assert a.kind in (Kind.EXCHANGE, Kind.CLOSE)
    marries = [x for x in legal if x.kind == Kind.MARRY]
    if a.kind == Kind.MARRY:  # the highest marriage: trumps first
        assert not any(x.arg == view.trump_suit for x in marries) or a.arg == view.trump_suit
    if a.kind != Kind.PLAY:
        return
    card = a.arg
    if not view.trick and not view.strict:
        # A ten is not led while its ace is still out, if a plain side card could be led.
        if card & 7 == 1 and t.threat[card - 1] > 0:
            plain = [x.arg for x in legal if x.kind == Kind.PLAY and x.arg >> 3 != t.trump
                     and not (x.arg >> 3 in t.pairs and x.arg & 7 in (2, 3))
                     and not (x.arg & 7 == 1 and t.threat[x.arg - 1] > 0)]
            assert not plain, (repr(g), str(a))
    if view.trick and g.players == 2:
        led = view.trick[0]
        plays = [x.arg for x in legal if x.kind == Kind.PLAY]
        winners = [c for c in plays if t.beats(c, led)]
        if view.strict and winners:  # strict play: wins, as cheaply as it can
            assert card in winners
            assert POINTS[card & 7] == min(POINTS[c & 7] for c in winners
                                           if (c >> 3 == t.trump) == (card >> 3 == t.trump))
        if not view.strict and POINTS[led & 7] >= 10 and led >> 3 != t.trump:
            # An ace or a ten led: taken, in suit if possible, else with a trump.
            assert card in winners or not winners, (repr(g), str(a))
            if card in winners and any(c >> 3 == led >> 3 for c in winners):
                assert card >> 3 == led >> 3


@pytest.mark.parametrize("rules", ["expert", "basic"])
def test_heuristic_closes_only_when_sure(rules: str) -> None:
    """Every hand a heuristic player closes, it wins (its count of sure winners is sound)."""
    closes = 0
    for profile in ("schnapsen", "sixty-six", "mariage"):
        for seed in range(60):
            g = Game.deal(profile, seed=seed, dealer=seed % 2)
            bots: list[Agent] = [HeuristicAgent(rules=rules), RandomAgent(seed, sensible=True)]
            if seed % 2:
                bots.reverse()
            closer = None
            while not g.is_over:
                p = g.to_act
                assert p is not None
                a = bots[p].act(View.from_game(g, p))
                if a.kind == Kind.CLOSE and isinstance(bots[p], HeuristicAgent):
                    closer = p
                g.apply(a)
            if closer is not None:
                closes += 1
                assert g.result is not None and g.result.winner == closer, repr(g)
    assert closes >= 10


@pytest.mark.parametrize("rules", ["expert", "basic"])
def test_heuristic_marries_trumps_first_and_exchanges(rules: str) -> None:
    # Seat 1 leads with both the trump (spades) and the hearts marriage, after a trick.
    g = Game.from_deal("sixty-six", dealer=0,
                       hands=["AD TD AC TC JC 9C".split(), "KS QS KH QH 9S AH".split()],
                       stock="KD QD JD 9D KC QC TH JH 9H TS AS JS".split())
    g.apply("AH")
    g.apply("9C")
    g.apply("draw")
    view = View.from_game(g)
    assert view.seat == 1 and Action(Kind.EXCHANGE) in g.legal_actions()
    bot = HeuristicAgent(rules=rules)
    assert bot.act(view) == Action(Kind.EXCHANGE)
    g.apply("exchange")
    assert bot.act(View.from_game(g)) == Action.parse("marry-S")
    g.apply("marry-S")
    assert bot.act(View.from_game(g)) == Action.parse("QS")  # the cheaper half is led


def test_match_aware_engine_passes_the_match_utility(monkeypatch: pytest.MonkeyPatch) -> None:
    # engine:...,match=true asks recommend for the match-aware utility when the view has a
    # match score and the profile a match equity table; otherwise game points (None).
    import importlib

    rec = importlib.import_module("sixtysix_solver.advice.recommend")  # the module, not the function
    seen: list[object] = []
    real = rec.recommend

    def spy(view: View, **kw: Any) -> Any:
        seen.append(kw.get("utility"))
        return real(view, **kw)

    monkeypatch.setattr(importlib.import_module("sixtysix_solver.agents.engine"), "recommend", spy)
    game = Game.deal("schnapsen", seed=5)
    setattr(game, "match_score", (5, 6))
    view = View.from_game(game, game.to_act)
    assert view.match == (5, 6)
    aware = AgentSpec.parse("engine:worlds=5,match=true").build(seed=1)
    assert str(aware.spec) == "engine:match=true,worlds=5"
    aware.act(view)
    assert seen[-1] is not None
    AgentSpec.parse("engine:worlds=5").build(seed=1).act(view)
    assert seen[-1] is None
    game2 = Game.deal("schnapsen", seed=5)  # no match score: game points
    aware.act(View.from_game(game2, game2.to_act))
    assert seen[-1] is None
    with pytest.raises(AgentError, match="does not take match"):
        AgentSpec.parse("ismcts:iterations=10,match=true")


def test_match_aware_engine_with_a_pot_takes_the_horizon_estimates() -> None:
    # With a pot (a drawn hand before: carry 1) a win awards at least 2 game points, but the
    # horizon search's estimates, rounded, may say 1 or -1: the match utility counts them as
    # the nearest result the hand can award (this raised KeyError: -1 in an arena run).
    from sixtysix_solver.advice.limits import SearchLimits
    from sixtysix_solver.advice.recommend import match_utility, recommend

    game = Game.deal("sixty-six", seed=2, carry=1)
    setattr(game, "match_score", (2, 4))
    view = View.from_game(game, game.to_act)
    u = match_utility(view)
    assert u(1) == u(2) > u(0) > u(-1) == u(-2) > u(-4)
    rec = recommend(view, limits=SearchLimits(worlds=20, seed=3, threads=1, method="horizon"),
                    utility=u)
    whole = {int(round(float(x))) for x in rec.values.ravel()}
    assert whole & {-1, 1}, "the estimates should include a rounded 1 or -1 for this check"
    assert rec.best in {s.action for s in rec.actions}


def test_closewin_closes_only_when_closing_wins_often_enough(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # recommend says "close" is best; closewin=0.9 takes it only when it wins in >= 90% of the
    # worlds, else the best other action.
    import dataclasses
    import importlib

    rec_mod = importlib.import_module("sixtysix_solver.advice.recommend")
    real = rec_mod.recommend
    game = Game.deal("sixty-six", seed=7)
    view = View.from_game(game, game.to_act)
    close = Action.parse("close")
    assert close in game.legal_actions()
    win_of_close = [0.5]

    def rigged(v: View, **kw: Any) -> Any:
        r = real(v, **kw)
        acts = tuple(
            dataclasses.replace(a, mean=9.0, utility=9.0, win=win_of_close[0])
            if a.action == close else dataclasses.replace(a, mean=a.mean - 5, utility=a.mean - 5)
            for a in r.actions)
        return dataclasses.replace(r, actions=acts, best=close)

    monkeypatch.setattr(importlib.import_module("sixtysix_solver.agents.engine"), "recommend", rigged)
    cautious = AgentSpec.parse("engine:worlds=3,closewin=0.9").build(seed=1)
    plain = AgentSpec.parse("engine:worlds=3,closewin=0").build(seed=1)  # the default off
    default = AgentSpec.parse("engine:worlds=3").build(seed=1)
    assert plain.act(view) == close
    chosen = cautious.act(view)
    assert chosen != close and chosen in game.legal_actions()
    assert default.act(view) == chosen  # 0.5 < CLOSEWIN: the same best other action
    win_of_close[0] = 0.85  # between the default (0.8) and 0.9
    assert AgentSpec.parse("engine:worlds=3").build(seed=1).act(view) == close
    assert AgentSpec.parse("engine:worlds=3,closewin=0.9").build(seed=1).act(view) != close
    win_of_close[0] = 0.95
    assert AgentSpec.parse("engine:worlds=3,closewin=0.9").build(seed=1).act(view) == close
    # The default is left out of the spec; 0 (off) is written as given.
    assert CLOSEWIN == 0.8
    assert str(AgentSpec.parse("engine:worlds=3,closewin=0.8")) == "engine:worlds=3"
    assert default.name == "engine:worlds=3" and default.closewin == CLOSEWIN
    assert plain.name == "engine:closewin=0,worlds=3" and plain.closewin == 0.0
    assert AgentSpec.parse("ismcts:3").build(seed=0).closewin is None  # type: ignore[attr-defined]
    for bad in ("engine:closewin=1.5", "engine:closewin=-0.1", "ismcts:closewin=0.5"):
        with pytest.raises(AgentError):
            AgentSpec.parse(bad).build(seed=0)


def test_concede_false_plays_on_instead_of_a_false_claim(monkeypatch: pytest.MonkeyPatch) -> None:
    # recommend ranks a false claim (-2 in every world) above playing on (about -2.5): the
    # default concedes, concede=false plays the best other action.
    import dataclasses
    import importlib

    rec_mod = importlib.import_module("sixtysix_solver.advice.recommend")
    real = rec_mod.recommend
    game = Game.deal("schnapsen", seed=7)  # (a claim is legal on any own turn)
    claim = Action.parse("claim")
    assert claim in game.legal_actions()
    view = View.from_game(game, game.to_act)
    claim_mean = [-2.0]

    def rigged(v: View, **kw: Any) -> Any:
        r = real(v, **kw)
        acts = tuple(
            dataclasses.replace(a, mean=claim_mean[0], utility=claim_mean[0])
            if a.action == claim else dataclasses.replace(a, mean=-2.5 - i / 10, utility=-2.5 - i / 10)
            for i, a in enumerate(r.actions))
        best = max(acts, key=lambda a: a.utility).action
        return dataclasses.replace(r, actions=acts, best=best)

    monkeypatch.setattr(importlib.import_module("sixtysix_solver.agents.engine"), "recommend", rigged)
    assert AgentSpec.parse("engine:worlds=3").build(seed=1).act(view) == claim
    stubborn = AgentSpec.parse("engine:worlds=3,concede=false").build(seed=1)
    first_other = next(a for a in game.legal_actions() if a != claim)
    assert stubborn.act(view) == first_other  # the best of the others (-2.5)
    claim_mean[0] = 1.0  # a claim that wins is no concession
    assert stubborn.act(view) == claim
    assert stubborn.name == "engine:concede=false,worlds=3"
    assert str(AgentSpec.parse("engine:worlds=3,concede=true")) == "engine:worlds=3"
    assert AgentSpec.parse("engine:worlds=3,cards=0.02").build(seed=0).limits.card_tie == 0.02
    assert str(AgentSpec.parse("engine:worlds=3,cards=0.005")) == "engine:worlds=3"  # the default
    for bad in ("engine:concede=2", "ismcts:concede=false", "engine:cards=2", "ismcts:cards=0.1"):
        with pytest.raises(AgentError):
            AgentSpec.parse(bad).build(seed=0)


def test_engine_others_maxn_reaches_the_limits() -> None:
    agent = AgentSpec.parse("engine:worlds=3,others=maxn").build(seed=0)
    assert agent.limits.others == "maxn"  # type: ignore[attr-defined]
    assert agent.name == "engine:others=maxn,worlds=3"
    assert str(AgentSpec.parse("engine:worlds=3,others=auto")) == "engine:worlds=3"
    assert str(AgentSpec.parse("engine:worlds=3,others=paranoid")) == "engine:others=paranoid,worlds=3"
    assert AgentSpec.parse("engine:worlds=3").build(seed=0).limits.others == "auto"  # type: ignore[attr-defined]
    g = Game.deal("three-hand", seed=4)
    assert agent.act(View.from_game(g)) in g.legal_actions()
    for bad in ("engine:others=friendly", "ismcts:others=maxn"):
        with pytest.raises(AgentError, match="others"):
            AgentSpec.parse(bad).build(seed=0)


def test_engine_lookahead_reaches_the_limits() -> None:
    agent = AgentSpec.parse("engine:worlds=3,lookahead=1").build(seed=0)
    assert agent.limits.lookahead == 1  # type: ignore[attr-defined]
    assert agent.name == "engine:lookahead=1,worlds=3"
    g = Game.deal("three-hand", seed=4)
    assert agent.act(View.from_game(g)) in g.legal_actions()
    for bad, says in (("engine:lookahead=-1", "from 0 to 64"), ("engine:lookahead=65", "from 0 to 64"),
                      ("engine:lookahead=1,others=paranoid", "club's replies"),
                      ("ismcts:lookahead=1", "lookahead")):
        with pytest.raises(AgentError, match=says):
            AgentSpec.parse(bad).build(seed=0)


def test_anchor_keeps_the_club_players_choice_unless_the_engine_is_clearly_better(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The rigged recommendation prefers another action than the heuristic's by a paired
    # difference per world that we choose: noisy -> the club player's card; clear -> the engine's.
    game = Game.deal("schnapsen", seed=2)  # a lead where the two club players differ
    view = View.from_game(game, game.to_act)
    legal = game.legal_actions()
    club = HeuristicAgent(0, rules="basic").choose(view, legal)  # anchor's default club player
    expert = HeuristicAgent(0).choose(view, legal)
    assert expert != club
    other = next(a for a in legal if a not in (club, expert))
    noisy = [1, -1, 2, -1, 1, -2, 1, 0] * 2  # mean 1/8, se ~0.35
    rig = helpers.RiggedRecommend(monkeypatch, other, noisy)

    def pick(spec: str) -> Action:
        return AgentSpec.parse(spec).build(seed=1).act(view)

    assert pick("engine:worlds=3") == other
    assert pick("engine:worlds=3,anchor=1") == club  # 1/8 is well inside one standard error
    assert pick("engine:worlds=3,anchor=1,club=expert") == expert
    assert pick("engine:worlds=3,anchor=0") == other  # any lead at all
    rig.diffs = [1, 1, 2, 1] * 4  # always better: no noise
    assert pick("engine:worlds=3,anchor=3") == other
    rig.diffs = noisy
    rig.exact = True  # exact figures: better on average is enough
    assert pick("engine:worlds=3,anchor=3") == other
    assert str(AgentSpec.parse("engine:worlds=3,anchor=1").build(seed=1).spec) == (
        "engine:anchor=1.0,worlds=3")
    assert str(AgentSpec.parse("engine:worlds=3,anchor=1,club=expert").build(seed=1).spec) == (
        "engine:anchor=1.0,club=expert,worlds=3")
    for bad in ("engine:anchor=-1", "engine:anchor=true", "engine:anchor=x", "ismcts:anchor=1",
                "engine:anchor=1,club=smart", "ismcts:club=expert"):
        with pytest.raises(AgentError):
            AgentSpec.parse(bad).build(seed=0)


def test_paired_difference_is_the_mean_difference_over_the_worlds() -> None:
    import numpy as np

    from sixtysix_solver.advice.recommend import paired_difference, recommend

    game = Game.deal("schnapsen", seed=3)
    rec = recommend(game, worlds=30, seed=2, threads=1, exact=False)
    a, b = rec.actions[0].action, rec.actions[-1].action
    mean, se = paired_difference(rec, a, b)
    d = rec.values[:, 0].astype(float) - rec.values[:, -1].astype(float)
    assert mean == pytest.approx(float(np.average(d, weights=rec.weights)))
    assert mean == pytest.approx(rec.actions[0].mean - rec.actions[-1].mean)
    assert se >= 0 and (se > 0) == (len(set(d.tolist())) > 1)
    assert paired_difference(rec, a, a) == (0.0, 0.0)
    missing = next(Action.parse(c) for c in ("AS", "AH", "AD", "AC")
                   if Action.parse(c) not in [s.action for s in rec.actions])
    with pytest.raises(SixtySixError, match="not one of"):
        paired_difference(rec, a, missing)
