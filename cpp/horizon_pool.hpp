// Many worlds of one position valued by the horizon search (horizon.hpp) on worker threads:
// the bounded-cost counterpart of WorldPool (worlds.hpp) for the open phase of long hands.
// Each thread keeps one table; the worlds are cut into contiguous shares, so a world's values
// depend only on the world and the limits, never on the thread count. A world started before
// the deadline always gets values (the deepest iteration its share of time completed); worlds
// not started by then, or after cancel(), are marked aborted.
//
// Assumes: worlds built by place_cards from one base; every action legal in every world.
#pragma once
#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

#include "horizon.hpp"

namespace ss {

struct HorizonRowsOut {
  std::vector<int> values;            // world-major: values[w * actions + i], x kHorizonScale
  std::vector<std::uint8_t> exact;    // the same layout: 1 where every leaf was exact
  std::vector<std::uint64_t> nodes;   // per world
  std::vector<std::uint8_t> depth;    // per world: the deepest completed iteration
  std::vector<std::uint8_t> aborted;  // per world: not valued (deadline or cancel first)
};

class HorizonPool {
 public:
  HorizonPool(int threads, std::size_t tt_mib);
  // `node_limit`: per world (0: none); `deadline`: seconds from the call (0: none). Only the
  // `actions` asked for are searched (a race asks for fewer as it goes: advice/recommend.py).
  HorizonRowsOut run(const std::vector<State>& worlds, const std::vector<Action>& actions,
                     const std::vector<double>& weights, int max_depth, std::uint64_t node_limit,
                     double deadline);
  void cancel() { cancel_.store(true); }
  std::atomic<bool>* flag() { return &cancel_; }  // (for a SIGINT guard around run())
  int threads() const { return static_cast<int>(tables_.size()); }

 private:
  std::atomic<bool> cancel_{false};
  std::vector<std::unique_ptr<TranspositionTable>> tables_;
};

}  // namespace ss
