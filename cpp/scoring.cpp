// Hand end: claims, closing penalties, natural ends, game points and carry-over (docs/rules-model.md).
#include "state.hpp"

namespace ss {

int State::normal_rate(int loser_side) const {
  if (side_tricks(loser_side) == 0) return 3;
  return side_score(loser_side) < R().schneider ? 2 : 1;
}

void State::finish() {
  phase = Phase::OVER;
  to_act = -1;
  turn_step = 0;
  marriage_suit = -1;
}

// Side s receives pts (plus any carried points); with three players, pts from each other player.
void State::award(int s, int pts, EndReason why) {
  reason = why;
  carry_out = 0;
  if (n() == 3) {
    for (int p = 0; p < 3; ++p) {
      points[p] = static_cast<std::int16_t>(p == s ? 2 * pts : 0);
      returns[p] = static_cast<std::int16_t>(p == s ? 2 * pts : -pts);
    }
  } else {
    const int total = pts + carry;
    for (int q = 0; q < R().sides; ++q) points[q] = static_cast<std::int16_t>(q == s ? total : 0);
    for (int p = 0; p < n(); ++p)
      returns[p] = static_cast<std::int16_t>(side(p) == s ? total : -total);
  }
  finish();
}

void State::no_winner(EndReason why) {
  reason = why;
  for (int p = 0; p < kMaxPlayers; ++p) points[p] = returns[p] = 0;
  carry_out = static_cast<std::int16_t>(carry + R().draw_carry);
  finish();
}

int State::closer_fail_points() const {
  return R().close_fail == CloseFail::OPP2OR3_AT_CLOSE && !close_opp_had_trick ? 3 : 2;
}

int State::closing_stakes() const {
  return !close_opp_had_trick ? 3 : (close_opp_score < R().schneider ? 2 : 1);
}

void State::closer_failed() {
  award(1 - side(closed_by), closer_fail_points(), EndReason::CLOSER_FAILED);
}

void State::false_claim(int p) {
  const RuleSet& r = R();
  if (r.false_claim == FalseClaim::PAY1EACH) {  // the claimant pays 1 to each other player
    reason = EndReason::FALSE_CLAIM;
    carry_out = 0;
    for (int q = 0; q < 3; ++q) {
      points[q] = static_cast<std::int16_t>(q == p ? 0 : 1);
      returns[q] = static_cast<std::int16_t>(q == p ? -2 : 1);
    }
    finish();
    return;
  }
  const int opp = 1 - side(p);
  int pts = 2;
  if (r.false_claim == FalseClaim::OPP2OR3 && side_tricks(opp) == 0) pts = 3;
  if (r.false_claim == FalseClaim::MIRROR) pts = normal_rate(opp);
  award(opp, pts, EndReason::FALSE_CLAIM);
}

void State::score_claim(int p) {
  const RuleSet& r = R();
  const int s = side(p);
  const bool enough = side_score(s) >= r.target;
  if (n() == 3) {
    if (enough) award(s, 1, EndReason::CLAIM);
    else false_claim(p);
    return;
  }
  const int opp = 1 - s;
  if (closed_by >= 0) {
    if (side(closed_by) == s) {
      if (!enough) return closer_failed();
      int pts = normal_rate(opp);
      if (r.close_stakes == CloseStakes::CLOSING)
        pts = closing_stakes();
      return award(s, pts, EndReason::CLAIM);
    }
    if (enough) return closer_failed();  // the closer's opponent got there first
    return false_claim(p);
  }
  if (enough) award(s, normal_rate(opp), EndReason::CLAIM);
  else false_claim(p);
}

void State::score_natural() {
  const RuleSet& r = R();
  if (closed_by >= 0) return closer_failed();
  const int lts = last_trick_winner < 0 ? 0 : side(last_trick_winner);
  switch (r.natural_end) {
    case NaturalEnd::CLAIM_OR_DRAW: return no_winner(EndReason::DRAW);
    case NaturalEnd::LAST_TRICK: return award(lts, 1, EndReason::LAST_TRICK);
    case NaturalEnd::FIRST_TO_TARGET:
      if (first_to_target >= 0)
        return award(first_to_target, normal_rate(1 - first_to_target), EndReason::FIRST_TO_TARGET);
      return award(lts, 1, EndReason::LAST_TRICK);
    case NaturalEnd::HIGHER_TOTAL: {
      const int a = side_score(0), b = side_score(1);
      if (a == b) return no_winner(EndReason::DRAW);
      const int w = a > b ? 0 : 1;
      return award(w, normal_rate(1 - w), EndReason::HIGHER_TOTAL);
    }
    case NaturalEnd::SIDE_TOTAL: {
      for (int s = 0; s < 2; ++s)
        if (side_score(s) >= r.target) {
          const int pts = side_tricks(1 - s) == 0 ? 3 : (side_score(s) >= 100 ? 2 : 1);
          return award(s, pts, EndReason::SIDE_TOTAL);
        }
      return no_winner(EndReason::DRAW);
    }
    case NaturalEnd::DEAD_HAND: {
      int most = 0;
      for (int p = 1; p < 3; ++p)
        if (tricks[p] > tricks[most] || (tricks[p] == tricks[most] && last_win[p] > last_win[most]))
          most = p;
      bonus[most] = static_cast<std::int16_t>(bonus[most] + card_points(aside));
      score[most] = static_cast<std::int16_t>(score[most] + card_points(aside));
      int top = 0, count = 0;
      for (int p = 0; p < 3; ++p) {
        const int sc = side_score(p);
        if (sc > side_score(top)) top = p;
      }
      for (int p = 0; p < 3; ++p) count += side_score(p) == side_score(top);
      if (side_score(top) >= r.target && count == 1) return award(top, 1, EndReason::DEAD_HAND);
      return no_winner(EndReason::DEAD_HAND);
    }
  }
}

}  // namespace ss
