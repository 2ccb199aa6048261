// Bit scans, popcount, prefetch and the one inlining hint, for GCC, Clang and MSVC: the only
// file that names a compiler's builtins. On GCC and Clang these are the builtins the core has
// always used (same code, same speed); MSVC gets its intrinsics. Scans take a nonzero word
// (as the builtins do: zero is undefined).
#pragma once
#include <cstdint>

#if defined(_MSC_VER) && !defined(__clang__)
#include <intrin.h>
#if defined(_M_X64) || defined(_M_IX86)
#include <xmmintrin.h>  // _mm_prefetch
#endif
#endif

// A function whose callees are all inlined into it (the search's hot loops); a no-op on MSVC.
#if defined(__GNUC__) || defined(__clang__)
#define SS_FLATTEN __attribute__((flatten))
#else
#define SS_FLATTEN
#endif

namespace ss {

#if defined(_MSC_VER) && !defined(__clang__)

inline int popcount64(std::uint64_t m) {
#if defined(_M_X64)
  return static_cast<int>(__popcnt64(m));  // (x86-64 with POPCNT, as -mpopcnt on GCC)
#else
  m = m - ((m >> 1) & 0x5555555555555555ULL);
  m = (m & 0x3333333333333333ULL) + ((m >> 2) & 0x3333333333333333ULL);
  m = (m + (m >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  return static_cast<int>((m * 0x0101010101010101ULL) >> 56);
#endif
}
inline int ctz64(std::uint64_t m) {
  unsigned long i;
  _BitScanForward64(&i, m);
  return static_cast<int>(i);
}
inline int clz64(std::uint64_t m) {
  unsigned long i;
  _BitScanReverse64(&i, m);
  return 63 - static_cast<int>(i);
}
inline int ctz32(std::uint32_t m) {
  unsigned long i;
  _BitScanForward(&i, m);
  return static_cast<int>(i);
}
inline int clz32(std::uint32_t m) {
  unsigned long i;
  _BitScanReverse(&i, m);
  return 31 - static_cast<int>(i);
}
inline void prefetch(const void* p) {
#if defined(_M_X64) || defined(_M_IX86)
  _mm_prefetch(static_cast<const char*>(p), _MM_HINT_T0);
#else
  (void)p;
#endif
}

#else  // GCC, Clang, Apple Clang

inline int popcount64(std::uint64_t m) { return __builtin_popcountll(m); }
inline int ctz64(std::uint64_t m) { return __builtin_ctzll(m); }
inline int clz64(std::uint64_t m) { return __builtin_clzll(m); }
inline int ctz32(std::uint32_t m) { return __builtin_ctz(m); }
inline int clz32(std::uint32_t m) { return __builtin_clz(m); }
inline void prefetch(const void* p) { __builtin_prefetch(p); }

#endif

// Index of the highest set bit.
inline int highest32(std::uint32_t m) { return 31 - clz32(m); }
inline int highest64(std::uint64_t m) { return 63 - clz64(m); }

}  // namespace ss
