#include "card_reach.hpp"

#include <algorithm>
#include <cstdint>

namespace ss {

namespace {

// Bounds on the most card points x can take, per pair of hands: the same endings recur under
// other scores, closes and sampled worlds. 2^12 entries (96 KiB) stay in the core's cache;
// 2^16 gave the same node counts and was slower.
struct ReachEntry {
  Mask hx, hy;
  std::uint8_t tag;  // trump, who leads, the head and trump duties; 0: empty
  std::uint8_t lo, hi;  // x can take at least lo, at most hi
};
constexpr int kReachBits = 12;
thread_local ReachEntry g_reach[1 << kReachBits];

struct Duties {
  ReachEntry* table;
  int trump;
  bool head, must_trump;
};

bool reach(const Duties& d, Mask hx, Mask hy, bool x_leads, int need) {
  if (need <= 0) return true;
  const int left = card_points(hx | hy);
  if (left < need) return false;
  const int tr = d.trump;
  {  // the other side's trumps above all of x's win their tricks: x never gets them
    const Mask xt = hx & suit_mask(tr), yt = hy & suit_mask(tr);
    if (yt) {
      const int top = xt ? ctz32(codes_of(xt) >> (tr * 8) & 0xFF) : kRanks;
      const Mask sure = yt & rank_below_mask(top);
      if (sure && left - card_points(sure) < need) return false;
    }
  }
  const auto tag = static_cast<std::uint8_t>(1 + tr + 4 * x_leads + 8 * d.head + 16 * d.must_trump);
  const std::uint64_t h = (hx * 0x9E3779B97F4A7C15ULL) ^ ((hy + tag) * 0xC2B2AE3D27D4EB4FULL);
  ReachEntry& e = d.table[h >> (64 - kReachBits)];
  const auto ours = [&] { return e.tag == tag && e.hx == hx && e.hy == hy; };
  if (ours()) {
    if (e.lo >= need) return true;
    if (e.hi < need) return false;
  }
  const Mask leader = x_leads ? hx : hy, follower = x_leads ? hy : hx;
  // x on lead: some lead of x reaches against every reply. y on lead: every lead of y has a
  // reply of x that reaches.
  bool result = !x_leads;
  for (Mask a = leader; a; a &= a - 1) {
    const int lead = lowest(a);
    const Mask play = strict_replies(follower, lead, tr, d.head, d.must_trump);
    const Mask rest = leader & ~bit(lead);
    // The replies that take the trick first, the dearest first; then the others, the cheapest
    // first.
    const Mask beat = takers(play, lead, tr);
    bool answered = false;  // a reply that goes the follower's way
    for (int pass = 0; pass < 2 && !answered; ++pass) {
      for (Mask b = pass ? play & ~beat : beat; b;) {
        const int reply = pass ? highest64(b) : lowest(b);
        b &= ~bit(reply);
        const bool x_wins = (pass == 0) != x_leads;
        const int gain = x_wins ? kPoints[rank_of(lead)] + kPoints[rank_of(reply)] : 0;
        const Mask left_f = follower & ~bit(reply);
        if (reach(d, x_leads ? rest : left_f, x_leads ? left_f : rest, x_wins, need - gain) !=
            x_leads) {
          answered = true;
          break;
        }
      }
    }
    if (!answered) {  // this lead settles it: x reaches (x on lead) or fails (y on lead)
      result = x_leads;
      break;
    }
  }
  if (!ours()) {  // (new, or the slot was taken by the search below)
    e.hx = hx;
    e.hy = hy;
    e.tag = tag;
    e.lo = 0;
    e.hi = 255;
  }
  if (result) e.lo = static_cast<std::uint8_t>(std::max<int>(e.lo, need));
  else e.hi = static_cast<std::uint8_t>(std::min<int>(e.hi, need - 1));
  return result;
}

}  // namespace

bool card_reach(const RuleSet& r, int trump, Mask hx, Mask hy, bool x_leads, int need) {
  const Duties d{g_reach, trump, r.must_head != Head::NONE, r.must_trump};
  return reach(d, hx, hy, x_leads, need);
}

}  // namespace ss
