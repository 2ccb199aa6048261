// Move ordering (ordering.hpp): leads by points (trumps kept back), winning a trick cheaply
// and with points in it, else discarding low; the history breaks ties.
#include "ordering.hpp"

#include "strict_state.hpp"

namespace ss {

// Legal actions worth searching, best first. Drops claims unless `claims` and, once the stock
// is out of play, all but one of a run of equivalent cards (0-point cards of one suit with no
// other player's card between them among the cards still in play).
int order_moves(const State& s, const History& hist, bool claims, Action* buf) {
  Action all[kMaxActions];
  const int k = s.legal_actions(all);
  if (k == 1 && kind_of(all[0]) != CLAIM) {  // forced: nothing to order
    buf[0] = all[0];
    return 1;
  }
  const int p = s.to_act;
  Mask in_play = 0;
  for (int q = 0; q < s.n(); ++q) in_play |= s.hand[q];
  for (int i = 0; i < s.trick_len; ++i) in_play |= bit(s.trick[i]);
  const bool merge = !s.stock_open();
  const bool strict_two = s.n() == 2 && s.strict() && !s.stock_open();
  // Current best card of the trick (for followers).
  int best = -1;
  for (int i = 0; i < s.trick_len; ++i)
    if (best < 0 || beats(s.trick[i], s.trick[best], s.trump_suit)) best = i;
  const bool partner_winning =
      best >= 0 && s.side((s.leader + best) % s.n()) == s.side(p) && s.n() == 4;
  int trick_pts = 0;
  for (int i = 0; i < s.trick_len; ++i) trick_pts += kPoints[rank_of(s.trick[i])];

  int scores[kMaxActions];
  int n = 0;
  for (int i = 0; i < k; ++i) {
    const Action a = all[i];
    int sc = 0;
    switch (kind_of(a)) {
      case PLAY: {
        const int c = arg_of(a);
        const int rank = c & 7, suit = c >> 3;
        if (merge && rank >= NINE) {  // an equivalent higher 0-point card of ours is kept
          bool skip = false;
          for (int up = rank - 1; up >= NINE; --up) {
            const Mask m = in_play & code_mask(code_of(suit, up));
            if (!m) continue;
            skip = (s.hand[p] & m) != 0 && !(m & ~s.hand[p]);
            break;
          }
          if (skip) continue;
        }
        const int pts = kPoints[rank];
        if (s.trick_len == 0) {
          sc = 4 * pts - (suit == s.trump_suit ? 30 : 0);
          if (strict_two) {  // a lead nobody can beat takes the trick
            const Mask others = in_play & ~s.hand[p];
            const Mask same = others & suit_mask(suit);
            const bool master = !(same & higher_in_suit(c)) && !(same & code_mask(c));
            if (master && (suit == s.trump_suit || same || !(others & suit_mask(s.trump_suit))))
              sc += 60;
          }
        } else if (beats(c, s.trick[best], s.trump_suit)) {
          sc = 100 + trick_pts + pts - (suit == s.trump_suit ? 12 : 0) - (partner_winning ? 150 : 0);
        } else {
          sc = partner_winning ? pts : -2 * pts;
        }
        const std::uint32_t h =
            s.stock_open() ? hist.open[History::open_bucket(s)][s.trick_len > 0][c] : hist.cut[p][c];
        sc = sc * 4096 + static_cast<int>(std::min<std::uint32_t>(h, 4095));
        break;
      }
      // A close is settled by a strict-phase search, often the proof: after the exchange,
      // before marriages and drawing. (Where it seldom is, a loss of 1 being all the mover
      // needs, ab() puts it last: with that, closing before marriages and drawing gained
      // schnapsen whole deals 4% of the nodes, sixty-six 7%.)
      case EXCHANGE: sc = 400 * 4096; break;
      case CLOSE: sc = 350 * 4096; break;
      case MARRY: sc = 300 * 4096; break;
      case SHOW: sc = 300 * 4096; break;
      case DRAW: sc = 250 * 4096; break;
      case PASS: sc = 0; break;
      case CLAIM:
        if (!claims) continue;
        sc = -1000 * 4096;
        break;
    }
    buf[n] = a;
    scores[n] = sc;
    ++n;
  }
  for (int i = 1; i < n; ++i) {  // insertion sort, descending
    const Action a = buf[i];
    const int sc = scores[i];
    int j = i - 1;
    while (j >= 0 && scores[j] < sc) {
      buf[j + 1] = buf[j];
      scores[j + 1] = scores[j];
      --j;
    }
    buf[j + 1] = a;
    scores[j + 1] = sc;
  }
  return n;
}

// The close (if any) moves behind the other actions but claims, the others keeping their order.
void close_last(Action* buf, int n) {
  int i = 0;
  while (i < n && kind_of(buf[i]) != CLOSE) ++i;
  for (; i + 1 < n && kind_of(buf[i + 1]) != CLAIM; ++i) std::swap(buf[i], buf[i + 1]);
}

// order_moves() for the strict phase: follow, head (over the lead) and trump as the rules ask; the same
// order (table move aside) and the same merging of equivalent 0-point cards.
template <class S>
int order_strict(const S& s, const History& hist, bool claims, Action* buf) {
  const RuleSet& r = s.R();
  const int p = s.to_act;
  if (s.phase == Phase::END) {
    int n = 0;
    buf[n++] = make_action(PASS);
    if (claims) buf[n++] = make_action(CLAIM);
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
  const bool claim = claims && s.can_claim(p);
  if (!claim && !(codes & (codes - 1))) {  // forced
    buf[0] = make_action(PLAY, ctz32(codes));
    return 1;
  }
  // On card codes (bit c for code c): the others' cards (the lead too), and ours alone.
  const Mask all = s.hand[0] | s.hand[1] | (lead >= 0 ? bit(lead) : 0);
  const std::uint32_t in_play = codes_of(all), oc = codes_of(all & ~h);
  const std::uint32_t mine_only = codes_of(h) & ~oc;
  // An eight or seven next to an equivalent higher 0-point card of ours (the nearest one in
  // play above it, of its suit, held by us alone) is left out: the higher one is kept.
  for (std::uint32_t z = codes & 0xC0C0C0C0u; z; z &= z - 1) {
    const int c = ctz32(z);
    const std::uint32_t up = in_play & ((1u << c) - 1) & (0xE0u << (c & ~7));
    if (up && (mine_only >> highest32(up) & 1)) codes &= ~(1u << c);
  }
  int scores[kMaxActions];
  int n = 0;
  auto add = [&](int c, int sc) {  // insertion, descending (ties keep the code order)
    sc = sc * 4096 + static_cast<int>(std::min<std::uint32_t>(hist.cut[p][c], 4095));
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
      const int c = ctz32(codes), rank = c & 7, suit = c >> 3;
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
      const int c = ctz32(codes), pts = kPoints[c & 7];
      add(c, beat >> c & 1 ? 100 + trick_pts + pts - ((c >> 3) == trump ? 12 : 0) : -2 * pts);
    }
  }
  if (claim) buf[n++] = make_action(CLAIM);
  return n;
}

template int order_strict(const State&, const History&, bool, Action*);
template int order_strict(const Strict2&, const History&, bool, Action*);

}  // namespace ss
