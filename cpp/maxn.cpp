#include "maxn.hpp"

#include <algorithm>
#include <chrono>

#include "errors.hpp"
#include "hash.hpp"

namespace ss {

int maxn_utility(const State& s, int side) {
  int p = 0;  // a player of the side: partners share the return
  while (s.side(p) != side) ++p;
  const int score = std::clamp(s.side_score(side), 0, kMaxnScale - 1);
  return s.returns[p] * kMaxnScale + score;
}

std::uint64_t maxn_key(const State& s) {
  std::uint64_t h = 0x452821E638D01377ULL;
  for (int p = 0; p < s.n(); ++p) {
    h = mix(h, s.hand[p] + static_cast<std::uint64_t>(p));
    h = mix(h, std::uint64_t(std::uint16_t(s.score[p])) | std::uint64_t(std::uint16_t(s.pending[p])) << 16 |
                   std::uint64_t{s.tricks[p]} << 32 | std::uint64_t{s.last_win[p]} << 40);
  }
  std::uint64_t decl = 0;
  for (int p = 0; p < s.n(); ++p)
    for (int q = 0; q < kSuits; ++q) decl |= std::uint64_t(s.declared[p][q] != 0) << (p * kSuits + q);
  h = mix(h, s.aside);
  h = mix(h, s.married);
  h = mix(h, trick_word(s));
  h = mix(h, decl | std::uint64_t(s.closed_by + 1) << 16 | std::uint64_t(std::uint16_t(s.close_opp_score)) << 24 |
                 std::uint64_t{s.close_opp_had_trick} << 40 | std::uint64_t{s.exchange_lost} << 41 |
                 std::uint64_t(s.exchanged_by + 1) << 46 | std::uint64_t{s.trick_no} << 50);
  h = mix(h, std::uint64_t(std::uint16_t(s.carry)) | std::uint64_t{s.stock_top} << 16 |
                 std::uint64_t{s.stock_end} << 24);
  for (int i = s.stock_top; i < s.stock_end; ++i) h = mix(h, s.stock[i] + 64u * i);
  return fmix(h);
}

MaxnTable::MaxnTable(std::size_t mib) {
  std::size_t n = 1;
  while (n * 2 * sizeof(Entry) <= mib * (std::size_t{1} << 20)) n *= 2;
  entries_.assign(n, Entry{});
  mask_ = n - 1;
}

bool MaxnTable::probe(std::uint64_t key, Utilities* out) const {
  const Entry& e = entries_[key & mask_];
  if (e.key != key || e.gen != gen_) return false;
  std::copy(e.u, e.u + kMaxnSides, out->u);
  return true;
}

void MaxnTable::store(std::uint64_t key, const Utilities& u) {
  Entry& e = entries_[key & mask_];
  e.key = key;
  e.gen = gen_;
  std::copy(u.u, u.u + kMaxnSides, e.u);
}

void MaxnTable::new_generation() {
  if (++gen_ == 0) {  // wrapped: clear, so that no entry of 65,536 roots ago answers
    std::fill(entries_.begin(), entries_.end(), Entry{});
    gen_ = 1;
  }
}

Maxn::Maxn(MaxnTable& table, Limits limits)
    : table_(table), limits_(limits), start_(std::chrono::steady_clock::now()) {}

void Maxn::check_limits() {
  if (const char* why = limits_.reached(nodes_, start_)) throw SearchAborted(why);
}

Utilities Maxn::search(const State& s) {
  Utilities best;
  if (s.over()) {
    for (int q = 0; q < s.R().sides && q < kMaxnSides; ++q)
      best.u[q] = static_cast<std::int16_t>(maxn_utility(s, q));
    return best;
  }
  if ((++nodes_ & 1023) == 0) check_limits();
  // The table at the start of a trick only: positions meet again there (the same tricks in
  // another order), and a trick's inner positions are searched once per start.
  const bool use_table = s.trick_len == 0;
  const std::uint64_t key = use_table ? maxn_key(s) : 0;
  if (use_table && table_.probe(key, &best)) return best;
  Action buf[kMaxActions];
  const int n = s.legal_actions(buf);
  const int me = s.side(s.to_act);
  // A side that can claim and win does so at once: waiting for more points of its own would
  // search every later way to the same game points (10-15% more nodes in three-hand deals).
  for (int i = 0; i < n; ++i) {
    if (kind_of(buf[i]) != CLAIM) continue;
    State c = s;
    c.apply(buf[i]);
    if (maxn_utility(c, me) >= kMaxnScale) {
      for (int q = 0; q < s.R().sides && q < kMaxnSides; ++q)
        best.u[q] = static_cast<std::int16_t>(maxn_utility(c, q));
      if (use_table) table_.store(key, best);
      return best;
    }
  }
  Action chosen = 0;
  for (int i = 0; i < n; ++i) {
    State c = s;
    c.apply(buf[i]);
    const Utilities v = search(c);
    // Ties to the lowest action code: a rule that does not depend on the order of generation.
    if (i == 0 || v.u[me] > best.u[me] || (v.u[me] == best.u[me] && buf[i] < chosen)) {
      best = v;
      chosen = buf[i];
    }
  }
  if (use_table) table_.store(key, best);
  return best;
}

Utilities Maxn::value(const State& s) {
  if (s.R().sides > kMaxnSides) throw PositionError("max^n takes at most three sides");
  return search(s);
}

std::vector<std::pair<Action, Utilities>> Maxn::action_values(const State& s) {
  if (s.R().sides > kMaxnSides) throw PositionError("max^n takes at most three sides");
  std::vector<std::pair<Action, Utilities>> out;
  if (s.over()) return out;
  Action buf[kMaxActions];
  const int n = s.legal_actions(buf);
  for (int i = 0; i < n; ++i) {
    State c = s;
    c.apply(buf[i]);
    out.emplace_back(buf[i], search(c));
  }
  return out;
}

}  // namespace ss
