// Building states: a seeded or explicit deal, or every field of a position (validated), and
// reading every field back. Card lists here are codes (suit * 8 + rank); copies are assigned here.
#pragma once
#include <cstdint>
#include <vector>

#include "state.hpp"

namespace ss {

using Cards = std::vector<int>;

struct Deal {
  int dealer = 0;
  std::vector<Cards> hands;
  Cards stock;  // top first, face-up card last
  Cards aside;
  int trump_card = -1;  // code; -1: the face-up stock card, or the dealer's last card when seeded
  int carry = 0;
};

// Every field of a hand in progress (the notation and JSON are built on this).
struct Fields {
  int dealer = 0, to_act = 0, leader = 0;
  Phase phase = Phase::LEAD;
  std::vector<Cards> hands, known, married, taken;
  Cards stock, aside, trick;
  int trump_card = 0;
  int closed_by = -1, close_opp_score = 0;
  bool close_opp_had_trick = false;
  int exchanged_by = -1;
  std::vector<int> exchange_lost;  // 0/1 per player
  int turn_step = 0, marriage_suit = -1;
  std::vector<std::vector<int>> declared;  // per player, count per suit
  std::vector<int> marriage_pts, pending, bonus, last_win;
  int last_trick_winner = -1, first_to_target = -1, carry = 0;
  // Result (phase OVER only).
  std::vector<int> points, returns;
  int carry_out = 0;
  EndReason reason = EndReason::NONE;
};

Deal seeded_deal(const RuleSet& rules, int dealer, std::uint64_t seed);
State state_from_deal(const RuleSet* rules, const Deal& deal);   // throws PositionError
State state_from_fields(const RuleSet* rules, const Fields& f);  // throws PositionError
Fields fields_of(const State& s);

}  // namespace ss
