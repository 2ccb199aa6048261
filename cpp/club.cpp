#include "club.hpp"

#include <tuple>

namespace ss {

Voids voids_after(const State& s, Action a, Voids v, const State& next) {
  if (next.stock_len() < s.stock_len()) return 0;
  if (kind_of(a) != PLAY || s.trick_len == 0 || !s.strict()) return v;
  const int card = arg_of(a), led = suit_of(s.trick[0]), p = s.to_act;
  if (suit_of(card) == led) return v;
  v |= void_bit(p, led);
  if (s.R().must_trump && suit_of(card) != s.trump_suit) v |= void_bit(p, s.trump_suit);
  return v;
}

bool club_supported(const RuleSet& r) { return r.copies == 1 && r.sides == r.players; }

namespace {

// What the rules derive from the position, as _Table in club.py: the cards still out (not in
// the seat's hand, not played), the seat's free marriage pairs, its score.
struct Table {
  const State& s;
  const int me, trump;
  const Mask hand;
  const Voids known_voids;
  Mask threat = 0;
  unsigned pairs = 0;
  int score = 0;
  bool has_trick = false;
  // The exchange trump (-1: none) and whether the stock still allows an exchange.
  int exchange_card = -1;
  bool exchange_open = false;

  Table(const State& st, Voids v)
      : s(st), me(st.to_act), trump(st.trump_suit), hand(st.hand[st.to_act]), known_voids(v) {
    Mask played = 0;
    for (int p = 0; p < s.n(); ++p) played |= s.taken[p];
    for (int i = 0; i < s.trick_len; ++i) played |= bit(s.trick[i]);
    threat = s.R().deck & ~hand & ~played;
    if (s.R().marriages != Marriages::NONE)
      for (int q = 0; q < kSuits; ++q) {
        const Mask kq = bit(code_of(q, KING)) | bit(code_of(q, QUEEN));
        if ((hand & kq) == kq && !(s.married & kq)) pairs |= 1u << q;
      }
    score = s.side_score(s.side(me));
    for (int p = 0; p < s.n(); ++p)
      if (s.side(p) == s.side(me) && s.taken[p]) has_trick = true;
    if (s.R().exchange_rank >= 0) exchange_card = code_of(trump, s.R().exchange_rank);
    exchange_open =
        s.closed_by < 0 && s.stock_len() > 0 && s.stock_len() >= s.R().exchange_min_stock;
  }

  bool higher_out(int c) const { return (threat & higher_in_suit(c)) != 0; }
  bool trumps_out() const { return (threat & suit_mask(trump)) != 0; }
  int marriage_value(int suit) const {
    return suit == trump ? s.R().marriage_royal : s.R().marriage_common;
  }
  // How much the seat wants to keep c (club.py keep_value).
  int keep_value(int c, bool leading) const {
    const int q = suit_of(c), r = rank_of(c);
    int v = kPoints[r];
    if (q == trump) v += 30;
    if ((pairs >> q & 1u) && (r == KING || r == QUEEN)) v += 25;
    if (c == exchange_card && exchange_open && r != rank_of(s.stock[s.stock_end - 1])) v += 10;
    if (leading && r == TEN && (threat & bit(code_of(q, ACE)))) v += 20;
    return v;
  }
  int cheapest(Mask cards, bool leading) const {
    int best = -1, best_v = 0;
    for (Mask m = cards; m; m &= m - 1) {  // ascending codes: the lowest code wins a tie
      const int c = lowest(m), v = keep_value(c, leading);
      if (best < 0 || v < best_v) best = c, best_v = v;
    }
    return best;
  }

  int lead(Mask cards) const {
    if (!s.strict()) return cheapest(cards, true);
    if (trumps_out()) {  // draw trumps with a top trump: the highest, the lowest code
      for (Mask m = cards & suit_mask(trump); m; m &= m - 1)
        if (!higher_out(lowest(m))) return lowest(m);
    }
    unsigned voids = 0;  // suits some opponent is void in
    for (int p = 0; p < s.n(); ++p)
      if (s.side(p) != s.side(me)) voids |= voids_of(p);
    int best = -1;
    std::tuple<bool, int, int> best_key{};
    for (Mask m = cards & ~suit_mask(trump); m; m &= m - 1) {  // side-suit winners
      const int c = lowest(m);
      if (higher_out(c)) continue;
      const std::tuple<bool, int, int> key{(voids >> suit_of(c) & 1u) != 0, -kPoints[rank_of(c)], c};
      if (best < 0 || key < best_key) best = c, best_key = key;
    }
    return best >= 0 ? best : cheapest(cards, true);
  }

  int follow(Mask cards) const {
    int best = s.trick[0];
    for (int i = 1; i < s.trick_len; ++i)
      if (beats(s.trick[i], best, trump)) best = s.trick[i];
    Mask winners = 0;
    for (Mask m = cards; m; m &= m - 1)
      if (beats(lowest(m), best, trump)) winners |= bit(lowest(m));
    if (!winners) return cheapest(cards, false);
    if (s.strict()) {
      int pick = -1;
      std::tuple<bool, int, int> pick_key{};
      for (Mask m = winners; m; m &= m - 1) {  // win as cheaply as possible, in suit before trumping
        const int c = lowest(m);
        const std::tuple<bool, int, int> key{suit_of(c) == trump && suit_of(best) != trump,
                                             kPoints[rank_of(c)], -c};
        if (pick < 0 || key < pick_key) pick = c, pick_key = key;
      }
      return pick;
    }
    return follow_open(cards, winners, best);
  }

