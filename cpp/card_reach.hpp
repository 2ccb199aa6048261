// The card points one hand can still take in a two-hand strict ending: a small exact search
// over the cards alone (no scores, claims or marriages), used to prove that a closer can no
// longer reach the target (Search::closer_failed).
#pragma once
#include "rules.hpp"
#include "cards.hpp"

namespace ss {

// Can side x (hand hx) still take at least `need` card points in tricks against the hand hy,
// x on lead if `x_leads`, every card played out under the strict rules (follow suit, head as
// `must_head` asks, trump when void as `must_trump` asks)? Claims only end play sooner, so
// no line of the real game gives x more. Results are kept per thread (card_reach.cpp).
bool card_reach(const RuleSet& r, int trump, Mask hx, Mask hy, bool x_leads, int need);

}  // namespace ss
