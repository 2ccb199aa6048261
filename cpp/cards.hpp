// Cards and card sets. A card *code* is suit * 8 + rank (rank 0 = ace ... 7 = seven); a physical
// card *id* is copy * 32 + code, so a set of up to 48 cards (two copies of 24) fits a uint64.
#pragma once
#include <cstdint>

#include "bits.hpp"

namespace ss {

using Mask = std::uint64_t;

constexpr int kSuits = 4;
constexpr int kRanks = 8;
constexpr int kCodes = 32;
constexpr int kMaxPlayers = 4;
constexpr int kMaxCards = 64;  // ids 0..63; only copies 0 and 1 are used

enum Rank : int { ACE = 0, TEN, KING, QUEEN, JACK, NINE, EIGHT, SEVEN };

constexpr int code_of(int suit, int rank) { return suit * 8 + rank; }
constexpr int suit_of(int id) { return (id & 31) >> 3; }
constexpr int rank_of(int id) { return id & 7; }
constexpr int code_of_id(int id) { return id & 31; }
constexpr Mask bit(int id) { return Mask{1} << id; }

// All copies of one code.
constexpr Mask code_mask(int code) { return bit(code) | bit(code + 32); }
// All copies of one suit.
constexpr Mask suit_mask(int suit) { return (Mask{0xFF} << (suit * 8)) * (Mask{1} | (Mask{1} << 32)); }
// All copies of one rank.
constexpr Mask rank_mask(int rank) { return Mask{0x0101010101010101ULL} << rank; }

// All copies of the ranks strictly above rank index r (indices 0 .. r-1), in every suit.
constexpr Mask rank_below_mask(int r) { return Mask{0x0101010101010101ULL} * ((Mask{1} << r) - 1); }

constexpr int kPoints[kRanks] = {11, 10, 4, 3, 2, 0, 0, 0};

inline int popcount(Mask m) { return popcount64(m); }
inline int lowest(Mask m) { return ctz64(m); }

inline int card_points(Mask m) {
  return 11 * popcount(m & rank_mask(ACE)) + 10 * popcount(m & rank_mask(TEN)) +
         4 * popcount(m & rank_mask(KING)) + 3 * popcount(m & rank_mask(QUEEN)) +
         2 * popcount(m & rank_mask(JACK));
}

// Cards of the same suit strictly higher than `id` (every copy).
inline Mask higher_in_suit(int id) {
  const int r = rank_of(id);
  const Mask below_rank = (Mask{1} << r) - 1;  // ranks 0..r-1 are higher
  const Mask one = below_rank << (suit_of(id) * 8);
  return one | (one << 32);
}

// Collapse copies: the set of codes present (bit c for code c).
inline std::uint32_t codes_of(Mask m) { return static_cast<std::uint32_t>(m | (m >> 32)); }

// The two-hand strict phase's follow rules for the card searches (card_reach.cpp, race.cpp;
// moves_strict has its own on codes): the follower's legal cards to `lead` (follow suit, above
// the lead if `head` and able; else trump when void if `must_trump`), and the cards of `play`
// that take the trick (an identical copy does not: the first played wins).
inline Mask strict_replies(Mask follower, int lead, int trump, bool head, bool must_trump) {
  const Mask follow = follower & suit_mask(suit_of(lead));
  if (follow) {
    const Mask over = head ? follow & higher_in_suit(lead) : 0;
    return over ? over : follow;
  }
  const Mask trumps = follower & suit_mask(trump);
  return must_trump && trumps ? trumps : follower;
}
inline Mask takers(Mask play, int lead, int trump) {
  return play & (higher_in_suit(lead) | (suit_of(lead) != trump ? suit_mask(trump) : 0));
}

}  // namespace ss
