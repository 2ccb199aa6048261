// Mixing steps for the position keys of the transposition table (search.cpp, strict_domain.cpp):
// a multiply-xorshift step per word, and a final avalanche so that every key bit depends on
// every input bit (the low bits pick the bucket).
#pragma once
#include <cstdint>

namespace ss {

inline std::uint64_t mix(std::uint64_t h, std::uint64_t w) {
  h = (h ^ w) * 0x9E3779B97F4A7C15ULL;
  return h ^ (h >> 29);
}

inline std::uint64_t fmix(std::uint64_t h) {
  h ^= h >> 33;
  h *= 0xFF51AFD7ED558CCDULL;
  h ^= h >> 33;
  h *= 0xC4CEB9FE1A85EC53ULL;
  return h ^ (h >> 33);
}

}  // namespace ss
