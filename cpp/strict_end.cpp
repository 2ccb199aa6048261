// The end of play on the compact state: the last trick, claims and natural ends, scored with
// scoring.cpp's rules for two players (each its own side; claims always exist: a two-player
// profile has no side_total end) and without materializing a State.
#include "search.hpp"

namespace ss {

namespace {

// award(): side s receives pts plus the carry; what player q receives.
int award(int s, int pts, int carry, int q) { return q == s ? pts + carry : -(pts + carry); }

}  // namespace

int Strict2::rate(int loser) const {  // normal_rate()
  return tricks[loser] == 0 ? 3 : (score[loser] < R().schneider ? 2 : 1);
}

// score_claim() by p: q's return.
int Strict2::claim_return(int p, int q) const { return two_hand_claim_return(*this, p, q); }

// score_natural(): q's return.
int Strict2::natural_return(int q) const {
  if (closed_by >= 0) return award(1 - closed_by, closer_fail_points(), carry, q);
  const int lts = last_trick_winner < 0 ? 0 : last_trick_winner;
  switch (R().natural_end) {
    case NaturalEnd::LAST_TRICK: return award(lts, 1, carry, q);
    case NaturalEnd::FIRST_TO_TARGET:
      if (first_to_target >= 0) return award(first_to_target, rate(1 - first_to_target), carry, q);
      return award(lts, 1, carry, q);
    case NaturalEnd::HIGHER_TOTAL:
      if (score[0] == score[1]) return 0;
      return award(score[0] > score[1] ? 0 : 1, rate(score[0] > score[1] ? 1 : 0), carry, q);
    default: return 0;  // claim_or_draw (side_total and dead_hand need more players)
  }
}

// The follower's card to the last trick: as finish_trick() with every hand empty.
void Strict2::play_last() {
  const int p = to_act;
  const int id = lowest(hand[p]);
  hand[p] = 0;
  const int first = trick[0];
  const int w = beats(id, first, trump_suit) ? p : leader;
  score[w] = static_cast<std::int16_t>(score[w] + kPoints[rank_of(first)] + kPoints[rank_of(id)] +
                                       pending[w] + (closed_by < 0 ? R().last_trick_bonus : 0));
  pending[w] = 0;
  trick_len = 0;
  tricks[w]++;
  last_trick_winner = leader = to_act = static_cast<std::int8_t>(w);
  if (first_to_target < 0 && score[w] >= R().target) first_to_target = static_cast<std::int8_t>(w);
  phase = Phase::END;
}

// leaf_value() of a position whose return for player_ is ret.
int Search::leaf_compact(const Strict2& s, int ret) const {
  if (relative()) return obj_ == Objective::TRICKS ? s.tricks[player_] : s.score[player_];
  if (obj_ == Objective::WIN) return (ret > 0) - (ret < 0);
  return ret;
}

// last_trick() of the position's State: the same minimax over the card, claims and
// passes, the same nodes counted (one per action tried, claims skipped for relative objectives).
int Search::last_trick_compact(const Strict2& s) {
  const int p = s.to_act;
  const bool claims = !relative();
  if (s.phase == Phase::END) {  // (shortcut(): relative objectives pass; a true claim is made)
    if (!claims) return leaf_compact(s, 0);
    if (s.score[p] >= s.R().target) return leaf_compact(s, s.claim_return(p, player_));
    nodes_ += 2;
    const int c = leaf_compact(s, s.claim_return(p, player_));
    const int n = leaf_compact(s, s.natural_return(player_));
    return p == player_ ? std::max(c, n) : std::min(c, n);
  }
  const bool claim = claims && s.can_claim(p);
  if (claim && s.score[p] >= s.R().target) return leaf_compact(s, s.claim_return(p, player_));
  Strict2 c = s;
  if (s.trick_len == 0) c.play(lowest(s.hand[p]) & 31);
  else c.play_last();
  ++nodes_;
  int v = last_trick_compact(c);
  if (claim) {
    ++nodes_;
    const int w = leaf_compact(s, s.claim_return(p, player_));
    v = p == player_ ? std::max(v, w) : std::min(v, w);
  }
  return v;
}

}  // namespace ss
