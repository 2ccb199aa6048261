#include "expert.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

#include "club.hpp"

namespace ss {

namespace {

// The weights of expert.py (tuned there); the same double arithmetic in the same order, so that
// the two players' ties break alike.
constexpr double kDecisive = 100.0;
constexpr double kTrumpKeep = 12.0, kTopTrumpKeep = 4.0, kTopKeep = 3.0, kLowShare = 0.0;
constexpr double kMarriageShare = 0.6;
constexpr int kTenPoints = 10;

int pts(int c) { return kPoints[rank_of(c)]; }

// Binomial coefficients, exact (n <= 32 here: comb(32, 16) fits easily).
std::uint64_t comb(int n, int k) {
  if (k < 0 || n < 0 || k > n) return 0;
  std::uint64_t r = 1;
  for (int i = 1; i <= k; ++i)
    r = r * static_cast<std::uint64_t>(n - k + i) / static_cast<std::uint64_t>(i);
  return r;
}

// The cards of `m` in ascending code order (the Python lists' order).
std::vector<int> cards_of(Mask m) {
  std::vector<int> out;
  for (; m; m &= m - 1) out.push_back(lowest(m));
  return out;
}

// Count and Expert of expert.py / counting.py for the seat to act, one opponent.
struct Expert {
  const State& s;
  const RuleSet& R;
  const int me, opp, trump;
  const Mask hand, known_opp;
  const ExpertFacts facts;
  Mask out = 0, threat = 0;
  int face_up = -1, exchange_code = -1;
  int score = 0, opp_score = 0, my_pending = 0;
  bool has_trick = false, strict = false;
  unsigned pairs = 0;

  Expert(const State& st, const ExpertFacts& f)
      : s(st), R(st.R()), me(st.to_act), opp(1 - st.to_act), trump(st.trump_suit),
        hand(st.hand[st.to_act]), known_opp(st.known[1 - st.to_act]), facts(f) {
    Mask played = s.taken[0] | s.taken[1];
    for (int i = 0; i < s.trick_len; ++i) played |= bit(s.trick[i]);
    out = R.deck & ~hand & ~played;
    if (s.stock_len() > 0) face_up = s.stock[s.stock_end - 1];
    Mask held = out;  // a closed stock keeps its face-up card to the end: nobody will hold it
    if (s.closed_by >= 0 && face_up >= 0) held &= ~bit(face_up);
    threat = held & (known_opp | ~facts.excluded);
    if (R.exchange_rank >= 0) exchange_code = code_of(trump, R.exchange_rank);
    score = s.side_score(s.side(me));
    opp_score = s.side_score(s.side(opp));
    has_trick = s.taken[me] != 0;
    my_pending = s.pending[me];
    strict = s.strict();
    if (R.marriages != Marriages::NONE)
      for (int q = 0; q < kSuits; ++q) {
        const Mask kq = bit(code_of(q, KING)) | bit(code_of(q, QUEEN));
        if ((hand & kq) == kq && !(s.married & kq)) pairs |= 1u << q;
      }
  }

  // --- counting -----------------------------------------------------------------------------
  bool higher_out(int c) const { return (threat & higher_in_suit(c)) != 0; }
  Mask suit_out(int q) const { return threat & suit_mask(q); }
  int trumps_out() const { return popcount(suit_out(trump)); }
  std::vector<int> top_run(int q) const {
    std::vector<int> run;
    for (int r = 0; r <= R.low_rank; ++r) {
      const int c = code_of(q, r);
      if (threat & bit(c)) break;
      if (hand & bit(c)) run.push_back(c);
    }
    return run;
  }
  std::vector<int> sure_tricks() const {
    std::vector<int> sure = top_run(trump);
    if (static_cast<int>(sure.size()) >= trumps_out())
      for (int q = 0; q < kSuits; ++q) {
        if (q == trump) continue;
        for (int c : top_run(q)) sure.push_back(c);
        if (!suit_out(q))  // a suit the opponent is out of: every card of it wins
          for (int c : cards_of(hand & suit_mask(q)))
            if (std::find(sure.begin(), sure.end(), c) == sure.end()) sure.push_back(c);
      }
    return sure;
  }

  // --- values -------------------------------------------------------------------------------
  int marriage_value(int q) const { return q == trump ? R.marriage_royal : R.marriage_common; }
  bool can_marry_later() const {
    return R.marriages != Marriages::NONE && (R.marriages != Marriages::OPEN || !strict);
  }
  bool exchange_open() const {
    return exchange_code >= 0 && s.closed_by < 0 &&
           s.stock_len() >= std::max(R.exchange_min_stock, 1) && face_up >= 0 &&
           rank_of(face_up) != rank_of(exchange_code);
  }
  double keep(int x) const {
    const int q = suit_of(x), r = rank_of(x), p = pts(x);
    double value;
    if (q == trump) value = p + kTrumpKeep + (!higher_out(x) ? kTopTrumpKeep : 0.0);
    else if (!higher_out(x)) value = p + kTopKeep;
    else value = -kLowShare * (p + 4);
    if ((r == KING || r == QUEEN) && can_marry_later()) {
      const int other = code_of(q, r == KING ? QUEEN : KING);
      if (pairs >> q & 1u) value += kMarriageShare * marriage_value(q);
      else if ((out & bit(other)) && !(known_opp & bit(other))) value += 0.15 * marriage_value(q);
    }
    if (x == exchange_code && exchange_open()) value += 4.0;
    return value;
  }
  bool reaches(int gained) const {
    const int pend = has_trick ? 0 : my_pending;
    return score + gained + pend >= R.target;
  }
  bool opp_reaches(int given) const {
    const int pend = s.taken[opp] ? 0 : s.pending[opp];
    return opp_score + given + pend >= R.target;
  }

