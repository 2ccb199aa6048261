#include "horizon_pool.hpp"

#include <algorithm>
#include <chrono>
#include <string>

#include "errors.hpp"
#include "parallel.hpp"

namespace ss {

HorizonPool::HorizonPool(int threads, std::size_t tt_mib) {
  if (threads < 1 || threads > 256) throw IllegalActionError("threads must be 1..256");
  for (int t = 0; t < threads; ++t) tables_.push_back(std::make_unique<TranspositionTable>(tt_mib));
}

HorizonRowsOut HorizonPool::run(const std::vector<State>& worlds,
                                const std::vector<Action>& actions,
                                const std::vector<double>& weights, int max_depth,
                                std::uint64_t node_limit, double deadline) {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  const std::size_t n = worlds.size(), k = actions.size();
  HorizonRowsOut out;
  out.values.assign(n * k, 0);
  out.exact.assign(n * k, 0);
  out.nodes.assign(n, 0);
  out.depth.assign(n, 0);
  out.aborted.assign(n, 1);
  cancel_.store(false);
  const int t_count = static_cast<int>(std::min<std::size_t>(tables_.size(), std::max<std::size_t>(n, 1)));
  auto work = [&](int t) {
    const std::size_t lo = n * t / t_count, hi = n * (t + 1) / t_count;
    for (std::size_t w = lo; w < hi; ++w) {
      if (cancel_.load(std::memory_order_relaxed)) return;
      double left = 0;
      if (deadline > 0) {
        left = deadline - std::chrono::duration<double>(Clock::now() - start).count();
        if (left <= 0) return;
      }
      HorizonLimits lim{max_depth, node_limit, left, &cancel_};
      const HorizonOut r = horizon_values(worlds[w], weights, *tables_[t], lim, &actions);
      for (std::size_t i = 0; i < k; ++i) {
        const auto it = std::find(r.actions.begin(), r.actions.end(), actions[i]);
        if (it == r.actions.end()) continue;  // checked legal by the caller
        const std::size_t j = it - r.actions.begin();
        out.values[w * k + i] = r.values[j];
        out.exact[w * k + i] = r.exact[j];
      }
      out.nodes[w] = r.nodes;
      out.depth[w] = static_cast<std::uint8_t>(std::min(r.depth, 255));
      out.aborted[w] = 0;
    }
  };
  run_on_threads(t_count, work);
  return out;
}

}  // namespace ss
