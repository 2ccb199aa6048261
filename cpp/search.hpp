// Exact search: fail-soft alpha-beta over the rules engine with a transposition table, driven by
// null-window (yes/no) tests on value thresholds narrowed to the exact value, as double-dummy
// bridge solvers do. Every card's place must be known (an "open-card" position).
#pragma once
#include <atomic>
#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "ordering.hpp"
#include "state.hpp"
#include "strict_state.hpp"
#include "tt.hpp"

namespace ss {

// What the search maximises for the perspective player's side (the side to act at the root):
// GAME_POINTS: the hand's zero-sum return (game points, carry included);
// WIN: +1 win, 0 nobody scores, -1 loss;
// CARD_POINTS: the side's score when every card has been played (claims ignored);
// TRICKS: the side's tricks when every card has been played (claims ignored);
// MAXN: not for Search: WorldPool values worlds by max^n instead (maxn.hpp);
// CLUB: not for Search: WorldPool values worlds against the club's replies (reply_search.hpp).
enum class Objective : std::uint8_t { GAME_POINTS, WIN, CARD_POINTS, TRICKS, MAXN, CLUB };

struct Limits {
  std::uint64_t max_nodes = 0;  // 0: no limit
  double max_seconds = 0;       // 0: no limit
  const std::atomic<bool>* cancel = nullptr;  // set by another thread: stop now

  // Why a search that began at `start` and has searched `nodes` nodes must stop (null: it
  // need not). A relaxed load and compares; the clock only under a time limit.
  const char* reached(std::uint64_t nodes, std::chrono::steady_clock::time_point start) const {
    if (cancel && cancel->load(std::memory_order_relaxed)) return "cancelled";
    if (max_nodes && nodes > max_nodes) return "node limit reached";
    if (max_seconds > 0 &&
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() > max_seconds)
      return "time limit reached";
    return nullptr;
  }
};

// The trick in progress and whose turn it is, as one word of a table key (search.cpp, maxn.cpp).
inline std::uint64_t trick_word(const State& s) {
  std::uint64_t t = 0;
  for (int i = 0; i < s.trick_len; ++i) t |= std::uint64_t{s.trick[i]} << (8 * i);
  return t | std::uint64_t{s.trick_len} << 32 | std::uint64_t(s.leader) << 36 |
         std::uint64_t(s.to_act + 1) << 40 | std::uint64_t(s.phase) << 44 |
         std::uint64_t(s.turn_step) << 48 | std::uint64_t(s.marriage_suit + 1) << 52 |
         std::uint64_t(s.first_to_target + 1) << 56 | std::uint64_t(s.last_trick_winner + 1) << 60;
}

struct SearchAborted : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A value proven to lie in [lo, hi]: what a search stopped by a limit or a cancel has proven so
// far (the bracket its yes/no tests narrowed); exact when lo == hi.
struct Bounded {
  int lo, hi;
  bool exact() const { return lo == hi; }
};

struct ActionBounds {
  Action action;
  Bounded value;
};

struct ActionValue {
  Action action;
  int value;
};

// How often the sure bounds at trick starts cut the search, per kind of position (stock open,
// closed or used up; cards in hands). Where they almost never cut (just after an early close
// every card is still to be won) their cost, a fifth of such a search, is skipped but for a
// sample that keeps the rate current. Pruning only: values never depend on it.
class BoundsGate {
 public:
  bool want(int kind, int cards) {
    const int t = tries_[kind][cards];
    if (t < kLearn || cuts_[kind][cards] * kRate >= t) return true;
    return (++skips_[kind][cards] & (kSample - 1)) == 0;
  }
  void note(int kind, int cards, bool cut) {
    cuts_[kind][cards] += cut;
    if (++tries_[kind][cards] == kForget) {  // halve: later positions weigh more
      tries_[kind][cards] /= 2;
      cuts_[kind][cards] /= 2;
    }
  }

