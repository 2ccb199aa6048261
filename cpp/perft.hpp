// Perft: the number of action sequences of a given length (a finished hand is one leaf).
// Copy-make keeps it allocation-free and checks apply against legal_actions at speed.
#pragma once
#include <cstdint>

#include "state.hpp"

namespace ss {

inline std::uint64_t perft(const State& s, int depth) {
  if (depth == 0 || s.over()) return 1;
  Action buf[kMaxActions];
  const int k = s.legal_actions(buf);
  if (depth == 1) return static_cast<std::uint64_t>(k);
  std::uint64_t total = 0;
  for (int i = 0; i < k; ++i) {
    State child = s;
    child.apply(buf[i]);
    total += perft(child, depth - 1);
  }
  return total;
}

}  // namespace ss
