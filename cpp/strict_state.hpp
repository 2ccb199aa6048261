// The compact state of a two-player strict-phase position (stock closed or used up, no
// marriage left to declare): 64 bytes against State's ~270, copied once per node. It carries
// State's field names and the queries bounds.cpp reads, so the sure bounds serve both.
// Assumes a State in Search::strict_domain with a lead or follow to play; built by ab_strict
// and used only by the compact search. Its plays are in strict_state.cpp, its leaves (the last
// trick, claims, the end of play) in strict_end.cpp.
#pragma once
#include <cstdint>

#include "state.hpp"

namespace ss {

struct Strict2 {
  const RuleSet* rules = nullptr;
  Mask hand[2] = {};
  Mask married = 0;
  std::int16_t score[2] = {}, pending[2] = {};
  std::int16_t close_opp_score = 0, carry = 0;
  std::uint8_t tricks[2] = {};
  std::uint8_t trick[1] = {};  // the lead, while trick_len is 1
  std::uint8_t trick_len = 0;
  std::int8_t leader = 0, to_act = 0, first_to_target = -1, last_trick_winner = -1;
  std::int8_t closed_by = -1, trump_suit = 0;
  bool close_opp_had_trick = false;
  Phase phase = Phase::LEAD;  // LEAD or FOLLOW: the last trick is left to the general code
  static constexpr int marriage_suit = -1;

  explicit Strict2(const State& s);
  const RuleSet& R() const { return *rules; }
  static constexpr int n() { return 2; }
  static constexpr int side(int p) { return p; }
  static constexpr bool stock_open() { return false; }
  static constexpr int stock_len() { return 0; }
  static constexpr Mask stock_cards() { return 0; }
  int card_count() const { return popcount(hand[0]) + popcount(hand[1]); }
  bool can_claim(int p) const;
  // As State's (scoring.cpp).
  int closer_fail_points() const {
    return R().close_fail == CloseFail::OPP2OR3_AT_CLOSE && !close_opp_had_trick ? 3 : 2;
  }
  int closing_stakes() const {
    return !close_opp_had_trick ? 3 : (close_opp_score < R().schneider ? 2 : 1);
  }
  // Play the card `code`; never the follower's card to the last trick (play_last()).
  void play(int code);
  // strict_end.cpp: the end of play, with scoring.cpp's rules.
  void play_last();
  int rate(int loser) const;                 // normal_rate()
  int claim_return(int p, int q) const;      // q's return when p claims now
  int natural_return(int q) const;           // q's return when play ends without a claim
};

// score_claim() by p with two players (each its own side): q's return. S: State or Strict2
// (the same field names). Shared by the compact leaves and the claim checks of both searches.
template <class S>
int two_hand_claim_return(const S& s, int p, int q) {
  const RuleSet& r = s.R();
  const int opp = 1 - p;
  const auto rate = [&](int loser) {  // normal_rate()
    return s.tricks[loser] == 0 ? 3 : (s.score[loser] < r.schneider ? 2 : 1);
  };
  int winner = opp, pts;
  const bool enough = s.score[p] >= r.target;
  if (s.closed_by >= 0 && (s.closed_by == p ? !enough : enough)) {  // closer_failed()
    winner = 1 - s.closed_by;
    pts = s.closer_fail_points();
  } else if (enough) {
    winner = p;
    pts = s.closed_by >= 0 && r.close_stakes == CloseStakes::CLOSING ? s.closing_stakes() : rate(opp);
  } else {  // false_claim()
    pts = 2;
    if (r.false_claim == FalseClaim::OPP2OR3 && s.tricks[opp] == 0) pts = 3;
    if (r.false_claim == FalseClaim::MIRROR) pts = rate(opp);
  }
  return q == winner ? pts + s.carry : -(pts + s.carry);
}

}  // namespace ss
