// Transposition table: a fixed block of 4-entry buckets (one 64-byte cache line each), sized in
// MiB at construction and never grown, so memory stays bounded.
//
// An entry keeps the 64-bit position key, a lower and an upper bound on the position's value
// (from the perspective the key was made for), and the best action found.
// Replacement policy, within the key's bucket:
//   1. the entry with the same key is updated in place, its bounds intersected with the new
//      ones (every stored bound is a true bound: an aborted search stores nothing);
//   2. else an entry from an older generation (a previous root) is taken;
// Entries of older generations never answer a probe: every root starts from an empty table
// without clearing it, so a search's node count does not depend on what was solved before
// (batch results and node counts are the same for any thread count). The 16-bit generation
// wraps by clearing the table once every 65,535 roots (an 8-bit one cleared a batch's table
// every 255 small positions). It sits in the low 16 bits of the stored
// key: those bits also pick the bucket, so at least 62 of the key's 64 bits are still checked
// (tables have 2^14 buckets or more).
//   3. else the entry with the smallest `weight` (cards still in play: a proxy for how much
//      work the entry saves), ties to the lower slot.
//
// Threads may share the buckets (see share_buckets()): each entry is two 64-bit words, its data
// and its tag XOR a hash of its data, read and written with relaxed atomic loads and stores. An
// entry half overwritten by another thread fails the tag check (lockless hashing after Hyatt
// and Mann; the hash, not the data itself, so that no two different data words can cancel out
// in the bits the check compares), so a probe only sees whole entries: true bounds.
//
// Beside it, a small direct-mapped cache of exact values of last tricks (every hand down to
// one card): too many and too cheap for the big table, but each still a dozen copy-make steps,
// and the same few recur all through a search. Small enough to stay in the core's cache; the
// same generations.
#pragma once
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <vector>

#include "bits.hpp"
#include "hash.hpp"
#if defined(__linux__)
#include <sys/mman.h>
#elif defined(_WIN32)
#include <malloc.h>  // _aligned_malloc: MSVC has no std::aligned_alloc
#endif

namespace ss {

struct TTEntry {
  std::uint64_t tag = 0;  // the key's high 48 bits, the generation in the low 16
  std::int16_t lower = 0, upper = 0;
  std::uint16_t move = 0xFFFF;
  std::uint8_t weight = 0;
  std::uint8_t theirs = 0;  // a score-dominance entry's other score (see probe_dom)
};
static_assert(sizeof(TTEntry) == 16, "four entries per cache line");

namespace tt_detail {
// Aligned blocks: the C++17 call, or the Windows CRT's own (its free() cannot free them).
inline void* alloc_aligned(std::size_t align, std::size_t bytes) {
#if defined(_WIN32)
  return _aligned_malloc(bytes, align);
#else
  return std::aligned_alloc(align, bytes);
#endif
}
inline void free_aligned(void* p) {
#if defined(_WIN32)
  _aligned_free(p);
#else
  std::free(p);
#endif
}
// An entry's fields but the tag, as one word.
inline std::uint64_t pack(const TTEntry& e) {
  return std::uint64_t(std::uint16_t(e.lower)) | std::uint64_t(std::uint16_t(e.upper)) << 16 |
         std::uint64_t(e.move) << 32 | std::uint64_t(e.weight) << 48 |
         std::uint64_t(e.theirs) << 56;
}
inline TTEntry unpack(std::uint64_t tag, std::uint64_t d) {
  TTEntry e;
  e.tag = tag;
  e.lower = static_cast<std::int16_t>(d & 0xFFFF);
  e.upper = static_cast<std::int16_t>(d >> 16 & 0xFFFF);
  e.move = static_cast<std::uint16_t>(d >> 32);
  e.weight = static_cast<std::uint8_t>(d >> 48);
  e.theirs = static_cast<std::uint8_t>(d >> 56);
  return e;
}
inline std::uint64_t load(const std::uint64_t& w) { return __atomic_load_n(&w, __ATOMIC_RELAXED); }
inline void put(std::uint64_t& w, std::uint64_t v) { __atomic_store_n(&w, v, __ATOMIC_RELAXED); }
}  // namespace tt_detail

class TranspositionTable {
 public:
  explicit TranspositionTable(std::size_t mib) { resize(mib); }
  ~TranspositionTable() {
    if (owner_) release();
  }
  // Probe and store in `other`'s buckets from now on (its generation too; this table keeps
  // its own cache of last tricks). `other` must outlive this table, and every table sharing
  // the buckets must move to a new generation together (new_generation() on each).
  void share_buckets(TranspositionTable& other) {
    if (owner_) release();
    owner_ = false;
    table_ = other.table_;
    size_ = other.size_;
    mask_ = other.mask_;
    gen_ = other.gen_;
    std::memset(static_cast<void*>(ends_.data()), 0, kEnds * sizeof(EndEntry));
  }
  TranspositionTable(const TranspositionTable&) = delete;
  TranspositionTable& operator=(const TranspositionTable&) = delete;

