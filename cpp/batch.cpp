#include "batch.hpp"

#include <atomic>

#include "parallel.hpp"

namespace ss {

BatchOut solve_batch(const std::vector<const State*>& states, Objective obj, int threads,
                     std::size_t tt_mib, Limits limits) {
  const std::size_t n = states.size();
  BatchOut out;
  out.lower.assign(n, 0);
  out.upper.assign(n, 0);
  out.nodes.assign(n, 0);
  std::atomic<std::size_t> next{0};
  auto work = [&](int) {
    TranspositionTable tt(tt_mib);
    for (std::size_t i = next++; i < n; i = next++) {
      const State& s = *states[i];
      tt.new_generation();
      Search search(tt, obj, s.to_act, limits);
      const Bounded b = search.value_bounds(s);
      out.lower[i] = static_cast<std::int16_t>(b.lo);
      out.upper[i] = static_cast<std::int16_t>(b.hi);
      out.nodes[i] = search.nodes();
    }
  };
  run_on_threads(n < 2 ? 1 : threads, work);
  return out;
}

}  // namespace ss
