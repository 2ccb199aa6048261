// The horizon search (horizon.hpp): the features and the linear estimate, the depth-limited
// alpha-beta with exact leaves, and the iterative-deepening driver.
#include "horizon.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "ordering.hpp"
#include "search.hpp"

namespace ss {

namespace {

constexpr int kInf = 1 << 28;

// What one side holds and has, for the features.
struct SideFacts {
  int score = 0, pending = 0, trick = 0, hand_points = 0, trumps = 0, high_trumps = 0;
  int aces = 0, tens = 0, marriage = 0, leads = 0, exchange = 0;
};

SideFacts side_facts(const State& s, int side) {
  const RuleSet& r = s.R();
  SideFacts f;
  Mask hand = 0, held = 0;
  for (int p = 0; p < s.n(); ++p)
    if (s.side(p) == side) {
      held |= s.hand[p];
      f.pending += s.pending[p];
    }
  hand = held;
  for (int i = 0; i < s.trick_len; ++i)  // a card in the trick still counts for its player
    if (s.side((s.leader + i) % s.n()) == side) hand |= bit(s.trick[i]);
  f.score = s.side_score(side);
  f.trick = s.side_tricks(side) > 0;
  f.hand_points = card_points(hand);
  const Mask trump = suit_mask(s.trump_suit);
  f.trumps = popcount(hand & trump);
  f.high_trumps = popcount(hand & trump & (rank_mask(ACE) | rank_mask(TEN)));
  f.aces = popcount(hand & ~trump & rank_mask(ACE));
  f.tens = popcount(hand & ~trump & rank_mask(TEN));
  if (r.marriages != Marriages::NONE) {
    const Mask free = held & ~s.married;
    for (int suit = 0; suit < kSuits; ++suit) {
      const int pairs = std::min(popcount(free & code_mask(code_of(suit, KING))),
                                 popcount(free & code_mask(code_of(suit, QUEEN))));
      f.marriage += pairs * (suit == s.trump_suit ? r.marriage_royal : r.marriage_common);
    }
  }
  // Who leads next: at a trick start the player to act (also in the draw window).
  const int lead = s.trick_len == 0 ? s.to_act : s.leader;
  f.leads = s.side(lead) == side;
  f.exchange = r.exchange_rank >= 0 && s.stock_open() &&
               (held & code_mask(code_of(s.trump_suit, r.exchange_rank))) != 0;
  return f;
}

}  // namespace

// The features, each ours less theirs (points over the target, so that weights read as game
// points per target's worth):
//  0 score (card points taken, marriages credited)   1 pending marriage points
//  2 has won a trick                                  3 score at or over the schneider line
//  4 card points in hand                              5 trumps in hand
//  6 trump aces and tens                              7 other aces
//  8 other tens                                       9 marriage points still in hand
// 10 leads next                                      11 holds the exchange card, stock open
// 12 score x (1 - stock fraction): scores weigh more as the stock runs out
// 13 hand points x stock fraction                    14 trumps x stock fraction
// 15 material (score, pending, hand, marriages) difference / 40, clamped to [-1, 1]
// 16 could reach the target by score, pending and marriages in hand
void horizon_features(const State& s, int player, double* out) {
  const RuleSet& r = s.R();
  const int a = s.side(player);
  const SideFacts x = side_facts(s, a), y = side_facts(s, 1 - a);
  const double t = r.target;
  const double frac = r.stock_size > 0 && s.stock_open()
                          ? static_cast<double>(s.stock_len()) / r.stock_size : 0.0;
  out[0] = (x.score - y.score) / t;
  out[1] = (x.pending - y.pending) / t;
  out[2] = x.trick - y.trick;
  out[3] = (x.score >= r.schneider) - (y.score >= r.schneider);
  out[4] = (x.hand_points - y.hand_points) / t;
  out[5] = x.trumps - y.trumps;
  out[6] = x.high_trumps - y.high_trumps;
  out[7] = x.aces - y.aces;
  out[8] = x.tens - y.tens;
  out[9] = (x.marriage - y.marriage) / t;
  out[10] = x.leads - y.leads;
  out[11] = x.exchange - y.exchange;
  out[12] = out[0] * (1 - frac);
  out[13] = out[4] * frac;
  out[14] = out[5] * frac;
  const int mx = x.score + x.pending + x.hand_points + x.marriage;
  const int my = y.score + y.pending + y.hand_points + y.marriage;
  out[15] = std::clamp((mx - my) / 40.0, -1.0, 1.0);
  out[16] = (x.score + x.pending + x.marriage >= r.target) -
            (y.score + y.pending + y.marriage >= r.target);
}

int horizon_estimate(const State& s, int player, const double* weights) {
  double f[kHorizonFeatures];
  horizon_features(s, player, f);
  double v = 0;
  for (int i = 0; i < kHorizonFeatures; ++i) v += weights[i] * f[i];
  const int top = (3 + s.carry) * kHorizonScale;
  return std::clamp(static_cast<int>(std::lround(v * kHorizonScale)), -top, top);
}

namespace {

class Horizon {
 public:
  Horizon(const State& root, const double* w, TranspositionTable& tt, const HorizonLimits& lim)
      : w_(w), tt_(tt), lim_(lim), player_(root.to_act), root_tricks_(root.trick_no),
        start_(std::chrono::steady_clock::now()) {}