  // --- closing ------------------------------------------------------------------------------
  int close_count() const {
    const std::vector<int> sure = sure_tricks();
    if (sure.empty()) return score;
    int total = score;
    for (int c : sure) total += pts(c);
    std::vector<int> cheap;
    for (int c : cards_of(out)) cheap.push_back(pts(c));
    std::sort(cheap.begin(), cheap.end());
    for (std::size_t i = 0; i < sure.size() && i < cheap.size(); ++i) total += cheap[i];
    if (R.marriages == Marriages::ANY) {
      int rest = 0;
      for (int q = 0; q < kSuits; ++q) {
        if (!(pairs >> q & 1u)) continue;
        const bool in_run = std::find(sure.begin(), sure.end(), code_of(q, KING)) != sure.end();
        if (in_run) total += marriage_value(q);
        else rest = std::max(rest, marriage_value(q));
      }
      total += rest;
    }
    if (!has_trick && my_pending) total += my_pending;
    return total;
  }
  bool should_close() const { return close_count() >= R.target; }

  // --- leads --------------------------------------------------------------------------------
  // The chance that the opponent holds at least one of `cards` (every unseen card equally likely
  // to be anywhere unseen); exact integers then one division, as Python's comb / comb.
  double p_holds_any(Mask cards) const {
    if (cards & known_opp) return 1.0;
    const int up = face_up >= 0 ? 1 : 0;
    const int hidden = popcount(out) - popcount(known_opp) - up;
    int size = popcount(s.hand[opp]) - popcount(known_opp);
    Mask may = cards & threat;
    if (face_up >= 0) may &= ~bit(face_up);
    const int k = popcount(may);
    if (hidden <= 0 || size <= 0 || k == 0) return 0.0;
    size = std::min(size, hidden);
    return 1.0 -
           static_cast<double>(comb(hidden - k, size)) / static_cast<double>(comb(hidden, size));
  }
  double lead_value(int x) const {
    const int q = suit_of(x), p = pts(x);
    const Mask higher = suit_out(q) & higher_in_suit(x);
    const double p_cap = higher ? p_holds_any(higher) : 0.0;
    double avg_high = 0.0;
    if (higher) avg_high = static_cast<double>(card_points(higher)) / popcount(higher);
    const double taken = -(p + avg_high);
    double kept;
    if (q != trump && p >= kTenPoints) {
      const double p_trump = p_holds_any(suit_out(trump));
      kept = 0.6 * p_trump * -(p + 2) + (1 - 0.6 * p_trump) * (p + 1);
    } else {
      kept = p + 1;
    }
    return p_cap * taken + (1 - p_cap) * kept - keep(x);
  }
  bool sure_winner(int x) const {
    return strict && !higher_out(x) && (suit_of(x) == trump || !trumps_out());
  }
  int lead(Mask cards) const {
    if (s.marriage_suit >= 0) {  // the king when nothing can take it, else the queen
      int best = -1;
      int best_key = -1;
      for (int c : cards_of(cards)) {  // ascending: the lowest code wins a tie
        const int key = (rank_of(c) == KING && sure_winner(c)) * 2 + (rank_of(c) == QUEEN);
        if (key > best_key) best = c, best_key = key;
      }
      return best;
    }
    if (!strict) {
      int best = -1;
      double best_v = 0.0;
      for (int c : cards_of(cards)) {
        const double v = lead_value(c);
        if (best < 0 || v > best_v) best = c, best_v = v;
      }
      return best;
    }
    return strict_lead(cards);
  }
  int strict_lead(Mask cards) const {
    const std::vector<int> sure = sure_tricks();
    for (int c : sure)
      if (cards & bit(c)) {
        if (close_count() >= R.target) return c;
        break;
      }
    const int t_out = trumps_out();
    if (t_out)
      for (int c : top_run(trump))
        if (cards & bit(c)) return c;  // strict here: draw trumps with the top trump
    int best = -1;
    for (int c : cards_of(cards)) {  // a side-suit top the opponent cannot trump or must follow
      const int q = suit_of(c);
      if (q == trump || higher_out(c)) continue;
      if (t_out && ((facts.voids >> q & 1u) || !suit_out(q))) continue;
      if (best < 0 || pts(c) > pts(best)) best = c;
    }
    if (best >= 0) return best;
    double best_v = 0.0;
    for (int c : cards_of(cards)) {
      const double v = keep(c);
      if (best < 0 || v < best_v) best = c, best_v = v;
    }
    return best;
  }

