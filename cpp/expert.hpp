// The full club player's rules (python/sixtysix_solver/advice/expert.py, `heuristic`) on a core
// state, for the two-player games of one deck: what club_pasts.hpp needs to value a world's
// pasts when the model of the opponent is that player (`club=expert`), at microseconds a choice.
// It sees the seat's own hand and public facts only: the other hand's size and shown cards, the
// face-up card, the tricks, and what the history ruled out of the other hand (ExpertFacts).
#pragma once
#include <cstdint>

#include "state.hpp"

namespace ss {

// What strict play revealed about the other player's hand (View.excluded and View.void_suits
// of the Python view): the cards it cannot hold and the suits it wholly lacks (bit per suit).
// They come from the history (knowledge/facts.py), so the caller supplies them.
struct ExpertFacts {
  Mask excluded = 0;
  unsigned voids = 0;
};

bool expert_supported(const RuleSet& r);

// Whether the player to act knows every card (no stock, no dead hand, two players): there the
// Python player plays by exact count (advice/endgame.py), which expert_action does not.
bool expert_counts(const State& s);

// The club player's action for the player to act by its rules (the position must not be over).
Action expert_action(const State& s, const ExpertFacts& facts);

}  // namespace ss
