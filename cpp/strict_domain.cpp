// Which positions the dedicated strict-phase search takes (strict_domain) and their table key
// (strict_key, which key() dispatches to), and the switch that picks the search's path.
//
// Table policy: strict positions are keyed by strict_key() alone, with another seed than
// key()'s, so no entry is read under both keys.
#include <atomic>

#include "hash.hpp"
#include "search.hpp"

namespace ss {

namespace {

std::atomic<int> g_strict{2};

}  // namespace

void set_strict_path(int mode) { g_strict.store(mode, std::memory_order_relaxed); }
int strict_path() { return g_strict.load(std::memory_order_relaxed); }

// Hands only shrink and `married` only grows here, so every position below one in the domain
// is in it too: the dedicated search never hands back.
bool Search::strict_domain(const State& s) const {
  const RuleSet& r = s.R();
  if (r.players != 2 || s.stock_open()) return false;
  if (s.turn_step == 3 || s.marriage_suit >= 0) return false;  // (claim right, forced lead)
  if (r.marriages != Marriages::ANY) return true;  // (OPEN: only while the stock is open)
  for (int p = 0; p < 2; ++p) {  // a free king and queen of one suit: a marriage to declare
    const Mask free = s.hand[p] & ~s.married;
    const std::uint32_t k = codes_of(free & rank_mask(KING)), q = codes_of(free & rank_mask(QUEEN));
    if ((k >> KING) & (q >> QUEEN)) return false;
  }
  return true;
}

// What a strict position's value depends on. Left out, as equivalent here: the stock (never
// drawn), turn_step 0..2, `married`/`known` (only which copy is played), exchange_lost; of
// the non-closer's score at closing only whether it reached the schneider line (all that
// closing_stakes() reads: closes at other scores share entries).
// `scores` false: the key of the score-dominance entries (another seed; see dominates()).
template <class S>
std::uint64_t Search::strict_key(const S& s, bool scores) const {
  std::uint64_t h = scores ? 0x452821E638D01377ULL : 0xBE5466CF34E90C6CULL;
  h = mix(h, s.hand[0]);
  h = mix(h, s.hand[1]);
  const std::uint64_t lead = s.trick_len ? s.trick[0] : 0;
  h = mix(h, lead | std::uint64_t{s.trick_len} << 8 | std::uint64_t(s.leader) << 10 |
                 std::uint64_t(s.to_act + 1) << 12 | std::uint64_t(s.phase) << 16 |
                 std::uint64_t(s.first_to_target + 1) << 20 |
                 std::uint64_t(s.last_trick_winner + 1) << 24 | std::uint64_t(s.closed_by + 1) << 28 |
                 std::uint64_t{s.close_opp_had_trick} << 32 |
                 std::uint64_t(s.close_opp_score >= s.R().schneider) << 40 |
                 std::uint64_t(s.tricks[0] > 0) << 56 | std::uint64_t(s.tricks[1] > 0) << 57);
  // Relative objectives store values less what the side has: scores stay out of the key.
  const std::uint64_t sc = relative() || !scores ? 0
                                      : std::uint64_t(std::uint16_t(s.score[0])) |
                                            std::uint64_t(std::uint16_t(s.score[1])) << 16;
  h = mix(h, sc | std::uint64_t(std::uint16_t(s.pending[0])) << 32 |
                 std::uint64_t(std::uint16_t(s.pending[1])) << 48);
  h = mix(h, std::uint64_t(obj_) | std::uint64_t(player_) << 4 |
                 std::uint64_t(std::uint16_t(s.carry)) << 8);
  return fmix(h);
}

template std::uint64_t Search::strict_key(const State&, bool) const;  // (for key())
template std::uint64_t Search::strict_key(const Strict2&, bool) const;  // (for the compact search)

}  // namespace ss
