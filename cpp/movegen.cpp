// Legal actions: which start-of-turn actions, claims and cards the player to act may choose.
#include "state.hpp"

namespace ss {

int State::side_score(int s) const {
  int total = 0;
  for (int p = 0; p < n(); ++p)
    if (side(p) == s) total += score[p];
  return total;
}

int State::side_tricks(int s) const {
  int total = 0;
  for (int p = 0; p < n(); ++p)
    if (side(p) == s) total += tricks[p];
  return total;
}

int State::card_count() const {
  int total = 0;
  for (int p = 0; p < n(); ++p) total += popcount(hand[p]);
  return total;
}

bool State::can_exchange(int p) const {
  const RuleSet& r = R();
  if (r.exchange_rank < 0 || turn_step != 0 || !stock_open()) return false;
  if (stock_len() < r.exchange_min_stock) return false;
  if (phase == Phase::FOLLOW) {
    if (r.exchange_timing != Timing::TURN) return false;
  } else if (phase != Phase::LEAD) {
    return false;
  }
  if (exchange_lost & (1u << p)) return false;
  if (rank_of(stock[stock_end - 1]) == r.exchange_rank) return false;  // nothing to gain
  if (!(hand[p] & code_mask(code_of(trump_suit, r.exchange_rank)))) return false;
  return !r.exchange_needs_trick || side_tricks(side(p)) > 0;
}

bool State::can_close() const {
  const RuleSet& r = R();
  if (r.close == Close::NONE || !stock_open() || stock_len() < r.close_min_stock) return false;
  if (phase == Phase::DRAW) return r.close == Close::LEAD_OR_BEFORE_DRAW;
  return phase == Phase::LEAD && turn_step <= 1;
}

bool State::can_marry(int p, int suit) const {
  const RuleSet& r = R();
  if (r.marriages == Marriages::NONE) return false;
  if (r.marriages == Marriages::OPEN && !stock_open()) return false;
  const Mask free = hand[p] & ~married;
  if (!(free & code_mask(code_of(suit, KING))) || !(free & code_mask(code_of(suit, QUEEN))))
    return false;
  return r.marriage_before_trick != BeforeTrick::FORBIDDEN || side_tricks(side(p)) > 0;
}

bool State::can_claim(int p) const {
  switch (R().claim) {
    case Claim::NONE: return false;
    case Claim::LEAD_AFTER_TRICK_OR_MARRIAGE:
      return phase == Phase::END ||
             (phase == Phase::LEAD && (last_trick_winner == p || turn_step == 3));
    case Claim::LEAD: return phase == Phase::END || phase == Phase::LEAD;
    case Claim::TURN:
      return phase == Phase::END || phase == Phase::LEAD || phase == Phase::FOLLOW;
  }
  return false;
}

Mask State::playable() const {
  const Mask h = hand[to_act];
  if (phase == Phase::LEAD) {
    if (marriage_suit >= 0)
      return h & (code_mask(code_of(marriage_suit, KING)) | code_mask(code_of(marriage_suit, QUEEN)));
    return h;
  }
  if (phase != Phase::FOLLOW) return 0;
  if (!strict()) return h;
  const RuleSet& r = R();
  const int led = suit_of(trick[0]);
  int best = 0;  // index of the card winning the trick so far
  for (int i = 1; i < trick_len; ++i)
    if (beats(trick[i], trick[best], trump_suit)) best = i;
  const int best_card = trick[best];
  const int best_player = (leader + best) % n();
  const bool opponent_winning = side(best_player) != side(to_act);
  const bool head = r.must_head == Head::ALWAYS ||
                    (r.must_head == Head::VS_OPPONENT && opponent_winning);
  const Mask follow = h & suit_mask(led);
  if (follow) {
    if (head && suit_of(best_card) == led) {
      const Mask over = follow & higher_in_suit(best_card);
      if (over) return over;
    }
    return follow;
  }
  const Mask trumps = h & suit_mask(trump_suit);
  if (r.must_trump && trumps) {
    if (r.must_overtrump && suit_of(best_card) == trump_suit &&
        (r.must_head != Head::VS_OPPONENT || opponent_winning)) {
      const Mask over = trumps & higher_in_suit(best_card);
      if (over) return over;
    }
    return trumps;
  }
  return h;
}

int State::legal_actions(Action* buf) const {
  int k = 0;
  const int p = to_act;
  switch (phase) {
    case Phase::OVER: return 0;
    case Phase::DRAW:
      buf[k++] = make_action(CLOSE);
      buf[k++] = make_action(DRAW);
      return k;
    case Phase::END:
      buf[k++] = make_action(CLAIM);
      buf[k++] = make_action(PASS);
      return k;
    case Phase::SHOW:
      for (int s = 0; s < kSuits; ++s)
        if (can_marry(p, s)) buf[k++] = make_action(SHOW, s);
      buf[k++] = make_action(PASS);
      return k;
    case Phase::LEAD:
    case Phase::FOLLOW: break;
  }
  std::uint32_t codes = codes_of(playable());
  while (codes) {
    const int c = ctz32(codes);
    codes &= codes - 1;
    buf[k++] = make_action(PLAY, c);
  }
  if (stock_open()) {
    if (can_exchange(p)) buf[k++] = make_action(EXCHANGE);
    if (can_close()) buf[k++] = make_action(CLOSE);
  }
  // (A marriage needs a free king and queen in hand: most hands skip the suit loop.)
  const Mask kq = hand[p] & ~married;
  if (phase == Phase::LEAD && turn_step <= 2 && (kq & rank_mask(KING)) && (kq & rank_mask(QUEEN)))
    for (int s = 0; s < kSuits; ++s)
      if (can_marry(p, s)) buf[k++] = make_action(MARRY, s);
  if (can_claim(p)) buf[k++] = make_action(CLAIM);
  return k;
}

bool State::is_legal(Action a) const {
  Action buf[kMaxActions];
  const int k = legal_actions(buf);
  for (int i = 0; i < k; ++i)
    if (buf[i] == a) return true;
  return false;
}

}  // namespace ss