  void resize(std::size_t mib) {
    if (owner_) release();
    table_ = nullptr;  // (another table's buckets are not ours to free)
    owner_ = true;
    std::size_t buckets = 1;
    const std::size_t want = (mib == 0 ? 1 : mib) * (1u << 20) / sizeof(Bucket);
    while (buckets * 2 <= want) buckets *= 2;
    // 2 MiB alignment lets the kernel back the table with huge pages: probes are random
    // accesses, and TLB misses would otherwise cost as much as the cache misses.
    const std::size_t bytes = buckets * sizeof(Bucket);
    const std::size_t align = bytes >= (std::size_t{2} << 20) ? (std::size_t{2} << 20) : 64;
    bool zeroed = false;
#if defined(__linux__)
    // Fresh anonymous pages are zero: the kernel clears each page when the search first
    // touches it, so a short search on a big table does not pay to clear all of it first.
    if (align > 64) {
      void* m = mmap(nullptr, bytes + align, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                     -1, 0);
      if (m == MAP_FAILED) throw std::bad_alloc();
      map_ = m;
      map_bytes_ = bytes + align;
      const auto at = (reinterpret_cast<std::uintptr_t>(m) + align - 1) & ~(align - 1);
      table_ = reinterpret_cast<Bucket*>(at);
#if defined(MADV_HUGEPAGE)
      madvise(table_, bytes, MADV_HUGEPAGE);
#endif
      zeroed = true;
    }
#endif
    if (!table_) {
      table_ = static_cast<Bucket*>(tt_detail::alloc_aligned(align, bytes));
      if (!table_) throw std::bad_alloc();
    }
    size_ = buckets;
    mask_ = buckets - 1;
    if (zeroed) {
      std::memset(static_cast<void*>(ends_.data()), 0, kEnds * sizeof(EndEntry));
      gen_ = 1;
    } else {
      clear();
    }
  }
  void clear() {
    if (owner_) std::memset(static_cast<void*>(table_), 0, size_ * sizeof(Bucket));
    std::memset(static_cast<void*>(ends_.data()), 0, kEnds * sizeof(EndEntry));
    gen_ = 1;
  }
  void prefetch(std::uint64_t key) const { ss::prefetch(&table_[key & mask_]); }
  void new_generation() {
    if (gen_ == 0xFFFF) clear();
    else ++gen_;
  }
  std::size_t bytes() const { return size_ * sizeof(Bucket); }

  // The entry of `key`, copied to *out.
  bool probe(std::uint64_t key, TTEntry* out) const {
    const Bucket& b = table_[key & mask_];
    const std::uint64_t t = tag(key);
    for (int i = 0; i < 4; ++i) {
      const TTEntry e = read(b, i);
      if (e.tag == t) return *out = e, true;
    }
    return false;
  }

  void store(std::uint64_t key, int lower, int upper, std::uint16_t move, int weight) {
    store_at(key, tag(key), lower, upper, move, weight, 0);
  }

 private:
  // (`theirs`: the dominance entries' other score, 0 for the others.)
  void store_at(std::uint64_t key, std::uint64_t t, int lower, int upper, std::uint16_t move,
                int weight, int theirs) {
    Bucket& b = table_[key & mask_];
    TTEntry e[4];
    for (int i = 0; i < 4; ++i) {
      e[i] = read(b, i);
    }
    int slot = -1;
    for (int i = 0; i < 4 && slot < 0; ++i)
      if (e[i].tag == t && e[i].theirs == theirs) slot = i;
    if (slot >= 0) {
      const int lo = e[slot].lower > lower ? e[slot].lower : lower;
      const int hi = e[slot].upper < upper ? e[slot].upper : upper;
      if (lo <= hi) {  // (lo > hi only after a 64-bit key collision: then just replace)
        lower = lo;
        upper = hi;
      }
      if (move == 0xFFFF) move = e[slot].move;
    } else {
      for (int i = 0; i < 4 && slot < 0; ++i)
        if ((e[i].tag & kGenMask) != gen_) slot = i;
      if (slot < 0) {
        slot = 0;
        for (int i = 1; i < 4; ++i)
          if (e[i].weight < e[slot].weight) slot = i;
      }
    }
    TTEntry n;
    n.lower = static_cast<std::int16_t>(lower);
    n.upper = static_cast<std::int16_t>(upper);
    n.move = move;
    n.weight = static_cast<std::uint8_t>(weight);
    n.theirs = static_cast<std::uint8_t>(theirs);
    const std::uint64_t d = tt_detail::pack(n);
    tt_detail::put(b.w[2 * slot], t ^ fmix(d));
    tt_detail::put(b.w[2 * slot + 1], d);
  }

