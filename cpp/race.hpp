// Who wins a two-hand strict ending once only winning matters: a small exact search over the
// cards and the two sides' distances to the target. In such an ending (no marriage left, both
// scores below the target) a side that reaches the target does so by winning a trick, leads
// next and claims: it has won. If nobody gets there, the rules' end of play decides. Where the
// search window asks no more than who wins (Search::race_cut), that is the whole question, and
// this search answers it with a fraction of the work per position of the full one.
#pragma once
#include <cstdint>

#include "cards.hpp"
#include "rules.hpp"

namespace ss {

// What ends the ending when every card is played and nobody reached the target, for x.
enum class RaceEnd : std::uint8_t {
  X_LOSES,     // a close by x failed
  X_WINS,      // a close by y failed
  LAST_TRICK,  // the last trick's winner wins
  DRAW,        // nobody wins
};

struct RaceSpec {
  const RuleSet* rules;
  int trump;
  RaceEnd end;
  int bonus;           // points the last trick adds (0 after a close)
  bool draw_will_do;   // x needs not to lose (else: to win)
};

// Does x get what it needs? x is on lead if `x_leads`; `lead` >= 0: the card the leader has
// already played to this trick (taken out of its hand). nx, ny: the card points each side still
// lacks, its pending marriage points counted (at most 0: it reaches by its next trick). Both
// sides must still be short of the target by their scores. Results of trick starts are kept
// per thread (race.cpp).
bool race(const RaceSpec& spec, Mask hx, Mask hy, bool x_leads, int lead, int nx, int ny);

}  // namespace ss
