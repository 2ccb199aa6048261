// The table at a node: which positions use the score-dominance entries (dominates), and the
// probe shared by the general and the strict searches (probe_table), which narrows the window
// or cuts, and puts the table's move first.
#include <atomic>

#include "ordering.hpp"
#include "search.hpp"

namespace ss {

namespace {

std::atomic<bool> g_dominance{true};

}  // namespace

void set_dominance(bool on) { g_dominance.store(on, std::memory_order_relaxed); }
bool dominance() { return g_dominance.load(std::memory_order_relaxed); }

// Score dominance. With two players and the game-point or win objective, a position's value
// for player_ does not fall when player_'s score grows or the other's shrinks, all else equal:
// claims come true sooner and never later; the stakes of a close (set by the other side's
// score when it is made), of claims and of the natural ends (last trick, first to the target,
// higher total) move only the right way. The exception is a false claim that pays by the
// receiver's own score (MIRROR): a player facing a heavy loss may claim falsely, and pays less
// if the receiver has reached the schneider line. Once a score is at or above that line it
// stays there, so such payments no longer depend on it: with MIRROR a score is compared only
// with itself or, both at or above the line, with another there (set_range()). So entries made at other score pairs bound this
// position's value (TranspositionTable::probe_dom): transpositions that differ only in the
// points taken so far, common in the endgames entered from the open stock and among the
// open-stock lines themselves. Scores above a byte are keyed as before.
template <class S>
bool Search::dominates(const S& s) const {
  return dom_on_ && dom_rules_ && !relative() && s.score[0] <= TranspositionTable::kDomScoreMax &&
         s.score[1] <= TranspositionTable::kDomScoreMax;
}

template bool Search::dominates(const State&) const;  // (for ab())

template bool Search::dominates(const Strict2&) const;  // (for the strict search)

// The table at a node (key k, dominance entries if `dom`): true with *ret on a cutoff;
// else the window narrowed and the table's move first among buf[0..n).
bool Search::probe_table(bool dom, std::uint64_t k, int mine, int theirs, int off, int& alpha,
                          int& beta, Action* buf, int n, int* ret) const {
  int lower, upper;
  std::uint16_t move = kNoMove;
  if (dom) {
    lower = lo_;
    upper = hi_;
    if (!tt_.probe_dom(k, mine, theirs, dom_line_, &lower, &upper, &move)) return false;
  } else {
    TTEntry e;
    if (!tt_.probe(k, &e)) return false;
    lower = e.lower + off;
    upper = e.upper + off;
    move = e.move;
  }
  if (lower >= beta || lower == upper) return *ret = lower, true;
  if (upper <= alpha) return *ret = upper, true;
  if (lower > alpha) alpha = lower;
  if (upper < beta) beta = upper;
  table_move_first(buf, n, move);
  return false;
}

}  // namespace ss
