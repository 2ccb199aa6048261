// Horizon search: the value of every legal action of an open-card position in bounded time,
// for the side of the player to act at the root. A depth-limited alpha-beta over State
// (copy-make) whose depth counts completed tricks from the root. Its leaves:
//   * a finished hand: its exact return;
//   * the strict phase (stock closed or used up, or no stock): the exact value from Search
//     (one table for the whole run: strict endings are cheap and recur);
//   * a trick start in the open phase at the horizon: a static ESTIMATE, a linear model over
//     horizon_features() (the weights are fitted per profile: bench/fit_horizon.py).
// Values are game points times kHorizonScale, so alpha-beta stays on integers. Iterative
// deepening (depth 0: every child's leaf value, then 1, 2, ...) keeps the deepest completed
// iteration; a budget (nodes, time, cancel) never throws.
//
// Assumes: a live root; weights of kHorizonFeatures entries.
#pragma once
#include <atomic>
#include <cstdint>
#include <vector>

#include "state.hpp"
#include "tt.hpp"

namespace ss {

constexpr int kHorizonScale = 1000;
constexpr int kHorizonFeatures = 17;

struct HorizonLimits {
  int max_depth = 2;             // completed tricks from the root (0: the children's leaves)
  std::uint64_t max_nodes = 0;   // 0: no limit (horizon nodes and exact-leaf nodes together)
  double max_seconds = 0;        // 0: no limit
  const std::atomic<bool>* cancel = nullptr;  // set by another thread: stop now
};

struct HorizonOut {
  std::vector<Action> actions;   // every legal action of the root, in code order
  std::vector<int> values;       // game points x kHorizonScale, for the root player's side
  std::vector<std::uint8_t> exact;  // 1: every leaf searched below the action was exact
  int depth = 0;                 // the deepest completed iteration
  std::uint64_t nodes = 0;       // horizon nodes plus the exact searches' nodes
};

// The features of s for `player`'s side, each "ours less theirs" (so the estimate of the
// other side is the negation, and no bias term). Cards of the current trick count for the
// player who played them. `out` receives kHorizonFeatures values (horizon.cpp lists them).
void horizon_features(const State& s, int player, double* out);

// The static estimate (x kHorizonScale) for `player`'s side, clamped to the hand's range.
int horizon_estimate(const State& s, int player, const double* weights);

// `only`: value just these of the root's legal actions (nullptr: all of them), in code order.
HorizonOut horizon_values(const State& root, const std::vector<double>& weights,
                          TranspositionTable& tt, const HorizonLimits& limits,
                          const std::vector<Action>* only = nullptr);

}  // namespace ss
