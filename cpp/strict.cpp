// The two-player strict phase (stock closed or used up, no marriage left to declare): a
// dedicated search over the same State with the general cases taken out of key, move
// generation and apply. Most nodes of late-stock and whole-deal searches are here.
//
// Table policy: the same table; strict positions are keyed by strict_key() alone (key()
// dispatches), with another seed, so no entry is read under both keys. Values are those of
// ab(): the same bounds, shortcuts and leaves; only the work per node differs.
#include <algorithm>
#include <atomic>

#include "bounds.hpp"
#include "hash.hpp"
#include "race.hpp"
#include "search.hpp"

namespace ss {

namespace {

std::atomic<int> g_strict{2};
std::atomic<bool> g_dominance{true};

constexpr Action kNoMove = 0xFFFF;

}  // namespace

void set_strict_path(int mode) { g_strict.store(mode, std::memory_order_relaxed); }
int strict_path() { return g_strict.load(std::memory_order_relaxed); }
void set_dominance(bool on) { g_dominance.store(on, std::memory_order_relaxed); }
bool dominance() { return g_dominance.load(std::memory_order_relaxed); }

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

// moves() for this phase: follow, head (over the lead) and trump as the rules ask; the same
// order (table move aside) and the same merging of equivalent 0-point cards.
template <class S>
int Search::moves_strict(const S& s, Action* buf) const {
  const RuleSet& r = s.R();
  const int p = s.to_act;
  if (s.phase == Phase::END) {
    int n = 0;
    buf[n++] = make_action(PASS);
    if (!relative()) buf[n++] = make_action(CLAIM);
    return n;
  }
  const Mask h = s.hand[p];
  const int trump = s.trump_suit;
  Mask play = h;
  int lead = -1;
  if (s.trick_len) {  // the leader, an opponent, wins the trick so far
    lead = s.trick[0];
    const Mask follow = h & suit_mask(suit_of(lead));
    const Mask trumps = h & suit_mask(trump);
    if (follow) {
      const Mask over = r.must_head != Head::NONE ? follow & higher_in_suit(lead) : 0;
      play = over ? over : follow;
    } else if (r.must_trump && trumps) {
      play = trumps;  // (over-trumping needs a trump lead: then we could follow)
    }
  }
  std::uint32_t codes = codes_of(play);
  const bool claim = !relative() && s.can_claim(p);
  if (!claim && !(codes & (codes - 1))) {  // forced
    buf[0] = make_action(PLAY, __builtin_ctz(codes));
    return 1;
  }
  // On card codes (bit c for code c): the others' cards (the lead too), and ours alone.
  const Mask all = s.hand[0] | s.hand[1] | (lead >= 0 ? bit(lead) : 0);
  const std::uint32_t in_play = codes_of(all), oc = codes_of(all & ~h);
  const std::uint32_t mine_only = codes_of(h) & ~oc;
  // An eight or seven next to an equivalent higher 0-point card of ours (the nearest one in
  // play above it, of its suit, held by us alone) is left out: the higher one is kept.
  for (std::uint32_t z = codes & 0xC0C0C0C0u; z; z &= z - 1) {
    const int c = __builtin_ctz(z);
    const std::uint32_t up = in_play & ((1u << c) - 1) & (0xE0u << (c & ~7));
    if (up && (mine_only >> (31 - __builtin_clz(up)) & 1)) codes &= ~(1u << c);
  }
  int scores[kMaxActions];
  int n = 0;
  auto add = [&](int c, int sc) {  // insertion, descending (ties keep the code order)
    sc = sc * 4096 + static_cast<int>(std::min<std::uint32_t>(history_[p][c], 4095));
    int j = n - 1;
    while (j >= 0 && scores[j] < sc) {
      buf[j + 1] = buf[j];
      scores[j + 1] = scores[j];
      --j;
    }
    buf[j + 1] = make_action(PLAY, c);
    scores[j + 1] = sc;
    ++n;
  };
  if (lead < 0) {
    const std::uint32_t their_trumps = (oc >> (trump * 8)) & 0xFF;
    for (; codes; codes &= codes - 1) {
      const int c = __builtin_ctz(codes), rank = c & 7, suit = c >> 3;
      const std::uint32_t same = (oc >> (suit * 8)) & 0xFF;  // theirs of the suit, by rank
      int sc = 4 * kPoints[rank] - (suit == trump ? 30 : 0);
      // A lead nobody can beat (nothing of theirs as high or higher) takes the trick.
      if (!(same & ((2u << rank) - 1)) && (suit == trump || same || !their_trumps)) sc += 60;
      add(c, sc);
    }
  } else {
    const int ls = suit_of(lead), trick_pts = kPoints[rank_of(lead)];
    const std::uint32_t beat =  // (as beats())
        ((1u << rank_of(lead)) - 1) << (ls * 8) | (ls != trump ? 0xFFu << (trump * 8) : 0);
    for (; codes; codes &= codes - 1) {
      const int c = __builtin_ctz(codes), pts = kPoints[c & 7];
      add(c, beat >> c & 1 ? 100 + trick_pts + pts - ((c >> 3) == trump ? 12 : 0) : -2 * pts);
    }
  }
  if (claim) buf[n++] = make_action(CLAIM);
  return n;
}

template std::uint64_t Search::strict_key(const State&, bool) const;  // (for key())

// Score dominance. With two players and the game-point or win objective, a position's value
// for player_ does not fall when player_'s score grows or the other's shrinks, all else equal:
// claims come true sooner and never later; the stakes of a close (set by the other side's
// score when it is made), of claims and of the natural ends (last trick, first to the target,
// higher total) move only the right way. The exception is a false claim that pays by the
// receiver's own score (MIRROR): a player facing a heavy loss may claim falsely, and pays less
// if the receiver has reached the schneider line. Once a score is at or above that line it
// stays there, so such payments no longer depend on it: with MIRROR a score is compared only
// with itself or, both at or above the line, with another there (set_range()). So entries made at other score pairs bound this
// position's value (TranspositionTable::probe_dom): transpositions that differ only in the
// points taken so far, common in the endgames entered from the open stock and among the
// open-stock lines themselves. Scores above a byte are keyed as before.
template <class S>
bool Search::dominates(const S& s) const {
  return dom_on_ && dom_rules_ && !relative() && s.score[0] <= TranspositionTable::kDomScoreMax &&
         s.score[1] <= TranspositionTable::kDomScoreMax;
}

template bool Search::dominates(const State&) const;  // (for ab())

// The table at a node (key k, dominance entries if `dom`): true with *ret on a cutoff;
// else the window narrowed and the table's move first among buf[0..n).
bool Search::probe_table(bool dom, std::uint64_t k, int mine, int theirs, int off, int& alpha,
                          int& beta, Action* buf, int n, int* ret) const {
  int lower, upper;
  std::uint16_t move = kNoMove;
  if (dom) {
    lower = lo_;
    upper = hi_;
    if (!tt_.probe_dom(k, mine, theirs, dom_line_, &lower, &upper, &move)) return false;
  } else {
    TTEntry e;
    if (!tt_.probe(k, &e)) return false;
    lower = e.lower + off;
    upper = e.upper + off;
    move = e.move;
  }
  if (lower >= beta || lower == upper) return *ret = lower, true;
  if (upper <= alpha) return *ret = upper, true;
  if (lower > alpha) alpha = lower;
  if (upper < beta) beta = upper;
  for (int i = 1; i < n; ++i)
    if (buf[i] == move) {
      for (int j = i; j > 0; --j) buf[j] = buf[j - 1];
      buf[0] = move;
      break;
    }
  return false;
}

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
  const int n = moves_strict(s, buf);
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
__attribute__((flatten)) int Search::ab_compact(const Strict2& s, int alpha, int beta) {
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
  const int n = moves_strict(s, buf);
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

// Every win is worth at least `win` to player_ and every loss costs at least `loss`, nothing in
// between but a draw, 0: 1 each (and the carry) while nobody has closed; after a close its
// failure is worth its fixed penalty, and its success at least 1. A window that asks no more
// than "a win?" or "no loss?" is answered by who wins: the race of the two sides to the target
// (race.cpp), which needs no scores, stakes or claims beyond it.
bool Search::race_window(const Strict2& s, int alpha, int beta) const {
  if (relative() || s.card_count() > kRaceMaxHeld) return false;
  const int most = obj_ == Objective::WIN ? 1 : 3 + s.carry;  // (the widest band: after a close)
  return alpha >= -most && beta <= most && !(alpha < 0 && beta > 0);
}

// race() for side x of the compact state: x needs nx more points, the other side ny.
static bool race_for(const Strict2& s, const RaceSpec& spec, int x, int nx, int ny) {
  const bool x_leads = s.trick_len ? s.leader == x : s.to_act == x;
  return race(spec, s.hand[x], s.hand[1 - x], x_leads, s.trick_len ? s.trick[0] : -1, nx, ny);
}

bool Search::race_cut(const Strict2& s, int alpha, int beta, int* v) const {
  const RuleSet& r = s.R();
  if (s.score[0] >= r.target || s.score[1] >= r.target) return false;
  if (schneider_race(s, alpha, beta, v)) return true;
  const int x = player_, y = 1 - x;
  int win = 1 + s.carry, loss = 1 + s.carry;
  RaceEnd end;
  if (s.closed_by >= 0) {
    end = s.closed_by == x ? RaceEnd::X_LOSES : RaceEnd::X_WINS;
    (s.closed_by == x ? loss : win) = s.closer_fail_points() + s.carry;
  } else {
    switch (r.natural_end) {
      case NaturalEnd::LAST_TRICK:
      case NaturalEnd::FIRST_TO_TARGET: end = RaceEnd::LAST_TRICK; break;  // (nobody got there)
      case NaturalEnd::CLAIM_OR_DRAW: end = RaceEnd::DRAW; break;
      default: return false;
    }
  }
  if (obj_ == Objective::WIN) win = loss = 1;
  if (alpha < -loss || beta > win || (alpha < 0 && beta > 0)) return false;
  const bool draw_will_do = beta <= 0;
  const RaceSpec spec{&r, s.trump_suit, end, s.closed_by >= 0 ? 0 : r.last_trick_bonus, draw_will_do};
  const int nx = r.target - s.score[x] - s.pending[x], ny = r.target - s.score[y] - s.pending[y];
  const bool ok = race_for(s, spec, x, nx, ny);
  const bool draws = end == RaceEnd::DRAW;  // (else a side that does not lose wins)
  *v = ok ? (draw_will_do && draws ? 0 : win) : (draw_will_do || !draws ? -loss : 0);
  return true;
}

// A window that asks whether one side, x, wins 2 or more (and the carry). x wins so much only
// by reaching the target while the other side y is below the schneider line (or has no
// trick): x then leads and claims at that rate. Once y is past that line, x's win pays 1. So
// it is a race again, with y's need the schneider line instead of the target. Not where y
// closed (every win of x's is then y's failed close, for 2 or 3: the plain race), nor where
// y's false claims pay by x's score (MIRROR: y would give up 1), nor where a hand played out
// might pay x 2 (a higher total). Where x closed with `closing` stakes, its success pays what
// they were at its close.
bool Search::schneider_race(const Strict2& s, int alpha, int beta, int* v) const {
  if (!schneider_rules_) return false;
  const RuleSet& r = s.R();
  const int one = 1 + s.carry, two = 2 + s.carry;
  int x;
  if (alpha >= one && beta <= two) x = player_;
  else if (beta <= -one && alpha >= -two) x = 1 - player_;
  else return false;
  const int y = 1 - x;
  if (s.closed_by == y) return false;
  const bool stakes = s.closed_by == x && r.close_stakes == CloseStakes::CLOSING;
  const int line = stakes ? r.target : r.schneider;  // what y must reach to hold x to 1
  bool ok = false;  // (y past the schneider line has a trick: its score is taken in tricks)
  if (stakes ? s.closing_stakes() >= 2 : s.score[y] < line) {
    const RaceSpec spec{&r, s.trump_suit, RaceEnd::X_LOSES,
                        s.closed_by >= 0 ? 0 : r.last_trick_bonus, false};
    const int nx = r.target - s.score[x] - s.pending[x], ny = line - s.score[y] - s.pending[y];
    ok = race_for(s, spec, x, nx, ny);
  }
  *v = x == player_ ? (ok ? two : one) : (ok ? -two : -one);
  return true;
}

Strict2::Strict2(const State& s)
    : rules(s.rules), married(s.married), close_opp_score(s.close_opp_score), carry(s.carry),
      trick_len(s.trick_len), leader(s.leader), to_act(s.to_act),
      first_to_target(s.first_to_target), last_trick_winner(s.last_trick_winner),
      closed_by(s.closed_by), trump_suit(s.trump_suit), close_opp_had_trick(s.close_opp_had_trick),
      phase(s.phase) {
  for (int p = 0; p < 2; ++p) {
    hand[p] = s.hand[p];
    score[p] = s.score[p];
    pending[p] = s.pending[p];
    tricks[p] = s.tricks[p];
  }
  trick[0] = s.trick_len ? s.trick[0] : 0;
}

// State::can_claim in this phase (turn_step is never 3 here).
bool Strict2::can_claim(int p) const {
  switch (R().claim) {
    case Claim::NONE: return false;
    case Claim::LEAD_AFTER_TRICK_OR_MARRIAGE: return phase == Phase::LEAD && last_trick_winner == p;
    case Claim::LEAD: return phase == Phase::LEAD;
    case Claim::TURN: return true;
  }
  return false;
}

// State::play_strict2 without the fields no value reads (taken, bonus, known ...). Any copy
// of two identical cards: they are worth the same.
void Strict2::play(int code) {
  const int p = to_act;
  const int id = lowest(hand[p] & code_mask(code));
  hand[p] &= ~bit(id);
  if (trick_len == 0) {
    leader = static_cast<std::int8_t>(p);
    trick[0] = static_cast<std::uint8_t>(id);
    trick_len = 1;
    phase = Phase::FOLLOW;
    to_act = static_cast<std::int8_t>(1 - p);
    return;
  }
  const int first = trick[0];
  const int w = beats(id, first, trump_suit) ? p : leader;
  score[w] = static_cast<std::int16_t>(score[w] + kPoints[rank_of(first)] + kPoints[rank_of(id)] + pending[w]);
  pending[w] = 0;
  trick_len = 0;
  tricks[w]++;
  last_trick_winner = static_cast<std::int8_t>(w);
  leader = static_cast<std::int8_t>(w);
  if (first_to_target < 0 && score[w] >= R().target) first_to_target = static_cast<std::int8_t>(w);
  phase = Phase::LEAD;  // (some hand still holds a card: not the last trick)
  to_act = static_cast<std::int8_t>(w);
}

void State::play_strict2(int code) {
  const int p = to_act;
  // Of two identical cards the shown one (as apply does).
  const Mask copies = hand[p] & code_mask(code);
  const Mask shown = copies & (married | known[p]);
  const int id = lowest(shown ? shown : copies);
  hand[p] &= ~bit(id);
  known[p] &= ~bit(id);
  marriage_suit = -1;
  turn_step = 0;
  if (trick_len == 0) {
    leader = static_cast<std::int8_t>(p);
    trick[0] = static_cast<std::uint8_t>(id);
    trick_len = 1;
    phase = Phase::FOLLOW;
    to_act = static_cast<std::int8_t>(1 - p);
    return;
  }
  const int first = trick[0];
  const int w = beats(id, first, trump_suit) ? p : leader;
  taken[w] |= bit(first) | bit(id);
  score[w] = static_cast<std::int16_t>(score[w] + kPoints[rank_of(first)] + kPoints[rank_of(id)] + pending[w]);
  marriage_pts[w] = static_cast<std::int16_t>(marriage_pts[w] + pending[w]);
  pending[w] = 0;
  trick_len = 0;
  tricks[w]++;
  last_win[w] = ++trick_no;
  last_trick_winner = static_cast<std::int8_t>(w);
  leader = static_cast<std::int8_t>(w);
  const bool done = (hand[0] | hand[1]) == 0;
  if (done && closed_by < 0) {
    bonus[w] = static_cast<std::int16_t>(bonus[w] + R().last_trick_bonus);
    score[w] = static_cast<std::int16_t>(score[w] + R().last_trick_bonus);
  }
  if (first_to_target < 0 && score[w] >= R().target) first_to_target = static_cast<std::int8_t>(w);
  if (done) {
    if (R().claim != Claim::NONE) {
      phase = Phase::END;
      to_act = static_cast<std::int8_t>(w);
    } else {
      score_natural();
    }
    return;
  }
  phase = Phase::LEAD;  // (start_lead: no show window with two players)
  to_act = static_cast<std::int8_t>(w);
}

}  // namespace ss
