"""Slow, plain reference implementation of the rules in ``docs/rules-model.md``.

Written from the specification only (never from ``cpp/``), so that the tests can compare the
two implementations and each can catch the other's mistakes. Nothing here is clever: every
state is a fresh copy, every legal-action list is recomputed from scratch.

Cards are codes ``suit * 8 + rank`` (suits C D H S = 0..3, ranks A T K Q J 9 8 7 = 0..7).
Hands are plain lists of codes (multisets: the double deck has each code twice).
"""

from __future__ import annotations

from collections import Counter

# --- cards ---------------------------------------------------------------------------------

RANK_INDEX = {"A": 0, "T": 1, "K": 2, "Q": 3, "J": 4, "9": 5, "8": 6, "7": 7}
POINTS = (11, 10, 4, 3, 2, 0, 0, 0)
KING, QUEEN = 2, 3


def suit_of(card: int) -> int:
    return card // 8


def rank_of(card: int) -> int:
    return card % 8


def points_of(card: int) -> int:
    return POINTS[rank_of(card)]


_POINTS_OF_CODE = tuple(points_of(c) for c in range(32))


def card_points(cards) -> int:
    return sum(map(_POINTS_OF_CODE.__getitem__, cards))


def deck_codes(profile) -> list[int]:
    """Every code whose rank is in the deck, ascending, each repeated ``copies`` times."""
    low = RANK_INDEX[profile.low_rank]
    deck = []
    for code in range(32):
        if rank_of(code) <= low:
            deck.extend([code] * profile.copies)
    return deck


# --- action codes ----------------------------------------------------------------------------

PLAY, EXCHANGE, CLOSE, MARRY, SHOW, CLAIM, PASS, DRAW = range(8)
A_EXCHANGE = EXCHANGE * 64
A_CLOSE = CLOSE * 64
A_CLAIM = CLAIM * 64
A_PASS = PASS * 64
A_DRAW = DRAW * 64


def a_play(card: int) -> int:
    return PLAY * 64 + card


def a_marry(suit: int) -> int:
    return MARRY * 64 + suit


def a_show(suit: int) -> int:
    return SHOW * 64 + suit


# --- seeded deal -----------------------------------------------------------------------------

MASK64 = (1 << 64) - 1


class SplitMix64:
    def __init__(self, seed: int):
        self.state = seed & MASK64

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def bounded(self, n: int) -> int:
        # Rejection sampling so that every residue is equally likely.
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next()
            if x < limit:
                return x % n


