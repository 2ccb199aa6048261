// Move ordering: which of a node's legal actions the search tries, and in what order. Cutoffs
// come sooner the better the order; values never depend on it, node counts do (keep the
// orders as they are unless the node counts are meant to change).
//
// Assumes: a live position (not over). Called by Search::ab (order_moves, close_last), the
// strict-phase search (order_strict) and probe_table (table_move_first); the search credits
// the History on each cutoff.
#pragma once
#include <algorithm>
#include <cstdint>

#include "state.hpp"

namespace ss {

// Cutoffs per player and card code, which break ties among cards. Open-stock plays keep their
// own per stock size and lead/follow: the strict phase's far more cutoffs would drown theirs.
struct History {
  std::uint32_t cut[kMaxPlayers][kCodes] = {};
  std::uint32_t open[16][2][kCodes] = {};

  static int open_bucket(const State& s) { return std::min(s.stock_len() >> 1, 15); }
  void credit(int p, int code, int weight) { cut[p][code] += static_cast<std::uint32_t>(weight); }
  // An open-stock play's cutoff (halved as it fills: recent cutoffs weigh more).
  void credit_open(const State& s, int code, int held) {
    std::uint32_t* h = open[open_bucket(s)][s.trick_len > 0];
    if ((h[code] += held) > 4095)
      for (int c = 0; c < kCodes; ++c) h[c] >>= 1;
  }
};

// Legal actions worth searching, best first, into buf (kMaxActions); returns how many. Claims
// only if `claims` (the relative objectives ignore them).
int order_moves(const State& s, const History& hist, bool claims, Action* buf);
// The same for a two-player strict-phase position (Search::strict_domain): S is State or
// Strict2, and the order is order_moves()'s for such a position.
template <class S>
int order_strict(const S& s, const History& hist, bool claims, Action* buf);
// The close (if any) moves behind the other actions but claims, the others keeping their order.
void close_last(Action* buf, int n);
// `move` (if among buf[1..n)) goes first, the others keeping their order.
inline void table_move_first(Action* buf, int n, Action move) {
  for (int i = 1; i < n; ++i)
    if (buf[i] == move) {
      for (int j = i; j > 0; --j) buf[j] = buf[j - 1];
      buf[0] = move;
      break;
    }
}

}  // namespace ss
