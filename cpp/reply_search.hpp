// The seat's best line against players who follow the basic club's rules (club.hpp): at the
// seat's turns the action best for it, at every other player's the club's action. PIMC over
// such values plays against those opponents as they play, where the paranoid value lets them
// pool their play against the seat (SearchLimits.others = "club"; three-hand).
//
// The value is the seat's utility at the end, as in maxn.hpp: return * kMaxnScale + score. A
// seat that can claim and win claims at once. The table (at the start of a trick) keys the
// position with the known voids, the seat and the lookahead left, since the club's choices
// depend on the first two and the seat's on the last.
//
// `lookahead` (-1: none) bounds the seat's open-card foresight: after that many more of its own
// decisions it plays by the club's rules too. 0 values the position by the club's play from here
// (a rollout, one step of policy improvement over the club when the seat chooses by it); a
// small lookahead plans a few decisions with the cards seen, where a whole line would assume
// it sees them to the end.
#pragma once
#include <chrono>
#include <cstdint>

#include "club.hpp"
#include "maxn.hpp"
#include "search.hpp"

namespace ss {

class ReplySearch {
 public:
  ReplySearch(MaxnTable& table, Limits limits, int side, int lookahead = -1);
  // The seat's utility from `s` with the voids `v` known.
  int value(const State& s, Voids v);
  std::uint64_t nodes() const { return nodes_; }

 private:
  int search(const State& s, Voids v, int left);
  MaxnTable& table_;
  Limits limits_;
  int side_;
  int lookahead_;
  std::uint64_t nodes_ = 0;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace ss