def seeded_deal(profile, dealer: int, seed: int) -> dict:
    """The deal of rules-model.md: shuffle the ordered deck, deal from the first leader round."""
    players = profile.players
    deck = deck_codes(profile)
    rng = SplitMix64(seed)
    for i in range(len(deck) - 1, 0, -1):
        j = rng.bounded(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    first = (dealer + 1) % players
    hands: list[list[int]] = [[] for _ in range(players)]
    pos = 0
    for k in range(players):
        seat = (first + k) % players
        hands[seat] = deck[pos:pos + profile.hand_size]
        pos += profile.hand_size
    aside = deck[pos:pos + profile.aside]
    pos += profile.aside
    stock = deck[pos:]
    if stock:
        trump_card = stock[-1]
    else:
        trump_card = hands[dealer][-1]  # the dealer's last dealt card, kept in hand
    return dict(
        hands=[sorted(h) for h in hands],
        stock=list(stock),
        aside=list(aside),
        trump_card=trump_card,
    )


# --- the state -------------------------------------------------------------------------------


class RefState:
    """One position. ``apply`` returns a new state; states are never changed afterwards."""

    # Built only by from_deal / _copy.
    def __init__(self):
        pass

    # ---- construction ----

    @classmethod
    def from_deal(cls, profile, dealer, hands, stock, aside, trump_card=None, carry=0):
        """Start a hand from an explicit deal.

        The reference is lenient on purpose: it accepts partial deals (fewer cards than the
        deck, e.g. tiny end-game positions for hand-worked tests) as long as every hand has
        the same size and no code appears more often than the deck holds it.
        """
        n = profile.players
        if len(hands) != n:
            raise ValueError(f"need {n} hands, got {len(hands)}")
        if not 0 <= dealer < n:
            raise ValueError(f"bad dealer {dealer}")
        sizes = {len(h) for h in hands}
        if len(sizes) != 1 or 0 in sizes:
            raise ValueError("every hand must hold the same (non-zero) number of cards")
        allowed = Counter(deck_codes(profile))
        used = Counter()
        for group in list(hands) + [stock, aside]:
            used.update(group)
        for code, k in used.items():
            if k > allowed.get(code, 0):
                raise ValueError(f"card {code} appears {k} times, the deck holds {allowed[code]}")
        if aside and n != 3:
            raise ValueError("only the three-hand game has a dead hand")
        if stock:
            if n != 2 or len(stock) % 2:
                raise ValueError("a stock needs two players and an even number of cards")
            if trump_card is None:
                trump_card = stock[-1]
            if trump_card != stock[-1]:
                raise ValueError("with a stock the trump card is the last stock card")
        else:
            if trump_card is None:
                raise ValueError("without a stock the trump card must be given")
            if profile.stock_size == 0 and trump_card not in hands[dealer]:
                raise ValueError("the trump card must be in the dealer's hand")

        s = cls()
        s.prof = profile
        s.n = n
        s.dealer = dealer
        s.carry = carry
        s.trump_card = trump_card
        s.trump = suit_of(trump_card)
        s.hand = [sorted(h) for h in hands]
        s.used = [[] for _ in range(n)]  # cards still in hand that were shown in a marriage
        s.stock = list(stock)
        s.aside = list(aside)
        s.closed = False
        s.closer = None
        s.close_opp_score = 0
        s.close_opp_had_trick = False
        s.won = [[] for _ in range(n)]  # cards of the tricks each player took (sorted)
        s.tricks = [0] * n
        s.last_trick_no = [-1] * n  # index of the last trick each player won
        s.trick_count = 0
        s.last_winner = None
        nsides = s._nsides()
        s.credit = [0] * nsides  # credited marriage points
        s.pending = [0] * nsides  # marriage points waiting for the side's first trick
        s.bonus = [0] * nsides  # last-trick bonus
        s.dead = [0] * nsides  # three-hand dead hand points, given at the natural end
        s.first_to_target = None
        s.exchange_lost = [False] * n
        s.trick = []  # list of (player, card)
        s.leader = (dealer + 1) % n
        s.cur = s.leader
        s.cur_phase = "lead"
        s.turn_step = 0
        s.declared = None  # suit declared on this lead (the lead must be its K or Q)
        s.declared_this_lead = False  # leader's declaration or partner's show on this lead
        s._result = None
        s.end_reason = None
        s._start_lead(s.leader)
        return s

    def _copy(self) -> "RefState":
        # Every attribute is immutable, a list of immutables (stock, trick, tricks, ...), a
        # list of lists of immutables (hand, used, won: one list per player) or the finished
        # result dict: copy lists two levels deep.
        s = RefState()
        s.__dict__ = {
            key: (
                ([v[:] for v in value] if value and type(value[0]) is list else value[:])
                if type(value) is list
                else dict(value) if type(value) is dict else value
            )
            for key, value in self.__dict__.items()
        }
        return s

    # ---- small helpers ----

    def _nsides(self) -> int:
        return 2 if self.n == 4 else self.n

    def side(self, p: int) -> int:
        return p % 2 if self.n == 4 else p

    def _side_players(self, side: int) -> list[int]:
        return [p for p in range(self.n) if self.side(p) == side]

    def _side_tricks(self, side: int) -> int:
        return sum(self.tricks[p] for p in self._side_players(side))

    def _score(self, side: int) -> int:
        cards = sum(card_points(self.won[p]) for p in self._side_players(side))
        return cards + self.credit[side] + self.bonus[side] + self.dead[side]

    def _stock_open(self) -> bool:
        return bool(self.stock) and not self.closed

    def _strict(self) -> bool:
        return self.prof.open_strict or not self._stock_open()

    def _partner(self, p: int):
        return (p + 2) % 4 if self.n == 4 else None

    def _note_target(self) -> None:
        # first_to_target: only one side's score changes at a time, so the first side seen
        # at the target is the first to reach it.
        if self.first_to_target is None:
            for sd in range(self._nsides()):
                if self._score(sd) >= self.prof.target:
                    self.first_to_target = sd
                    return

    # ---- public API ----

    def to_act(self) -> int:
        return -1 if self.cur_phase == "over" else self.cur

    def phase(self) -> str:
        return self.cur_phase

    def is_over(self) -> bool:
        return self.cur_phase == "over"

    def hands(self) -> list[list[int]]:
        return [sorted(h) for h in self.hand]

    def scores(self) -> list[int]:
        return [self._score(sd) for sd in range(self._nsides())]

    def result(self) -> dict:
        if self._result is None:
            raise ValueError("the hand is not over")
        return {k: list(v) if isinstance(v, list) else v for k, v in self._result.items()}

    # ---- legality ----

    def _low_trump(self):
        if self.prof.exchange_rank == "none":
            return None
        return self.trump * 8 + RANK_INDEX[self.prof.exchange_rank]

    def _can_exchange(self, p: int) -> bool:
        pr = self.prof
        low = self._low_trump()
        if low is None or not self._stock_open():
            return False
        if len(self.stock) < pr.exchange_min_stock:
            return False
        if low not in self.hand[p]:
            return False
        if rank_of(self.stock[-1]) == rank_of(low):
            return False
        if pr.exchange_needs_trick and self.tricks[p] == 0:
            return False
        return not self.exchange_lost[p]

    def _can_close(self) -> bool:
        pr = self.prof
        return (
            pr.close != "none"
            and self.n == 2
            and self._stock_open()
            and len(self.stock) >= pr.close_min_stock
        )

    def _marriage_suits(self, p: int) -> list[int]:
        """Suits in which p may declare (or show) a marriage now."""
        pr = self.prof
        if pr.marriages == "none":
            return []
        if pr.marriages == "open" and not self._stock_open():
            return []
        if pr.marriage_before_trick == "forbidden" and self._side_tricks(self.side(p)) == 0:
            return []
        hand = Counter(self.hand[p])
        used = Counter(self.used[p])
        out = []
        for suit in range(4):
            k, q = suit * 8 + KING, suit * 8 + QUEEN
            if hand[k] - used[k] >= 1 and hand[q] - used[q] >= 1:
                out.append(suit)
        return out

    def _claim_legal(self) -> bool:
        c = self.prof.claim
        if c == "none":
            return False
        if self.cur_phase == "end":
            return True
        if self.cur_phase == "lead":
            if c in ("lead", "turn"):
                return True
            # lead_after_trick_or_marriage
            return self.last_winner == self.cur or self.turn_step == 3
        if self.cur_phase == "follow":
            return c == "turn"
        return False

    def _trick_winner_index(self, trick) -> int:
        """Index in `trick` of the winning card: the first of equal best cards wins."""
        best = 0
        for i in range(1, len(trick)):
            if self._beats(trick[i][1], trick[best][1]):
                best = i
        return best

    def _beats(self, a: int, b: int) -> bool:
        # b is the card currently winning (of the led suit or a trump).
        if suit_of(a) == suit_of(b):
            return rank_of(a) < rank_of(b)  # strictly higher: identical cards do not beat
        return suit_of(a) == self.trump

    def _playable(self, p: int) -> list[int]:
        hand = self.hand[p]
        if not self.trick:
            if self.declared is not None:
                pair = (self.declared * 8 + KING, self.declared * 8 + QUEEN)
                return [c for c in hand if c in pair]
            return list(hand)
        if not self._strict():
            return list(hand)
        pr = self.prof
        led = suit_of(self.trick[0][1])
        win_player, win_card = self.trick[self._trick_winner_index(self.trick)]
        opponent_winning = self.side(win_player) != self.side(p)
        follow = [c for c in hand if suit_of(c) == led]
        if follow:
            head = pr.must_head == "always" or (pr.must_head == "vs_opponent" and opponent_winning)
            trumped = any(suit_of(c) == self.trump for _, c in self.trick)
            if head and (not trumped or led == self.trump):
                best_led = min(rank_of(c) for _, c in self.trick if suit_of(c) == led)
                beaters = [c for c in follow if rank_of(c) < best_led]
                if beaters:
                    return beaters
            return follow
        trumps = [c for c in hand if suit_of(c) == self.trump]
        if trumps and pr.must_trump:
            trick_trumps = [c for _, c in self.trick if suit_of(c) == self.trump]
            relaxed = pr.must_head == "vs_opponent" and not opponent_winning
            if pr.must_overtrump and trick_trumps and not relaxed:
                best_trump = min(rank_of(c) for c in trick_trumps)
                beaters = [c for c in trumps if rank_of(c) < best_trump]
                if beaters:
                    return beaters
            return trumps
        return list(hand)

    def legal_actions(self) -> list[int]:
        ph, p, pr = self.cur_phase, self.cur, self.prof
        acts = set()
        if ph == "over":
            return []
        if ph == "lead":
            if self.turn_step == 0 and self._can_exchange(p):
                acts.add(A_EXCHANGE)
            if self.turn_step <= 1 and self._can_close():
                acts.add(A_CLOSE)
            if self.turn_step <= 2 and not self.declared_this_lead:
                acts.update(a_marry(sd) for sd in self._marriage_suits(p))
            if self._claim_legal():
                acts.add(A_CLAIM)
            acts.update(a_play(c) for c in self._playable(p))
        elif ph == "follow":
            if pr.exchange_timing == "turn" and self.turn_step == 0 and self._can_exchange(p):
                acts.add(A_EXCHANGE)
            if self._claim_legal():
                acts.add(A_CLAIM)
            acts.update(a_play(c) for c in self._playable(p))
        elif ph == "draw":
            acts.update((A_CLOSE, A_DRAW))
        elif ph == "show":
            acts.update(a_show(sd) for sd in self._marriage_suits(p))
            acts.add(A_PASS)
        elif ph == "end":
            acts.update((A_CLAIM, A_PASS))
        return sorted(acts)

    # ---- transitions ----

    def apply(self, code: int) -> "RefState":
        legal = self.legal_actions()
        if code not in legal:
            raise ValueError(f"illegal action {code} in phase {self.cur_phase}; legal: {legal}")
        return self._after(code, legal)

    def children(self, skip=()) -> list[tuple[int, "RefState"]]:
        """``(action, self.apply(action))`` for every legal action not in ``skip``, computing
        the legal actions once (for searches)."""
        legal = self.legal_actions()
        return [(a, self._after(a, legal)) for a in legal if a not in skip]

    def _after(self, code: int, legal: list[int]) -> "RefState":
        s = self._copy()
        s._do(code, could_exchange=A_EXCHANGE in legal)
        return s

    def _do(self, code: int, could_exchange: bool) -> None:
        kind, arg = divmod(code, 64)
        p = self.cur
        if (
            self.prof.exchange_lost_if_skipped
            and could_exchange
            and kind in (CLOSE, MARRY, PLAY)
        ):
            self.exchange_lost[p] = True

        if kind == EXCHANGE:
            low = self._low_trump()
            self.hand[p].remove(low)
            self.hand[p].append(self.stock[-1])
            self.hand[p].sort()
            self.stock[-1] = low
            self.turn_step = 1
        elif kind == CLOSE:
            opp = 1 - p
            self.closed = True
            self.closer = p
            self.close_opp_score = self._score(opp)
            self.close_opp_had_trick = self.tricks[opp] > 0
            if self.cur_phase == "draw":
                self._start_lead(p)  # nothing is drawn; two players, so no show phase
            self.turn_step = 2
        elif kind == DRAW:
            self._draw(p)
            self._start_lead(p)
        elif kind == MARRY:
            self._declare(p, arg)
            self.turn_step = 3
            self.declared = arg
            self.declared_this_lead = True
        elif kind == SHOW:
            self._declare(p, arg)
            self.declared_this_lead = True
            self.cur_phase = "lead"
            self.cur = self.leader
        elif kind == PASS:
            if self.cur_phase == "show":
                self.cur_phase = "lead"
                self.cur = self.leader
            else:  # end phase: no claim, score the hand as played out
                self._natural_end()
        elif kind == CLAIM:
            self._claim(p)
        elif kind == PLAY:
            self._play(p, arg)
        else:
            raise ValueError(f"unknown action kind {kind}")

    def _start_lead(self, leader: int) -> None:
        self.leader = leader
        self.trick = []
        self.turn_step = 0
        self.declared = None
        self.declared_this_lead = False
        self.cur_phase = "lead"
        self.cur = leader
        partner = self._partner(leader)
        if self.prof.marriage_by_partner and partner is not None and self._marriage_suits(partner):
            self.cur_phase = "show"
            self.cur = partner

    def _declare(self, p: int, suit: int) -> None:
        k, q = suit * 8 + KING, suit * 8 + QUEEN
        self.used[p] += [k, q]
        mp = self.prof.marriage_points
        value = mp[1] if suit == self.trump else mp[0]
        sd = self.side(p)
        if self._side_tricks(sd) > 0:
            self.credit[sd] += value
            self._note_target()
        elif self.prof.marriage_before_trick == "pending":
            self.pending[sd] += value
        # "zero": the marriage is shown (its cards are used) but scores nothing.

    def _draw(self, winner: int) -> None:
        loser = 1 - winner
        self.hand[winner].append(self.stock.pop(0))
        self.hand[loser].append(self.stock.pop(0))
        self.hand[winner].sort()
        self.hand[loser].sort()

    def _play(self, p: int, card: int) -> None:
        self.hand[p].remove(card)
        if card in self.used[p]:
            # Double deck: of two identical cards, the one shown in a marriage goes first
            # (keeps the most marriages possible afterwards).
            self.used[p].remove(card)
        self.trick.append((p, card))
        if len(self.trick) < self.n:
            self.cur = (p + 1) % self.n
            self.cur_phase = "follow"
            self.turn_step = 0
            return
        # trick complete
        w = self.trick[self._trick_winner_index(self.trick)][0]
        ws = self.side(w)
        self.won[w] = sorted(self.won[w] + [c for _, c in self.trick])  # a multiset, like a hand
        self.tricks[w] += 1
        self.last_trick_no[w] = self.trick_count
        self.trick_count += 1
        self.last_winner = w
        self.credit[ws] += self.pending[ws]
        self.pending[ws] = 0
        self._note_target()
        self.trick = []
        if self._stock_open():
            if (
                self.prof.close == "lead_or_before_draw"
                and len(self.stock) >= self.prof.close_min_stock
            ):
                self.cur_phase = "draw"
                self.cur = w
                self.turn_step = 0
                return
            self._draw(w)
            self._start_lead(w)
            return
        if all(not h for h in self.hand):
            if not self.closed:
                self.bonus[ws] += self.prof.last_trick_bonus
                self._note_target()
            if self.prof.claim != "none":
                self.cur_phase = "end"
                self.cur = w
                self.turn_step = 0
            else:
                self._natural_end()
            return
        self._start_lead(w)

    # ---- scoring ----

    def _rate(self, side: int, score: int = None, had_trick: bool = None) -> int:
        """Normal rate won against losing `side` (3 no trick, 2 below schneider, else 1)."""
        if score is None:
            score = self._score(side)
        if had_trick is None:
            had_trick = self._side_tricks(side) > 0
        if not had_trick:
            return 3
        if score < self.prof.schneider:
            return 2
        return 1

    def _finish(self, points: list[int], returns: list[int], carry_out: int, reason: str):
        self._result = dict(points=points, returns=returns, carry_out=carry_out)
        self.end_reason = reason
        self.cur_phase = "over"
        self.cur = -1

    def _award(self, side: int, gp: int, reason: str) -> None:
        """Two-side result: `side` scores gp (plus the incoming carry)."""
        points = [0, 0]
        points[side] = gp + self.carry
        returns = [points[self.side(p)] - points[1 - self.side(p)] for p in range(self.n)]
        self._finish(points, returns, 0, reason)

    def _drawn(self, reason: str) -> None:
        nsides = self._nsides()
        carry_out = 0 if self.n == 3 else self.carry + self.prof.draw_carry
        self._finish([0] * nsides, [0] * self.n, carry_out, reason)

    def _transfer(self, winner: int = None, payer: int = None, reason: str = "") -> None:
        """Three-hand: winner takes 1 from each other player, or payer pays 1 to each."""
        returns = [0] * self.n
        points = [0] * self.n
        for q in range(self.n):
            if winner is not None and q != winner:
                returns[q] -= 1
                returns[winner] += 1
                points[winner] += 1
            if payer is not None and q != payer:
                returns[q] += 1
                returns[payer] -= 1
                points[q] += 1
        self._finish(points, returns, 0, reason)

    def _close_fail(self, reason: str) -> None:
        opp = 1 - self.closer
        three = self.prof.close_fail == "opp2or3_at_close" and not self.close_opp_had_trick
        self._award(opp, 3 if three else 2, reason)

    def _false_claim(self, claimant_side: int) -> None:
        fc = self.prof.false_claim
        opp = 1 - claimant_side
        if fc == "opp2or3":
            self._award(opp, 3 if self._side_tricks(opp) == 0 else 2, "false claim")
        elif fc == "opp2":
            self._award(opp, 2, "false claim")
        elif fc == "mirror":
            self._award(opp, self._rate(opp), "false claim")
        else:
            raise AssertionError(fc)

    def _claim(self, p: int) -> None:
        sd = self.side(p)
        correct = self._score(sd) >= self.prof.target
        if self.n == 3:
            if correct:
                self._transfer(winner=p, reason="claim")
            else:
                self._transfer(payer=p, reason="false claim")
            return
        opp = 1 - sd
        if self.closer is None:
            if correct:
                self._award(sd, self._rate(opp), "claim")
            else:
                self._false_claim(sd)
        elif p == self.closer:
            if not correct:
                self._close_fail("closer's false claim")
            elif self.prof.close_stakes == "claim":
                self._award(sd, self._rate(opp), "closer's claim")
            else:
                rate = self._rate(opp, self.close_opp_score, self.close_opp_had_trick)
                self._award(sd, rate, "closer's claim")
        else:
            if correct:
                self._close_fail("claim by the closer's opponent")
            else:
                self._false_claim(sd)

    def _natural_end(self) -> None:
        pr = self.prof
        if self.closer is not None:
            self._close_fail("closed hand played out without the closer's claim")
            return
        ne = pr.natural_end
        lw = self.last_winner
        if ne == "claim_or_draw":
            self._drawn("drawn: no claim")
        elif ne == "last_trick":
            self._award(self.side(lw), 1, "last trick")
        elif ne == "first_to_target":
            if self.first_to_target is not None:
                sd = self.first_to_target
                self._award(sd, self._rate(1 - sd), "first to target")
            else:
                self._award(self.side(lw), 1, "last trick")
        elif ne == "higher_total":
            a, b = self._score(0), self._score(1)
            if a == b:
                self._drawn("tie")
            else:
                sd = 0 if a > b else 1
                self._award(sd, self._rate(1 - sd), "higher total")
        elif ne == "side_total":
            a, b = self._score(0), self._score(1)
            if a == b:
                self._drawn("tie")
                return
            sd = 0 if a > b else 1
            if self._score(sd) < pr.target:
                self._drawn("nobody at target")
                return
            if self._side_tricks(1 - sd) == 0:
                gp = 3
            elif self._score(sd) >= 100:
                gp = 2
            else:
                gp = 1
            self._award(sd, gp, "side total")
        elif ne == "dead_hand":
            most = max(self.tricks)
            tied = [p for p in range(self.n) if self.tricks[p] == most]
            taker = max(tied, key=lambda p: self.last_trick_no[p])
            self.dead[self.side(taker)] += card_points(self.aside)
            sc = self.scores()
            best = max(sc)
            if best >= pr.target and sc.count(best) == 1:
                self._transfer(winner=sc.index(best), reason="dead hand: highest score")
            else:
                self._transfer(reason="dead hand: nobody scores")
        else:
            raise AssertionError(ne)


def perft(state: RefState, depth: int) -> int:
    """Count action sequences: perft(s, 0) = 1, an over state counts 1, else sum over actions."""
    if depth == 0 or state.is_over():
        return 1
    return sum(perft(state.apply(a), depth - 1) for a in state.legal_actions())


def new_hand(profile, dealer: int, seed: int, carry: int = 0) -> RefState:
    """A state from the seeded deal."""
    d = seeded_deal(profile, dealer, seed)
    return RefState.from_deal(
        profile, dealer, d["hands"], d["stock"], d["aside"], d["trump_card"], carry=carry
    )
