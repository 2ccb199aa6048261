// SplitMix64 and an unbiased bounded draw: tiny, fast and the same on every platform, so a seed
// names the same deal everywhere (the Python reference reproduces it bit for bit).
#pragma once
#include <cstdint>

namespace ss {

struct SplitMix64 {
  std::uint64_t state;
  explicit SplitMix64(std::uint64_t seed) : state(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n) by rejection of the top partial block.
  std::uint64_t below(std::uint64_t n) {
    const std::uint64_t limit = 0 - ((0 - n) % n);  // 2^64 - (2^64 mod n), 0 when n divides 2^64
    for (;;) {
      const std::uint64_t x = next();
      if (limit == 0 || x < limit) return x % n;
    }
  }
};

}  // namespace ss
