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
//
// The replies follow the basic club player's rules (club.hpp) or, with ReplyModel::expert, the
// full club player's (expert.hpp; two players, one deck). That player counts its endgame
// exactly where it knows every card (expert_counts), so there both sides play exactly: the seat
// its best, the other the seat's worst.
#pragma once
#include <chrono>
#include <cstdint>

#include "club.hpp"
#include "expert.hpp"
#include "maxn.hpp"
#include "search.hpp"

namespace ss {

// Whose rules the replies follow, and with the full club player what the history ruled out of
// each player's hand at the search's root (about[p]: p's hand). Those facts hold until a card is
// drawn (a drawn card may be one a player lacked); the voids that play reveals below the root
// come from the Voids the search carries.
struct ReplyModel {
  bool expert = false;
  ExpertFacts about[2];
  // The stock's size where the facts were read (-1: at the position value() is given). A
  // line's first actions may already draw, and then the facts no longer hold.
  int stock = -1;
};

class ReplySearch {
 public:
  ReplySearch(MaxnTable& table, Limits limits, int side, int lookahead = -1,
              const ReplyModel& model = {});
  // The seat's utility from `s` with the voids `v` known.
  int value(const State& s, Voids v);
  std::uint64_t nodes() const { return nodes_; }

 private:
  int search(const State& s, Voids v, int left);
  int exact(const State& s, Voids v, int left);  // where the full club player counts
  Action rule_action(const State& s, Voids v) const;
  MaxnTable& table_;
  Limits limits_;
  int side_;
  int lookahead_;
  ReplyModel model_;
  std::uint64_t salt_ = 0;  // the model in the table's key
  int root_stock_ = 0;      // the stock's size at the root: the root's facts hold while it is
  std::uint64_t nodes_ = 0;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace ss
