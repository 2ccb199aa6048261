// The two-player strict phase (stock closed or used up, no marriage left to declare): ab()
// specialised, on the State (ab_strict) and on the compact Strict2 (ab_compact). Most nodes of
// late-stock and whole-deal searches are here. ab() hands over where strict_domain() holds
// (strict_domain.cpp); the values are ab()'s (the same bounds, shortcuts and leaves), only the
// work per node differs. Moves come from ordering.cpp, the race cutoffs from race_cut.cpp,
// the leaves of the compact state from strict_end.cpp.
#include "bits.hpp"
#include "ordering.hpp"
#include "search.hpp"

namespace ss {

// ab() restricted to the domain: no phase switches, no open-stock bound kind. Leads and
// follows go on in the compact state (mode 2).
int Search::ab_strict(const State& s, int alpha, int beta) {
  if (strict_on_ == 2 && (s.phase == Phase::LEAD || s.phase == Phase::FOLLOW)) {
    return ab_compact(Strict2(s), alpha, beta);
  }
  if ((++nodes_ & 1023) == 0) check_limits();
  if (s.over()) return leaf_value(s);
  if (int fv; forced_end(s, &fv)) return fv;
  const int held = popcount(s.hand[0]) + popcount(s.hand[1]);
  const bool use_tt = s.trick_len == 0 && held > tt_min_cards_;
  const bool dom = use_tt && dominates(s);
  const std::uint64_t k = use_tt ? strict_key(s, !dom) : 0;
  if (use_tt) tt_.prefetch(k);
  int v;
  if (shortcut(s, &v)) return v;
  if (claim_cut(s, alpha, beta, &v)) return v;
  if (s.trick_len == 0 && bounds_cut(s, s.closed_by >= 0 ? 1 : 2, held, alpha, beta, &v))
    return v;
  Action buf[kMaxActions];
  const int n = order_strict(s, history_, !relative(), buf);
  const int off = relative() ? base(s) : 0;
  const int mine = s.score[player_], theirs = s.score[1 - player_];
  if (use_tt && probe_table(dom, k, mine, theirs, off, alpha, beta, buf, n, &v)) return v;
  if (n == 0) return leaf_value(s);  // cannot happen in a legal position; stay total
  const bool maxi = s.to_act == player_;  // (two players: each its own side)
  const int a0 = alpha, b0 = beta;
  int best = maxi ? lo_ - 1 : hi_ + 1;
  Action best_move = kNoMove;
  for (int i = 0; i < n; ++i) {
    State c = s;
    if (kind_of(buf[i]) == PLAY) c.play_strict2(arg_of(buf[i]));
    else c.apply(buf[i]);
    v = ab_strict(c, alpha, beta);
    if (take_child(maxi, v, buf[i], s.to_act, held + s.trick_len, best, best_move, alpha, beta))
      break;
  }
  return store_node(use_tt, k, best, a0, b0, off, best_move, held, dom ? mine : -1, theirs);
}

// ab_strict() on the compact state. The last trick (no hand holds two cards), claims and the
// end of play are leaves, scored on the compact state too (strict_end.cpp). (flatten: the
// helpers inline into the node, the key, the bounds and the last trick's too: ~3% fewer
// instructions and ~5% less time in whole-deal solves.)
SS_FLATTEN int Search::ab_compact(const Strict2& s, int alpha, int beta) {
  if ((++nodes_ & 1023) == 0) check_limits();
  // (base(): two players, each its own side)
  const int off = !relative() ? 0 : obj_ == Objective::TRICKS ? s.tricks[player_] : s.score[player_];
  if (!(s.hand[0] & (s.hand[0] - 1)) && !(s.hand[1] & (s.hand[1] - 1))) {
    // forced_end(): the cache first (strict_key() is key() of the position's State)
    const std::uint64_t ek = strict_key(s);
    int fv;
    if (tt_.probe_end(ek, &fv)) return fv + off;
    fv = last_trick_compact(s);
    tt_.store_end(ek, fv - off);
    return fv;
  }
  const int held = s.card_count();
  const bool use_tt = s.trick_len == 0 && held > tt_min_cards_;
  const bool dom = use_tt && dominates(s);
  const std::uint64_t k = use_tt ? strict_key(s, !dom) : 0;
  if (use_tt) tt_.prefetch(k);
  if (!relative() && s.score[s.to_act] >= s.R().target && s.can_claim(s.to_act))
    return leaf_compact(s, s.claim_return(s.to_act, player_));  // (shortcut(): a true claim)
  int v;
  if (claim_cut(s, alpha, beta, &v)) return v;
  const int mine = s.score[player_], theirs = s.score[1 - player_];
  // Where the race may answer the window: the table, then the race; no bounds, no move list.
  if (race_window(s, alpha, beta)) {
    if (use_tt && probe_table(dom, k, mine, theirs, off, alpha, beta, nullptr, 0, &v)) return v;
    if (race_cut(s, alpha, beta, &v)) {  // (a bound: from below if it is at least beta)
      const bool low = v >= beta;
      return store_node(use_tt, k, v, low ? v - 1 : v, low ? v : v + 1, off, kNoMove, held,
                        dom ? mine : -1, theirs);
    }
  }
  if (s.trick_len == 0 && bounds_cut(s, s.closed_by >= 0 ? 1 : 2, held, alpha, beta, &v))
    return v;
  Action buf[kMaxActions];
  const int n = order_strict(s, history_, !relative(), buf);
  if (use_tt && probe_table(dom, k, mine, theirs, off, alpha, beta, buf, n, &v)) return v;
  if (closer_failed(s, held, alpha, beta, &v))
    return store_node(use_tt, k, v, v - 1, v + 1, off, kNoMove, held, dom ? mine : -1, theirs);
  const bool maxi = s.to_act == player_;
  const int a0 = alpha, b0 = beta;
  int best = maxi ? lo_ - 1 : hi_ + 1;
  Action best_move = kNoMove;
  for (int i = 0; i < n; ++i) {
    if (kind_of(buf[i]) == PLAY) {
      Strict2 c = s;
      c.play(arg_of(buf[i]));
      v = ab_compact(c, alpha, beta);
    } else {  // a false claim (a true one was taken above): a leaf
      if ((++nodes_ & 1023) == 0) check_limits();
      v = leaf_compact(s, s.claim_return(s.to_act, player_));
    }
    if (take_child(maxi, v, buf[i], s.to_act, held + s.trick_len, best, best_move, alpha, beta))
      break;
  }
  return store_node(use_tt, k, best, a0, b0, off, best_move, held, dom ? mine : -1, theirs);
}

}  // namespace ss
