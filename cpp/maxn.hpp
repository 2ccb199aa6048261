// Max^n search (Luckhardt and Irani, 1986) for players who each play for themselves: at every
// turn the side to act picks the action best for itself. The paranoid search of search.cpp
// instead lets every other side play together against one player, which in three-hand makes
// most actions look equally lost (two players pooling their play usually bring one of them to
// 66 first).
//
// A side's utility at the end of a hand: its game points first, its own score (card points,
// marriages, bonuses) second: utility = return * kMaxnScale + score. Equal utilities for the
// side to act: the lowest action code, so values are deterministic. A side that can claim and
// win claims at once (it does not wait for more points of its own). Without a bound
// to prune by (max^n has only shallow pruning), every position is searched once and its exact
// vector kept in a table of its own.
#pragma once
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "search.hpp"
#include "state.hpp"

namespace ss {

constexpr int kMaxnScale = 512;  // above any side's score in any profile
constexpr int kMaxnSides = 3;

struct Utilities {
  std::int16_t u[kMaxnSides] = {};
};

// One side's utility at the end of a hand.
int maxn_utility(const State& over, int side);
// Everything a max^n value depends on, stock order included (so that worlds can share a table).
std::uint64_t maxn_key(const State& s);

// Direct-mapped table of exact utility vectors, sized in MiB, never grown; entries of an older
// generation never answer (as in tt.hpp).
class MaxnTable {
 public:
  explicit MaxnTable(std::size_t mib);
  bool probe(std::uint64_t key, Utilities* out) const;
  void store(std::uint64_t key, const Utilities& u);
  void new_generation();

 private:
  struct Entry {
    std::uint64_t key = 0;
    std::uint16_t gen = 0;
    std::int16_t u[kMaxnSides] = {};
  };
  static_assert(sizeof(Entry) == 16, "four entries per cache line");
  std::vector<Entry> entries_;
  std::size_t mask_ = 0;
  std::uint16_t gen_ = 1;
};

class Maxn {
 public:
  Maxn(MaxnTable& table, Limits limits);
  // The utility of every side (index: side) when every side plays for itself from `s`.
  Utilities value(const State& s);
  // Each legal action's vector (the side to act picks the highest of its own component).
  std::vector<std::pair<Action, Utilities>> action_values(const State& s);
  std::uint64_t nodes() const { return nodes_; }

 private:
  Utilities search(const State& s);
  void check_limits();
  MaxnTable& table_;
  Limits limits_;
  std::uint64_t nodes_ = 0;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace ss