  // --- follows ------------------------------------------------------------------------------
  double face_up_swing() const {
    if (s.stock_len() != 2 || s.closed_by >= 0 || face_up < 0) return 0.0;
    const Mask hidden = out & ~bit(face_up) & ~known_opp;
    if (!hidden) return 0.0;
    double sum = 0.0;
    for (int c : cards_of(hidden)) sum += keep(c);
    return keep(face_up) - sum / popcount(hidden);
  }
  double lead_bonus() const {
    int best = -1;
    for (int q = 0; q < kSuits; ++q)
      if (pairs >> q & 1u) best = std::max(best, marriage_value(q));
    return best < 0 ? 0.0 : 0.5 * best;
  }
  // Two players: the seat plays last to the opponent's lead, so a card that beats it wins.
  int follow(Mask cards) const {
    const int led = s.trick[0];
    const int in_trick = pts(led);
    const double swing = face_up_swing();
    int best = -1;
    double best_v = 0.0;
    for (int x : cards_of(cards)) {
      double v;
      if (beats(x, led, trump)) {
        const double hold = 1.0;
        const int gain = in_trick + pts(x);
        const double win = gain + (reaches(gain) ? kDecisive : 0.0) + lead_bonus();
        const double lose = -gain - (opp_reaches(gain) ? kDecisive : 0.0) + swing;
        v = hold * win + (1 - hold) * lose - keep(x);
      } else {
        const int given = in_trick + pts(x);
        v = -given - (opp_reaches(given) ? kDecisive : 0.0) + swing - keep(x);
      }
      if (best < 0 || v > best_v) best = x, best_v = v;
    }
    return best;
  }

  // The marriages to declare now (bit per suit): in strict play one whose king cannot win waits
  // while other sure tricks remain to be cashed.
  unsigned marriages_now(unsigned marries) const {
    if (!strict) return marries;
    unsigned safe = 0;
    Mask pair_cards = 0;
    for (int q = 0; q < kSuits; ++q) {
      if (!(marries >> q & 1u)) continue;
      if (sure_winner(code_of(q, KING))) safe |= 1u << q;
      pair_cards |= bit(code_of(q, KING)) | bit(code_of(q, QUEEN));
    }
    if (safe) return safe;
    for (int c : sure_tricks())
      if (!(pair_cards & bit(c))) return 0;
    return marries;
  }
  int best_marriage(unsigned suits) const {
    int best = -1;
    for (int q = 0; q < kSuits; ++q)  // the highest value, the lowest suit on a tie
      if ((suits >> q & 1u) && (best < 0 || marriage_value(q) > marriage_value(best))) best = q;
    return best;
  }
};

}  // namespace

bool expert_supported(const RuleSet& r) { return r.copies == 1 && r.players == 2 && r.sides == 2; }

bool expert_counts(const State& s) {
  if (s.n() != 2 || s.stock_len() != 0 || s.aside) return false;
  Mask played = s.taken[0] | s.taken[1];
  for (int i = 0; i < s.trick_len; ++i) played |= bit(s.trick[i]);
  const Mask out = s.R().deck & ~s.hand[s.to_act] & ~played;
  return popcount(out) == popcount(s.hand[1 - s.to_act]);
}

Action expert_action(const State& s, const ExpertFacts& facts) {
  const Expert t(s, facts);
  const ClubOptions opts(s);
  const Action* options = opts.a;
  const int k = opts.n;
  if (opts.claim && t.score >= s.R().target) return make_action(CLAIM);  // never a false claim
  bool can_close = false, can_exchange = false, pass = false;
  unsigned marries = 0, shows = 0;
  Mask plays = 0;
  Action draw = 0;
  bool can_draw = false;
  for (int i = 0; i < k; ++i) {
    const int kind = kind_of(options[i]), arg = arg_of(options[i]);
    can_close |= kind == CLOSE;
    can_exchange |= kind == EXCHANGE;
    pass |= kind == PASS;
    if (kind == MARRY) marries |= 1u << arg;
    if (kind == SHOW) shows |= 1u << arg;
    if (kind == PLAY) plays |= bit(arg);
    if (kind == DRAW && !can_draw) draw = options[i], can_draw = true;
  }
  if (s.phase == Phase::SHOW) return shows ? make_action(SHOW, t.best_marriage(shows)) : options[0];
  if (s.phase == Phase::DRAW) {
    if (can_close && t.should_close()) return make_action(CLOSE);
    return can_draw ? draw : options[0];
  }
  if (can_exchange) return make_action(EXCHANGE);
  if (can_close && t.should_close()) return make_action(CLOSE);
  const bool scores_now = s.R().marriage_before_trick != BeforeTrick::ZERO || t.has_trick;
  if (marries && scores_now) marries = t.marriages_now(marries);
  else marries = 0;
  if (marries) return make_action(MARRY, t.best_marriage(marries));
  if (!plays) return pass ? make_action(PASS) : options[0];
  return make_action(PLAY, s.trick_len ? t.follow(plays) : t.lead(plays));
}

}  // namespace ss
