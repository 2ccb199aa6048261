// Rule sets of a few named profiles for the C++ tests and bench, which run without the Python
// package that owns the profile names. Each is RuleSet's defaults (sixty-six) with the knobs
// where python/sixtysix_solver/profiles.py differs; keep them in step with that file.
#pragma once
#include <stdexcept>
#include <string>

#include "rules.hpp"

namespace ss::test {

inline RuleSet rules_for(const std::string& name) {
  RuleSet r;  // sixty-six
  if (name == "schnapsen") {
    r.low_rank = JACK;
    r.hand_size = 5;
    r.exchange_rank = JACK;
    r.exchange_needs_trick = false;
    r.marriages = Marriages::ANY;
    r.close = Close::LEAD;
    r.last_trick_bonus = 0;
    r.claim = Claim::TURN;
    r.false_claim = FalseClaim::MIRROR;
    r.close_stakes = CloseStakes::CLOSING;
    r.natural_end = NaturalEnd::LAST_TRICK;
    r.draw_carry = 0;
  } else if (name == "double-deck") {
    r.copies = 2;
    r.claim = Claim::TURN;
  } else if (name == "four-hand") {
    r.players = 4;
    r.low_rank = SEVEN;
    r.hand_size = 8;
    r.must_overtrump = true;
    r.exchange_rank = -1;
    r.marriages = Marriages::NONE;
    r.close = Close::NONE;
    r.claim = Claim::NONE;
    r.natural_end = NaturalEnd::SIDE_TOTAL;
  } else if (name != "sixty-six") {
    throw std::invalid_argument("no rules for profile " + name);
  }
  r.validate();
  return r;
}

}  // namespace ss::test
