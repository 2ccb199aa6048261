// A fixed bench (as a chess engine's `bench`): whole seeded deals solved for game points, one
// thread, a fresh table generation per deal. The node total is the same run to run, machine to
// machine; a change that should not touch the search must not change it.
// Usage: core_bench [SCHNAPSEN_DEALS=100] [SIXTY_SIX_DEALS=20]
#include <chrono>
#include <cstdio>
#include <cstdlib>

#include "position.hpp"
#include "search.hpp"
#include "test_rules.hpp"

using namespace ss;

int main(int argc, char** argv) {
  const int counts[2] = {argc > 1 ? std::atoi(argv[1]) : 100, argc > 2 ? std::atoi(argv[2]) : 20};
  const char* names[2] = {"schnapsen", "sixty-six"};
  TranspositionTable tt(64);
  std::uint64_t total = 0;
  double seconds = 0;
  for (int i = 0; i < 2; ++i) {
    const RuleSet r = test::rules_for(names[i]);
    std::uint64_t nodes = 0;
    std::int64_t values = 0;  // (a check sum of the values)
    const auto t0 = std::chrono::steady_clock::now();
    for (int seed = 1; seed <= counts[i]; ++seed) {
      const State s = state_from_deal(&r, seeded_deal(r, 0, seed));
      tt.new_generation();
      Search search(tt, Objective::GAME_POINTS, s.to_act);
      values += search.value(s) * seed;
      nodes += search.nodes();
    }
    const double dt = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("%-10s %4d deals  %12llu nodes  value sum %6lld  %7.3f s  %10.0f nodes/s\n", names[i],
                counts[i], static_cast<unsigned long long>(nodes), static_cast<long long>(values), dt,
                nodes / (dt > 0 ? dt : 1e-9));
    total += nodes;
    seconds += dt;
  }
  std::printf("Nodes searched: %llu  (%.3f s, %.0f nodes/s)\n", static_cast<unsigned long long>(total),
              seconds, total / (seconds > 0 ? seconds : 1e-9));
  return 0;
}
