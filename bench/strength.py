"""The strength report: the arena runs behind ``docs/strength.md`` and the tables made from them.

    python bench/strength.py --list                 # the runs, and whether their results exist
    python bench/strength.py --run                  # play every run (resumes: finished matches stay)
    python bench/strength.py --run schnapsen-e3-heur --workers 2
    python bench/strength.py --report               # rewrite the tables in docs/strength.md

Each run is ``sixtysix arena`` with fixed agents, profile, match count and seed, so the same
command can replay one (``--show-commands``). Results are JSON-lines files in
``bench/strength/`` (one finished match per line, the arena's resumable format); the report is
computed from those files only, so ``tests/test_strength_report.py`` can check that the page
says what the files hold. Engine decisions with a time cap (``time=``) depend on the machine's
speed; the rest is deterministic for the seed.
"""

from __future__ import annotations

import argparse
import platform
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from sixtysix_solver import get_profile
from sixtysix_solver.rules.profiles import parse_overrides
from sixtysix_solver.play.arena import PairSummary, elo, load_results, match_jobs, run_jobs, summarize

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "strength"
DOC = HERE.parent / "docs" / "strength.md"
BEGIN, END = "<!-- strength tables: begin -->", "<!-- strength tables: end -->"


@dataclass(frozen=True)
class Run:
    """One arena run: every two of ``agents`` (two agents: one pairing), ``matches`` duplicate
    matches per pairing, deals seeded by ``seed``."""

    name: str
    profile: str
    agents: tuple[str, ...]
    matches: int
    seed: int
    purpose: str
    overrides: str = ""  # knob overrides of the profile, e.g. "false_claim=opp2or3"

    @property
    def path(self) -> Path:
        return RESULTS / f"{self.name}.jsonl"

    def command(self) -> str:
        rr = " --round-robin" if len(self.agents) > 2 else ""
        agents = " ".join(f"'{a}'" if "," in a else a for a in self.agents)
        knobs = "".join(f" --set {k}" for k in self.overrides.split(",") if k)
        return (f"sixtysix arena {agents} -p {self.profile}{knobs} -n {self.matches} "
                f"--seed {self.seed}{rr} --results bench/strength/{self.name}.jsonl")

    @property
    def legs(self) -> int:
        """Legs of a duplicate match: the seats swapped, or A in every seat of a solo game."""
        prof = get_profile(self.profile)
        return prof.players if prof.sides == prof.players > 2 else 2

    @property
    def label(self) -> str:
        """The profile as the tables name it (with its overrides)."""
        name = f"{self.profile} ({self.overrides})" if self.overrides else self.profile
        if self.legs > 2:  # A in one seat, B in all the others: even strength wins 1/legs
            name += f", A against {self.legs - 1} B (even: {100 / self.legs:.1f}%)"
        return name


# Engine agents run one search thread each: the arena plays one match per core.
def _off(profile: str) -> str:
    """``,follow=off,fallible=off`` in sixty-six, ``,infer=off,fallible=off`` in
    mariage-piquet and ``,fallible=off`` in mariage: the runs made there before
    ``follow=auto`` (twenty-eighth session), ``infer=auto`` (thirtieth) and ``fallible=auto``
    (thirty-first in mariage-piquet, thirty-third in sixty-six, thirty-fourth in mariage)
    became the defaults ran without them."""
    return {"sixty-six": ",follow=off,fallible=off",
            "mariage-piquet": ",infer=off,fallible=off",
            "mariage": ",fallible=off"}.get(profile, "")


