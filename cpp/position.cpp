#include "position.hpp"

#include <algorithm>
#include <string>

#include "errors.hpp"
#include "rng.hpp"

namespace ss {

namespace {

const char* const kSuitNames = "CDHS";

std::string card_name(int code) {
  static const char ranks[] = "ATKQJ987";
  if (code < 0 || code >= kCodes) return "card " + std::to_string(code);
  return std::string(1, ranks[code & 7]) + kSuitNames[code >> 3];
}

void require(bool ok, const std::string& msg) {
  if (!ok) throw PositionError(msg);
}

// Hands out physical ids: the first occurrence of a code gets copy 0, the next copy 1.
struct IdAssigner {
  const RuleSet& rules;
  int used[kCodes] = {};
  Mask take(int code, const char* where) {
    require(code >= 0 && code < kCodes && (rules.deck & bit(code)),
            std::string(where) + ": " + card_name(code) + " is not in this profile's deck");
    require(used[code] < rules.copies, std::string(where) + ": " + card_name(code) +
                                           " appears more often than the deck holds it");
    return bit(used[code]++ * 32 + code);
  }
  Mask take_all(const Cards& cards, const char* where) {
    Mask m = 0;
    for (int c : cards) m |= take(c, where);
    return m;
  }
  void require_complete() {
    for (int c = 0; c < kCodes; ++c)
      if (rules.deck & bit(c))
        require(used[c] == rules.copies, "missing card: " + card_name(c) + " is nowhere");
  }
};

Cards codes(Mask m) {
  Cards out;
  while (m) {
    out.push_back(code_of_id(lowest(m)));
    m &= m - 1;
  }
  std::sort(out.begin(), out.end());
  return out;
}

// The copies of `cards` inside `pool` (each code once per occurrence), for known/married subsets.
Mask pick_from(Mask pool, const Cards& cards, const std::string& what) {
  Mask m = 0;
  for (int c : cards) {
    const Mask avail = pool & code_mask(c & 31) & ~m;
    require(c >= 0 && c < kCodes && avail, what + ": " + card_name(c) + " is not in that hand");
    m |= bit(lowest(avail));
  }
  return m;
}

void check_player(int p, int n, bool allow_none, const char* name) {
  require((allow_none && p == -1) || (p >= 0 && p < n),
          std::string(name) + " must be a seat from 0 to " + std::to_string(n - 1) +
              (allow_none ? " or -1" : "") + ", got " + std::to_string(p));
}

}  // namespace

Deal seeded_deal(const RuleSet& r, int dealer, std::uint64_t seed) {
  check_player(dealer, r.players, false, "dealer");
  Cards deck;
  for (int code = 0; code < kCodes; ++code)
    if (r.deck & bit(code))
      for (int c = 0; c < r.copies; ++c) deck.push_back(code);
  SplitMix64 rng(seed);
  for (int i = static_cast<int>(deck.size()) - 1; i > 0; --i)
    std::swap(deck[i], deck[rng.below(static_cast<std::uint64_t>(i) + 1)]);
  Deal d;
  d.dealer = dealer;
  d.hands.assign(r.players, {});
  size_t k = 0;
  for (int i = 0; i < r.players; ++i) {
    const int p = (dealer + 1 + i) % r.players;
    for (int j = 0; j < r.hand_size; ++j) d.hands[p].push_back(deck[k++]);
  }
  d.trump_card = r.stock_size > 0 ? deck.back() : d.hands[dealer].back();
  for (int j = 0; j < r.aside; ++j) d.aside.push_back(deck[k++]);
  d.stock.assign(deck.begin() + static_cast<std::ptrdiff_t>(k), deck.end());
  for (auto& h : d.hands) std::sort(h.begin(), h.end());
  std::sort(d.aside.begin(), d.aside.end());
  return d;
}

State state_from_deal(const RuleSet* rules, const Deal& d) {
  const RuleSet& r = *rules;
  State s;
  s.rules = rules;
  check_player(d.dealer, r.players, false, "dealer");
  require(static_cast<int>(d.hands.size()) == r.players,
          "the deal needs " + std::to_string(r.players) + " hands, got " + std::to_string(d.hands.size()));
  require(d.carry >= 0 && d.carry <= 100, "carry must be between 0 and 100");
  IdAssigner ids{r};
  for (int p = 0; p < r.players; ++p) {
    require(static_cast<int>(d.hands[p].size()) == r.hand_size,
            "hand " + std::to_string(p) + " holds " + std::to_string(d.hands[p].size()) +
                " cards; this profile deals " + std::to_string(r.hand_size));
    s.hand[p] = ids.take_all(d.hands[p], "hand");
  }
  require(static_cast<int>(d.aside.size()) == r.aside,
          "the dead hand must hold " + std::to_string(r.aside) + " cards");
  s.aside = ids.take_all(d.aside, "dead hand");
  require(static_cast<int>(d.stock.size()) == r.stock_size,
          "the stock must hold " + std::to_string(r.stock_size) + " cards, got " + std::to_string(d.stock.size()));
  for (size_t i = 0; i < d.stock.size(); ++i)
    s.stock[i] = static_cast<std::uint8_t>(lowest(ids.take(d.stock[i], "stock")));
  ids.require_complete();
  s.stock_end = static_cast<std::uint8_t>(d.stock.size());
  if (r.stock_size > 0) {
    require(d.trump_card < 0 || d.trump_card == d.stock.back(),
            "the trump card must be the last (face-up) stock card");
    s.trump_card = s.stock[s.stock_end - 1];
  } else {
    const int tc = d.trump_card < 0 ? d.hands[d.dealer].back() : d.trump_card;
    const Mask in_hand = s.hand[d.dealer] & code_mask(tc & 31);
    require(tc >= 0 && tc < kCodes && in_hand, "the trump card must be one of the dealer's cards");
    s.trump_card = static_cast<std::uint8_t>(lowest(in_hand));
    s.known[d.dealer] |= bit(s.trump_card);
  }
  s.trump_suit = static_cast<std::int8_t>(suit_of(s.trump_card));
  s.dealer = static_cast<std::int8_t>(d.dealer);
  s.carry = static_cast<std::int16_t>(d.carry);
  s.start_lead((d.dealer + 1) % r.players);
  return s;
}

}  // namespace ss

