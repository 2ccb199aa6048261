// The strict phase's plays on both states: Strict2's own (the compact search's) and State's
// play_strict2 (the dedicated search on the State, path 1). The two must move the same cards
// to the same places; the rest of Strict2 (its leaves) is in strict_end.cpp.
#include "strict_state.hpp"

namespace ss {

Strict2::Strict2(const State& s)
    : rules(s.rules), married(s.married), close_opp_score(s.close_opp_score), carry(s.carry),
      trick_len(s.trick_len), leader(s.leader), to_act(s.to_act),
      first_to_target(s.first_to_target), last_trick_winner(s.last_trick_winner),
      closed_by(s.closed_by), trump_suit(s.trump_suit), close_opp_had_trick(s.close_opp_had_trick),
      phase(s.phase) {
  for (int p = 0; p < 2; ++p) {
    hand[p] = s.hand[p];
    score[p] = s.score[p];
    pending[p] = s.pending[p];
    tricks[p] = s.tricks[p];
  }
  trick[0] = s.trick_len ? s.trick[0] : 0;
}

// State::can_claim in this phase (turn_step is never 3 here).
bool Strict2::can_claim(int p) const {
  switch (R().claim) {
    case Claim::NONE: return false;
    case Claim::LEAD_AFTER_TRICK_OR_MARRIAGE: return phase == Phase::LEAD && last_trick_winner == p;
    case Claim::LEAD: return phase == Phase::LEAD;
    case Claim::TURN: return true;
  }
  return false;
}

// State::play_strict2 without the fields no value reads (taken, bonus, known ...). Any copy
// of two identical cards: they are worth the same.
void Strict2::play(int code) {
  const int p = to_act;
  const int id = lowest(hand[p] & code_mask(code));
  hand[p] &= ~bit(id);
  if (trick_len == 0) {
    leader = static_cast<std::int8_t>(p);
    trick[0] = static_cast<std::uint8_t>(id);
    trick_len = 1;
    phase = Phase::FOLLOW;
    to_act = static_cast<std::int8_t>(1 - p);
    return;
  }
  const int first = trick[0];
  const int w = beats(id, first, trump_suit) ? p : leader;
  score[w] = static_cast<std::int16_t>(score[w] + kPoints[rank_of(first)] + kPoints[rank_of(id)] + pending[w]);
  pending[w] = 0;
  trick_len = 0;
  tricks[w]++;
  last_trick_winner = static_cast<std::int8_t>(w);
  leader = static_cast<std::int8_t>(w);
  if (first_to_target < 0 && score[w] >= R().target) first_to_target = static_cast<std::int8_t>(w);
  phase = Phase::LEAD;  // (some hand still holds a card: not the last trick)
  to_act = static_cast<std::int8_t>(w);
}

void State::play_strict2(int code) {
  const int p = to_act;
  // Of two identical cards the shown one (as apply does).
  const Mask copies = hand[p] & code_mask(code);
  const Mask shown = copies & (married | known[p]);
  const int id = lowest(shown ? shown : copies);
  hand[p] &= ~bit(id);
  known[p] &= ~bit(id);
  marriage_suit = -1;
  turn_step = 0;
  if (trick_len == 0) {
    leader = static_cast<std::int8_t>(p);
    trick[0] = static_cast<std::uint8_t>(id);
    trick_len = 1;
    phase = Phase::FOLLOW;
    to_act = static_cast<std::int8_t>(1 - p);
    return;
  }
  const int first = trick[0];
  const int w = beats(id, first, trump_suit) ? p : leader;
  taken[w] |= bit(first) | bit(id);
  score[w] = static_cast<std::int16_t>(score[w] + kPoints[rank_of(first)] + kPoints[rank_of(id)] + pending[w]);
  marriage_pts[w] = static_cast<std::int16_t>(marriage_pts[w] + pending[w]);
  pending[w] = 0;
  trick_len = 0;
  tricks[w]++;
  last_win[w] = ++trick_no;
  last_trick_winner = static_cast<std::int8_t>(w);
  leader = static_cast<std::int8_t>(w);
  const bool done = (hand[0] | hand[1]) == 0;
  if (done && closed_by < 0) {
    bonus[w] = static_cast<std::int16_t>(bonus[w] + R().last_trick_bonus);
    score[w] = static_cast<std::int16_t>(score[w] + R().last_trick_bonus);
  }
  if (first_to_target < 0 && score[w] >= R().target) first_to_target = static_cast<std::int8_t>(w);
  if (done) {
    if (R().claim != Claim::NONE) {
      phase = Phase::END;
      to_act = static_cast<std::int8_t>(w);
    } else {
      score_natural();
    }
    return;
  }
  phase = Phase::LEAD;  // (start_lead: no show window with two players)
  to_act = static_cast<std::int8_t>(w);
}

}  // namespace ss