RUNS = (
    Run("schnapsen-e3-heur", "schnapsen", ("engine:3,threads=1,closewin=0", "heuristic:basic"), 50, 1,
        "PIMC level 3 (100 worlds) against the heuristic club player"),
    Run("sixty-six-e3t1-heur", "sixty-six", ("engine:worlds=100,time=1,threads=1,closewin=0,follow=off,fallible=off", "heuristic:basic"),
        25, 1, "PIMC with 100 worlds capped at 1 s a decision against the heuristic"),
    Run("sixty-six-e3t1c-heur", "sixty-six",
        ("engine:worlds=100,time=1,closewin=0.9,threads=1,follow=off,fallible=off", "heuristic:basic"), 25, 1,
        "the same, closing only when closing wins in 90% of the worlds"),
    Run("four-hand-e2-heur", "four-hand", ("engine:2,threads=1,closewin=0", "heuristic:basic"), 20, 1,
        "PIMC level 2 (25 worlds) partners against heuristic partners"),
    Run("schnapsen-e3-ismcts3", "schnapsen", ("engine:3,threads=1,closewin=0", "ismcts:3,threads=1"), 20, 1,
        "the two recommendation methods head to head: PIMC 100 worlds, ISMCTS 5,000 iterations"),
    Run("schnapsen-rr", "schnapsen",
        ("engine:1,threads=1,closewin=0", "engine:2,threads=1,closewin=0", "engine:3,threads=1,closewin=0", "heuristic:basic"), 6, 2,
        "levels 1-3 and the heuristic, every pairing: an Elo table"),
    Run("sixty-six-e1-heur", "sixty-six", ("engine:1,threads=1,closewin=0,follow=off,fallible=off", "heuristic:basic"), 15, 1,
        "PIMC level 1 (5 worlds) against the heuristic"),
    Run("sixty-six-e3t2-heur", "sixty-six", ("engine:worlds=100,time=2,threads=1,closewin=0,follow=off,fallible=off", "heuristic:basic"),
        25, 1, "PIMC with 100 worlds capped at 2 s a decision against the heuristic"),
    Run("sixty-six-e3t1a-heur", "sixty-six",
        ("engine:worlds=100,time=1,threads=1,anchor=1,closewin=0,follow=off,fallible=off", "heuristic:basic"), 50, 1,
        "100 worlds capped at 1 s, anchored on the club player's choice (anchor=1)"),
    Run("sixty-six-e3t1ac-heur", "sixty-six",
        ("engine:worlds=100,time=1,threads=1,anchor=1,closewin=0.8,follow=off,fallible=off", "heuristic:basic"), 50, 1,
        "the same, anchored, closing only when closing wins in 80% of the worlds"),
    Run("four-hand-rr", "four-hand",
        ("engine:1,threads=1,closewin=0", "engine:2,threads=1,closewin=0", "engine:3,threads=1,closewin=0", "heuristic:basic"), 6, 2,
        "levels 1-3 and the heuristic partners, every pairing: an Elo table"),
    # Issue 19: 1 s a decision on one thread, the bounded-time advice (the horizon search where
    # whole-hand solves are costly), no anchor.
    Run("sixty-six-t1-heur", "sixty-six", ("engine:worlds=1000,time=1,threads=1,closewin=0,follow=off,fallible=off", "heuristic:basic"),
        20, 3, "1 s a decision, bounded-time advice (horizon search early), no anchor"),
    Run("mariage-t1-heur", "mariage",
        ("engine:worlds=1000,time=1,threads=1,closewin=0,fallible=off", "heuristic:basic"),
        15, 3, "mariage at 1 s a decision, bounded-time advice"),
    Run("schnapsen-t1-heur", "schnapsen", ("engine:worlds=1000,time=1,threads=1,closewin=0", "heuristic:basic"),
        20, 3, "schnapsen at 1 s a decision (the default rule: a false claim pays the receiver)"),
    Run("schnapsen-t1-heur-opp2or3", "schnapsen",
        ("engine:worlds=1000,time=1,threads=1,closewin=0", "heuristic:basic"), 20, 3,
        "the same where a false claim never pays: only play counts", "false_claim=opp2or3"),
    Run("sixty-six-t1-anchor", "sixty-six",
        ("engine:worlds=1000,time=1,threads=1,closewin=0,follow=off,fallible=off",
         "engine:worlds=100,time=1,threads=1,anchor=1,closewin=0.8,follow=off,fallible=off"), 10, 4,
        "head to head: the 1-s bounded-time engine against the best setting before it"),
    Run("double-deck-t1-heur", "double-deck", ("engine:worlds=1000,time=1,threads=1,closewin=0", "heuristic:basic"),
        10, 3, "double deck at 1 s a decision, bounded-time advice"),
    Run("mariage-piquet-t1-heur", "mariage-piquet",
        ("engine:worlds=1000,time=1,threads=1,closewin=0,infer=off,fallible=off", "heuristic:basic"), 10, 3,
        "mariage-piquet at 1 s a decision, bounded-time advice"),
    Run("four-hand-24-t1-heur", "four-hand-24",
        ("engine:worlds=1000,time=1,threads=1,closewin=0", "heuristic:basic"), 25, 3,
        "four-hand-24 partners at 1 s a decision (pairs 11-25 added in the twelfth session)"),
    Run("sixty-six-rr", "sixty-six",
        ("engine:1,threads=1,closewin=0,follow=off,fallible=off", "engine:worlds=100,time=1,threads=1,closewin=0,follow=off,fallible=off",
         "engine:worlds=100,time=1,threads=1,anchor=1,closewin=0,follow=off,fallible=off", "heuristic:basic"), 4, 2,
        "level 1, 100 worlds capped at 1 s with and without the anchor, and the heuristic"),
    # Issue 20: the new club player (heuristic) against the earlier rules (heuristic:basic) in
    # every profile the arena pairs, and the engine against the new club player.
    *(Run(f"{p}-club-basic{'-opp2or3' if o else ''}", p, ("heuristic", "heuristic:basic"),
          n, 5, "the club player against the earlier rules (heuristic:basic)", o)
      for p, n, o in (("schnapsen", 100, ""), ("schnapsen", 100, "false_claim=opp2or3"),
                      ("sixty-six", 100, ""), ("schnapsen-jaques", 50, ""),
                      ("sixty-six-jaques", 50, ""), ("mariage", 50, ""),
                      ("mariage-piquet", 50, ""), ("double-deck", 50, ""),
                      ("four-hand", 50, ""), ("four-hand-24", 50, ""))),
    Run("schnapsen-e3-club", "schnapsen", ("engine:3,threads=1,closewin=0", "heuristic"), 20, 1,
        "PIMC level 3 against the new club player"),
    Run("schnapsen-e3-club-opp2or3", "schnapsen", ("engine:3,threads=1,closewin=0", "heuristic"), 20, 1,
        "the same where a false claim never pays", "false_claim=opp2or3"),
    Run("sixty-six-t1ac-club", "sixty-six",
        ("engine:worlds=100,time=1,threads=1,anchor=1,closewin=0.8,follow=off,fallible=off", "heuristic"), 20, 1,
        "the best sixty-six setting of issue 19 (anchored on heuristic:basic) against the new club "
        "player"),
    Run("sixty-six-t1ac-club-s2", "sixty-six",
        ("engine:worlds=100,time=1,threads=1,anchor=1,closewin=0.8,follow=off,fallible=off", "heuristic"), 20, 2,
        "the same on other deals (seed 2): a replication (eleventh session)"),
    Run("sixty-six-anchor-expert-basic", "sixty-six",
        ("engine:worlds=100,time=1,threads=1,anchor=1,closewin=0.8,club=expert,follow=off,fallible=off",
         "engine:worlds=100,time=1,threads=1,anchor=1,closewin=0.8,follow=off,fallible=off"), 20, 1,
        "anchored on the new club player against anchored on the earlier rules (issue 20 item 3)"),
    # Issue 20 item 2, beyond PIMC: PIMC checked by IIMC playouts (advice/iimc.py) against plain
    # PIMC, both capped at 0.25 s a decision on one thread (equal time).
    *(Run(f"{p}-iimc-pimc", p, (f"engine:worlds=1000,time=0.25,threads=1,iimc=0.3,closewin=0{_off(p)}",
                               f"engine:worlds=1000,time=0.25,threads=1,closewin=0{_off(p)}"), 20, 7,
          "PIMC whose closes are checked by IIMC playouts (30% of the cap kept for them) "
          "against plain PIMC at the same cap") for p in ("schnapsen", "sixty-six")),
    *(Run(f"{p}-iimcj-pimc", p,
          (f"engine:worlds=1000,time=0.25,threads=1,iimc=0.3,judge=true,club=expert,closewin=0{_off(p)}",
           f"engine:worlds=1000,time=0.25,threads=1,closewin=0{_off(p)}"), 20, 7,
          "the same, and the club player's choice played out against PIMC's (judge=true)")
      for p in ("schnapsen", "sixty-six")),
    *(Run(f"{p}-anchor-pimc", p,
          (f"engine:worlds=1000,time=0.25,threads=1,anchor=1,club=expert,closewin=0.8{_off(p)}",
           f"engine:worlds=1000,time=0.25,threads=1,closewin=0{_off(p)}"), 20, 7,
          "PIMC anchored on the club player, closing only when closing wins in 80% of the "
          "worlds, against plain PIMC at the same cap") for p in ("schnapsen", "sixty-six")),
    Run("schnapsen-anchor-pimc-s8", "schnapsen",
        ("engine:worlds=1000,time=0.25,threads=1,anchor=1,club=expert,closewin=0.8",
         "engine:worlds=1000,time=0.25,threads=1,closewin=0"), 20, 8,
        "the anchored engine against PIMC again on other deals (seed 8): a replication"),
    *(Run(f"{p}-anchoriimc-pimc", p,
          (f"engine:worlds=1000,time=0.25,threads=1,anchor=1,club=expert,iimc=0.3,closewin=0{_off(p)}",
           f"engine:worlds=1000,time=0.25,threads=1,closewin=0{_off(p)}"), 20, 7,
          "PIMC anchored on the club player, its closes checked by IIMC playouts, against "
          "plain PIMC at the same cap") for p in ("schnapsen", "sixty-six")),
    # Issue 20 item 2, eleventh session: PIMC that infers the hidden cards from the others'
    # play (worlds weighted by the club player's likelihood of the past actions, infer=eps).
    *(Run(f"{p}-infer-pimc", p, (f"engine:worlds=1000,time=0.25,threads=1,infer=0.3,closewin=0{_off(p)}",
                                f"engine:worlds=1000,time=0.25,threads=1,closewin=0{_off(p)}"), 20, 7,
          "PIMC inferring the hidden cards from the opponent's play (worlds weighted by the basic "
          "club player's likelihood, eps 0.3) against plain PIMC at the same cap")
      for p in ("schnapsen", "sixty-six")),
    Run("sixty-six-t1aci-club", "sixty-six",
        ("engine:worlds=100,time=1,threads=1,anchor=1,closewin=0.8,club=expert,infer=0.3,follow=off,fallible=off",
         "heuristic"), 20, 1,
        "the best sixty-six setting, anchored on the club player and inferring the hidden cards "
        "from the club player's play (its own rules as the model, eps 0.3), against it"),
    Run("three-hand-club-basic", "three-hand", ("heuristic", "heuristic:basic"), 50, 5,
        "three-hand, the club player in one seat against the earlier rules in both others"),
    Run("three-hand-t1-club", "three-hand", ("engine:worlds=1000,time=1,threads=1,closewin=0,others=paranoid,infer=off", "heuristic"),
        20, 1, "three-hand, one seat against two club players (issue 19): PIMC capped at 1 s "
        "(sets 11-20 added in the twelfth session)"),
    # Fifteenth session: inference from the other players' play where PIMC solves every
    # decision exactly (no stock), and three-hand against the opponent.
    Run("four-hand-24-t1i-heur", "four-hand-24",
        ("engine:worlds=1000,time=1,threads=1,infer=0.3", "heuristic:basic"), 25, 3,
        "four-hand-24 at 1 s inferring the hidden cards from the play (the model is the "
        "opponents' own rules), on the deals of four-hand-24-t1-heur"),
    Run("three-hand-t1-basic", "three-hand", ("engine:worlds=1000,time=1,threads=1,others=paranoid,infer=off", "heuristic:basic"),
        20, 1, "three-hand, one seat against two basic club players (issue 19's opponent)"),
    Run("three-hand-t1i-basic", "three-hand",
        ("engine:worlds=1000,time=1,threads=1,infer=0.3,others=paranoid", "heuristic:basic"), 20, 1,
        "the same, inferring the hidden cards from the play"),
    *(Run(f"{p}-t1c-pimc", p, (f"engine:worlds=1000,time=1,threads=1{_off(p)}",
                                f"engine:worlds=1000,time=1,threads=1,closewin=0{_off(p)}"), 20, 4,
          f"head to head at equal time: PIMC closing only when sure against plain PIMC ({p})")
      for p in ("schnapsen", "sixty-six")),
    Run("schnapsen-e3i-club", "schnapsen", ("engine:3,threads=1,club=expert,infer=0.3,closewin=0", "heuristic"),
        20, 1, "PIMC level 3 inferring from the club player's play, against it"),
    *(Run(f"{p}-t1d-heur", p, (f"engine:worlds=1000,time=1,threads=1,closewin=0{_off(p)}",
                               "heuristic:basic"), 20, 3,
          f"{p} at 1 s a decision, the time left after the horizon search going to deeper "
          "passes (twelfth session; the same deals as the row before it, and more)")
      for p in ("mariage", "double-deck", "mariage-piquet")),
    # Thirteenth session: "auto" probes the exact solver's speed and takes the horizon search
    # when exact worlds come too slowly (early in a sixty-six deal at 1 s).
    Run("sixty-six-t1p-heur", "sixty-six", ("engine:worlds=1000,time=1,threads=1,closewin=0,follow=off,fallible=off", "heuristic:basic"),
        20, 3, "1 s a decision, auto probing the exact solver's speed (the deals of "
        "sixty-six-t1-heur, which solved every world exactly)"),
    Run("sixty-six-t1p-ab", "sixty-six",
        ("engine:worlds=1000,time=1,threads=1,closewin=0,follow=off,fallible=off", "engine:worlds=1000,time=1,threads=1,eval=exact,closewin=0,follow=off,fallible=off"),
        20, 4, "head to head: auto probing the exact solver's speed against exact worlds only"),
    Run("sixty-six-t1pc-heur", "sixty-six",
        ("engine:worlds=1000,time=1,threads=1,closewin=0.8,follow=off,fallible=off", "heuristic:basic"), 50, 3,
        "the same, closing only when closing wins in 80% of the worlds (no anchor; the first "
        "20 pairs are the deals of the two rows before it)"),
    Run("sixty-six-t1pc-anchor", "sixty-six",
        ("engine:worlds=1000,time=1,threads=1,closewin=0.8,follow=off,fallible=off",
         "engine:worlds=100,time=1,threads=1,anchor=1,closewin=0.8,follow=off,fallible=off"), 20, 4,
        "head to head: the probing engine, closing when sure, against the best setting before it"),
    Run("sixty-six-t1pc-club", "sixty-six",
        ("engine:worlds=1000,time=1,threads=1,closewin=0.8,follow=off,fallible=off", "heuristic"), 20, 1,
        "the probing engine, closing when sure, against the new club player"),
    # Fourteenth session: close only when sure in the long decks, where failed closes cost the
    # most (61 of the engine's 93 lost double-deck hands in double-deck-t1d-heur).
    *(Run(f"{p}-t1c-heur", p, (f"engine:worlds=1000,time=1,threads=1,closewin=0.8{_off(p)}",
                               "heuristic:basic"),
          30 if p == "double-deck" else 20, 3, f"{p} at 1 s, closing only when closing wins in 80% "
          f"of the worlds (the deals of {p}-t1{'' if p == 'schnapsen' else 'd'}-heur"
          f"{', and 10 pairs more' if p == 'double-deck' else ''})")
      for p in ("double-deck", "mariage", "schnapsen")),
    Run("sixty-six-t1pac-anchor", "sixty-six",
        ("engine:worlds=1000,time=1,threads=1,anchor=1,closewin=0.8,follow=off,fallible=off",
         "engine:worlds=100,time=1,threads=1,anchor=1,closewin=0.8,follow=off,fallible=off"), 20, 4,
        "head to head: the probing engine anchored to the club player against the same anchor "
        "on at most 100 exact worlds (the deals of sixty-six-t1pc-anchor)"),
    Run("sixty-six-t1pac-club", "sixty-six",
        ("engine:worlds=1000,time=1,threads=1,anchor=1,closewin=0.8,follow=off,fallible=off", "heuristic"), 20, 1,
        "the probing engine anchored to the club player, against the new club player (the deals "
        "of sixty-six-t1pc-club)"),
    Run("sixty-six-t1pac-club-s2", "sixty-six",
        ("engine:worlds=1000,time=1,threads=1,anchor=1,closewin=0.8,follow=off,fallible=off", "heuristic"), 20, 2,
        "the same on other deals (those of sixty-six-t1ac-club-s2)"),
    # Sixteenth session: mariage-piquet had not been run with closing only when sure.
    Run("mariage-piquet-t1c-heur", "mariage-piquet",
        ("engine:worlds=1000,time=1,threads=1,closewin=0.8,infer=off,fallible=off", "heuristic:basic"), 20, 3,
        "mariage-piquet at 1 s, closing only when closing wins in 80% of the worlds (the deals "
        "of mariage-piquet-t1d-heur)"),
    # Three players: ties between actions of equal paranoid game points broken by the card
    # points each secures (advice.stats.CARD_TIE), on the deals of three-hand-t1-basic.
    Run("three-hand-t1t-basic", "three-hand", ("engine:worlds=1000,time=1,threads=1,others=paranoid,infer=off", "heuristic:basic"),
        20, 1, "three-hand, one seat against two basic club players, ties broken by the card "
        "points (sixteenth session; the deals of three-hand-t1-basic)"),
    Run("three-hand-t1w-basic", "three-hand",
        ("engine:worlds=1000,time=1,threads=1,cards=0.02,others=paranoid,infer=off", "heuristic:basic"), 20, 1,
        "the same with card points weighing four times as much: 50 card points a game point"),
    Run("three-hand-t1t-club", "three-hand", ("engine:worlds=1000,time=1,threads=1,others=paranoid,infer=off", "heuristic"),
        20, 1, "three-hand against two new club players, ties broken by the card points (the "
        "deals of three-hand-t1-club)"),
    # A concession (a false claim) costs 2 in mariage-piquet; the engine made 12 in
    # mariage-piquet-t1c-heur, where PIMC's open-card worlds said that playing on cost more.
    Run("mariage-piquet-t1n-heur", "mariage-piquet",
        ("engine:worlds=1000,time=1,threads=1,concede=false,infer=off,fallible=off", "heuristic:basic"), 20, 3,
        "mariage-piquet at 1 s, never conceding by a false claim (the deals of "
        "mariage-piquet-t1c-heur)"),
    Run("mariage-piquet-t1a-heur", "mariage-piquet",
        ("engine:worlds=1000,time=1,threads=1,anchor=1,infer=off,fallible=off", "heuristic:basic"), 20, 3,
        "mariage-piquet at 1 s, anchored on the basic club player (the deals of "
        "mariage-piquet-t1c-heur)"),
    # Seventeenth session: an oracle that sees every card wins 97.5% of these deals against
    # heuristic:basic (bench/oracle.py), PIMC 62.5%: what the opponent's play reveals counts.
    Run("mariage-piquet-t1i-heur", "mariage-piquet",
        ("engine:worlds=1000,time=1,threads=1,infer=0.3,fallible=off", "heuristic:basic"), 20, 3,
        "mariage-piquet at 1 s inferring the hidden cards from the play (the model is the "
        "opponent's own rules; the deals of mariage-piquet-t1c-heur)"),
    # Max^n: every player for itself (cpp/maxn.cpp) instead of the paranoid value, 10-20 times
    # the nodes a world; the oracle of bench/oracle.py gains nothing by it (--tie maxn).
    Run("three-hand-t1m-basic", "three-hand",
        ("engine:worlds=1000,time=1,threads=1,others=maxn,infer=off", "heuristic:basic"), 20, 1,
        "three-hand, each world valued by max^n (every player for itself; the deals of "
        "three-hand-t1t-basic)"),
    # Nineteenth session: choosing by the chance to win the match (match=true) and anchoring
    # on the new club player (club=expert), on the deals of earlier rows.
    Run("mariage-piquet-t1m-heur", "mariage-piquet",
        ("engine:worlds=1000,time=1,threads=1,closewin=0.8,match=true,infer=off,fallible=off", "heuristic:basic"), 20, 3,
        "mariage-piquet at 1 s choosing by the chance to win the match (the deals of "
        "mariage-piquet-t1c-heur)"),
    Run("sixty-six-t1pacm-club", "sixty-six",
        ("engine:worlds=1000,time=1,threads=1,anchor=1,closewin=0.8,match=true,follow=off,fallible=off", "heuristic"), 20, 1,
        "the anchored engine choosing by the chance to win the match, against the new club "
        "player (the deals of sixty-six-t1pac-club)"),
    Run("sixty-six-t1pax-club", "sixty-six",
        ("engine:worlds=1000,time=1,threads=1,anchor=1,closewin=0.8,club=expert,follow=off,fallible=off", "heuristic"),
        20, 1, "the engine anchored on the new club player itself, against it (the deals of "
        "sixty-six-t1pac-club)"),
    Run("sixty-six-t1pax-club-s2", "sixty-six",
        ("engine:worlds=1000,time=1,threads=1,anchor=1,closewin=0.8,club=expert,follow=off,fallible=off", "heuristic"),
        20, 2, "the same on the deals of sixty-six-t1pac-club-s2"),
    # Nineteenth session: the oracle that knows the club's rules wins 86% of three-hand legs
    # (bench/oracle.py --tie reply); the engine now values worlds against those rules in the
    # core (others=club), and is measured against the new club player too, whose rules it
    # does not know.
    Run("three-hand-t1r-basic", "three-hand",
        ("engine:worlds=1000,time=1,threads=1,others=club,infer=off", "heuristic:basic"), 20, 1,
        "three-hand, each world valued by the seat's best line against the basic club's replies "
        "(the deals of three-hand-t1t-basic)"),
    Run("three-hand-t1r-club", "three-hand",
        ("engine:worlds=1000,time=1,threads=1,others=club,infer=off", "heuristic"), 20, 1,
        "the same against two new club players, whose rules differ from the modelled ones (the "
        "deals of three-hand-t1t-club)"),
    Run("three-hand-t1r10-basic", "three-hand",
        ("engine:worlds=10000,time=1,threads=1,others=club,infer=off", "heuristic:basic"), 20, 1,
        "the same with up to 10,000 worlds a decision (a world costs a few thousand nodes, so "
        "1,000 take about 40 ms; the deals of three-hand-t1t-basic)"),
    Run("three-hand-t1ri-basic", "three-hand",
        ("engine:worlds=1000,time=1,threads=1,others=club,infer=0.3", "heuristic:basic"), 20, 1,
        "valued against the club's replies and weighted by how likely the club's past actions "
        "were in each world (the deals of three-hand-t1t-basic)"),
    Run("three-hand-t1r-engine", "three-hand",
        ("engine:worlds=1000,time=1,threads=1,others=club,infer=off", "engine:worlds=1000,time=1,threads=1,others=paranoid,infer=off"),
        20, 1, "the club model against two default engines (the paranoid value), which follow no "
        "club rules"),
    # Twenty-first session: more deals and sharper inference before others=club becomes the
    # three-hand default.
    Run("three-hand-t1t-club-s2", "three-hand", ("engine:worlds=1000,time=1,threads=1,others=paranoid,infer=off", "heuristic"),
        20, 2, "the paranoid value against two new club players, on the deals of seed 2"),
    Run("three-hand-t1r-club-s2", "three-hand",
        ("engine:worlds=1000,time=1,threads=1,others=club,infer=off", "heuristic"), 20, 2,
        "the club's replies against two new club players (the deals of three-hand-t1t-club-s2)"),
    Run("three-hand-t1ri-club", "three-hand",
        ("engine:worlds=1000,time=1,threads=1,others=club,infer=0.3", "heuristic"), 20, 1,
        "the club's replies and the worlds weighted by the basic club's past actions, against "
        "two new club players (the deals of three-hand-t1t-club)"),
    Run("three-hand-t1ri05-basic", "three-hand",
        ("engine:worlds=1000,time=1,threads=1,others=club,infer=0.05", "heuristic:basic"), 20, 1,
        "the same model trusted more (eps 0.05), against two basic club players (the deals of "
        "three-hand-t1t-basic)"),
    Run("mariage-piquet-t1x-heur", "mariage-piquet",
        ("engine:worlds=1000,time=1,threads=1,eval=exact,infer=off,fallible=off", "heuristic:basic"), 20, 3,
        "mariage-piquet at 1 s with every world solved to the end of the hand instead of the "
        "horizon search early in the deal (the deals of mariage-piquet-t1c-heur)"),
    Run("three-hand-t1r0-basic", "three-hand",
        ("engine:worlds=1000,time=1,threads=1,others=club,lookahead=0,infer=off", "heuristic:basic"), 20, 1,
        "the club's replies with the seat planning nothing ahead with the cards seen: the club's play values each action (the deals of three-hand-t1t-basic)"),
    Run("three-hand-t1r0-club", "three-hand",
        ("engine:worlds=1000,time=1,threads=1,others=club,lookahead=0,infer=off", "heuristic"), 20, 1,
        "the club's replies with the seat planning nothing ahead with the cards seen: the club's play values each action (the deals of three-hand-t1t-club)"),
    Run("three-hand-t1r1-basic", "three-hand",
        ("engine:worlds=1000,time=1,threads=1,others=club,lookahead=1,infer=off", "heuristic:basic"), 20, 1,
        "the club's replies with the seat planning its next decision with the cards seen, then playing by the club's rules (the deals of three-hand-t1t-basic)"),
    Run("three-hand-t1r1-club", "three-hand",
        ("engine:worlds=1000,time=1,threads=1,others=club,lookahead=1,infer=off", "heuristic"), 20, 1,
        "the club's replies with the seat planning its next decision with the cards seen, then playing by the club's rules (the deals of three-hand-t1t-club)"),
    Run("three-hand-t1r2-basic", "three-hand",
        ("engine:worlds=1000,time=1,threads=1,others=club,lookahead=2,infer=off", "heuristic:basic"), 20, 1,
        "the club's replies with the seat planning its next two decisions with the cards seen (the deals of three-hand-t1t-basic)"),
    Run("three-hand-t1r2-club", "three-hand",
        ("engine:worlds=1000,time=1,threads=1,others=club,lookahead=2,infer=off", "heuristic"), 20, 1,
        "the club's replies with the seat planning its next two decisions with the cards seen (the deals of three-hand-t1t-club)"),
    # Three-hand legs against the club's replies cost seconds: 100 duplicate matches (300 legs)
    # on new deals pin the default's share down where 20 left it +-12 points.
    Run("three-hand-c100-basic", "three-hand",
        ("engine:worlds=1000,time=1,threads=1,others=club,infer=off", "heuristic:basic"), 100, 7,
        "the default three-hand engine (the club's replies) against two basic club players, "
        "100 duplicate matches on new deals"),
    Run("three-hand-c100-club", "three-hand",
        ("engine:worlds=1000,time=1,threads=1,others=club,infer=off", "heuristic"), 100, 7,
        "the same against two new club players (the deals of three-hand-c100-basic)"),
    Run("three-hand-p40-club", "three-hand",
        ("engine:worlds=1000,time=1,threads=1,others=paranoid,infer=off", "heuristic"), 40, 7,
        "the paranoid value on the first 40 deals of three-hand-c100-club (a paranoid "
        "decision costs ten times as much)"),
    Run("three-hand-c27i-basic", "three-hand",
        ("engine:worlds=1000,time=1,threads=1,others=club,infer=0.05", "heuristic:basic"), 27, 7,
        "the club's replies with the worlds weighted by the basic club's likelihood of the "
        "others' past actions (infer=0.05) against two basic club players (the first 27 deals "
        "of three-hand-c100-basic; stopped there for the two-player runs)"),
    # Two players against the club's replies (the core's club rules now take the stock): the
    # seat plans its next two decisions with the world's cards seen, then plays by the rules.
    Run("mariage-piquet-t1cl2-heur", "mariage-piquet",
        ("engine:worlds=1000,time=1,threads=1,others=club,lookahead=2,infer=off,fallible=off", "heuristic:basic"), 20, 3,
        "mariage-piquet valuing each world by the seat's best two decisions against the basic "
        "club's replies, then the club's play (the deals of mariage-piquet-t1c-heur)"),
    Run("mariage-t1cl2-heur", "mariage",
        ("engine:worlds=1000,time=1,threads=1,others=club,lookahead=2,fallible=off",
         "heuristic:basic"), 20, 3, "the same in mariage (the deals of mariage-t1c-heur)"),
    Run("sixty-six-t1cl2-club", "sixty-six",
        ("engine:worlds=1000,time=1,threads=1,others=club,lookahead=2,follow=off,fallible=off", "heuristic"), 20, 1,
        "the same in sixty-six against the new club player, whose rules differ from the "
        "modelled ones (the deals of sixty-six-t1pc-club)"),
    Run("mariage-piquet-s5-heur", "mariage-piquet",
        ("engine:worlds=1000,time=1,threads=1,infer=off,fallible=off", "heuristic:basic"), 20, 5,
        "the default engine on new mariage-piquet deals"),
    Run("mariage-piquet-s5cl2-heur", "mariage-piquet",
        ("engine:worlds=1000,time=1,threads=1,others=club,lookahead=2,infer=off,fallible=off", "heuristic:basic"), 20, 5,
        "the club's replies on the deals of mariage-piquet-s5-heur"),
    Run("sixty-six-t1cl2-engine", "sixty-six",
        ("engine:worlds=1000,time=1,threads=1,others=club,lookahead=2,follow=off,fallible=off", "engine:worlds=1000,time=1,threads=1,follow=off,fallible=off"),
        20, 1, "the club's replies against the default engine, which follows no club rules"),
    Run("sixty-six-t1cl2-heur", "sixty-six",
        ("engine:worlds=1000,time=1,threads=1,others=club,lookahead=2,follow=off,fallible=off", "heuristic:basic"), 20, 3,
        "the club's replies in sixty-six against the basic club player (the first 20 deals of "
        "sixty-six-t1pc-heur)"),
    Run("schnapsen-t1cl2-heur", "schnapsen",
        ("engine:worlds=1000,time=1,threads=1,others=club,lookahead=2", "heuristic:basic"), 20, 3,
        "the same in schnapsen (the deals of schnapsen-t1c-heur)"),
    # The exploit only while the opponent's play fits the basic rules (exploit=true).
    Run("sixty-six-t1ex-heur", "sixty-six",
        ("engine:worlds=1000,time=1,threads=1,exploit=true,follow=off,fallible=off", "heuristic:basic"), 20, 3,
        "exploiting the basic club player while its play fits its rules (the deals of "
        "sixty-six-t1cl2-heur)"),
    Run("sixty-six-t1ex-club", "sixty-six",
        ("engine:worlds=1000,time=1,threads=1,exploit=true,follow=off,fallible=off", "heuristic"), 20, 1,
        "the same against the new club player (the deals of sixty-six-t1cl2-club)"),
    Run("sixty-six-t1ex-engine", "sixty-six",
        ("engine:worlds=1000,time=1,threads=1,exploit=true,follow=off,fallible=off", "engine:worlds=1000,time=1,threads=1,follow=off,fallible=off"),
        20, 1, "the same against the default engine (the deals of sixty-six-t1cl2-engine)"),
    Run("mariage-piquet-t1ex-heur", "mariage-piquet",
        ("engine:worlds=1000,time=1,threads=1,exploit=true,infer=off,fallible=off", "heuristic:basic"), 20, 3,
        "the same in mariage-piquet against the basic club player (the deals of "
        "mariage-piquet-t1cl2-heur)"),
    # Twenty-third session: among PIMC's near-best actions, the one that leaves a fallible
    # opponent (the club's replies) the most chances (issue 20's methods beyond PIMC).
    Run("sixty-six-t1f-club", "sixty-six",
        ("engine:worlds=1000,time=1,threads=1,fallible=0.05,follow=off", "heuristic"), 20, 1,
        "near-ties broken by the line against the club's replies, against the new club player "
        "(the deals of sixty-six-t1pc-club)"),
    Run("sixty-six-t1f-pimc", "sixty-six",
        ("engine:worlds=1000,time=1,threads=1,fallible=0.05,follow=off", "engine:worlds=1000,time=1,threads=1,follow=off,fallible=off"),
        20, 1, "the same head to head against the default engine at equal time (the deals of "
        "sixty-six-t1ex-engine)"),
    Run("schnapsen-t1f-pimc", "schnapsen",
        ("engine:worlds=1000,time=1,threads=1,fallible=0.05", "engine:worlds=1000,time=1,threads=1"),
        20, 4, "the same in schnapsen (the deals of schnapsen-t1c-pimc)"),
    Run("sixty-six-t1f-anchor", "sixty-six",
        ("engine:worlds=1000,time=1,threads=1,fallible=0.05,follow=off",
         "engine:worlds=100,time=1,threads=1,anchor=1,follow=off,fallible=off"), 20, 4,
        "the same against issue 19's best setting before (the deals of sixty-six-t1pc-anchor)"),
    Run("mariage-piquet-t1f-heur", "mariage-piquet",
        ("engine:worlds=1000,time=1,threads=1,fallible=0.05,infer=off", "heuristic:basic"), 20, 3,
        "the same in mariage-piquet (the deals of mariage-piquet-t1c-heur)"),
    Run("sixty-six-t1f-club-s2", "sixty-six",
        ("engine:worlds=1000,time=1,threads=1,fallible=0.05,follow=off", "heuristic"), 20, 2,
        "against the new club player on other deals (those of sixty-six-t1pac-club-s2)"),
    Run("sixty-six-t1f-pimc-s5", "sixty-six",
        ("engine:worlds=1000,time=1,threads=1,fallible=0.05,follow=off", "engine:worlds=1000,time=1,threads=1,follow=off,fallible=off"),
        20, 5, "head to head against the default engine on other deals (seed 5)"),
    Run("schnapsen-t1f-pimc-s5", "schnapsen",
        ("engine:worlds=1000,time=1,threads=1,fallible=0.05", "engine:worlds=1000,time=1,threads=1"),
        20, 5, "the same in schnapsen on other deals (seed 5)"),
    # Twenty-seventh session: the club player's card when answering a lead early in the open
    # phase, where the forks found PIMC's answers worse (issue 20).
    Run("sixty-six-t1fo-club", "sixty-six",
        ("engine:worlds=1000,time=1,threads=1,club=expert,follow=6,fallible=off", "heuristic"), 20, 1,
        "the club's early answers, against the new club player (the deals of "
        "sixty-six-t1pc-club)"),
    Run("sixty-six-t1fo-club-s2", "sixty-six",
        ("engine:worlds=1000,time=1,threads=1,club=expert,follow=6,fallible=off", "heuristic"), 20, 2,
        "the same on other deals (those of sixty-six-t1f-club-s2)"),
    Run("sixty-six-t1fo-club-s3", "sixty-six",
        ("engine:worlds=1000,time=1,threads=1,club=expert,follow=6,fallible=off", "heuristic"), 20, 3,
        "the same on a third set of deals (seed 3)"),
    # Twenty-eighth session: the default engine on the same deals, for paired differences.
    Run("sixty-six-t1pc-club-s2", "sixty-six",
        ("engine:worlds=1000,time=1,threads=1,follow=off,fallible=off", "heuristic"), 20, 2,
        "the default engine against the new club player on the deals of sixty-six-t1fo-club-s2"),
    Run("sixty-six-t1pc-club-s3", "sixty-six",
        ("engine:worlds=1000,time=1,threads=1,follow=off,fallible=off", "heuristic"), 20, 3,
        "the same on the deals of sixty-six-t1fo-club-s3"),
    Run("sixty-six-t1fo-anchor", "sixty-six",
        ("engine:worlds=1000,time=1,threads=1,club=expert,follow=6,fallible=off",
         "engine:worlds=100,time=1,threads=1,anchor=1,closewin=0.8,follow=off,fallible=off"), 20, 4,
        "head to head: the club's early answers against the best setting before the probing "
        "engine (the deals of sixty-six-t1pc-anchor)"),
    # The default since the twenty-eighth session (follow=auto: 6 in sixty-six).
    Run("sixty-six-t1auto-heur", "sixty-six", ("engine:worlds=1000,time=1,threads=1,fallible=off", "heuristic:basic"),
        50, 3, "the default engine, answering early leads by the club player's card, against "
        "the basic club player (the deals of sixty-six-t1pc-heur, where it won 86.0% before)"),
    *(Run(f"sixty-six-t1fof-club{'' if seed == 1 else f'-s{seed}'}", "sixty-six",
          ("engine:worlds=1000,time=1,threads=1,fallible=0.05", "heuristic"), 20, seed,
          f"the new default with fallible's near-ties against the new club player (the deals of "
          f"sixty-six-t1fo-club{'' if seed == 1 else f'-s{seed}'})") for seed in (1, 2, 3)),
    Run("sixty-six-t1auto-club-s4", "sixty-six", ("engine:worlds=1000,time=1,threads=1,fallible=off", "heuristic"),
        20, 4, "the new default against the new club player on a fourth set of deals"),
    Run("sixty-six-t1fof-club-s4", "sixty-six",
        ("engine:worlds=1000,time=1,threads=1,fallible=0.05", "heuristic"), 20, 4,
        "the same with fallible's near-ties"),
    # Does follow carry to sixty-six-jaques (same deck and stock)? Default (follow off there)
    # and follow=6 on the same deals.
    *(Run(f"sixty-six-jaques-t1{tag}-club", "sixty-six-jaques",
          (f"engine:worlds=1000,time=1,threads=1{extra},fallible=off", "heuristic"), 20, 1,
          f"sixty-six-jaques against the new club player: {what}")
      for tag, extra, what in (("", "", "the default then (follow and fallible off here)"),
                               ("fo", ",follow=6", "the club's early answers (follow=6)"))),
    # Twenty-ninth session: inference valued too few worlds (weighting a world averaged 32 of
    # its pasts: about 70-150 worlds a decision in mariage-piquet's open phase, against
    # 1,000 without). One sampled past a world gives an unbiased, rougher weight.
    Run("mariage-piquet-t1i1-heur", "mariage-piquet",
        ("engine:worlds=1000,time=1,threads=1,infer=0.3,pasts=1,fallible=off", "heuristic:basic"), 20, 3,
        "mariage-piquet inferring the hidden cards with one sampled past a world (the deals of "
        "mariage-piquet-t1i-heur)"),
    *(Run(f"mariage-piquet-t1{tag}-heur-s{seed}", "mariage-piquet",
          (f"engine:worlds=1000,time=1,threads=1{extra},fallible=off", "heuristic:basic"), 20, seed,
          f"mariage-piquet on another set of deals (seed {seed}): {what}")
      for seed in (4, 5)
      for tag, extra, what in (("", ",infer=off", "the default then"),
                               ("i1", ",infer=0.3,pasts=1", "inferring, one past a world"))),
    # The hands oracle (bench/oracle.py --tie hands) wins 95% there: a sharper model of the
    # deterministic opponent (eps 0.1), one past a world.
    *(Run(f"mariage-piquet-t1i1e10-heur{'' if seed == 3 else f'-s{seed}'}", "mariage-piquet",
          ("engine:worlds=1000,time=1,threads=1,infer=0.1,pasts=1,fallible=off", "heuristic:basic"), 20, seed,
          f"mariage-piquet inferring with eps 0.1, one past a world (the deals of "
          f"mariage-piquet-t1i1-heur{'' if seed == 3 else f'-s{seed}'})") for seed in (3, 5)),
    *(Run(f"mariage-piquet-t1ic-heur{'' if seed == 3 else f'-s{seed}'}", "mariage-piquet",
          ("engine:worlds=1000,time=1,threads=1,infer=0.1,fallible=off", "heuristic:basic"), 20, seed,
          f"mariage-piquet inferring with eps 0.1, 32 pasts a world valued in the core (the "
          f"deals of mariage-piquet-t1i1-heur{'' if seed == 3 else f'-s{seed}'})")
      for seed in (3, 4, 5)),
    Run("mariage-piquet-t1ic5-heur", "mariage-piquet",
        ("engine:worlds=1000,time=1,threads=1,infer=0.05,fallible=off", "heuristic:basic"), 20, 3,
        "the same with a sharper model, eps 0.05 (the deals of mariage-piquet-t1i1-heur)"),
    Run("mariage-piquet-t1ic128-heur", "mariage-piquet",
        ("engine:worlds=1000,time=1,threads=1,infer=0.1,pasts=128,fallible=off", "heuristic:basic"), 20, 3,
        "eps 0.1 with 128 pasts a world (the deals of mariage-piquet-t1i1-heur)"),
    # Thirtieth session: infer=auto (0.1 in mariage-piquet) is the default. Against players
    # the model is not: the new club player, and the engine without inference.
    *(Run(f"mariage-piquet-t1{tag}-club", "mariage-piquet",
          (f"engine:worlds=1000,time=1,threads=1{extra},fallible=off", "heuristic"), 20, 6,
          f"mariage-piquet against the new club player: {what}")
      for tag, extra, what in (("", ",infer=off", "the default before"),
                               ("auto", "", "the new default, infer=auto (0.1)"))),
    Run("mariage-piquet-t1auto-engine", "mariage-piquet",
        ("engine:worlds=1000,time=1,threads=1,fallible=off", "engine:worlds=1000,time=1,threads=1,infer=off,fallible=off"),
        20, 7, "head to head: the new default against the default before"),
    Run("sixty-six-t1ic-anchor", "sixty-six",
        ("engine:worlds=1000,time=1,threads=1,infer=0.3,fallible=off",
         "engine:worlds=100,time=1,threads=1,anchor=1,closewin=0.8,follow=off,fallible=off"), 20, 4,
        "head to head: the default inferring with the basic club model against A100, who plays "
        "the basic club's card unless sure of better (the deals of sixty-six-t1pc-anchor)"),
    Run("sixty-six-t1ei1-club", "sixty-six",
        ("engine:worlds=1000,time=1,threads=1,club=expert,infer=0.3,pasts=1,fallible=off", "heuristic"), 20, 1,
        "the default inferring the hidden cards with the new club player as the model, one past "
        "a world, against that player (the deals of sixty-six-t1fo-club)"),
    # Thirty-first session: the default (infer=auto, 0.1) with fallible's near-ties, whose
    # replies are the basic club player's: the model of the opponent twice over.
    *(Run(f"mariage-piquet-t1icf-heur{'' if seed == 3 else f'-s{seed}'}", "mariage-piquet",
          ("engine:worlds=1000,time=1,threads=1,fallible=0.05", "heuristic:basic"), 20, seed,
          f"the default (inferring, eps 0.1) with fallible's near-ties (the deals of "
          f"mariage-piquet-t1ic-heur{'' if seed == 3 else f'-s{seed}'})")
      for seed in (3, 4, 5)),
    # ... against players the model is not: the new club player (the deals of
    # mariage-piquet-t1auto-club) and, head to head, the default without fallible.
    Run("mariage-piquet-t1icf-club", "mariage-piquet",
        ("engine:worlds=1000,time=1,threads=1,fallible=0.05", "heuristic"), 20, 6,
        "the default with fallible's near-ties against the new club player (the deals of "
        "mariage-piquet-t1auto-club)"),
    Run("mariage-piquet-t1icf-engine", "mariage-piquet",
        ("engine:worlds=1000,time=1,threads=1,fallible=0.05", "engine:worlds=1000,time=1,threads=1,fallible=off"),
        20, 7, "head to head: the default with fallible's near-ties against the default without "
        "(the deals of mariage-piquet-t1auto-engine)"),
    # fallible=auto (0.05 in mariage-piquet) is the default: the default as the arena builds
    # it, against the default before, on new deals (seed 8).
    *(Run(f"mariage-piquet-t1{tag}-heur-s8", "mariage-piquet",
          (f"engine:worlds=1000,time=1,threads=1{extra}", "heuristic:basic"), 20, 8,
          f"mariage-piquet on new deals: {what}")
      for tag, extra, what in (("auto2", "", "the new default (infer=auto, fallible=auto)"),
                               ("ic", ",fallible=off", "the default before (infer=auto)"))),
    # The full club player's likelihoods in the core (cpp/expert.cpp): inference with the model
    # of sixty-six's new club player, 32 pasts a world, against that player (the deals of the
    # default's runs sixty-six-t1fo-club, -s2, -s3 and sixty-six-t1auto-club-s4).
    *(Run(f"sixty-six-t1eic-club{'' if seed == 1 else f'-s{seed}'}", "sixty-six",
          ("engine:worlds=1000,time=1,threads=1,club=expert,infer=0.1,fallible=off", "heuristic"), 20, seed,
          "the default inferring with the new club player as the model (eps 0.1, valued in the "
          "core) against that player") for seed in (1, 2, 3, 4)),
    # Thirty-second session: a third set of deals for fallible against PIMC in schnapsen.
    Run("schnapsen-t1f-pimc-s6", "schnapsen",
        ("engine:worlds=1000,time=1,threads=1,fallible=0.05", "engine:worlds=1000,time=1,threads=1"),
        20, 6, "fallible's near-ties against plain PIMC in schnapsen on a third set of deals"),
    # The seat's best line against the full club player's replies (others=expert, in the core),
    # against that player: what knowing its rules is worth (the deals of sixty-six-t1fo-club and
    # the schnapsen runs of seed 1).
    *(Run(f"{p}-t1x2-club", p,
          ("engine:worlds=1000,time=1,threads=1,others=expert,lookahead=2"
           + (",fallible=off" if p == "sixty-six" else ""), "heuristic"), 20, 1,
          "PIMC against the full club player's replies (the seat planning two decisions with the "
          "cards seen), against that player") for p in ("sixty-six", "schnapsen")),
    # Fallible's near-ties broken against the full club player's replies (club=expert), on the
    # deals of sixty-six-t1fof-club, -s2, -s3 and -s4 (the same against the basic rules').
    *(Run(f"sixty-six-t1fx-club{'' if seed == 1 else f'-s{seed}'}", "sixty-six",
          ("engine:worlds=1000,time=1,threads=1,fallible=0.05,club=expert", "heuristic"), 20,
          seed, "fallible's near-ties against the full club player's replies, against that "
          "player") for seed in (1, 2, 3, 4)),
    # exploit=true with club=expert: against the full club player's replies while the other's
    # play fits that player's rules, the plain value once it does not (the deals of
    # sixty-six-t1fo-club, -s2, -s3 and sixty-six-t1auto-club-s4; then against the default
    # engine on those of sixty-six-t1fo-anchor).
    *(Run(f"sixty-six-t1xe-club{'' if seed == 1 else f'-s{seed}'}", "sixty-six",
          ("engine:worlds=1000,time=1,threads=1,exploit=true,club=expert,fallible=off", "heuristic"), 20,
          seed, "exploiting the full club player while its play fits its rules, against it")
      for seed in (1, 2, 3, 4)),
    Run("sixty-six-t1xe-engine", "sixty-six",
        ("engine:worlds=1000,time=1,threads=1,exploit=true,club=expert,fallible=off",
         "engine:worlds=1000,time=1,threads=1,fallible=off"), 20, 4,
        "the same against the default engine, whose play does not fit those rules"),
    # Thirty-third session: fallible's near-ties against the full club player's replies, head
    # to head against the default engine (the deals of sixty-six-t1xe-engine) and against
    # plain PIMC in schnapsen (the deals of schnapsen-t1f-pimc).
    Run("sixty-six-t1fx-engine", "sixty-six",
        ("engine:worlds=1000,time=1,threads=1,fallible=0.05,club=expert",
         "engine:worlds=1000,time=1,threads=1,fallible=off"), 20, 4,
        "fallible's near-ties against the full club player's replies, head to head against the "
        "default engine before them (fallible off in sixty-six)"),
    Run("schnapsen-t1fx-pimc", "schnapsen",
        ("engine:worlds=1000,time=1,threads=1,fallible=0.05,club=expert",
         "engine:worlds=1000,time=1,threads=1"), 20, 4,
        "the same against plain PIMC in schnapsen"),
    # The new default in sixty-six (fallible=auto: 0.05 against the full club player's
    # replies) against that player on new deals, the default before on the same deals; then
    # head to head against issue 19's A100 (the deals of sixty-six-t1fo-anchor).
    Run("sixty-six-t1fxauto-club-s8", "sixty-six",
        ("engine:worlds=1000,time=1,threads=1", "heuristic"), 20, 8,
        "the default since the thirty-third session against the new club player, new deals"),
    Run("sixty-six-t1auto-club-s8", "sixty-six",
        ("engine:worlds=1000,time=1,threads=1,fallible=off", "heuristic"), 20, 8,
        "the default before (fallible off in sixty-six) on the same deals"),
    Run("sixty-six-t1fxauto-anchor", "sixty-six",
        ("engine:worlds=1000,time=1,threads=1",
         "engine:worlds=100,time=1,threads=1,anchor=1,closewin=0.8,follow=off,fallible=off"), 20, 4,
        "the new default head to head against issue 19's best setting before (A100)"),
    Run("sixty-six-t1fxauto-heur", "sixty-six",
        ("engine:worlds=1000,time=1,threads=1", "heuristic:basic"), 50, 3,
        "the new default against the basic club player (issue 19's 85%; the deals of "
        "sixty-six-t1auto-heur)"),
    # Thirty-fourth session: does fallible=auto carry to sixty-six-jaques (same deck and
    # stock)? The near-ties against the full club player's replies on the deals of
    # sixty-six-jaques-t1-club and on new deals; the sixty-six default against A100 anew.
    Run("sixty-six-jaques-t1fx-club", "sixty-six-jaques",
        ("engine:worlds=1000,time=1,threads=1,fallible=0.05,replies=expert", "heuristic"), 20, 1,
        "sixty-six-jaques against the new club player: fallible's near-ties against that "
        "player's replies (the deals of sixty-six-jaques-t1-club)"),
    *(Run(f"sixty-six-jaques-t1{tag}-club-s2", "sixty-six-jaques",
          (f"engine:worlds=1000,time=1,threads=1{extra}", "heuristic"), 20, 2,
          f"the same on new deals (seed 2): {what}")
      for tag, extra, what in (("", ",fallible=off", "the default then (fallible off)"),
                               ("fx", ",fallible=0.05,replies=expert", "fallible's near-ties"))),
    Run("sixty-six-jaques-t1fx-engine", "sixty-six-jaques",
        ("engine:worlds=1000,time=1,threads=1,fallible=0.05,replies=expert",
         "engine:worlds=1000,time=1,threads=1,fallible=off"), 20, 4,
        "head to head: the near-ties against the full club player's replies against the "
        "default engine, which those replies do not model"),
    Run("sixty-six-t1fxauto-anchor-s5", "sixty-six",
        ("engine:worlds=1000,time=1,threads=1",
         "engine:worlds=100,time=1,threads=1,anchor=1,closewin=0.8,follow=off,fallible=off"), 20, 5,
        "the default since the thirty-third session head to head against A100 on new deals"),
    Run("three-hand-c27i3-basic", "three-hand",
        ("engine:worlds=1000,time=1,threads=1,others=club,infer=0.001", "heuristic:basic"), 27, 7,
        "the same with a sharper model (infer=0.001: a world in which one of the others' "
        "actions was not the basic club's weighs a thousandth; the deals of "
        "three-hand-c27i-basic)"),
    # The new default in sixty-six-jaques on a third set of deals, and the default before.
    Run("sixty-six-jaques-t1fxauto-club-s3", "sixty-six-jaques",
        ("engine:worlds=1000,time=1,threads=1", "heuristic"), 20, 3,
        "the default since the thirty-fourth session (fallible=auto) against the new club "
        "player, on a third set of deals"),
    Run("sixty-six-jaques-t1auto-club-s3", "sixty-six-jaques",
        ("engine:worlds=1000,time=1,threads=1,fallible=off", "heuristic"), 20, 3,
        "the default before on the same deals"),
    # Fallible's near-ties where they were not measured: mariage (against the basic rules'
    # replies, issue 19's opponent) and schnapsen-jaques (against the full club player's).
    Run("mariage-t1fx-heur", "mariage",
        ("engine:worlds=1000,time=1,threads=1,fallible=0.05", "heuristic:basic"), 20, 3,
        "mariage with fallible's near-ties against the basic club player's replies (the deals "
        "of mariage-t1c-heur)"),
    *(Run(f"schnapsen-jaques-t1{tag}-club", "schnapsen-jaques",
          (f"engine:worlds=1000,time=1,threads=1{extra}", "heuristic"), 20, 1,
          f"schnapsen-jaques against the new club player: {what}")
      for tag, extra, what in (("", ",fallible=off", "the default"),
                               ("fx", ",fallible=0.05,replies=expert",
                                "fallible's near-ties against that player's replies"))),
    *(Run(f"schnapsen-jaques-t1{tag}-club-s{seed}", "schnapsen-jaques",
          (f"engine:worlds=1000,time=1,threads=1{extra}", "heuristic"), 20, seed,
          f"the same on another set of deals: {what}")
      for seed in (2, 3, 4)
      for tag, extra, what in (("", ",fallible=off", "the default"),
                               ("fx", ",fallible=0.05,replies=expert", "fallible's near-ties"))),
    Run("schnapsen-jaques-t1fx-engine", "schnapsen-jaques",
        ("engine:worlds=1000,time=1,threads=1,fallible=0.05,replies=expert",
         "engine:worlds=1000,time=1,threads=1,fallible=off"), 20, 4,
        "head to head: the near-ties against the full club player's replies against the "
        "default engine"),
    *(Run(f"mariage-t1{tag}-heur-s4", "mariage",
          (f"engine:worlds=1000,time=1,threads=1{extra}", "heuristic:basic"), 20, 4,
          f"mariage on another set of deals: {what}")
      for tag, extra, what in (("", ",fallible=off", "the default"),
                               ("fx", ",fallible=0.05", "fallible's near-ties against the "
                                "basic club player's replies"))),
    Run("mariage-t1fx-engine", "mariage",
        ("engine:worlds=1000,time=1,threads=1,fallible=0.05",
         "engine:worlds=1000,time=1,threads=1,fallible=off"), 20, 5,
        "head to head: the near-ties against the basic club player's replies against the "
        "default engine"),
    Run("schnapsen-infer1-pimc", "schnapsen",
        ("engine:worlds=1000,time=0.25,threads=1,infer=0.3,pasts=1,closewin=0",
         "engine:worlds=1000,time=0.25,threads=1,closewin=0"), 20, 7,
        "PIMC inferring the hidden cards, one past a world, against plain PIMC at the same cap "
        "(the deals of schnapsen-infer-pimc)"),
    # Thirty-fifth session: issue 19's head to head against A100 with fallible's near-ties
    # added to the anchored engine (fallible measured 55% against PIMC in sixty-six), and the
    # default anchored (the deals of sixty-six-t1fxauto-anchor).
    Run("sixty-six-t1fa-anchor", "sixty-six",
        ("engine:worlds=100,time=1,threads=1,anchor=1,closewin=0.8,follow=off",
         "engine:worlds=100,time=1,threads=1,anchor=1,closewin=0.8,follow=off,fallible=off"), 20, 4,
        "head to head: A100 with fallible=auto (0.05 against the full club player's replies) "
        "against A100"),
    Run("sixty-six-t1da-anchor", "sixty-six",
        ("engine:worlds=1000,time=1,threads=1,anchor=1", "engine:worlds=100,time=1,threads=1,anchor=1,closewin=0.8,follow=off,fallible=off"), 20, 4,
        "head to head: the default, anchored on the basic club player's choice, against A100"),
    Run("sixty-six-t1da-anchor-s5", "sixty-six",
        ("engine:worlds=1000,time=1,threads=1,anchor=1",
         "engine:worlds=100,time=1,threads=1,anchor=1,closewin=0.8,follow=off,fallible=off"), 20, 5,
        "the same on new deals (the deals of sixty-six-t1fxauto-anchor-s5)"),
    # Three-hand's default infers since this session (infer=auto: 0.05 with the basic club's
    # rules): the first 50 sets of three-hand-c100-basic's deals, paired with its legs.
    Run("three-hand-c50iauto-basic", "three-hand",
        ("engine:worlds=1000,time=1,threads=1", "heuristic:basic"), 50, 7,
        "the default three-hand engine since the thirty-fifth session (inferring, eps 0.05) "
        "against two basic club players (the first 50 sets of three-hand-c100-basic)"),
    # Thirty-sixth session: PIMC inferring a PIMC opponent's cards with the full club player as
    # the model, its eps near the share of PIMC's choices that player does not make
    # (bench/pimc_model.py: it makes about 55% of them); the deals of schnapsen-t1f-pimc.
    Run("schnapsen-t1ix-pimc", "schnapsen",
        ("engine:worlds=1000,time=1,threads=1,club=expert,infer=0.45",
         "engine:worlds=1000,time=1,threads=1"), 20, 4,
        "PIMC inferring the opponent's cards from its play (the full club player as the model, "
        "eps 0.45) against plain PIMC at equal time"),
    # The same with PIMC itself as the model (model=pimc: each past decision of the opponent
    # asks PIMC on 12 worlds from its view; eps 0.2), on the same deals.
    Run("schnapsen-t1ip-pimc", "schnapsen",
        ("engine:worlds=1000,time=1,threads=1,infer=0.2,model=pimc",
         "engine:worlds=1000,time=1,threads=1"), 20, 4,
        "PIMC inferring the opponent's cards with PIMC as the model of its play (eps 0.2) "
        "against plain PIMC at equal time"),
)


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _ci(lo: float, hi: float, pct: bool = False, sign: bool = False) -> str:
    if pct:
        return f"[{_pct(lo)}, {_pct(hi)}]"
    f = "+.2f" if sign else ".2f"
    return f"[{lo:{f}}, {hi:{f}}]"


