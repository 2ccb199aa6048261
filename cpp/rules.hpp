// RuleSet: the plain struct of knobs. Nothing else in the core knows profile names; the knobs and
// their meaning are documented in docs/engine.md.
#pragma once
#include <cstdint>

#include "cards.hpp"

namespace ss {

enum class Head : std::uint8_t { NONE, ALWAYS, VS_OPPONENT };
enum class Timing : std::uint8_t { LEAD, TURN };
enum class Marriages : std::uint8_t { NONE, OPEN, ANY };
enum class BeforeTrick : std::uint8_t { PENDING, ZERO, FORBIDDEN };
enum class Close : std::uint8_t { NONE, LEAD, LEAD_OR_BEFORE_DRAW };
enum class Claim : std::uint8_t { NONE, LEAD_AFTER_TRICK_OR_MARRIAGE, LEAD, TURN };
enum class FalseClaim : std::uint8_t { OPP2OR3, OPP2, MIRROR, PAY1EACH };
enum class CloseStakes : std::uint8_t { CLAIM, CLOSING };
enum class CloseFail : std::uint8_t { OPP2OR3_AT_CLOSE, OPP2 };
enum class NaturalEnd : std::uint8_t {
  CLAIM_OR_DRAW, LAST_TRICK, FIRST_TO_TARGET, HIGHER_TOTAL, SIDE_TOTAL, DEAD_HAND
};

struct RuleSet {
  int players = 2;
  int low_rank = NINE;  // lowest rank index in the deck
  int copies = 1;
  int hand_size = 6;
  int aside = 0;
  bool open_strict = false;
  Head must_head = Head::ALWAYS;
  bool must_trump = true;
  bool must_overtrump = false;
  int exchange_rank = NINE;  // -1: no exchange
  Timing exchange_timing = Timing::LEAD;
  bool exchange_needs_trick = true;
  bool exchange_lost_if_skipped = false;
  int exchange_min_stock = 2;
  Marriages marriages = Marriages::OPEN;
  BeforeTrick marriage_before_trick = BeforeTrick::PENDING;
  bool marriage_by_partner = false;
  int marriage_common = 20;
  int marriage_royal = 40;
  Close close = Close::LEAD_OR_BEFORE_DRAW;
  int close_min_stock = 2;
  int last_trick_bonus = 10;
  Claim claim = Claim::LEAD_AFTER_TRICK_OR_MARRIAGE;
  FalseClaim false_claim = FalseClaim::OPP2OR3;
  CloseStakes close_stakes = CloseStakes::CLAIM;
  CloseFail close_fail = CloseFail::OPP2OR3_AT_CLOSE;
  NaturalEnd natural_end = NaturalEnd::CLAIM_OR_DRAW;
  int draw_carry = 1;
  int target = 66;
  int schneider = 33;
  int match_target = 7;

  // Derived (filled by validate()).
  Mask deck = 0;       // every card id in the deck
  int deck_size = 0;
  int stock_size = 0;
  int sides = 2;

  // Throws ProfileError naming the first inconsistent knob; fills the derived fields.
  void validate();
  int side(int player) const { return players == 4 ? player % 2 : player; }
};

}  // namespace ss
