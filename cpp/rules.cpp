#include "rules.hpp"

#include <string>

#include "errors.hpp"

namespace ss {

namespace {
void require(bool ok, const std::string& msg) {
  if (!ok) throw ProfileError(msg);
}
void in_range(int v, int lo, int hi, const char* name) {
  require(lo <= v && v <= hi, std::string(name) + " must be between " + std::to_string(lo) +
                                  " and " + std::to_string(hi) + ", got " + std::to_string(v));
}
}  // namespace

void RuleSet::validate() {
  for (const IntKnob& k : kIntKnobs) in_range(this->*k.field, k.lo, k.hi, k.name);
  bool deck_known = false;
  for (int low : kLowRanks) deck_known |= low_rank == low;
  require(deck_known, "low_rank must be 9, J or 7");
#define SS_CHECK_KNOB_ENUM(Enum, knob, ...)                                      \
  require(static_cast<int>(knob) < KnobEnum<Enum>::kCount,                       \
          std::string(#knob) + " has no value " + std::to_string(static_cast<int>(knob)));
  SS_KNOB_ENUMS(SS_CHECK_KNOB_ENUM)
#undef SS_CHECK_KNOB_ENUM
  require(exchange_rank == -1 || (exchange_rank >= ACE && exchange_rank <= low_rank),
          "exchange_rank must be a rank of the deck");

  deck = 0;
  for (int c = 0; c < copies; ++c)
    for (int s = 0; s < kSuits; ++s)
      for (int r = 0; r <= low_rank; ++r) deck |= bit(c * 32 + code_of(s, r));
  deck_size = popcount(deck);
  stock_size = deck_size - players * hand_size - aside;
  sides = players == 4 ? 2 : players;

  require(stock_size >= 0, "the hands and the dead hand need more cards than the deck has");
  require(stock_size == 0 || players == 2, "a stock is only supported with two players");
  require(stock_size % 2 == 0, "the stock must hold an even number of cards");
  require(aside == 0 || players == 3, "a dead hand (aside) is only used with three players");
  require(copies == 1 || players == 2, "the double deck is only supported with two players");
  require(stock_size > 0 || close == Close::NONE, "closing needs a stock");
  require(stock_size > 0 || exchange_rank == -1, "the exchange needs a stock");
  require(!marriage_by_partner || players == 4, "marriage_by_partner needs four players");
  require(natural_end != NaturalEnd::SIDE_TOTAL || players == 4, "side_total needs four players");
  require((natural_end == NaturalEnd::DEAD_HAND) == (players == 3),
          "natural_end dead_hand is the (only) three-player rule");
  require((false_claim == FalseClaim::PAY1EACH) == (players == 3),
          "false_claim pay1each is the (only) three-player rule");
  require(claim != Claim::NONE || natural_end == NaturalEnd::SIDE_TOTAL,
          "without claims the hand must be scored by side_total");
}

}  // namespace ss