 private:
  static constexpr int kLearn = 64, kRate = 32, kSample = 16, kForget = 4096;
  // (16 bits: a search of its own zeroes these per position solved.)
  std::uint16_t tries_[3][kMaxCards + 1] = {}, cuts_[3][kMaxCards + 1] = {};
  std::uint16_t skips_[3][kMaxCards + 1] = {};
};

// The dedicated two-player strict-phase search (strict_search.cpp) for searches created from now on:
// 0 off, 1 on the State, 2 on the compact state (default). Values never depend on it.
void set_strict_path(int mode);
int strict_path();
// The score-dominance table entries (table_probe.cpp) for searches created from
// now on: on by default; off, strict positions are keyed with their scores. Values never
// depend on it.
void set_dominance(bool on);
bool dominance();

class Search {
 public:
  // `player`: whose side the values are for (with three players: that player against the
  // other two together). `gate`: bound statistics to share with other searches (WorldPool
  // keeps one per thread: one world is too short to learn from); null: the search's own.
  Search(TranspositionTable& tt, Objective obj, int player, Limits limits = {},
         BoundsGate* gate = nullptr);

  // Under limits: a limit or a cancel never throws from these; it leaves the bracket proven so
  // far, and once stopped the search does no more (later calls: bounds without search).
  Bounded value_bounds(const State& root);
  // Every legal action's bracket (an action not searched before the stop: its sure bounds,
  // capped by the root's upper bound).
  std::vector<ActionBounds> action_bounds(const State& root);
  bool stopped() const { return stopped_ != nullptr; }
  const char* stop_reason() const { return stopped_; }  // null: not stopped

  // Exact: these throw SearchAborted where a limit or a cancel stops the search.
  int value(const State& root);                      // exact value
  bool at_least(const State& root, int threshold);   // value >= threshold ?
  std::vector<ActionValue> action_values(const State& root);  // every legal action, exact
  // `child`: root after one action. `guess`: a likely value (tested first), kNoGuess if none.
  static constexpr int kNoGuess = -100000;
  int value_after(const State& root, const State& child, int guess = kNoGuess);
  // (A stop ends the line early: every action in it was proven to be on it.)
  std::vector<Action> principal_variation(const State& root, int value, int max_len = 64);
  std::uint64_t nodes() const { return nodes_; }
  int min_value() const { return lo_; }
  int max_value() const { return hi_; }
  Objective objective() const { return obj_; }

