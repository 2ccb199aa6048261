#include "club_pasts.hpp"

#include <algorithm>
#include <string>
#include <utility>

#include "bits.hpp"
#include "errors.hpp"
#include "rng.hpp"

namespace ss {

ClubPasts::ClubPasts(const State& start, const std::vector<int>& actions, int player, double eps,
                     std::vector<PastDecision> decisions, int low, bool lose_exchange,
                     ClubRules rules)
    : decisions_(std::move(decisions)), deck_(start.R().deck), player_(player), eps_(eps), low_(low),
      lose_exchange_(lose_exchange), rules_(rules) {
  if (!club_supported(start.R()))
    throw PositionError("the club's likelihoods need one copy of each card and no partners");
  if (rules == ClubRules::EXPERT && !expert_supported(start.R()))
    throw PositionError("the full club player's likelihoods need two players and one deck");
  if (player < 0 || player >= start.n())
    throw PositionError("player must be a seat of the hand, got " + std::to_string(player));
  if (!(eps >= 0.0 && eps <= 1.0))
    throw PositionError("eps must be from 0 to 1, got " + std::to_string(eps));
  if (low < -1 || low >= 32) throw PositionError("low must be a card code or -1");
  int drawn_by = 0;
  for (const PastDecision& d : decisions_) {
    if (d.drawn_by < drawn_by) throw PositionError("the decisions' draws must not decrease");
    if ((d.plus | d.minus | d.facts.excluded) & ~deck_)
      throw PositionError("a decision names cards not in the deck");
    if (d.facts.voids > 0xFu) throw PositionError("a decision's void suits must be a 4-bit set");
    drawn_by = d.drawn_by;
  }
  State s = start;
  Voids v = 0;
  std::size_t k = 0;
  for (std::size_t t = 0; t < actions.size(); ++t) {
    const int a = actions[t];
    if (s.over()) throw PositionError("the actions go on after the hand is over");
    if (a < 0 || a >= 512) throw PositionError("action code " + std::to_string(a) + " out of range");
    State next = s;
    if (s.to_act == player) {
      if (k >= decisions_.size() || decisions_[k].index != static_cast<int>(t))
        throw PositionError("the decisions do not fit the player's turns in the actions");
      before_.push_back(s);
      voids_.push_back(v);
      taken_.push_back(static_cast<Action>(a));
      ++k;
      // The player's hand in this replay is one past of many: a card it played may break the
      // follow rule in it (not in the pasts that count), so a card it holds may be played
      // wherever a card is played, whatever the rules of following.
      // Likewise an exchange the replay's past forfeited earlier (holding the low trump where
      // the player could have exchanged): in the pasts that count it was not forfeited.
      if (lose_exchange && kind_of(static_cast<Action>(a)) == EXCHANGE) {
        s.exchange_lost &= static_cast<std::uint8_t>(~(1u << player));
        next = s;
      }
      const bool play_phase = s.phase == Phase::LEAD || s.phase == Phase::FOLLOW;
      const bool held_play = play_phase && kind_of(static_cast<Action>(a)) == PLAY &&
                             (s.hand[player] & bit(arg_of(static_cast<Action>(a))));
      if (!held_play && !s.is_legal(static_cast<Action>(a)))
        throw PositionError("action code " + std::to_string(a) + " does not fit the deal");
      next.apply(static_cast<Action>(a));
    } else {
      next.apply_checked(a);
    }
    v = voids_after(s, static_cast<Action>(a), v, next);
    s = next;
  }
  if (k != decisions_.size())
    throw PositionError("the decisions do not fit the player's turns in the actions");
}

double ClubPasts::likelihood(Mask dealt, const std::vector<int>& drawn) const {
  double lik = 1.0;
  bool lost = false;
  Mask drew = 0;
  int k = 0;
  Action buf[kMaxActions];
  const std::uint8_t me = static_cast<std::uint8_t>(1u << player_);
  for (std::size_t i = 0; i < decisions_.size(); ++i) {
    const PastDecision& d = decisions_[i];
    while (k < d.drawn_by) drew |= bit(drawn[k++]);
    const Mask hand = (dealt | drew | d.plus) & ~d.minus;
    // A past that fits the history holds as many cards as the player held then (and the
    // club's rules may assume a card to play).
    if (popcount64(hand) != popcount64(before_[i].hand[player_])) return 0.0;
    State s = before_[i];
    s.hand[player_] = hand;
    if (lose_exchange_) s.exchange_lost = lost ? (s.exchange_lost | me) : (s.exchange_lost & ~me);
    const Action a = taken_[i];
    const int n = s.legal_actions(buf);
    bool legal = false;
    for (int j = 0; j < n && !legal; ++j) legal = buf[j] == a;
    if (!legal) return 0.0;
    if (n > 1 && !(rules_ == ClubRules::EXPERT && counted(s)))
      lik *= choice(s, i) == a ? 1.0 - eps_ : eps_ / (n - 1);
    if (lik == 0.0) return 0.0;
    if (lose_exchange_ && d.could_exchange && low_ >= 0 && (hand & bit(low_)) &&
        kind_of(a) != EXCHANGE)
      lost = true;
  }
  return lik;
}

bool ClubPasts::counted(const State& s) {
  return (s.phase == Phase::LEAD || s.phase == Phase::FOLLOW) && expert_counts(s);
}

Action ClubPasts::choice(const State& s, std::size_t i) const {
  return rules_ == ClubRules::EXPERT ? expert_action(s, decisions_[i].facts)
                                      : club_action(s, voids_[i]);
}

Mask ClubPasts::card_bit(int code) const {
  if (code < 0 || code >= 32 || !(bit(code) & deck_))
    throw PositionError("card code " + std::to_string(code) + " is not a card of the deck");
  return bit(code);
}

namespace {

void check_slots(const ClubPasts& cp, const PastSlots& p, std::size_t draws_needed) {
  const int slots = p.dealt + p.draws;
  if (p.dealt < 0 || p.draws < 0 || static_cast<int>(p.cards.size()) != slots ||
      p.open.size() != p.cards.size())
    throw PositionError("a past needs one card for each slot: the deal and the hidden draws");
  if (static_cast<std::size_t>(p.draws) < draws_needed)
    throw PositionError("the decisions count more hidden draws than the slots hold");
  for (std::size_t i = 0; i < p.cards.size(); ++i) {
    cp.card_bit(p.cards[i]);
    if (p.open[i] < 0 || p.open[i] > slots) throw PositionError("open slots out of range");
  }
}

// How many pasts mean_exact visits (PastSpace.count): the product of the free slots open to
// each card in turn, the deal's orders divided out.
double past_count(const PastSlots& p) {
  double n = 1.0;
  for (std::size_t i = 0; i < p.cards.size(); ++i) n *= std::max(0, p.open[i] - static_cast<int>(i));
  for (int k = 2; k <= p.dealt; ++k) n /= k;
  return n;
}

}  // namespace

double ClubPasts::mean_exact(const PastSlots& p) const {
  check_slots(*this, p, static_cast<std::size_t>(draws_needed()));
  if (past_count(p) > kMaxExact)
    throw PositionError("too many pasts to value every one: sample them");
  std::vector<int> drawn(p.draws, -1);
  Mask dealt = 0;
  int in_deal = 0;
  double sum = 0.0;
  long long count = 0;
  // Every assignment once, as PastSpace.pasts: the deal as a set, each draw slot a place.
  auto rec = [&](auto&& self, std::size_t i) -> void {
    if (i == p.cards.size()) {
      sum += likelihood(dealt, drawn);
      ++count;
      return;
    }
    const int c = p.cards[i];
    if (in_deal < p.dealt) {
      dealt |= bit(c);
      ++in_deal;
      self(self, i + 1);
      --in_deal;
      dealt &= ~bit(c);
    }
    for (int j = 0; j < p.open[i] - p.dealt; ++j)
      if (drawn[j] < 0) {
        drawn[j] = c;
        self(self, i + 1);
        drawn[j] = -1;
      }
  };
  rec(rec, 0);
  return count ? sum / static_cast<double>(count) : 0.0;
}

double ClubPasts::mean_sampled(const PastSlots& p, int samples, std::uint64_t seed) const {
  check_slots(*this, p, static_cast<std::size_t>(draws_needed()));
  if (samples < 1) throw PositionError("samples must be at least 1");
  SplitMix64 rng(seed);
  const int slots = p.dealt + p.draws;
  std::vector<int> place(slots), free_slots(slots), drawn(p.draws);
  double sum = 0.0;
  for (int k = 0; k < samples; ++k) {
    std::vector<bool> taken(slots, false);
    for (std::size_t i = 0; i < p.cards.size(); ++i) {
      int nfree = 0;
      for (int s = 0; s < p.open[i]; ++s)
        if (!taken[s]) free_slots[nfree++] = s;
      if (nfree == 0) throw PositionError("a card has no open slot: the cards do not fit");
      const int s = free_slots[rng.below(static_cast<std::uint64_t>(nfree))];
      taken[s] = true;
      place[s] = p.cards[i];
    }
    Mask dealt = 0;
    for (int s = 0; s < p.dealt; ++s) dealt |= bit(place[s]);
    for (int j = 0; j < p.draws; ++j) drawn[j] = place[p.dealt + j];
    sum += likelihood(dealt, drawn);
  }
  return sum / samples;
}

}  // namespace ss
