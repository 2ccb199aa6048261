// How likely one player's recorded decisions were under a club player's rules (the basic ones,
// club.hpp, or the full club player's, expert.hpp), softened by eps, for the ways its hidden
// cards could have come (advice/pasts.py, which this mirrors for the games club_supported()
// takes). The public position at each of its decisions
// comes from one replay of the hand; a past only changes the player's hand there, so valuing a
// past costs one club choice per decision instead of a replay.
#pragma once
#include <cstdint>
#include <vector>

#include "club.hpp"
#include "expert.hpp"
#include "state.hpp"

namespace ss {

// One decision of the player: which of its hidden draws had come, the cards that came to it
// face up (and are still held) and the cards gone from its hand, and whether it could exchange;
// for the full club player, what the history had ruled out of the other hand then.
struct PastDecision {
  int index = 0;  // the action's place in the hand
  int drawn_by = 0;
  Mask plus = 0, minus = 0;
  bool could_exchange = false;
  ExpertFacts facts;
};

enum class ClubRules { BASIC, EXPERT };

// The cards of one hand to place in the player's slots (the dealt cards, then its draws in
// order): card i may take any of the first open[i] slots (by the deadline it was seen by).
struct PastSlots {
  std::vector<int> cards, open;
  int dealt = 0;  // slots of the deal
  int draws = 0;  // slots of hidden draws
};

class ClubPasts {
 public:
  static constexpr double kMaxExact = 1e6;

  // `start`: a fresh deal of the hand in which `player`'s cards came in any way that fits the
  // history; `actions`: the hand's actions so far, which it replays. Throws PositionError when
  // the rules are not the club's or the decisions do not fit the replay. With the full club
  // player's rules a decision where the player knew every card (expert_counts) is not weighed:
  // that player plays it by exact count, and the seat knows every card too, so one world is left.
  ClubPasts(const State& start, const std::vector<int>& actions, int player, double eps,
            std::vector<PastDecision> decisions, int low, bool lose_exchange,
            ClubRules rules = ClubRules::BASIC);

  // The probability of the player's actions with these dealt cards and hidden draws in order.
  double likelihood(Mask dealt, const std::vector<int>& drawn) const;
  // The mean likelihood over every past (each assignment of cards to slots once, the deal a set);
  // PositionError past kMaxExact pasts (sample them instead).
  double mean_exact(const PastSlots& slots) const;
  // The mean over `samples` pasts drawn uniformly (advice/pasts.py PastSpace.sample).
  double mean_sampled(const PastSlots& slots, int samples, std::uint64_t seed) const;
  int decisions() const { return static_cast<int>(decisions_.size()); }
  // bit(code) for a card of the deck; PositionError for anything else.
  Mask card_bit(int code) const;
  // The hidden draws the player had made by its last decision.
  int draws_needed() const { return decisions_.empty() ? 0 : decisions_.back().drawn_by; }

 private:
  // The club's action at decision i, its hand put in `s`.
  Action choice(const State& s, std::size_t i) const;
  // A decision the full club player plays by exact count (not weighed).
  static bool counted(const State& s);
  std::vector<PastDecision> decisions_;
  std::vector<State> before_;  // the position at each decision
  std::vector<Voids> voids_;
  std::vector<Action> taken_;
  Mask deck_;
  int player_;
  double eps_;
  int low_;
  bool lose_exchange_;
  ClubRules rules_;
};

}  // namespace ss
