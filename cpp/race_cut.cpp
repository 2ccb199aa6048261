// The race cutoffs of the compact search: windows that ask only who wins (race_cut), or
// whether one side wins 2 or more (schneider_race), answered by race.cpp's search over the
// cards and the two sides' distances to a line. Called by ab_compact (strict_search.cpp) after
// its table probe, where race_window() allows; a result is stored as a bound.
#include "race.hpp"
#include "search.hpp"

namespace ss {

// Every win is worth at least `win` to player_ and every loss costs at least `loss`, nothing in
// between but a draw, 0: 1 each (and the carry) while nobody has closed; after a close its
// failure is worth its fixed penalty, and its success at least 1. A window that asks no more
// than "a win?" or "no loss?" is answered by who wins: the race of the two sides to the target
// (race.cpp), which needs no scores, stakes or claims beyond it.
bool Search::race_window(const Strict2& s, int alpha, int beta) const {
  if (relative() || s.card_count() > kRaceMaxHeld) return false;
  const int most = obj_ == Objective::WIN ? 1 : 3 + s.carry;  // (the widest band: after a close)
  return alpha >= -most && beta <= most && !(alpha < 0 && beta > 0);
}

// race() for side x of the compact state: x needs nx more points, the other side ny.
static bool race_for(const Strict2& s, const RaceSpec& spec, int x, int nx, int ny) {
  const bool x_leads = s.trick_len ? s.leader == x : s.to_act == x;
  return race(spec, s.hand[x], s.hand[1 - x], x_leads, s.trick_len ? s.trick[0] : -1, nx, ny);
}

bool Search::race_cut(const Strict2& s, int alpha, int beta, int* v) const {
  const RuleSet& r = s.R();
  if (s.score[0] >= r.target || s.score[1] >= r.target) return false;
  if (schneider_race(s, alpha, beta, v)) return true;
  const int x = player_, y = 1 - x;
  int win = 1 + s.carry, loss = 1 + s.carry;
  RaceEnd end;
  if (s.closed_by >= 0) {
    end = s.closed_by == x ? RaceEnd::X_LOSES : RaceEnd::X_WINS;
    (s.closed_by == x ? loss : win) = s.closer_fail_points() + s.carry;
  } else {
    switch (r.natural_end) {
      case NaturalEnd::LAST_TRICK:
      case NaturalEnd::FIRST_TO_TARGET: end = RaceEnd::LAST_TRICK; break;  // (nobody got there)
      case NaturalEnd::CLAIM_OR_DRAW: end = RaceEnd::DRAW; break;
      default: return false;
    }
  }
  if (obj_ == Objective::WIN) win = loss = 1;
  if (alpha < -loss || beta > win || (alpha < 0 && beta > 0)) return false;
  const bool draw_will_do = beta <= 0;
  const RaceSpec spec{&r, s.trump_suit, end, s.closed_by >= 0 ? 0 : r.last_trick_bonus, draw_will_do};
  const int nx = r.target - s.score[x] - s.pending[x], ny = r.target - s.score[y] - s.pending[y];
  const bool ok = race_for(s, spec, x, nx, ny);
  const bool draws = end == RaceEnd::DRAW;  // (else a side that does not lose wins)
  *v = ok ? (draw_will_do && draws ? 0 : win) : (draw_will_do || !draws ? -loss : 0);
  return true;
}

// A window that asks whether one side, x, wins 2 or more (and the carry). x wins so much only
// by reaching the target while the other side y is below the schneider line (or has no
// trick): x then leads and claims at that rate. Once y is past that line, x's win pays 1. So
// it is a race again, with y's need the schneider line instead of the target. Not where y
// closed (every win of x's is then y's failed close, for 2 or 3: the plain race), nor where
// y's false claims pay by x's score (MIRROR: y would give up 1), nor where a hand played out
// might pay x 2 (a higher total). Where x closed with `closing` stakes, its success pays what
// they were at its close.
bool Search::schneider_race(const Strict2& s, int alpha, int beta, int* v) const {
  if (!schneider_rules_) return false;
  const RuleSet& r = s.R();
  const int one = 1 + s.carry, two = 2 + s.carry;
  int x;
  if (alpha >= one && beta <= two) x = player_;
  else if (beta <= -one && alpha >= -two) x = 1 - player_;
  else return false;
  const int y = 1 - x;
  if (s.closed_by == y) return false;
  const bool stakes = s.closed_by == x && r.close_stakes == CloseStakes::CLOSING;
  const int line = stakes ? r.target : r.schneider;  // what y must reach to hold x to 1
  bool ok = false;  // (y past the schneider line has a trick: its score is taken in tricks)
  if (stakes ? s.closing_stakes() >= 2 : s.score[y] < line) {
    const RaceSpec spec{&r, s.trump_suit, RaceEnd::X_LOSES,
                        s.closed_by >= 0 ? 0 : r.last_trick_bonus, false};
    const int nx = r.target - s.score[x] - s.pending[x], ny = line - s.score[y] - s.pending[y];
    ok = race_for(s, spec, x, nx, ny);
  }
  *v = x == player_ ? (ok ? two : one) : (ok ? -two : -one);
  return true;
}

}  // namespace ss
