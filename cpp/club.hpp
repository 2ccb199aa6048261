// The basic club player's rules (python/sixtysix_solver/advice/club.py, `heuristic:basic`) on a
// core state: what reply_search.hpp needs to value a world against opponents who play by them.
// One copy of each card and no partners (three-hand, and the two-player games of one deck with
// their stock: exchange, close, draw), so the rules about a partner's cards never arise;
// club_supported() says whether a rule set is one of them.
#pragma once
#include <cstdint>

#include "state.hpp"

namespace ss {

// Suits a player is known by everybody to lack, bit player * 4 + suit: a player who did not
// follow suit holds none of it and, with must_trump, one who also did not trump holds no trump
// (knowledge/facts.py revealed_by_play: the only facts that make a whole suit void).
using Voids = std::uint16_t;
constexpr Voids void_bit(int player, int suit) { return static_cast<Voids>(1u << (player * kSuits + suit)); }

// The voids known once `a` (legal in `s`) is played and `next` is the result. None once the
// players draw from the stock: what a player lacked may have come (as facts.py's lacks lift).
Voids voids_after(const State& s, Action a, Voids v, const State& next);

bool club_supported(const RuleSet& r);

// The club player's action for the player to act (the position must not be over).
Action club_action(const State& s, Voids v);

// The legal actions but a claim, and whether a claim is legal: what both club players choose
// among once they have decided not to claim (an only legal claim stays in `a`).
struct ClubOptions {
  Action a[kMaxActions];
  int n = 0;
  bool claim = false;
  explicit ClubOptions(const State& s);
};

}  // namespace ss
