#include "reply_search.hpp"

#include "errors.hpp"
#include "hash.hpp"

namespace ss {

ReplySearch::ReplySearch(MaxnTable& table, Limits limits, int side, int lookahead,
                         const ReplyModel& model)
    : table_(table), limits_(limits), side_(side), lookahead_(lookahead), model_(model),
      start_(std::chrono::steady_clock::now()) {}

int ReplySearch::value(const State& s, Voids v) {
  if (!club_supported(s.R()))
    throw PositionError("the club's replies need one copy of each card and no partners");
  if (model_.expert && !expert_supported(s.R()))
    throw PositionError("the full club player's replies need two players and one deck");
  root_stock_ = model_.stock >= 0 ? model_.stock : s.stock_len();
  // Tables may outlive one search (a world pool's, shared by a call's worlds): the model, its
  // facts and where they hold are part of every key, so values under other replies never
  // answer.
  if (model_.expert)
    salt_ = fmix(mix(mix(mix(mix(mix(1, model_.about[0].excluded), model_.about[0].voids),
                             model_.about[1].excluded),
                         model_.about[1].voids),
                     static_cast<std::uint64_t>(root_stock_)));
  return search(s, v, lookahead_);
}

Action ReplySearch::rule_action(const State& s, Voids v) const {
  if (!model_.expert) return club_action(s, v);
  const int other = 1 - s.to_act;
  ExpertFacts f;
  f.voids = (v >> (other * kSuits)) & 0xFu;
  if (s.stock_len() == root_stock_) {  // no card drawn since the root: its facts still hold
    f.voids |= model_.about[other].voids;
    f.excluded = model_.about[other].excluded;
  }
  for (int q = 0; q < kSuits; ++q)
    if (f.voids >> q & 1u) f.excluded |= suit_mask(q) & s.R().deck;
  return expert_action(s, f);
}

int ReplySearch::search(const State& s, Voids v, int left) {
  if (s.over()) return maxn_utility(s, side_);
  if ((++nodes_ & 1023) == 0)
    if (const char* why = limits_.reached(nodes_, start_)) throw SearchAborted(why);
  if (model_.expert && expert_counts(s)) return exact(s, v, left);
  if (s.side(s.to_act) != side_ || left == 0) {  // a club player, or the seat past its lookahead
    const Action a = rule_action(s, v);
    State c = s;
    c.apply(a);
    return search(c, voids_after(s, a, v, c), left);
  }
  const bool use_table = s.trick_len == 0;
  const std::uint64_t key = use_table ? fmix(mix(maxn_key(s) ^ salt_,
                                                 std::uint64_t{v} | std::uint64_t(side_) << 20 |
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

// Every card known to both (no stock, two players): the full club player plays by exact count,
// so the seat's best against the other's best (for the other, the seat's worst), whatever the
// lookahead left. Every later position is counted too.
int ReplySearch::exact(const State& s, Voids v, int left) {
  const bool use_table = s.trick_len == 0;
  const std::uint64_t key =
      use_table ? fmix(mix(maxn_key(s) ^ salt_, std::uint64_t(side_) << 20 | std::uint64_t{1} << 40))
                : 0;
  Utilities hit;
  if (use_table && table_.probe(key, &hit)) return hit.u[0];
  const bool mine = s.side(s.to_act) == side_;
  Action buf[kMaxActions];
  const int n = s.legal_actions(buf);
  int best = 0;
  for (int i = 0; i < n; ++i) {
    State c = s;
    c.apply(buf[i]);
    const int u = search(c, voids_after(s, buf[i], v, c), left);
    if (i == 0 || (mine ? u > best : u < best)) best = u;
  }
  if (use_table) {
    Utilities u;
    u.u[0] = static_cast<std::int16_t>(best);
    table_.store(key, u);
  }
  return best;
}

}  // namespace ss