 public:
  // Score-dominance entries (two players, see table_probe.cpp): the key names the cards and all
  // else but the two scores, which the entry keeps (ours in the tag's top byte, theirs in
  // `theirs`; the key's top byte is not checked, 54 or more of its bits are). Values do not
  // fall as our score grows or theirs shrinks, so an entry made at a score pair we match or
  // beat (ours at least as high, theirs at most as high) gives a lower bound here, and one
  // made at a pair we do not beat an upper bound. The move: the exact pair's, else the first
  // entry's.
  static constexpr int kDomScoreMax = 255;
  // `line` > 0: a score is compared only with the same score, or both at or above `line`.
  bool probe_dom(std::uint64_t key, int mine, int theirs, int line, int* lower, int* upper,
                 std::uint16_t* move) const {
    key &= ~kMineMask;
    const Bucket& b = table_[key & mask_];
    const std::uint64_t t = tag(key);
    bool any = false;
    for (int i = 0; i < 4; ++i) {
      const TTEntry e = read(b, i);
      if ((e.tag & ~kMineMask) != t) continue;
      const int m = static_cast<int>(e.tag >> 56), th = e.theirs;
      if (!any || (m == mine && th == theirs)) *move = e.move;
      any = true;
      if (line && !((m == mine || (m >= line && mine >= line)) &&
                    (th == theirs || (th >= line && theirs >= line))))
        continue;
      if (m <= mine && th >= theirs && e.lower > *lower) *lower = e.lower;
      if (m >= mine && th <= theirs && e.upper < *upper) *upper = e.upper;
    }
    return any;
  }
  void store_dom(std::uint64_t key, int mine, int theirs, int lower, int upper,
                 std::uint16_t move, int weight) {
    key &= ~kMineMask;
    store_at(key, tag(key) | static_cast<std::uint64_t>(mine) << 56, lower, upper,
             move, weight, theirs);
  }

  bool probe_end(std::uint64_t key, int* value) const {
    const EndEntry& e = ends_[key & (kEnds - 1)];
    if (e.key != key || e.gen != gen_) return false;
    *value = e.value;
    return true;
  }
  void store_end(std::uint64_t key, int value) {
    EndEntry& e = ends_[key & (kEnds - 1)];
    e.key = key;
    e.value = value;
    e.gen = gen_;
  }

 private:
  static constexpr std::uint64_t kGenMask = 0xFFFF, kMineMask = 0xFF00000000000000ULL;
  static constexpr std::size_t kEnds = 1 << 13;  // 128 KiB
  struct EndEntry {
    std::uint64_t key;
    std::int32_t value;
    std::uint32_t gen;
  };
  std::vector<EndEntry> ends_ = std::vector<EndEntry>(kEnds);
  std::uint64_t tag(std::uint64_t key) const { return (key & ~kGenMask) | gen_; }
  struct alignas(64) Bucket {
    std::uint64_t w[8];  // entry i: w[2i] its tag XOR its data, w[2i + 1] its data (pack())
  };
  Bucket* table_ = nullptr;
  bool owner_ = true;
  void* map_ = nullptr;        // the mapping behind table_, where mmap gave it (else malloc)
  std::size_t map_bytes_ = 0;
  void release() {
#if defined(__linux__)
    if (map_) {
      munmap(map_, map_bytes_);
      map_ = nullptr;
      table_ = nullptr;
      return;
    }
#endif
    tt_detail::free_aligned(table_);
    table_ = nullptr;
  }
  // Entry i of a bucket, its tag recovered (a torn entry comes out with a tag nobody probes).
  static TTEntry read(const Bucket& b, int i) {
    const std::uint64_t d = tt_detail::load(b.w[2 * i + 1]);
    return tt_detail::unpack(tt_detail::load(b.w[2 * i]) ^ fmix(d), d);
  }
  std::size_t size_ = 0;
  std::size_t mask_ = 0;
  std::uint16_t gen_ = 1;
};

}  // namespace ss
