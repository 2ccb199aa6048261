// RuleSet: the plain struct of knobs, and the knobs' vocabulary (the names of every enum-like
// knob's values, the numeric knobs' bounds), declared here once. Nothing else in the core knows
// profile names; the knobs and their meaning are documented in docs/rules-model.md.
#pragma once
#include <cstdint>

#include "cards.hpp"

namespace ss {

// The knob vocabulary, declared once. Each enum-like knob is one line below: its enum, the
// RuleSet field it sets (which is also the knob's name in a profile) and its values in the
// enum's order. A value's name in a profile is its enumerator in lower case ("VS_OPPONENT" is
// "vs_opponent"). The binding converts names and enums with these lines and exports them
// (_core.knob_vocabulary()); the Python profiles derive their checks from that export.
#define SS_KNOB_ENUMS(K)                                                                 \
  K(Head, must_head, NONE, ALWAYS, VS_OPPONENT)                                          \
  K(Timing, exchange_timing, LEAD, TURN)                                                 \
  K(Marriages, marriages, NONE, OPEN, ANY)                                               \
  K(BeforeTrick, marriage_before_trick, PENDING, ZERO, FORBIDDEN)                        \
  K(Close, close, NONE, LEAD, LEAD_OR_BEFORE_DRAW)                                       \
  K(Claim, claim, NONE, LEAD_AFTER_TRICK_OR_MARRIAGE, LEAD, TURN)                        \
  K(FalseClaim, false_claim, OPP2OR3, OPP2, MIRROR, PAY1EACH)                            \
  K(CloseStakes, close_stakes, CLAIM, CLOSING)                                           \
  K(CloseFail, close_fail, OPP2OR3_AT_CLOSE, OPP2)                                       \
  K(NaturalEnd, natural_end, CLAIM_OR_DRAW, LAST_TRICK, FIRST_TO_TARGET, HIGHER_TOTAL,  \
    SIDE_TOTAL, DEAD_HAND)

// KnobEnum<E>: the knob an enum sets and its values' enumerators, as text ("NONE, ALWAYS").
template <class E>
struct KnobEnum;

constexpr int count_names(const char* s) {  // names in a comma-separated list
  int n = 1;
  for (; *s; ++s) n += *s == ',';
  return n;
}

#define SS_DECLARE_KNOB_ENUM(Enum, knob, ...)                              \
  enum class Enum : std::uint8_t { __VA_ARGS__ };                          \
  template <>                                                              \
  struct KnobEnum<Enum> {                                                  \
    static constexpr const char* kKnob = #knob;                            \
    static constexpr const char* kEnumerators = #__VA_ARGS__;              \
    static constexpr int kCount = count_names(#__VA_ARGS__);               \
  };
SS_KNOB_ENUMS(SS_DECLARE_KNOB_ENUM)
#undef SS_DECLARE_KNOB_ENUM

// The decks: the lowest rank of each, in the vocabulary's order (low_rank "9", "J", "7": 24,
// 20 and 32 cards a copy). exchange_rank's vocabulary is "none" and these ranks (the core
// itself takes any rank of the deck).
inline constexpr int kLowRanks[] = {NINE, JACK, SEVEN};

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

// The numeric knobs and their bounds, declared once: validate() checks them, the binding
// exports them (_core.knob_ranges(); "name[i]" is element i of a pair knob).
struct IntKnob {
  const char* name;
  int RuleSet::*field;
  int lo, hi;
};
inline constexpr IntKnob kIntKnobs[] = {
    {"players", &RuleSet::players, 2, 4},
    {"copies", &RuleSet::copies, 1, 2},
    {"hand_size", &RuleSet::hand_size, 1, 16},
    {"aside", &RuleSet::aside, 0, 16},
    {"exchange_min_stock", &RuleSet::exchange_min_stock, 2, 48},
    {"close_min_stock", &RuleSet::close_min_stock, 2, 48},
    {"last_trick_bonus", &RuleSet::last_trick_bonus, 0, 100},
    {"draw_carry", &RuleSet::draw_carry, 0, 10},
    {"target", &RuleSet::target, 1, 250},
    {"schneider", &RuleSet::schneider, 0, 250},
    {"match_target", &RuleSet::match_target, 1, 1000},
    {"marriage_points[0]", &RuleSet::marriage_common, 0, 250},
    {"marriage_points[1]", &RuleSet::marriage_royal, 0, 250},
};

}  // namespace ss
