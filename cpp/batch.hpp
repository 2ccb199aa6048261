// Many positions at once on worker threads, each thread with its own transposition table.
// Positions are independent (every root is a fresh table generation), so values and node
// counts do not depend on the number of threads.
#pragma once
#include <cstdint>
#include <vector>

#include "search.hpp"

namespace ss {

struct BatchOut {
  std::vector<std::int16_t> values;
  std::vector<std::uint64_t> nodes;
  std::vector<std::uint8_t> aborted;  // 1: a limit stopped this position (value undefined)
};

BatchOut solve_batch(const std::vector<const State*>& states, Objective obj, int threads,
                     std::size_t tt_mib, Limits limits);

}  // namespace ss