 private:
  static constexpr Action kNoMove = 0xFFFF;  // no best move (as TTEntry's)
  int ab(const State& s, int alpha, int beta);
  // The two-player strict phase, the same values as ab(): which positions and their key
  // (strict_domain.cpp), the search (strict_search.cpp), its leaves (strict_end.cpp).
  bool strict_domain(const State& s) const;
  int ab_strict(const State& s, int alpha, int beta);
  int ab_compact(const Strict2& s, int alpha, int beta);
  int last_trick_compact(const Strict2& s);    // strict_end.cpp: last_trick() of s
  int leaf_compact(const Strict2& s, int ret) const;  // leaf_value(), player_'s return ret
  template <class S>
  std::uint64_t strict_key(const S& s, bool scores = true) const;
  // table_probe.cpp: may s use the score-dominance entries? And the table at a node.
  template <class S>
  bool dominates(const S& s) const;
  bool probe_table(bool dom, std::uint64_t k, int mine, int theirs, int off, int& alpha,
                    int& beta, Action* buf, int n, int* ret) const;
  int exact(const State& s, int lo, int hi, int guess = kNoGuess);  // narrow(), or throws
  // The yes/no tests narrowing [lo, hi]; a stop leaves the bracket proven so far.
  Bounded narrow(const State& s, int lo, int hi, int guess = kNoGuess);
  bool spread_first(const State& s, int guess) const;
  void set_range(const State& root);
  void set_tt_min_cards(const State& root);
  int leaf_value(const State& s) const;     // s is over
  bool relative() const { return obj_ == Objective::CARD_POINTS || obj_ == Objective::TRICKS; }
  int base(const State& s) const;           // what the side already has (relative objectives)
  bool by_points(const State& s) const;     // game points follow from card points alone?
  int value_by_points(const State& s);
  bool reaches(const State& s, Objective o, int t);  // can the side secure o >= t ?
  int points_value(const State& s) const;   // CARD_POINTS at the end of play
  bool shortcut(const State& s, int* v) const;
  bool forced_end(const State& s, int* v);
  int last_trick(const State& s);
  template <class S>  // (State, or the strict phase's Strict2)
  void bounds(const S& s, int* lo, int* hi) const;  // sure bounds on the value
  // At a trick start: the sure bounds, where the gate wants them (bound kind 0, the open
  // stock: always); true with *v where they settle the node.
  template <class S>
  bool bounds_cut(const S& s, int kind, int held, int alpha, int beta, int* v);
  // A close that can no longer succeed (card points, small endings): true with *v, its return,
  // where that settles the window (alpha, beta).
  template <class S>
  bool closer_failed(const S& s, int held, int alpha, int beta, int* v) const;
  static constexpr int kCloserMaxHeld = 12;  // cards in both hands
  // Two players: a claim the mover can make now, or (claims on any turn) the other side's
  // claim on its reply to this lead, that settles the window: true with *v, a bound.
  template <class S>
  bool claim_cut(const S& s, int alpha, int beta, int* v) const;
  // Claims on any turn and false claims paid by the receiver's own score (MIRROR): can side
  // `a` win no more than 1 (and the carry)? (search.cpp)
  template <class S>
  bool one_at_most(const S& s, int a) const;
  // race_cut.cpp: where the window asks only who wins a strict ending without marriages,
  // race.cpp's answer.
  // (Its positions are not counted: its table outlives the root, and node counts must not
  // depend on what was solved before.)
  bool race_cut(const Strict2& s, int alpha, int beta, int* v) const;  // (race_window() first)
  bool race_window(const Strict2& s, int alpha, int beta) const;  // (a quick first check)
  bool schneider_race(const Strict2& s, int alpha, int beta, int* v) const;  // (race_cut)
  static constexpr int kRaceMaxHeld = 12;  // cards in both hands
  int leaf_of(int ret) const { return obj_ == Objective::WIN ? (ret > 0) - (ret < 0) : ret; }
  bool etc(const State& s, const Action* buf, int n, bool maxi, int alpha, int beta, int* v,
           Action* a);
  // `scores` false: the key of score-dominance entries (see dominates()).
  std::uint64_t key(const State& s, bool scores = true) const;
  bool maximizing(const State& s) const;
  void check_limits();
  // A child's value v at a node (shared by the general and the strict searches): if it is the
  // best so far it becomes best, narrows the window, and on a cutoff credits the played card's
  // history (by `weight`) and returns true.
  bool take_child(bool maxi, int v, Action a, int to_act, int weight, int& best,
                  Action& best_move, int& alpha, int& beta) {
    if (!(maxi ? v > best : v < best)) return false;
    best = v;
    best_move = a;
    if (maxi) alpha = alpha > v ? alpha : v;
    else beta = beta < v ? beta : v;
    if (alpha < beta) return false;
    if (kind_of(a) == PLAY) history_.credit(to_act, arg_of(a), weight);
    return true;
  }
  // The node's result against its original window (a0, b0) as bounds in the table.
  // `mine` >= 0: k is a score-dominance key, stored with the scores mine, theirs; -1: a plain
  // key. (No default: a dominance key stored as a plain entry would answer dominance probes
  // with a made-up score.)
  int store_node(bool use_tt, std::uint64_t k, int best, int a0, int b0, int off,
                 Action best_move, int held, int mine, int theirs) {
    int lower = lo_, upper = hi_;
    if (best <= a0) upper = best;       // failed low: the value is at most best
    else if (best >= b0) lower = best;  // failed high: at least best
    else lower = upper = best;
    if (!use_tt) return best;
    if (mine >= 0) tt_.store_dom(k, mine, theirs, lower, upper, best_move, held);
    else tt_.store(k, lower - off, upper - off, best_move, held);
    return best;
  }

  TranspositionTable& tt_;
  Objective obj_;
  int player_;
  int lo_ = 0, hi_ = 0;
  int root_hi_ = 0;              // set by value_bounds(): the root's upper bound caps its actions
  std::uint64_t root_key_ = 0;
  std::uint64_t stock_salt_ = 0;  // the root's stock (see set_tt_min_cards)
  int tt_min_cards_ = 4;  // positions with at most this many cards in play skip the table
  Limits limits_;
  std::chrono::steady_clock::time_point start_;
  std::uint64_t nodes_ = 0;
  const char* stopped_ = nullptr;  // why a limit or a cancel stopped the search (null: running)
  History history_;  // (ordering.hpp)
  int strict_on_;                 // the strict-phase path (set_strict_path), fixed per search
  bool dom_on_;                   // dominance(), fixed per search
  bool dom_rules_ = false;        // the root's rules keep values monotone in the scores
  int dom_line_ = 0;              // > 0: only at or above this score (mirror false claims)
  bool one_rules_ = false;        // the root's rules allow one_at_most() (set_range)
  bool schneider_rules_ = false;  // ... and schneider_race()
  BoundsGate own_gate_;
  BoundsGate& gate_;
};

}  // namespace ss