namespace ss {

Fields fields_of(const State& s) {
  const int n = s.n();
  Fields f;
  f.dealer = s.dealer;
  f.to_act = s.to_act;
  f.leader = s.leader;
  f.phase = s.phase;
  for (int p = 0; p < n; ++p) {
    f.hands.push_back(codes(s.hand[p]));
    f.known.push_back(codes(s.known[p] & s.hand[p]));
    f.married.push_back(codes(s.married & s.hand[p]));
    f.taken.push_back(codes(s.taken[p]));
    f.exchange_lost.push_back((s.exchange_lost >> p) & 1);
    f.declared.emplace_back(s.declared[p], s.declared[p] + kSuits);
    f.marriage_pts.push_back(s.marriage_pts[p]);
    f.pending.push_back(s.pending[p]);
    f.bonus.push_back(s.bonus[p]);
    f.last_win.push_back(s.last_win[p]);
  }
  for (int i = s.stock_top; i < s.stock_end; ++i) f.stock.push_back(code_of_id(s.stock[i]));
  f.aside = codes(s.aside);
  for (int i = 0; i < s.trick_len; ++i) f.trick.push_back(code_of_id(s.trick[i]));
  f.trump_card = code_of_id(s.trump_card);
  f.closed_by = s.closed_by;
  f.close_opp_score = s.close_opp_score;
  f.close_opp_had_trick = s.close_opp_had_trick;
  f.exchanged_by = s.exchanged_by;
  f.turn_step = s.turn_step;
  f.marriage_suit = s.marriage_suit;
  f.last_trick_winner = s.last_trick_winner;
  f.first_to_target = s.first_to_target;
  f.carry = s.carry;
  if (s.over()) {
    for (int q = 0; q < s.R().sides; ++q) f.points.push_back(s.points[q]);
    for (int p = 0; p < n; ++p) f.returns.push_back(s.returns[p]);
    f.carry_out = s.carry_out;
    f.reason = s.reason;
  }
  return f;
}

State state_from_fields(const RuleSet* rules, const Fields& f) {
  const RuleSet& r = *rules;
  const int n = r.players;
  State s;
  s.rules = rules;
  auto sized = [&](size_t got, const char* name) {
    require(static_cast<int>(got) == n, std::string(name) + " needs one entry per player (" +
                                            std::to_string(n) + "), got " + std::to_string(got));
  };
  sized(f.hands.size(), "hands");
  sized(f.known.size(), "known");
  sized(f.married.size(), "married");
  sized(f.taken.size(), "taken");
  sized(f.exchange_lost.size(), "exchange_lost");
  sized(f.declared.size(), "declared");
  sized(f.marriage_pts.size(), "marriage points");
  sized(f.pending.size(), "pending points");
  sized(f.bonus.size(), "bonus points");
  sized(f.last_win.size(), "last_win");
  check_player(f.dealer, n, false, "dealer");
  check_player(f.leader, n, false, "leader");
  check_player(f.closed_by, n, true, "closed_by");
  check_player(f.exchanged_by, n, true, "exchanged_by");
  check_player(f.last_trick_winner, n, true, "last_trick_winner");
  require(f.first_to_target >= -1 && f.first_to_target < r.sides, "first_to_target must be a side or -1");
  require(f.carry >= 0 && f.carry <= 100, "carry must be between 0 and 100");
  require(static_cast<int>(f.trick.size()) < n, "a trick in progress holds at most " +
                                                    std::to_string(n - 1) + " cards");
  require(f.stock.size() <= static_cast<size_t>(r.stock_size),
          "the stock holds at most " + std::to_string(r.stock_size) + " cards in this profile");

  // Every card exactly once (twice with two decks).
  IdAssigner ids{r};
  for (int p = 0; p < n; ++p) s.hand[p] = ids.take_all(f.hands[p], "hand");
  for (int p = 0; p < n; ++p) s.taken[p] = ids.take_all(f.taken[p], "tricks taken");
  s.aside = ids.take_all(f.aside, "dead hand");
  for (size_t i = 0; i < f.trick.size(); ++i)
    s.trick[i] = static_cast<std::uint8_t>(lowest(ids.take(f.trick[i], "trick")));
  for (size_t i = 0; i < f.stock.size(); ++i)
    s.stock[i] = static_cast<std::uint8_t>(lowest(ids.take(f.stock[i], "stock")));
  ids.require_complete();
  require(static_cast<int>(f.aside.size()) == r.aside,
          "the dead hand must hold " + std::to_string(r.aside) + " cards");
  s.trick_len = static_cast<std::uint8_t>(f.trick.size());
  s.stock_top = 0;
  s.stock_end = static_cast<std::uint8_t>(f.stock.size());

  // Trumps: the card that set them is a card of the deck; its suit is trumps.
  require(f.trump_card >= 0 && f.trump_card < kCodes && (r.deck & bit(f.trump_card)),
          "the trump card " + card_name(f.trump_card) + " is not in this profile's deck");
  s.trump_suit = static_cast<std::int8_t>(f.trump_card >> 3);
  s.trump_card = static_cast<std::uint8_t>(f.trump_card);
  if (!f.stock.empty()) {
    require(suit_of(f.stock.back()) == s.trump_suit, "the face-up stock card must be a trump");
    if (f.exchanged_by < 0)
      require(f.stock.back() == f.trump_card, "without an exchange the face-up stock card is the trump card");
    else
      require(rank_of(f.stock.back()) == r.exchange_rank,
              "after an exchange the face-up stock card is the exchanged low trump");
  }
  require(f.exchanged_by < 0 || r.exchange_rank >= 0, "this profile has no exchange");

  // Tricks and hand sizes.
  int total_tricks = 0;
  for (int p = 0; p < n; ++p) {
    const int got = static_cast<int>(f.taken[p].size());
    require(got % n == 0, "player " + std::to_string(p) + " took " + std::to_string(got) +
                              " cards, not a whole number of tricks");
    s.tricks[p] = static_cast<std::uint8_t>(got / n);
    total_tricks += got / n;
  }
  s.trick_no = static_cast<std::uint8_t>(total_tricks);
  const int draws = (r.stock_size - static_cast<int>(f.stock.size())) / 2;
  require((r.stock_size - static_cast<int>(f.stock.size())) % 2 == 0, "the stock has an odd number of cards missing");
  const int held = r.hand_size + draws - total_tricks;
  for (int p = 0; p < n; ++p) {
    const int in_trick = ((p - f.leader + n) % n) < static_cast<int>(f.trick.size()) ? 1 : 0;
    require(static_cast<int>(f.hands[p].size()) + in_trick == held,
            "player " + std::to_string(p) + " holds " + std::to_string(f.hands[p].size()) +
                " cards; after " + std::to_string(total_tricks) + " tricks and " +
                std::to_string(draws) + " draws every hand should hold " + std::to_string(held) +
                (in_trick ? " less the card in the trick" : ""));
  }
  const bool closed = f.closed_by >= 0;
  const bool open = !closed && !f.stock.empty();
  if (open)
    require(draws == total_tricks || (f.phase == Phase::DRAW && draws == total_tricks - 1),
            "while the stock is open both players draw after every trick");
  else
    require(draws <= total_tricks, "more draws than tricks");
  require(f.stock.empty() || draws < r.stock_size / 2, "an exhausted stock holds no card");
  require(!closed || (r.close != Close::NONE && n == 2), "this profile has no closing");
  require(!closed || !f.stock.empty(), "a closed stock still holds its cards");

  // Whose turn, in which phase.
  const bool hands_empty = held == 0;
  check_player(f.to_act, n, f.phase == Phase::OVER, "to_act");
  const int first_leader = (f.dealer + 1) % n;
  require(total_tricks > 0 || (f.leader == first_leader && f.last_trick_winner < 0),
          "before the first trick the player on the dealer's left leads");
  require(total_tricks == 0 || f.last_trick_winner >= 0, "tricks were played: last_trick_winner is needed");
  const bool after_trick = f.trick.empty() && f.phase != Phase::OVER;
  require(!after_trick || total_tricks == 0 || f.leader == f.last_trick_winner,
          "the winner of the last trick leads the next one");
  switch (f.phase) {
    case Phase::LEAD:
      require(f.trick.empty() && !hands_empty && f.to_act == f.leader, "phase lead: the leader acts on an empty trick");
      break;
    case Phase::FOLLOW:
      require(!f.trick.empty() && f.to_act == (f.leader + static_cast<int>(f.trick.size())) % n,
              "phase follow: the next seat after the cards in the trick acts");
      break;
    case Phase::DRAW:
      require(f.trick.empty() && open && r.close == Close::LEAD_OR_BEFORE_DRAW &&
                  draws == total_tricks - 1 && f.to_act == f.leader,
              "phase draw: only right after an open-phase trick, for its winner");
      break;
    case Phase::SHOW:
      require(f.trick.empty() && r.marriage_by_partner && f.to_act == (f.leader + 2) % 4,
              "phase show: the leader's partner acts before the lead (four-hand-24 only)");
      break;
    case Phase::END:
      require(hands_empty && r.claim != Claim::NONE && f.to_act == f.last_trick_winner,
              "phase end: every card played, the last-trick winner acts");
      break;
    case Phase::OVER: break;
  }
  require(f.turn_step >= 0 && f.turn_step <= 3, "turn_step must be 0..3");
  require(f.marriage_suit >= -1, "marriage_suit must be a suit (0..3) or -1");
  require(f.turn_step == 0 || f.phase == Phase::LEAD || f.phase == Phase::FOLLOW,
          "turn_step is only kept during a lead or follow turn");
  require(f.marriage_suit < 0 || (f.marriage_suit < 4 && f.turn_step == 3 && f.phase == Phase::LEAD),
          "a marriage suit to lead from needs a declaration on this lead");

  // Known and married cards are cards in that player's hand.
  for (int p = 0; p < n; ++p) {
    const std::string who = "player " + std::to_string(p);
    s.known[p] = pick_from(s.hand[p], f.known[p], who + " known cards");
    const Mask m = pick_from(s.hand[p], f.married[p], who + " married cards");
    require(!(m & ~(rank_mask(KING) | rank_mask(QUEEN))), who + ": only kings and queens can be married");
    s.married |= m;
    s.exchange_lost = static_cast<std::uint8_t>(s.exchange_lost | (f.exchange_lost[p] ? 1u << p : 0u));
    require(!f.exchange_lost[p] || r.exchange_lost_if_skipped, "this profile never loses the exchange");
  }
  if (f.marriage_suit >= 0) {
    const int ms = f.marriage_suit;
    require(s.hand[f.to_act] & (code_mask(code_of(ms, KING)) | code_mask(code_of(ms, QUEEN))),
            "the declared marriage's cards are not in the leader's hand");
  }

  // Points: marriages, pending, bonuses.
  for (int p = 0; p < n; ++p) {
    const std::string who = "player " + std::to_string(p);
    require(static_cast<int>(f.declared[p].size()) == kSuits, who + ": declared needs a count per suit");
    int value = 0;
    for (int su = 0; su < kSuits; ++su) {
      const int k = f.declared[p][su];
      require(k >= 0 && k <= r.copies, who + ": impossible number of marriages in one suit");
      require(k == 0 || r.marriages != Marriages::NONE, "this profile has no marriages");
      value += k * (su == s.trump_suit ? r.marriage_royal : r.marriage_common);
      s.declared[p][su] = static_cast<std::uint8_t>(k);
    }
    const int mp = f.marriage_pts[p], pe = f.pending[p];
    require(mp >= 0 && pe >= 0, who + ": negative marriage points");
    const int side_tr = [&] { int t = 0; for (int q = 0; q < n; ++q) if (r.side(q) == r.side(p)) t += s.tricks[q]; return t; }();
    require(pe == 0 || (side_tr == 0 && r.marriage_before_trick == BeforeTrick::PENDING),
            who + ": pending marriage points only wait for the side's first trick");
    if (r.marriage_before_trick == BeforeTrick::ZERO)
      require(mp + pe <= value, who + ": marriage points exceed the marriages declared");
    else
      require(mp + pe == value, who + ": marriage points (" + std::to_string(mp + pe) +
                                    ") do not match the marriages declared (" + std::to_string(value) + ")");
    s.marriage_pts[p] = static_cast<std::int16_t>(mp);
    s.pending[p] = static_cast<std::int16_t>(pe);
    require(f.bonus[p] >= 0 && f.bonus[p] <= 250, who + ": bonus points out of range");
    s.bonus[p] = static_cast<std::int16_t>(f.bonus[p]);
    if (f.phase != Phase::OVER) {
      const int expect = (hands_empty && !closed && p == f.last_trick_winner) ? r.last_trick_bonus : 0;
      require(f.bonus[p] == expect, who + ": bonus points must be " + std::to_string(expect));
    }
    require(f.last_win[p] >= 0 && f.last_win[p] <= total_tricks && ((f.last_win[p] == 0) == (s.tricks[p] == 0)),
            who + ": last_win must be the number of that player's latest trick");
    s.last_win[p] = static_cast<std::uint8_t>(f.last_win[p]);
  }
  if (f.last_trick_winner >= 0)
    require(f.last_win[f.last_trick_winner] == total_tricks, "the last-trick winner won the latest trick");

  for (int p = 0; p < n; ++p)
    s.score[p] = static_cast<std::int16_t>(card_points(s.taken[p]) + s.marriage_pts[p] + s.bonus[p]);
  s.dealer = static_cast<std::int8_t>(f.dealer);
  s.to_act = static_cast<std::int8_t>(f.to_act);
  s.leader = static_cast<std::int8_t>(f.leader);
  s.phase = f.phase;
  s.turn_step = static_cast<std::int8_t>(f.turn_step);
  s.marriage_suit = static_cast<std::int8_t>(f.marriage_suit);
  s.closed_by = static_cast<std::int8_t>(f.closed_by);
  s.close_opp_score = static_cast<std::int16_t>(f.close_opp_score);
  s.close_opp_had_trick = f.close_opp_had_trick;
  s.exchanged_by = static_cast<std::int8_t>(f.exchanged_by);
  s.last_trick_winner = static_cast<std::int8_t>(f.last_trick_winner);
  s.first_to_target = static_cast<std::int8_t>(f.first_to_target);
  s.carry = static_cast<std::int16_t>(f.carry);
  if (!closed)
    require(f.close_opp_score == 0 && !f.close_opp_had_trick,
            "close_opp_score and close_opp_had_trick are only kept once the stock is closed");
  if (closed) {
    const int opp = 1 - r.side(f.closed_by);
    require(f.close_opp_score >= 0 && f.close_opp_score <= s.side_score(opp),
            "the opponent's score at closing cannot exceed the score now");
    require(!f.close_opp_had_trick || s.side_tricks(opp) > 0, "the opponent had a trick at closing but has none now");
  }
  if (f.phase != Phase::OVER)
    for (int side = 0; side < r.sides; ++side) {
      const bool reached = s.side_score(side) >= r.target;
      require(f.first_to_target != side || reached, "first_to_target names a side below the target");
      require(f.first_to_target >= 0 || !reached, "a side at the target needs first_to_target");
    }
  if (f.phase == Phase::OVER) {
    require(static_cast<int>(f.points.size()) == r.sides && static_cast<int>(f.returns.size()) == n,
            "a finished hand needs points per side and returns per player");
    int sum = 0;
    for (int q = 0; q < r.sides; ++q) {
      require(f.points[q] >= 0 && f.points[q] <= 110, "game points out of range");
      s.points[q] = static_cast<std::int16_t>(f.points[q]);
    }
    for (int p = 0; p < n; ++p) {
      require(f.returns[p] >= -220 && f.returns[p] <= 220, "returns out of range");
      s.returns[p] = static_cast<std::int16_t>(f.returns[p]);
      sum += f.returns[p];
    }
    require(sum == 0, "returns must sum to zero");
    if (r.sides == 2) {  // two sides: at most one scores, and the returns are the difference
      require(f.points[0] == 0 || f.points[1] == 0, "only one side can receive game points");
      for (int p = 0; p < n; ++p)
        require(f.returns[p] == f.points[r.side(p)] - f.points[1 - r.side(p)],
                "returns must be the side's game points less the other side's");
    }
    require(f.carry_out >= 0 && f.carry_out <= 110, "carry_out out of range");
    s.carry_out = static_cast<std::int16_t>(f.carry_out);
    s.reason = f.reason;
    require(f.reason != EndReason::NONE, "a finished hand needs its end reason");
  }
  return s;
}

}  // namespace ss