  // The open phase (club.py follow): take a trick that reaches the target, bank a ten that
  // wins, take a led ace or ten in suit or with the cheapest trump, else throw the cheapest.
  int follow_open(Mask cards, Mask winners, int best) const {
    int in_trick = 0;
    for (int i = 0; i < s.trick_len; ++i) in_trick += kPoints[rank_of(s.trick[i])];
    int pick = -1;
    std::tuple<bool, int, int> pick_key{};
    for (Mask m = winners; m; m &= m - 1) {
      const int c = lowest(m);
      if (score + in_trick + kPoints[rank_of(c)] < s.R().target) continue;
      const std::tuple<bool, int, int> key{suit_of(c) == trump, kPoints[rank_of(c)], c};
      if (pick < 0 || key < pick_key) pick = c, pick_key = key;
    }
    if (pick >= 0) return pick;
    Mask in_suit = 0;
    for (Mask m = winners & suit_mask(suit_of(best)); m; m &= m - 1) {
      const int c = lowest(m), r = rank_of(c);
      if (!((pairs >> suit_of(c) & 1u) && (r == KING || r == QUEEN))) in_suit |= bit(c);
    }
    const Mask tens = in_suit & rank_mask(TEN) & ~suit_mask(trump);
    if (tens) return lowest(tens);
    if (kPoints[rank_of(best)] >= 10) {
      if (in_suit) {
        int low = -1;
        for (Mask m = in_suit; m; m &= m - 1)  // ascending codes: the lowest code wins a tie
          if (low < 0 || kPoints[rank_of(lowest(m))] < kPoints[rank_of(low)]) low = lowest(m);
        return low;
      }
      if (winners & suit_mask(trump)) return cheapest(winners & suit_mask(trump), false);
    }
    return cheapest(cards, false);
  }

  // club.py sure_to_close: the score plus the sure winners' points (top trumps in sequence; the
  // side-suit tops once those trumps draw every trump out), one lowest card captured under
  // each, and the marriages whose king is itself sure, reach the target.
  bool sure_to_close() const {
    Mask tops = 0;
    auto run = [&](int q, int& n, int& pts) {
      for (int r = 0; r <= s.R().low_rank; ++r) {
        const int c = code_of(q, r);
        if (threat & bit(c)) break;
        if (hand & bit(c)) tops |= bit(c), ++n, pts += kPoints[r];
      }
    };
    int sure = 0, points = 0;
    run(trump, sure, points);
    if (sure >= popcount(threat & suit_mask(trump)))
      for (int q = 0; q < kSuits; ++q)
        if (q != trump) run(q, sure, points);
    if (!sure) return false;
    points += sure * kPoints[s.R().low_rank];
    if (s.R().marriages == Marriages::ANY && has_trick)
      for (int q = 0; q < kSuits; ++q)
        if ((pairs >> q & 1u) && (tops & bit(code_of(q, KING)))) points += marriage_value(q);
    return score + points >= s.R().target;
  }

  unsigned voids_of(int p) const { return (known_voids >> (p * kSuits)) & 0xFu; }
};

}  // namespace

ClubOptions::ClubOptions(const State& s) {
  Action buf[kMaxActions];
  const int total = s.legal_actions(buf);
  for (int i = 0; i < total; ++i) {
    if (buf[i] == make_action(CLAIM)) claim = true;
    else a[n++] = buf[i];
  }
  if (n == 0) a[n++] = make_action(CLAIM);
}

Action club_action(const State& s, Voids v) {
  const Table t(s, v);
  const ClubOptions opts(s);
  const Action* options = opts.a;
  const int k = opts.n;
  if (opts.claim && t.score >= s.R().target) return make_action(CLAIM);
  const Action close = make_action(CLOSE), exchange = make_action(EXCHANGE);
  bool can_close = false, can_exchange = false;
  for (int i = 0; i < k; ++i) {
    can_close |= options[i] == close;
    can_exchange |= options[i] == exchange;
  }
  if (s.phase == Phase::DRAW) {
    if (can_close && t.sure_to_close()) return close;
    for (int i = 0; i < k; ++i)
      if (kind_of(options[i]) == DRAW) return options[i];
    return options[0];
  }
  if (can_exchange) return exchange;
  if (can_close && t.sure_to_close()) return close;
  // The highest marriage (trumps first, then the lowest suit) whenever it scores.
  const bool scores_now = s.R().marriage_before_trick != BeforeTrick::ZERO || t.has_trick;
  int marry = -1;
  Mask plays = 0;
  bool pass = false;
  for (int i = 0; i < k; ++i) {
    const int kind = kind_of(options[i]), arg = arg_of(options[i]);
    if (kind == MARRY && (marry < 0 || t.marriage_value(arg) > t.marriage_value(marry))) marry = arg;
    if (kind == PLAY) plays |= bit(arg);
    if (kind == PASS) pass = true;
  }
  if (marry >= 0 && scores_now) return make_action(MARRY, marry);
  if (!plays) return pass ? make_action(PASS) : options[0];
  return make_action(PLAY, s.trick_len ? t.follow(plays) : t.lead(plays));
}

}  // namespace ss