def pair_row(run: Run, s: PairSummary) -> str:
    return (f"| {run.label} | `{s.a}` | `{s.b}` | {s.pairs} ({s.matches}) | {s.hands} | "
            f"**{_pct(s.match_score.value)}** {_ci(s.match_score.low, s.match_score.high, True)} | "
            f"{_pct(s.hand_score.value)} {_ci(s.hand_score.low, s.hand_score.high, True)} | "
            f"{s.net.value:+.2f} {_ci(s.net.low, s.net.high, sign=True)} | "
            f"{s.a_ms_per_move:.0f} / {s.b_ms_per_move:.0f} |")


def report() -> str:
    """The tables of every run whose results exist (Markdown)."""
    head = ("| profile | A | B | duplicate matches (played) | hands | A's matches won | "
            "A's hands won | net game points / hand for A | ms / decision A / B |\n"
            "|---|---|---|---|---|---|---|---|---|")
    rows: list[str] = []
    elos: list[str] = []
    missing: list[str] = []
    for run in RUNS:
        if not run.path.exists():
            missing.append(run.name)
            continue
        recs = load_results(run.path)
        for i in range(len(run.agents)):
            for k in range(i + 1, len(run.agents)):
                a, b = _canon(run.agents[i]), _canon(run.agents[k])
                if any({r.a, r.b} == {a, b} for r in recs):
                    rows.append(pair_row(run, summarize(recs, a, b)))
        if len(run.agents) > 2:
            table = elo(recs, [_canon(x) for x in run.agents])
            elos.append(f"Elo over matches, {run.profile} (`{run.name}`; ratings average 0):\n\n"
                        "| agent | Elo | 95% CI | matches | score |\n|---|---|---|---|---|\n" +
                        "\n".join(f"| `{e.name}` | {e.rating:+.0f} | [{e.low:+.0f}, {e.high:+.0f}]"
                                  f" | {e.games} | {_pct(e.score)} |" for e in table))
    out = [head, *rows]
    for e in elos:
        out += ["", e]
    if missing:
        out += ["", "Not run yet: " + ", ".join(f"`{m}`" for m in missing) + "."]
    return "\n".join(out)


