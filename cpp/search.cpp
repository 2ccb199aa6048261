// The exact search (search.hpp) over any State: the yes/no driver (exact), ab() with its
// enhanced transposition cutoffs, key(), the last trick, the sure-bounds, claim and failed-close
// cutoffs that the strict search shares, card-point values, the principal variation. Moves and
// their order come from ordering.cpp; the two-player strict phase is handed to strict_search.cpp.
#include "search.hpp"
#include "bits.hpp"
#include "hash.hpp"

#include "bounds.hpp"
#include "card_reach.hpp"
#include "ordering.hpp"

#include <algorithm>
#include <cstdio>
#include <type_traits>

namespace ss {

#ifdef SS_STATS
std::uint64_t g_stat[64][4];
#define STAT(s, i) (++g_stat[(s).card_count() + (s).stock_len()][i])
#else
#define STAT(s, i) ((void)0)
#endif

namespace {

int cards_in_play(const State& s) { return s.card_count() + s.trick_len; }

// Enhanced transposition cutoffs where more than this many cards are left (hands, trick,
// stock): below, the children's subtrees are too small to pay for their copies, keys and
// probes. (12 -> 16: 4-6% more nodes but less time: sixty-six advice with the stock at 6 or
// fewer ~10-20%, sixty-six whole-deal median ~20%, schnapsen's ~9%.)
constexpr int kEtcMinCards = 16;

// No side can score more: every card, the last-trick bonus, every marriage at the higher value.
int most_points(const RuleSet& r) {
  const int marriage = r.marriage_royal > r.marriage_common ? r.marriage_royal : r.marriage_common;
  return card_points(r.deck) + r.last_trick_bonus + kSuits * r.copies * marriage;
}

}  // namespace

Search::Search(TranspositionTable& tt, Objective obj, int player, Limits limits, BoundsGate* gate)
    : tt_(tt), obj_(obj), player_(player), limits_(limits), start_(std::chrono::steady_clock::now()),
      strict_on_(strict_path()), dom_on_(dominance()), gate_(gate ? *gate : own_gate_) {}

void Search::set_tt_min_cards(const State& root) {
  tt_min_cards_ = root.n();
  // The stock still to be drawn follows from the root's stock and how many were drawn; the
  // key names the root's stock so that one table can serve worlds with different stocks.
  std::uint64_t h = 0x9E3779B97F4A7C15ULL;
  for (int i = root.stock_top; i < root.stock_end; ++i) h = mix(h, root.stock[i] + 64u * i);
  stock_salt_ = h;
}

// (Called every 1024 nodes: a relaxed load and a compare, the clock only under a time limit.)
void Search::check_limits() {
  if (!stopped_) stopped_ = limits_.reached(nodes_, start_);
  if (stopped_) throw SearchAborted(stopped_);
}

bool Search::maximizing(const State& s) const { return s.side(s.to_act) == s.side(player_); }

int Search::points_value(const State& s) const { return s.side_score(s.side(player_)); }

int Search::base(const State& s) const {
  const int a = s.side(player_);
  return obj_ == Objective::TRICKS ? s.side_tricks(a) : s.side_score(a);
}

int Search::leaf_value(const State& s) const {
  if (relative()) return base(s);
  const int r = s.returns[player_];
  if (obj_ == Objective::WIN) return (r > 0) - (r < 0);
  return r;
}

// Positions whose value needs no search: the end of play for CARD_POINTS, and a true claim for
// the others (a player at the target never gains by waiting: the opponents' points and tricks
// can only grow, so the claim is taken at the first chance).
bool Search::shortcut(const State& s, int* v) const {
  if (relative()) {  // every card played: the hand ends without a claim (the dead hand too)
    if (s.phase != Phase::END) return false;
    State c = s;
    c.apply(make_action(PASS));
    *v = base(c);
    return true;
  }
  const int p = s.to_act;
  if (!s.can_claim(p) || s.side_score(s.side(p)) < s.R().target) return false;
  State c = s;
  c.apply(make_action(CLAIM));
  *v = leaf_value(c);
  return true;
}

// (flatten: outlook() and best_return() of bounds.cpp inline here under the build's LTO, their
// common work shared: ~3% of a whole-deal solve's instructions.)
template <class S>
SS_FLATTEN void Search::bounds(const S& s, int* lo, int* hi) const {
  *lo = lo_;
  *hi = hi_;
  if (s.n() == 3) return;
  const int a = s.side(player_);
  if (obj_ == Objective::TRICKS) {  // a sure winner of theirs is a trick we do not get
    Mask theirs = 0;
    for (int p = 0; p < s.n(); ++p)
      if (s.side(p) != a) theirs |= s.hand[p];
    const int left = (s.card_count() + s.trick_len + (s.stock_open() ? s.stock_len() : 0)) / s.n();
    const Outlook o = outlook(s);
    *lo = o.tricks[a];
    *hi = std::min(*hi, o.tricks[a] + left - (o.winners[1 - a] & theirs ? 1 : 0));
    return;
  }
  const Outlook o = outlook(s);
  if (obj_ == Objective::CARD_POINTS) {
    *lo = std::max(*lo, o.score[a] + o.sure[a]);
    *hi = std::min(*hi, o.score[a] + o.most[a]);
    return;
  }
  int cash = -2;
  int up = best_return(s, o, a, &cash), down = -best_return(s, o, 1 - a, &cash);
  if (obj_ == Objective::WIN) {
    up = (up > 0) - (up < 0);
    down = (down > 0) - (down < 0);
  }
  int q;
  if (quick_claim(s, o, &q, &cash)) {
    if (obj_ == Objective::WIN) q = (q > 0) - (q < 0);
    if (s.side(s.to_act) == a) down = std::max(down, q);
    else up = std::min(up, -q);
  }
  *hi = std::min(*hi, up);
  *lo = std::max(*lo, down);
}

template void Search::bounds(const State&, int*, int*) const;
template void Search::bounds(const Strict2&, int*, int*) const;

// The game-point bounds of bounds() computed side by side, and the costly ones (the cash of
// the side on lead: its opponent's best return and its quick claim) only where the cheap one
// did not already settle the node: the same results.
template <class S>
bool Search::bounds_cut(const S& s, int kind, int held, int alpha, int beta, int* v) {
  if (kind != 0 && !gate_.want(kind, held)) return false;
  int blo, bhi;
  if (obj_ != Objective::GAME_POINTS || s.n() != 2) {
    bounds(s, &blo, &bhi);
  } else {
    // (two players: each its own side)
    const Outlook o = outlook(s);
    const int a = player_, mover = s.to_act;
    int cash = -2, q;
    if (mover == a) {  // ours: no cash; theirs, and our quick claim, read it
      bhi = std::min(hi_, best_return(s, o, a, &cash));
      blo = lo_;
      if (bhi > alpha) {
        blo = std::max(blo, -best_return(s, o, 1 - a, &cash));
        if (quick_claim(s, o, &q, &cash)) blo = std::max(blo, q);
      }
    } else {
      blo = std::max(lo_, -best_return(s, o, 1 - a, &cash));
      bhi = hi_;
      if (blo < beta) {
        bhi = std::min(bhi, best_return(s, o, a, &cash));
        if (quick_claim(s, o, &q, &cash)) bhi = std::min(bhi, -q);
      }
    }
  }
  gate_.note(kind, held, bhi <= alpha || blo == bhi || blo >= beta);
  if (bhi <= alpha || blo == bhi) return *v = bhi, true;
  if (blo >= beta) return *v = blo, true;
  return false;
}

template bool Search::bounds_cut(const State&, int, int, int, int, int*);
template bool Search::bounds_cut(const Strict2&, int, int, int, int, int*);

// A closer (two players) who can no longer reach the target has failed, and the value is the
// failed close's return whatever is played: a true claim by the other side and a false one by
// the closer pay the same, and neither side can do better. Its card points are bounded by a
// card-point search of the ending (card_reach: endings of up to kCloserMaxHeld cards, and only
// where that return settles the window), its marriages by every king and queen pair it holds.
template <class S>
bool Search::closer_failed(const S& s, int held, int alpha, int beta, int* v) const {
  if (held > kCloserMaxHeld || s.closed_by < 0 || s.trick_len || s.n() != 2 || relative() ||
      s.phase != Phase::LEAD || s.marriage_suit >= 0)
    return false;
  const RuleSet& r = s.R();
  const int x = s.closed_by, f = s.closer_fail_points() + s.carry;
  int ret = player_ == x ? -f : f;
  if (obj_ == Objective::WIN) ret = (ret > 0) - (ret < 0);
  if (ret > alpha && ret < beta) return false;
  int need = r.target - s.score[x] - s.pending[x];
  if (r.marriages == Marriages::ANY) {
    const Mask free = s.hand[x] & ~s.married;
    for (int suit = 0; suit < kSuits; ++suit) {
      const int k = popcount(free & code_mask(code_of(suit, KING)));
      const int q = popcount(free & code_mask(code_of(suit, QUEEN)));
      need -= (k < q ? k : q) * (suit == s.trump_suit ? r.marriage_royal : r.marriage_common);
    }
  }
  if (card_reach(r, s.trump_suit, s.hand[x], s.hand[1 - x], s.to_act == x, need)) return false;
  *v = ret;
  return true;
}

template bool Search::closer_failed(const State&, int, int, int, int*) const;
template bool Search::closer_failed(const Strict2&, int, int, int, int*) const;

// A false claim is a leaf: where its return already settles the window the node needs no
// search (claims went last in the move order, after every card's subtree). And where claims
// are made on any turn, the side on lead cannot escape the other side's claim on its reply
// unless it reaches the target first, by a marriage after a trick won. Until then its score
// only rises and its tricks do not change, so that claim pays it no more then than now. The
// mover's value is then at most the better of the two claims (true claims were taken
// before: the scores are below the target). (The same bound for the follower never cut once
// in whole schnapsen deals: the lead before it already had.)
template <class S>
bool Search::claim_cut(const S& s, int alpha, int beta, int* v) const {
  if (relative() || s.n() != 2) return false;
  const RuleSet& r = s.R();
  if (one_rules_) {  // a window that asks whether one side wins more than 1
    const int one = 1 + s.carry;
    if (alpha >= one && one_at_most(s, player_)) return *v = one, true;
    if (beta <= -one && one_at_most(s, 1 - player_)) return *v = -one, true;
  }
  const int a = s.to_act, b = 1 - a;
  if (!s.can_claim(a)) return false;
  const bool maxi = a == player_;
  const int own = leaf_of(two_hand_claim_return(s, a, player_));
  if (maxi ? own >= beta : own <= alpha) return *v = own, true;
  if (r.claim != Claim::TURN || s.phase != Phase::LEAD || s.marriage_suit >= 0 ||
      s.score[a] >= r.target || s.score[b] >= r.target)
    return false;
  if (s.tricks[a] > 0 &&
      (r.marriages == Marriages::ANY || (r.marriages == Marriages::OPEN && s.stock_open()))) {
    Mask free = s.hand[a] & ~s.married;
    if constexpr (std::is_same_v<S, State>)  // (the face-up trump card may come by an exchange)
      if (s.stock_open()) free |= bit(s.stock[s.stock_end - 1]);
    const std::uint32_t pairs =
        codes_of(free & rank_mask(KING)) >> KING & codes_of(free & rank_mask(QUEEN)) >> QUEEN;
    if (pairs) {
      const bool royal = pairs >> (8 * s.trump_suit) & 1;
      if (s.score[a] + (royal ? r.marriage_royal : r.marriage_common) >= r.target) return false;
    }
  }
  const int theirs = leaf_of(two_hand_claim_return(s, b, player_));
  const int bound = maxi ? std::max(own, theirs) : std::min(own, theirs);
  if (maxi ? bound <= alpha : bound >= beta) return *v = bound, true;
  return false;
}

template bool Search::claim_cut(const State&, int, int, int*) const;
template bool Search::claim_cut(const Strict2&, int, int, int*) const;

// Where the other side b may claim on any of its turns and a false claim pays by its
// receiver's own score (MIRROR), b gives up 1 (and the carry) at its first turn with a at or
// above the schneider line: a has a trick then, having taken points. So a wins more only by
// reaching the target between two of b's turns with a score below that line at the first:
// by one trick (its two cards, the last trick's bonus, the points pending for a first trick)
// and one marriage. Where every marriage a could still make and every such trick together
// cannot cover that gap, nor take a from its score now to the target before b's next turn,
// a gets 1 at most: b's concession bounds it, and play that ends without a claim pays 1 (or
// nothing, or the other side) under the natural ends allowed here. Not where b closed: its
// false claim would then be a failed close.
template <class S>
bool Search::one_at_most(const S& s, int a) const {
  const RuleSet& r = s.R();
  const int b = 1 - a;
  if (s.closed_by == b || s.score[a] >= r.target) return false;
  Mask unplayed = s.hand[0] | s.hand[1], own = s.hand[a];
  for (int i = 0; i < s.trick_len; ++i) unplayed |= bit(s.trick[i]);
  if constexpr (std::is_same_v<S, State>)
    if (s.stock_open()) {  // (its cards may still come to a, or be won)
      const Mask stock = s.stock_cards();
      unplayed |= stock;
      own |= stock;
    }
  int jump = s.pending[a] + (s.closed_by >= 0 ? 0 : r.last_trick_bonus);
  for (int rank = ACE, taken = 0; rank <= JACK && taken < 2; ++rank) {  // the dearest trick
    const int k = std::min(popcount(unplayed & rank_mask(rank)), 2 - taken);
    jump += k * kPoints[rank];
    taken += k;
  }
  if (r.marriages == Marriages::ANY || (r.marriages == Marriages::OPEN && s.stock_open())) {
    const Mask free = own & ~s.married;
    for (int suit = 0; suit < kSuits; ++suit) {
      const int pairs = std::min(popcount(free & code_mask(code_of(suit, KING))),
                                 popcount(free & code_mask(code_of(suit, QUEEN))));
      jump += pairs * (suit == s.trump_suit ? r.marriage_royal : r.marriage_common);
    }
  }
  return jump <= r.target - r.schneider && s.score[a] + jump < r.target;
}

template bool Search::one_at_most(const State&, int) const;
template bool Search::one_at_most(const Strict2&, int) const;

std::uint64_t Search::key(const State& s, bool scores) const {
  if (strict_on_ && strict_domain(s)) return strict_key(s, scores);  // (its own key: strict_domain.cpp)
  const RuleSet& r = s.R();
  std::uint64_t h = scores ? 0x243F6A8885A308D3ULL : 0x13198A2E03707344ULL;
  for (int p = 0; p < s.n(); ++p) h = mix(h, s.hand[p] + static_cast<std::uint64_t>(p));
  const std::uint64_t face = s.stock_end ? s.stock[s.stock_end - 1] : 0;
  h = mix(h, std::uint64_t{s.stock_top} | std::uint64_t{s.stock_end} << 8 | face << 16 |
                 std::uint64_t(s.closed_by + 1) << 24 |
                 std::uint64_t(s.close_opp_score >= r.schneider) << 32 |  // (see strict_key)
                 std::uint64_t{s.close_opp_had_trick} << 48 | std::uint64_t{s.exchange_lost} << 52);
  h = mix(h, trick_word(s));
  std::uint64_t sc = 0, tr = 0;
  Mask held = 0;
  if (r.players == 2) {  // (the same words as below, without the loops: each player a side)
    if (!relative() && scores) sc = std::uint64_t(s.score[0]) | std::uint64_t(s.score[1]) << 9;
    sc |= std::uint64_t(int{s.pending[0]}) << 27 | std::uint64_t(int{s.pending[1]}) << 35;
    tr = std::uint64_t(s.tricks[0] > 0) | std::uint64_t(s.tricks[1] > 0) << 1;
    held = s.hand[0] | s.hand[1];
  } else {
    for (int q = 0; q < r.sides; ++q) {
      int pend = 0;
      for (int p = 0; p < s.n(); ++p)
        if (s.side(p) == q) pend += s.pending[p];
      // Relative objectives store values less what the side already has: the rest of the
      // hand does not depend on the scores, so the key leaves them out.
      if (!relative()) sc |= std::uint64_t(s.side_score(q)) << (q * 9);
      sc |= std::uint64_t(pend) << (27 + q * 8);
    }
    for (int p = 0; p < s.n(); ++p) {  // with three players trick counts and order decide the dead hand
      tr |= r.players == 3 ? (std::uint64_t{s.tricks[p]} | std::uint64_t{s.last_win[p]} << 5) << (p * 10)
                           : std::uint64_t(s.tricks[p] > 0) << p;
      held |= s.hand[p];
    }
  }
  h = mix(h, sc);
  h = mix(h, tr | std::uint64_t(obj_) << 40 | std::uint64_t(player_) << 44 |
                 std::uint64_t(s.carry) << 48);
  h = mix(h, s.married & held);
  if (s.aside) h = mix(h, s.aside);  // the dead hand scores at the end
  if (s.stock_open()) h = mix(h, stock_salt_);
  return fmix(h);
}

// The last trick: every player holds at most one card, so the only choices left are claims
// (and passes at the end of play). A plain minimax over them is cheaper than the full search.
bool Search::forced_end(const State& s, int* v) {
  if (s.stock_open() || s.phase == Phase::DRAW || s.phase == Phase::SHOW) return false;
  for (int p = 0; p < s.n(); ++p)
    if (s.hand[p] & (s.hand[p] - 1)) return false;
  const std::uint64_t k = key(s);
  const int off = relative() ? base(s) : 0;  // (stored as the table does)
  if (tt_.probe_end(k, v)) {
    *v += off;
    return true;
  }
  *v = last_trick(s);
  tt_.store_end(k, *v - off);
  return true;
}

int Search::last_trick(const State& s) {
  if (s.over()) return leaf_value(s);
  int v;
  if (shortcut(s, &v)) return v;
  Action buf[kMaxActions];
  const int k = s.legal_actions(buf);
  const bool maxi = maximizing(s);
  int best = maxi ? lo_ - 1 : hi_ + 1;
  for (int i = 0; i < k; ++i) {
    if (relative() && kind_of(buf[i]) == CLAIM) continue;
    State c = s;
    c.apply(buf[i]);
    ++nodes_;
    v = last_trick(c);
    best = maxi ? std::max(best, v) : std::min(best, v);
  }
  return best;
}

int Search::ab(const State& s, int alpha, int beta) {
  if (strict_on_ && strict_domain(s)) return ab_strict(s, alpha, beta);
  if ((++nodes_ & 1023) == 0) check_limits();
  if (s.over()) return leaf_value(s);
  STAT(s, 0);
  if (int fv; forced_end(s, &fv)) return fv;
  // Near the end of play a search is cheaper than a table probe (a cache miss): no table there.
  const int held = s.card_count();
  const bool use_tt = s.trick_len == 0 && held > tt_min_cards_;
  const bool dom = use_tt && dominates(s);  // (two players: each its own side)
  const std::uint64_t k = use_tt ? key(s, !dom) : 0;
  if (use_tt) tt_.prefetch(k);
  int v;
  if (shortcut(s, &v)) return v;
  if (claim_cut(s, alpha, beta, &v)) return v;
  if (s.trick_len == 0) {  // (mid-trick the bounds rarely change: not worth their cost)
    // (Open-phase cuts are rarer but save big subtrees: those bounds are always tried.)
    const int kind = s.stock_open() ? 0 : s.closed_by >= 0 ? 1 : 2;
    if (bounds_cut(s, kind, held, alpha, beta, &v)) return STAT(s, 2), v;
  }
  // The moves are listed before the probe: that work hides its cache miss. The table's move
  // then goes first, the others keeping their order.
  Action buf[kMaxActions];
  const int n = order_moves(s, history_, !relative(), buf);
  // A failed close costs its closer 2 or 3: where the mover only has to stay above that (the
  // window asks it for a loss of 1 at worst), the close is seldom the move that does it, and
  // refuting it first was a fifth of the nodes. It goes last but for claims (whole deals:
  // schnapsen -10% nodes, sixty-six -5%; demoting it also where more than 1 is asked did not pay).
  if (obj_ == Objective::GAME_POINTS && s.n() == 2 && s.stock_open() &&
      (maximizing(s) ? beta : -alpha) <= -1 - s.carry)
    close_last(buf, n);
  const int off = relative() ? base(s) : 0;
  const int mine = dom ? s.score[player_] : 0, theirs = dom ? s.score[1 - player_] : 0;
  if (use_tt && probe_table(dom, k, mine, theirs, off, alpha, beta, buf, n, &v))
    return STAT(s, 1), v;
  if (closer_failed(s, held, alpha, beta, &v))
    return store_node(use_tt, k, v, v - 1, v + 1, off, kNoMove, held, dom ? mine : -1, theirs);
  if (n == 0) return leaf_value(s);  // cannot happen in a legal position; stay total
  const bool maxi = maximizing(s);
  const int a0 = alpha, b0 = beta;
  int best = maxi ? lo_ - 1 : hi_ + 1;
  Action best_move = kNoMove;
  if (s.stock_open() && n > 1 && cards_in_play(s) + s.stock_len() > kEtcMinCards &&
      etc(s, buf, n, maxi, alpha, beta, &best, &best_move))
    return store_node(use_tt, k, best, a0, b0, off, best_move, held, dom ? mine : -1, theirs);
  for (int i = 0; i < n; ++i) {
    State c = s;
    c.apply(buf[i]);
    v = ab(c, alpha, beta);
    if (take_child(maxi, v, buf[i], s.to_act, held + s.trick_len, best, best_move, alpha, beta)) {
      if (i == 0) STAT(s, 3);
      if (s.stock_open() && kind_of(buf[i]) == PLAY) history_.credit_open(s, arg_of(buf[i]), held);
      break;
    }
  }
  return store_node(use_tt, k, best, a0, b0, off, best_move, held, dom ? mine : -1, theirs);
}

// Enhanced transposition cutoff: a child whose table entry already refutes the window settles
// the node before any child is searched. Open-stock nodes only: there a quarter of the
// positions after a trick recur by other trick orders, and each child is a big subtree.
bool Search::etc(const State& s, const Action* buf, int n, bool maxi, int alpha, int beta,
                 int* v, Action* a) {
  std::uint64_t keys[kMaxActions];
  int offs[kMaxActions];
  std::int16_t mine[kMaxActions];  // >= 0: the child's entries are score-dominance ones
  std::int16_t theirs[kMaxActions];
  for (int i = 0; i < n; ++i) {  // (all keys first: the probes' cache misses overlap)
    keys[i] = 0;
    if (kind_of(buf[i]) == PLAY && s.trick_len + 1 < s.n()) continue;  // mid-trick: no entry
    State c = s;
    c.apply(buf[i]);
    if (c.over() || c.trick_len != 0 || c.card_count() <= tt_min_cards_) continue;  // no entry
    const bool dom = dominates(c);  // (as the child's own search keys it)
    keys[i] = key(c, !dom);
    offs[i] = relative() ? base(c) : 0;
    mine[i] = static_cast<std::int16_t>(dom ? c.score[player_] : -1);
    theirs[i] = static_cast<std::int16_t>(dom ? c.score[1 - player_] : 0);
    tt_.prefetch(keys[i]);
  }
  for (int i = 0; i < n; ++i) {
    if (!keys[i]) continue;
    int lower = lo_, upper = hi_;
    if (mine[i] >= 0) {
      std::uint16_t move;
      if (!tt_.probe_dom(keys[i], mine[i], theirs[i], dom_line_, &lower, &upper, &move)) continue;
    } else if (TTEntry e; tt_.probe(keys[i], &e)) {
      lower = e.lower + offs[i];
      upper = e.upper + offs[i];
    } else {
      continue;
    }
    const int bound = maxi ? lower : upper;
    if (maxi ? bound >= beta : bound <= alpha) {
      *v = bound;
      *a = buf[i];
      return true;
    }
  }
  return false;
}

int Search::exact(const State& s, int lo, int hi, int guess) {
  const Bounded b = narrow(s, lo, hi, guess);
  if (!b.exact()) throw SearchAborted(stopped_);
  return b.lo;
}

// A stop (check_limits() throws from deep in ab()) leaves [lo, hi] as the tests so far proved
// it: the table holds only finished nodes, so nothing half done is kept.
Bounded Search::narrow(const State& s, int lo, int hi, int guess) {
  int v;
  if (s.over()) return v = leaf_value(s), Bounded{v, v};
  if (shortcut(s, &v)) return {v, v};
  if (by_points(s)) {
    if (stopped_) return {lo, hi};
    try {
      v = value_by_points(s);
      return {v, v};
    } catch (const SearchAborted&) {
      return {lo, hi};
    }
  }
  int blo, bhi;  // the sure bounds leave fewer thresholds to test
  bounds(s, &blo, &bhi);
  lo = std::max(lo, blo);
  hi = std::min(hi, bhi);
  if (stopped_) return {lo, hi};
  // Wide-spread whole deals: first the tests between a loss of 1 and of 2, and between a win
  // of 1 and of 2. They settle most big results without the costly test between a small win
  // and a small loss, and where that test is still needed, their table moves order it.
  const int first[2] = {-(1 + s.carry), 2 + s.carry};
  int tests = spread_first(s, guess) ? 0 : 2;
  try {
    if (lo < hi) check_limits();  // (a cancel or a limit already reached: no test at all)
    while (lo < hi) {
      // Is the value >= t ? Halve the range, or settle a good guess in two tests (g+1, then g).
      int t = lo + (hi - lo + 1) / 2;
      if (guess >= lo && guess < hi) t = guess + 1;
      else if (guess == hi && guess > lo) t = guess;
      while (tests < 2 && !(first[tests] > lo && first[tests] <= hi)) ++tests;
      if (tests < 2) t = first[tests++];
      const int v = ab(s, t - 1, t);
#ifdef SS_STATS
      std::printf("  t=%d -> %d nodes so far %llu\n", t, v, (unsigned long long)nodes_);
#endif
      if (v >= t) lo = std::min(v, hi);
      else hi = std::max(v, lo);
    }
  } catch (const SearchAborted&) {
  }
  return {lo, hi};
}

// Game points of a two-player deal with the stock still open, where big results (2 or 3 game
// points) are common: in sixty-six (6-card hands) 60% of whole deals, in schnapsen (5) 12%,
// where the extra tests cost more than they save (measured: sixty-six median nodes -50%,
// schnapsen +8%).
bool Search::spread_first(const State& s, int guess) const {
  return guess == kNoGuess && obj_ == Objective::GAME_POINTS && s.n() == 2 && s.stock_open() &&
         s.R().hand_size >= 6;
}

void Search::set_range(const State& root) {
  set_tt_min_cards(root);
  // Where a false claim pays the claimant's opponent by that opponent's own score (MIRROR),
  // more points can make a hand worse below the schneider line: there a score is compared
  // only with the same score or, at or above the line, with another there (table_probe.cpp).
  dom_rules_ = root.n() == 2;
  dom_line_ = root.R().false_claim == FalseClaim::MIRROR ? root.R().schneider : 0;
  // Where play that ends with nobody at the target pays a side at most 1 (the two schneider
  // cutoffs' rules: one_at_most() for MIRROR false claims, schneider_race() for the others).
  const RuleSet& r = root.R();
  const bool two = root.n() == 2 && obj_ == Objective::GAME_POINTS &&
                   (r.natural_end == NaturalEnd::LAST_TRICK ||
                    r.natural_end == NaturalEnd::FIRST_TO_TARGET ||
                    r.natural_end == NaturalEnd::CLAIM_OR_DRAW);
  const bool mirror = r.false_claim == FalseClaim::MIRROR;
  one_rules_ = two && mirror && r.claim == Claim::TURN;
  schneider_rules_ = two && !mirror;
  switch (obj_) {
    case Objective::GAME_POINTS:
      lo_ = root.n() == 3 ? -2 : -(3 + root.carry);
      hi_ = root.n() == 3 ? 2 : 3 + root.carry;
      break;
    case Objective::WIN: lo_ = -1; hi_ = 1; break;
    case Objective::CARD_POINTS: lo_ = 0; hi_ = most_points(root.R()); break;
    case Objective::TRICKS: lo_ = 0; hi_ = 64; break;
  }
}

// Without claims, marriages or closing, a `side_total` hand is scored on the final card points
// alone (and, for 3, on the other side taking no trick). That score is a non-decreasing step
// function of our final points, so its minimax value is the step function of the minimax card
// points: a few null-window card-point searches, whose table entries are score-independent.
bool Search::by_points(const State& s) const {
  const RuleSet& r = s.R();
  return !relative() && s.n() != 3 && r.claim == Claim::NONE && r.marriages == Marriages::NONE &&
         r.close == Close::NONE && r.natural_end == NaturalEnd::SIDE_TOTAL;
}

bool Search::reaches(const State& s, Objective o, int t) {
  struct Restore {  // switch the objective for one search (exceptions included)
    Search& se;
    Objective obj;
    int lo, hi;
    ~Restore() { se.obj_ = obj; se.lo_ = lo; se.hi_ = hi; }
  } restore{*this, obj_, lo_, hi_};
  obj_ = o;
  lo_ = 0;
  hi_ = o == Objective::TRICKS ? 64 : most_points(s.R());
  if (t <= lo_) return true;
  if (t > hi_) return false;
  return ab(s, t - 1, t) >= t;
}

int Search::value_by_points(const State& s) {
  const RuleSet& r = s.R();
  const int a = s.side(player_), b = 1 - a;
  const Outlook o = outlook(s);
  const int total = o.score[0] + o.score[1] + o.most[0] + o.sure[1];  // every point goes somewhere
  // Our final points -> the result (without the every-trick case).
  auto result = [&](int mine) {
    const int theirs = total - mine;
    if (mine >= r.target) return (mine >= 100 ? 2 : 1) + s.carry;
    if (theirs >= r.target) return -((theirs >= 100 ? 2 : 1) + s.carry);
    return 0;
  };
  // Where the result changes: our final points at which a step starts.
  int steps[4] = {r.target, 100, total - r.target + 1, total - 100 + 1}, n = 0;
  std::sort(steps, steps + 4);
  int lo = o.score[a] + o.sure[a], hi = o.score[a] + o.most[a];  // our final points lie here
  int cand[4];
  for (int t : steps)
    if (t > lo && t <= hi && (n == 0 || cand[n - 1] != t)) cand[n++] = t;
  // Binary search for the highest step we can secure.
  int i = 0, j = n;  // we reach cand[0..i) for sure; not cand[j..n)
  while (i < j) {
    const int m = (i + j) / 2;
    if (reaches(s, Objective::CARD_POINTS, cand[m])) i = m + 1;
    else j = m;
  }
  const int mine = i == 0 ? lo : cand[i - 1];
  int v = result(mine);
  const int left = (s.card_count() + s.trick_len) / s.n();
  if (v > 0 && o.tricks[b] == 0 && left > 0 && reaches(s, Objective::TRICKS, o.tricks[a] + left))
    v = 3 + s.carry;
  if (v < 0 && o.tricks[a] == 0 && left > 0 && !reaches(s, Objective::TRICKS, 1))
    v = -(3 + s.carry);
  if (obj_ == Objective::WIN) return (v > 0) - (v < 0);
  return v;
}

Bounded Search::value_bounds(const State& root) {
  set_range(root);
  const Bounded b = narrow(root, lo_, hi_);
  root_hi_ = b.hi;
  root_key_ = key(root);
  return b;
}

int Search::value(const State& root) {
  const Bounded b = value_bounds(root);
  if (!b.exact()) throw SearchAborted(stopped_);
  return b.lo;
}

bool Search::at_least(const State& root, int threshold) {
  set_range(root);
  if (threshold <= lo_) return true;
  if (threshold > hi_) return false;
  if (by_points(root)) return exact(root, lo_, hi_) >= threshold;
  return ab(root, threshold - 1, threshold) >= threshold;
}

std::vector<ActionBounds> Search::action_bounds(const State& root) {
  set_range(root);
  // (After value() of this root no action can beat the root's upper bound: one test fewer.)
  const int cap = key(root) == root_key_ ? root_hi_ : hi_;
  std::vector<ActionBounds> out;
  Action buf[kMaxActions];
  const int k = root.legal_actions(buf);
  for (int i = 0; i < k; ++i) {
    if (relative() && kind_of(buf[i]) == CLAIM) continue;  // claims ignored
    State c = root;
    c.apply(buf[i]);
    out.push_back({buf[i], narrow(c, lo_, cap)});
  }
  return out;
}

std::vector<ActionValue> Search::action_values(const State& root) {
  std::vector<ActionValue> out;
  for (const ActionBounds& a : action_bounds(root)) {
    if (!a.value.exact()) throw SearchAborted(stopped_);
    out.push_back({a.action, a.value.lo});
  }
  return out;
}

int Search::value_after(const State& root, const State& child, int guess) {
  set_range(root);
  return exact(child, lo_, key(root) == root_key_ ? root_hi_ : hi_, guess);
}

// The line follows, at each position of value v, an action whose result still has value v:
// for the side to act that is one yes/no search per candidate (at least v when maximising, at
// most v when minimising: no action does better than the position's value), the table's best
// action first.
std::vector<Action> Search::principal_variation(const State& root, int value, int max_len) {
  std::vector<Action> pv;
  State s = root;
  const int v = value;
  if (stopped_) return pv;
  try {
    while (!s.over() && static_cast<int>(pv.size()) < max_len) {
      Action buf[kMaxActions];
      const int k = s.legal_actions(buf);
      TTEntry e;
      const Action first = tt_.probe(key(s), &e) ? e.move : kNoMove;
      for (int i = 1; i < k; ++i)  // the table's move to the front
        if (buf[i] == first) std::swap(buf[0], buf[i]);
      const bool maxi = maximizing(s);
      bool found = false;
      for (int i = 0; i < k && !found; ++i) {
        if (relative() && kind_of(buf[i]) == CLAIM) continue;
        State c = s;
        c.apply(buf[i]);
        const bool on_line = by_points(c) ? exact(c, lo_, hi_) == v
                             : maxi        ? ab(c, v - 1, v) >= v
                                           : ab(c, v, v + 1) <= v;
        if (on_line) {
          pv.push_back(buf[i]);
          s = c;
          found = true;
        }
      }
      if (!found) break;
      if (relative() && s.phase == Phase::END) break;
    }
  } catch (const SearchAborted&) {  // (the line so far: each step proven)
  }
  return pv;
}

}  // namespace ss
