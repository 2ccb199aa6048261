// Many positions at once on worker threads, each thread with its own transposition table.
// Positions are independent (every root is a fresh table generation), so values and node
// counts do not depend on the number of threads.
#pragma once
#include <cstdint>
#include <vector>

#include "search.hpp"

namespace ss {

// A limit or a cancel stops a position with the bracket proven so far (Search::value_bounds):
// lower == upper where exact. (A cancel stops every position not finished yet.)
struct BatchOut {
  std::vector<std::int16_t> lower, upper;
  std::vector<std::uint64_t> nodes;
};

BatchOut solve_batch(const std::vector<const State*>& states, Objective obj, int threads,
                     std::size_t tt_mib, Limits limits);

}  // namespace ss