def _canon(spec: str) -> str:
    from sixtysix_solver.agents import AgentSpec

    return str(AgentSpec.parse(spec))


def drifted(run: Run) -> list[str]:
    """The agents of ``run``'s results that played with other settings than their specs give
    today (``Agent.settings``, recorded in each match since the thirty-second session): a
    default changed since the run, so its spec no longer says what played and the run needs
    relabelling (the spec naming the setting it ran with). Records without settings are not
    checked."""
    from sixtysix_solver.agents import AgentSpec

    today: dict[str, str] = {}
    out: dict[str, str] = {}  # one line a spec
    for r in load_results(run.path) if run.path.exists() else []:
        if r.settings is None:
            continue
        for spec, played in zip((r.a, r.b), r.settings):
            if spec not in today:
                today[spec] = AgentSpec.parse(spec).build().settings(r.profile)
            if played != today[spec] and spec not in out:
                out[spec] = f"{spec} (played {played}; today {today[spec]})"
    return list(out.values())


def write_report(doc: Path = DOC) -> bool:
    """Replace the generated block of ``doc``; True if it changed. A run whose agents played
    with settings their specs no longer give (:func:`drifted`) stops it."""
    stale = {run.name: d for run in RUNS if (d := drifted(run))}
    if stale:
        raise SystemExit("relabel these runs, whose specs no longer say what played:\n"
                         + "\n".join(f"  {k}: {'; '.join(v)}" for k, v in stale.items()))
    text = doc.read_text()
    if BEGIN not in text or END not in text:
        raise SystemExit(f"{doc} has no {BEGIN} ... {END} block")
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    new = f"{head}{BEGIN}\n{report()}\n{END}{tail}"
    if new != text:
        doc.write_text(new)
    return new != text


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--list", action="store_true", help="the runs and their state")
    ap.add_argument("--show-commands", action="store_true", help="each run as a sixtysix command")
    ap.add_argument("--run", nargs="*", metavar="NAME", help="play these runs (default: all)")
    ap.add_argument("--workers", type=int, default=None, help="local processes (default: cores)")
    ap.add_argument("--report", action="store_true", help="rewrite the tables in docs/strength.md")
    args = ap.parse_args(argv)
    if args.list or args.show_commands:
        for run in RUNS:
            done = len(load_results(run.path)) if run.path.exists() else 0
            pairs = len(run.agents) * (len(run.agents) - 1) // 2
            print(f"{run.name}: {done}/{run.legs * run.matches * pairs} matches  ({run.purpose})")
            if args.show_commands:
                print(f"    {run.command()}")
    if args.run is not None:
        names = set(args.run) or {r.name for r in RUNS}
        unknown = names - {r.name for r in RUNS}
        if unknown:
            ap.error(f"unknown runs: {', '.join(sorted(unknown))}")
        RESULTS.mkdir(exist_ok=True)
        print(f"machine: {platform.machine()}, {platform.processor() or 'cpu'}", file=sys.stderr)
        for run in RUNS:
            if run.name not in names:
                continue
            jobs = [j for i in range(len(run.agents)) for k in range(i + 1, len(run.agents))
                    for j in match_jobs(run.agents[i], run.agents[k],
                                        profile=get_profile(run.profile,
                                                            **parse_overrides(run.overrides)),
                                        matches=run.matches, seed=run.seed)]
            run_jobs(jobs, workers=args.workers, results=run.path, progress=sys.stderr.isatty())
            print(f"{run.name}: done", file=sys.stderr)
    if args.report:
        print("docs/strength.md " + ("updated" if write_report() else "unchanged"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
