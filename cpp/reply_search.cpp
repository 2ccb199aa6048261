#include "reply_search.hpp"

#include "errors.hpp"
#include "hash.hpp"

namespace ss {

ReplySearch::ReplySearch(MaxnTable& table, Limits limits, int side, int lookahead)
    : table_(table), limits_(limits), side_(side), lookahead_(lookahead),
      start_(std::chrono::steady_clock::now()) {}

int ReplySearch::value(const State& s, Voids v) {
  if (!club_supported(s.R()))
    throw PositionError("the club's replies need one copy of each card and no partners");
  return search(s, v, lookahead_);
}

int ReplySearch::search(const State& s, Voids v, int left) {
  if (s.over()) return maxn_utility(s, side_);
  if ((++nodes_ & 1023) == 0)
    if (const char* why = limits_.reached(nodes_, start_)) throw SearchAborted(why);
  if (s.side(s.to_act) != side_ || left == 0) {  // a club player, or the seat past its lookahead
    const Action a = club_action(s, v);
    State c = s;
    c.apply(a);
    return search(c, voids_after(s, a, v, c), left);
  }
  const bool use_table = s.trick_len == 0;
  const std::uint64_t key = use_table ? fmix(mix(maxn_key(s), std::uint64_t{v} |
                                                                  std::uint64_t(side_) << 20 |
                                                                  std::uint64_t(left + 1) << 24))
                                      : 0;
  Utilities hit;
  if (use_table && table_.probe(key, &hit)) return hit.u[0];
  Action buf[kMaxActions];
  const int n = s.legal_actions(buf);
  // A claim that wins is made at once (as in maxn.cpp): waiting would search every later way to
  // the same game points.
  for (int i = 0; i < n; ++i) {
    if (kind_of(buf[i]) != CLAIM) continue;
    State c = s;
    c.apply(buf[i]);
    if (maxn_utility(c, side_) >= kMaxnScale) return maxn_utility(c, side_);
  }
  int best = 0;
  for (int i = 0; i < n; ++i) {
    State c = s;
    c.apply(buf[i]);
    const int u = search(c, voids_after(s, buf[i], v, c), left < 0 ? left : left - 1);
    if (i == 0 || u > best) best = u;
  }
  if (use_table) {
    Utilities u;
    u.u[0] = static_cast<std::int16_t>(best);
    table_.store(key, u);
  }
  return best;
}

}  // namespace ss
