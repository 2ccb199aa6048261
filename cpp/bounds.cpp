#include "bounds.hpp"

#include "strict_state.hpp"

namespace ss {

namespace {

// Trumps of side `x` that win whatever trick they are played to: higher than every trump the
// other side holds, has in the current trick, or could still draw. (A plain-suit master is no
// sure winner: discarded on another suit it loses. An identical copy elsewhere is no lower
// card either: the first played wins.)
template <class S>
Mask sure_winners(const S& s, Mask mine, Mask in_play) {
  const Mask trumps = suit_mask(s.trump_suit);
  const Mask other = in_play & ~mine & trumps;
  int top_other = kRanks;  // rank index of their highest trump (a lower index is higher)
  if (other) top_other = ctz32(codes_of(other) >> (s.trump_suit * 8) & 0xFF);
  return mine & trumps & rank_below_mask(top_other);
}

}  // namespace

template <class S>
Outlook outlook(const S& s) {
  const RuleSet& r = s.R();
  Outlook o;
  // Cards still to be won: in hands, in the trick, and in the stock while it can be drawn.
  const Mask stock = s.stock_open() ? s.stock_cards() : 0;
  Mask in_play = stock;
  Mask hands[2] = {0, 0};  // each side's hands
  for (int p = 0; p < s.n(); ++p) {
    in_play |= s.hand[p];
    const int x = s.side(p);
    if (x > 1) continue;  // (three players: not used)
    o.score[x] += s.score[p];
    o.tricks[x] += s.tricks[p];
    o.most[x] += s.pending[p];
    hands[x] |= s.hand[p];
  }
  for (int i = 0; i < s.trick_len; ++i) in_play |= bit(s.trick[i]);
  const int left = card_points(in_play);
  const bool can_marry = r.marriages == Marriages::ANY || (r.marriages == Marriages::OPEN && s.stock_open());
  for (int x = 0; x < 2; ++x) {
    if (can_marry) {  // kings and queens never leave a hand except to be played
      const Mask free = (hands[x] | stock) & ~s.married;
      for (int suit = 0; suit < kSuits; ++suit) {
        const int k = popcount(free & code_mask(code_of(suit, KING)));
        const int q = popcount(free & code_mask(code_of(suit, QUEEN)));
        o.most[x] += (k < q ? k : q) * (suit == s.trump_suit ? r.marriage_royal : r.marriage_common);
      }
    }
    o.winners[x] = sure_winners(s, hands[x], in_play);
    o.sure[x] = card_points(o.winners[x]);
  }
  if (s.n() == 2 && !s.stock_open()) {
    // Each sure winner also takes one card of the other hand, at worst its cheapest. (Only one
    // side can hold sure winners: they are trumps above all of the other side's.)
    for (int x = 0; x < 2; ++x) {
      int k = popcount(o.winners[x]);
      if (!k) continue;
      // The other side's cards still to fall: its hand, and its lead to the current trick.
      Mask pool = s.hand[1 - x];
      if (s.trick_len == 1 && s.side(s.leader) != x) pool |= bit(s.trick[0]);
      for (int rank = kRanks - 1; rank >= 0 && k > 0; --rank) {
        const int have = popcount(pool & rank_mask(rank));  // of those cards, of this rank
        const int take = have < k ? have : k;
        o.sure[x] += take * kPoints[rank];
        k -= take;
      }
    }
  }
  for (int x = 0; x < 2; ++x) {
    o.most[x] += left - o.sure[1 - x];  // the other side's sure winners never come to x
    if (s.closed_by < 0) o.most[x] += r.last_trick_bonus;
  }
  return o;
}

// outlook() on the compact state, the same result with less work: no stock, two hands, and
// no marriage to add (the strict domain leaves no free king and queen of a suit in a hand).
template <>
Outlook outlook(const Strict2& s) {
  const RuleSet& r = s.R();
  Outlook o;
  const Mask lead = s.trick_len ? bit(s.trick[0]) : 0;
  const Mask in_play = s.hand[0] | s.hand[1] | lead;
  const int left = card_points(in_play);
  for (int x = 0; x < 2; ++x) {
    o.score[x] = s.score[x];
    o.tricks[x] = s.tricks[x];
    o.winners[x] = sure_winners(s, s.hand[x], in_play);
    int sure = card_points(o.winners[x]);
    if (int k = popcount(o.winners[x])) {  // each also takes the other hand's cheapest card
      const Mask pool = s.hand[1 - x] | (s.leader != x ? lead : 0);
      k -= popcount(pool & (rank_mask(NINE) | rank_mask(EIGHT) | rank_mask(SEVEN)));  // 0 points
      for (int rank = JACK; rank >= 0 && k > 0; --rank) {
        const int have = popcount(pool & rank_mask(rank));
        const int take = have < k ? have : k;
        sure += take * kPoints[rank];
        k -= take;
      }
    }
    o.sure[x] = sure;
  }
  const int bonus = s.closed_by < 0 ? r.last_trick_bonus : 0;
  for (int x = 0; x < 2; ++x) o.most[x] = s.pending[x] + left - o.sure[1 - x] + bonus;
  return o;
}

namespace {

// The return side x receives for a claim made now, the other side's score and tricks as they
// stand (the closing rules included).
template <class S>
int claim_return(const S& s, const Outlook& o, int x) {
  const RuleSet& r = s.R();
  const int y = 1 - x;
  int pts = o.tricks[y] == 0 ? 3 : (o.score[y] < r.schneider ? 2 : 1);
  if (s.closed_by >= 0) {
    if (s.side(s.closed_by) == x) {
      if (r.close_stakes == CloseStakes::CLOSING)
        pts = s.closing_stakes();
    } else {
      pts = s.closer_fail_points();
    }
  }
  return pts + s.carry;
}

// The points the side on lead p (two players, stock closed, a free lead) takes for certain by
// cashing leads that cannot lose, one after another; -1 if it has none.
template <class S>
int cash_points(const S& s, const Outlook& o, int p) {
  // The other hand must follow suit (the strict rules), so p's leads above all its cards of
  // a suit win while it still holds that suit: as many as those cards. p draws trumps with
  // its sure winners; if those are enough, the other hand is left without a trump and every
  // such lead and every trump of p wins. The other hand adds at worst its cheapest cards.
  const Mask theirs = s.hand[1 - p];
  const bool strip = popcount(theirs & suit_mask(s.trump_suit)) <= popcount(o.winners[p]);
  Mask cash = 0;
  for (int suit = 0; suit < kSuits; ++suit) {
    const Mask mine = s.hand[p] & suit_mask(suit), them = theirs & suit_mask(suit);
    const std::uint32_t other = codes_of(them) >> (suit * 8) & 0xFF;
    if (suit == s.trump_suit) {
      cash |= strip ? mine : o.winners[p];
      continue;
    }
    Mask top = other ? mine & rank_below_mask(ctz32(other)) : mine;
    if (!strip)  // only as many as they can follow to, the dearest first
      for (int rank = kRanks - 1, extra = popcount(top) - popcount(them); extra > 0; --rank)
        for (Mask m = top & rank_mask(rank); m && extra > 0; m &= m - 1, --extra)
          top &= ~(m & -m);
    cash |= top;
  }
  int k = popcount(cash);
  if (!k) return -1;
  int gain = card_points(cash);
  for (int rank = kRanks - 1; rank >= 0 && k > 0; --rank) {
    const int have = popcount(theirs & rank_mask(rank));
    const int take = have < k ? have : k;
    gain += take * kPoints[rank];
    k -= take;
  }
  return gain;
}

template <class S>
int cash_of(const S& s, const Outlook& o, int* memo) {
  if (*memo == -2) *memo = cash_points(s, o, s.to_act);
  return *memo;
}

}  // namespace

template <class S>
bool quick_claim(const S& s, const Outlook& o, int* value, int* memo) {
  const RuleSet& r = s.R();
  if (r.claim == Claim::NONE || s.n() != 2 || s.phase != Phase::LEAD || s.marriage_suit >= 0)
    return false;
  const int p = s.to_act, x = s.side(p), y = 1 - x;
  // (In the strict phase the sure points include the cheapest cards the other hand adds.)
  int gain = o.sure[x] + s.pending[p];  // the first trick also credits pending marriages
  if (!o.winners[x] || o.score[x] + gain < r.target) {
    if (s.stock_open()) return false;
    const int cash = cash_of(s, o, memo);
    if (cash < 0) return false;
    gain = cash + s.pending[p];
    if (o.score[x] + gain < r.target) return false;
  }
  // Where claims are made on any turn, the other side claims first if it holds the target.
  if (r.claim == Claim::TURN && o.score[y] >= r.target) return false;
  int v = claim_return(s, o, x);
  if (r.claim == Claim::TURN) {
    // The other side may claim (falsely) on each of its turns: with the `mirror` rule that
    // can cost it less than the claim it is about to suffer.
    int pts;
    if (s.closed_by >= 0 && s.side(s.closed_by) == y)
      pts = s.closer_fail_points();
    else if (r.false_claim == FalseClaim::MIRROR)
      pts = o.score[x] + gain < r.schneider ? 2 : 1;  // x's rate once it has cashed
    else
      pts = 2;
    if (pts + s.carry < v) v = pts + s.carry;
  }
  *value = v;
  return true;
}

template <class S>
int best_return(const S& s, const Outlook& o, int x, int* memo) {
  const RuleSet& r = s.R();
  const int y = 1 - x;
  const int xs = o.score[x], ys = o.score[y];
  int max_x = xs + o.most[x];
  // (Only the target, and the higher total, read max_x: below the target no need to look.)
  if ((max_x >= r.target || r.natural_end == NaturalEnd::HIGHER_TOTAL) && s.n() == 2 &&
      !s.stock_open() && s.phase == Phase::LEAD && s.marriage_suit < 0 && s.side(s.to_act) == y) {
    // y on lead may first cash its sure leads (a restriction of y: a bound still); x then
    // never gets those tricks, nor more than the rest.
    const int cash = cash_of(s, o, memo);
    if (cash > o.sure[y]) max_x -= cash - o.sure[y];
  }
  const bool reach = max_x >= r.target;
  // y claims as soon as it can: a hand y is sure to take to the target is never played out.
  // (Its sure winners also give it a trick, and with it a chance to claim.)
  const bool y_gets_there = r.claim != Claim::NONE && o.winners[y] && ys + o.sure[y] >= r.target;
  const int rate_y = o.tricks[y] == 0 ? 3 : (ys < r.schneider ? 2 : 1);
  const int closer_fail = s.closer_fail_points();
  const bool x_closed = s.closed_by >= 0 && s.side(s.closed_by) == x;
  const bool y_closed = s.closed_by >= 0 && !x_closed;
  int best = -1;  // -1: only losses remain
  if (r.claim != Claim::NONE && reach) {
    // A claim now is the best case (a close x makes later fixes the stakes at y's score then).
    const int pts = claim_return(s, o, x) - s.carry;
    if (pts > best) best = pts;
  }
  if (y_closed && closer_fail > best) best = closer_fail;
  if (s.closed_by < 0 && !y_gets_there) {  // the hand may be played out (x need not close)
    int nat = -1;
    switch (r.natural_end) {
      case NaturalEnd::CLAIM_OR_DRAW: nat = 0; break;
      case NaturalEnd::LAST_TRICK: nat = 1; break;
      case NaturalEnd::FIRST_TO_TARGET:
        if (s.first_to_target == x) nat = rate_y;
        else if (s.first_to_target < 0) nat = reach && rate_y > 1 ? rate_y : 1;
        break;
      case NaturalEnd::HIGHER_TOTAL: nat = max_x > ys ? rate_y : (max_x == ys ? 0 : -1); break;
      case NaturalEnd::SIDE_TOTAL:
        if (reach) nat = o.tricks[y] == 0 ? 3 : (max_x >= 100 ? 2 : 1);
        else if (xs < r.target && ys + o.sure[y] < r.target) nat = 0;
        break;
      case NaturalEnd::DEAD_HAND: nat = 1; break;  // (three players: not used)
    }
    if (nat > best) best = nat;
  }
  if (best > 0) return best + s.carry;
  if (best == 0) return 0;
  return -(1 + s.carry);
}

// The general State and the strict phase's compact one (strict_state.hpp).
template Outlook outlook(const State&);
template int best_return(const State&, const Outlook&, int, int*);
template int best_return(const Strict2&, const Outlook&, int, int*);
template bool quick_claim(const State&, const Outlook&, int*, int*);
template bool quick_claim(const Strict2&, const Outlook&, int*, int*);

}  // namespace ss