  // s's value (x scale) searched until `depth` tricks from the root are complete; *exact:
  // every leaf searched was exact. Throws SearchAborted at the budget.
  int ab(const State& s, int depth, int alpha, int beta, bool* exact) {
    if ((++nodes_ & 63) == 0) check();
    int v;
    if (settled(s, &v)) return *exact = true, v;
    if (s.phase == Phase::LEAD && s.trick_len == 0 && s.turn_step == 0 &&
        s.trick_no - root_tricks_ >= depth)
      return *exact = false, horizon_estimate(s, player_, w_);
    Action buf[kMaxActions];
    const int n = order_moves(s, hist_, true, buf);
    const bool maxi = s.side(s.to_act) == s.side(player_);
    int best = maxi ? -kInf : kInf;
    bool all = true;
    for (int i = 0; i < n; ++i) {
      State c = s;
      c.apply(buf[i]);
      bool ex;
      v = ab(c, depth, alpha, beta, &ex);
      all = all && ex;
      if (maxi ? v > best : v < best) {
        best = v;
        if (maxi) alpha = std::max(alpha, v);
        else beta = std::min(beta, v);
        if (alpha >= beta) {
          if (kind_of(buf[i]) == PLAY) hist_.credit_open(s, arg_of(buf[i]), s.card_count());
          break;
        }
      }
    }
    *exact = all;
    return best;
  }

  // Depth 0: a child's leaf value at once. An exact search that the budget stops falls back
  // to the estimate, so that this iteration always completes.
  int leaf(const State& s, bool* exact) {
    int v;
    try {
      if (settled(s, &v)) return *exact = true, v;
    } catch (const SearchAborted&) {
    }
    *exact = false;
    return horizon_estimate(s, player_, w_);
  }

  std::uint64_t nodes() const { return nodes_; }

 private:
  // A finished hand, a true claim (taken at once, as Search does: waiting never gains), or
  // the strict phase: the exact value.
  bool settled(const State& s, int* v) {
    if (s.over()) return *v = s.returns[player_] * kHorizonScale, true;
    if (s.can_claim(s.to_act) && s.side_score(s.side(s.to_act)) >= s.R().target) {
      State c = s;
      c.apply(make_action(CLAIM));
      return *v = c.returns[player_] * kHorizonScale, true;
    }
    if (s.stock_open()) return false;
    *v = exact(s) * kHorizonScale;
    return true;
  }

  int exact(const State& s) {
    check();
    Limits l;
    l.cancel = lim_.cancel;
    if (lim_.max_nodes) l.max_nodes = lim_.max_nodes - nodes_;
    if (lim_.max_seconds > 0) l.max_seconds = lim_.max_seconds - elapsed();
    Search search(tt_, Objective::GAME_POINTS, player_, l, &gate_);
    try {
      const int v = search.value(s);
      nodes_ += search.nodes();
      return v;
    } catch (const SearchAborted&) {
      nodes_ += search.nodes();
      throw;
    }
  }

  double elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

  void check() const {
    if (lim_.cancel && lim_.cancel->load(std::memory_order_relaxed)) throw SearchAborted("cancelled");
    if (lim_.max_nodes && nodes_ >= lim_.max_nodes) throw SearchAborted("node limit reached");
    if (lim_.max_seconds > 0 && elapsed() >= lim_.max_seconds) throw SearchAborted("time limit reached");
  }

  const double* w_;
  TranspositionTable& tt_;
  HorizonLimits lim_;
  int player_;
  int root_tricks_;
  std::chrono::steady_clock::time_point start_;
  std::uint64_t nodes_ = 0;
  History hist_;     // move ordering's cutoff history, kept across iterations
  BoundsGate gate_;  // the exact searches' bounds statistics, shared by all of them
};

}  // namespace

HorizonOut horizon_values(const State& root, const std::vector<double>& weights,
                          TranspositionTable& tt, const HorizonLimits& limits,
                          const std::vector<Action>* only) {
  HorizonOut out;
  Action buf[kMaxActions];
  int k = root.legal_actions(buf);
  if (only != nullptr)  // just the actions asked for (the others cost as much, unasked)
    k = static_cast<int>(std::remove_if(buf, buf + k, [&](Action a) {
          return std::find(only->begin(), only->end(), a) == only->end();
        }) - buf);
  out.actions.assign(buf, buf + k);
  out.values.assign(k, 0);
  out.exact.assign(k, 0);
  tt.new_generation();  // (the same inputs give the same answer, whatever the table held)
  Horizon h(root, weights.data(), tt, limits);
  std::vector<State> child(k, root);
  for (int i = 0; i < k; ++i) child[i].apply(buf[i]);
  bool all = true;
  for (int i = 0; i < k; ++i) {
    bool ex;
    out.values[i] = h.leaf(child[i], &ex);
    out.exact[i] = ex;
    all = all && ex;
  }
  // Each action gets the full window: every value is the horizon tree's minimax, not a bound.
  std::vector<int> vals(k);
  std::vector<std::uint8_t> exs(k);
  for (int d = 1; d <= limits.max_depth && !all; ++d) {
    try {
      all = true;
      for (int i = 0; i < k; ++i) {
        bool ex;
        vals[i] = h.ab(child[i], d, -kInf, kInf, &ex);
        exs[i] = ex;
        all = all && ex;
      }
    } catch (const SearchAborted&) {
      break;
    }
    out.values = vals;
    out.exact = exs;
    out.depth = d;
  }
  out.nodes = h.nodes();
  return out;
}

}  // namespace ss
