// Sure-points bounds for two-sided hands (two players, or four in partnerships): what each side
// can still add to its score at most, what it is sure to add if the hand is played out, and
// from those the best return each side can still hope for. Search uses them for early cutoffs.
#pragma once
#include "state.hpp"

namespace ss {

struct Outlook {
  int score[2] = {};   // credited now
  int most[2] = {};    // the most the side can add from here (cards, marriages, pending, bonus)
  int sure[2] = {};    // card points the side wins for certain if every card is played
  int tricks[2] = {};
  Mask winners[2] = {};  // cards that win whatever trick they are played to
};

// (S: State, or the strict phase's compact Strict2.)
template <class S>
Outlook outlook(const S& s);
struct Strict2;
template <>
Outlook outlook(const Strict2& s);  // (its own, cheaper code)

// The best return (game points for a player of side x, carry included) side x can still reach
// in lines where the other side never chooses a move that only hurts itself: no new close, no
// false claim, a claim as soon as it holds the target. Taking options away from the opponent
// can only raise x's minimax value, so this bounds the true value from above.
// (`cash`: cash_points() of the side on lead, shared between the calls of one position: -2
// until computed.)
template <class S>
int best_return(const S& s, const Outlook& o, int x, int* cash);

// A sure return for the side on lead: it cashes its sure winners one after another (keeping
// the lead) and claims as soon as it holds the target, before the other side wins a trick.
// Returns false when that does not reach the target.
template <class S>
bool quick_claim(const S& s, const Outlook& o, int* value, int* cash);

}  // namespace ss
