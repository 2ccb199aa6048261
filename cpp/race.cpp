#include "race.hpp"

namespace ss {

namespace {

// Per trick start (hands, who leads): the needs at which x is known to succeed and to fail.
// The same endings recur under other scores, lines and sampled worlds.
struct RaceEntry {
  Mask hx, hy;
  std::uint32_t tag;  // 0: empty
  // x succeeds at every (nx, ny) with nx <= ok_x and ny >= ok_y; fails with nx >= bad_x and
  // ny <= bad_y.
  std::int16_t ok_x, ok_y, bad_x, bad_y;
};
constexpr int kRaceBits = 12;  // 128 KiB a thread
thread_local RaceEntry g_race[1 << kRaceBits];

struct Race {
  RaceEntry* table;  // (this thread's g_race, looked up once: each lookup is a call)
  const RaceSpec& spec;
  bool head, must_trump;
  std::uint32_t tag_base;

  // x's result when every card has been played and nobody reached the target; `x_won`: x
  // took the last trick.
  bool at_end(bool x_won) const {
    switch (spec.end) {
      case RaceEnd::X_LOSES: return false;
      case RaceEnd::X_WINS: return true;
      case RaceEnd::LAST_TRICK: return x_won;
      case RaceEnd::DRAW: return spec.draw_will_do;
    }
    return false;
  }

  // A trick start, the winner of the last trick (x if x_leads) on lead.
  bool start(Mask hx, Mask hy, bool x_leads, int nx, int ny) {
    if (!(hx | hy)) return at_end(x_leads);
    const int left = card_points(hx | hy) + spec.bonus;
    // A side that cannot reach any more: its need is as good as any out of reach.
    if (nx > left) nx = left + 1;
    if (ny > left) ny = left + 1;
    if (nx > left && ny > left) {
      if (spec.end != RaceEnd::LAST_TRICK) return at_end(false);
    } else if (nx > left) {  // only y can get there, or the end of play decide
      if (spec.end == RaceEnd::X_LOSES || (spec.end == RaceEnd::DRAW && !spec.draw_will_do))
        return false;
    } else if (ny > left) {
      if (spec.end == RaceEnd::X_WINS || (spec.end == RaceEnd::DRAW && spec.draw_will_do))
        return true;
    }
    if (nx < 0) nx = 0;
    if (ny < 0) ny = 0;
    const std::uint32_t tag = tag_base | (x_leads ? 1u : 0u);
    const std::uint64_t h = (hx * 0x9E3779B97F4A7C15ULL) ^
                            ((hy + std::uint64_t{tag}) * 0xC2B2AE3D27D4EB4FULL);
    RaceEntry& e = table[h >> (64 - kRaceBits)];
    if (e.tag == tag && e.hx == hx && e.hy == hy) {
      if (nx <= e.ok_x && ny >= e.ok_y) return true;
      if (nx >= e.bad_x && ny <= e.bad_y) return false;
    }
    const bool result = leads(hx, hy, x_leads, nx, ny);
    if (!(e.tag == tag && e.hx == hx && e.hy == hy)) {  // (new, or the search below took it)
      e.hx = hx;
      e.hy = hy;
      e.tag = tag;
      e.ok_x = -1;
      e.ok_y = e.bad_y = 0;
      e.bad_x = 0x7FFF;
    }
    (result ? e.ok_x : e.bad_x) = static_cast<std::int16_t>(nx);
    (result ? e.ok_y : e.bad_y) = static_cast<std::int16_t>(ny);
    return result;
  }

  // The leader's choice: x on lead succeeds by some lead; y on lead makes x fail by some lead.
  // Leads the follower cannot beat first, the dearest first; then the others, the cheapest
  // first.
  bool leads(Mask hx, Mask hy, bool x_leads, int nx, int ny) {
    const Mask leader = x_leads ? hx : hy, follower = x_leads ? hy : hx;
    const std::uint32_t mine = codes_of(leader), theirs = codes_of(follower);
    const std::uint32_t their_trumps = theirs >> (spec.trump * 8) & 0xFF;
    std::uint32_t masters = 0;
    for (int suit = 0; suit < kSuits; ++suit) {
      const std::uint32_t m = mine >> (suit * 8) & 0xFF, t = theirs >> (suit * 8) & 0xFF;
      if (!m || (suit != spec.trump && !t && their_trumps)) continue;
      const std::uint32_t above = t ? (1u << ctz32(t)) - 1 : 0xFF;  // higher than theirs
      masters |= (m & above) << (suit * 8);
    }
    for (int pass = 0; pass < 2; ++pass) {
      for (std::uint32_t codes = pass ? mine & ~masters : masters; codes;) {
        const int code = pass ? highest32(codes) : ctz32(codes);
        codes &= ~(1u << code);
        const int lead = lowest(leader & code_mask(code));
        const Mask rest = leader & ~bit(lead);
        if (trick(x_leads ? rest : hx, x_leads ? hy : rest, x_leads, lead, nx, ny) == x_leads)
          return x_leads;
      }
    }
    return !x_leads;
  }

  // The follower's reply to `lead` (hands without the lead).
  bool trick(Mask hx, Mask hy, bool x_leads, int lead, int nx, int ny) {
    const Mask follower = x_leads ? hy : hx;
    const Mask play = strict_replies(follower, lead, spec.trump, head, must_trump);
    const bool last = popcount(hx | hy) == 1;
    const Mask beat = takers(play, lead, spec.trump);
    // The replies that take the trick first, the dearest first; then the others, the cheapest
    // first.
    for (int pass = 0; pass < 2; ++pass) {
      std::uint32_t codes = codes_of(pass ? play & ~beat : beat);
      while (codes) {
        const int code = pass ? highest32(codes) : ctz32(codes);
        codes &= ~(1u << code);
        const int reply = lowest(follower & code_mask(code));
        const bool follower_wins = pass == 0;
        const bool x_wins = follower_wins != x_leads;
        const int gain = kPoints[rank_of(lead)] + kPoints[rank_of(reply)] + (last ? spec.bonus : 0);
        const Mask fx = x_leads ? hx : hx & ~bit(reply), fy = x_leads ? hy & ~bit(reply) : hy;
        bool ok;
        if (x_wins) ok = nx - gain <= 0 || start(fx, fy, true, nx - gain, ny);
        else ok = !(ny - gain <= 0) && start(fx, fy, false, nx, ny - gain);
        if (ok != x_leads) return ok;  // the follower has its way
      }
    }
    return x_leads;
  }
};

}  // namespace

bool race(const RaceSpec& spec, Mask hx, Mask hy, bool x_leads, int lead, int nx, int ny) {
  const RuleSet& r = *spec.rules;
  Race s{g_race, spec, r.must_head != Head::NONE, r.must_trump,
         static_cast<std::uint32_t>(2 + 4 * spec.trump + 16 * static_cast<int>(spec.end) +
                                    64 * spec.draw_will_do + 128 * (r.must_head != Head::NONE) +
                                    256 * r.must_trump + 512 * spec.bonus)};
  return lead >= 0 ? s.trick(hx, hy, x_leads, lead, nx, ny) : s.start(hx, hy, x_leads, nx, ny);
}

}  // namespace ss
