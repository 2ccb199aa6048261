// The compact, copyable game state of one hand; legal actions into a fixed buffer; apply.
// Search copies the state (copy-make), so apply never allocates and "undo" is keeping the copy.
#pragma once
#include <cstdint>

#include "cards.hpp"
#include "rules.hpp"

namespace ss {

enum class Phase : std::uint8_t { LEAD, FOLLOW, DRAW, SHOW, END, OVER };

enum ActionKind : int { PLAY = 0, EXCHANGE, CLOSE, MARRY, SHOW, CLAIM, PASS, DRAW };
// An action code is kind * 64 + argument (a card code for PLAY, a suit for MARRY and SHOW).
using Action = std::uint16_t;
constexpr Action make_action(int kind, int arg = 0) { return static_cast<Action>(kind * 64 + arg); }
constexpr int kind_of(Action a) { return a >> 6; }
constexpr int arg_of(Action a) { return a & 63; }
constexpr int kMaxActions = 48;

enum class EndReason : std::uint8_t {
  NONE, CLAIM, FALSE_CLAIM, CLOSER_FAILED, LAST_TRICK, FIRST_TO_TARGET, HIGHER_TOTAL, SIDE_TOTAL,
  DEAD_HAND, DRAW
};

struct State {
  const RuleSet* rules = nullptr;  // must outlive the state
  Mask hand[kMaxPlayers] = {};
  Mask taken[kMaxPlayers] = {};   // cards of the tricks each player won
  Mask known[kMaxPlayers] = {};   // cards in hand that everybody has seen (shown, exchanged, drawn face up)
  Mask married = 0;               // cards already used in a marriage
  Mask aside = 0;                 // three-hand dead hand
  std::uint8_t stock[48] = {};    // stock[stock_top .. stock_end): top first, face-up card last
  std::uint8_t stock_top = 0, stock_end = 0;
  std::uint8_t trick[kMaxPlayers] = {};
  std::uint8_t trick_len = 0;
  std::int8_t leader = 0;         // who leads the current trick
  std::int8_t dealer = 0;
  std::int8_t to_act = 0;
  Phase phase = Phase::LEAD;
  std::int8_t turn_step = 0;      // 0 start, 1 exchanged, 2 closed, 3 declared
  std::int8_t marriage_suit = -1; // the lead must be the king or queen of this suit
  std::int8_t trump_suit = 0;
  std::uint8_t trump_card = 0;    // id of the card that set trumps
  std::int8_t closed_by = -1;
  std::int16_t close_opp_score = 0;
  bool close_opp_had_trick = false;
  std::int8_t exchanged_by = -1;
  std::uint8_t exchange_lost = 0; // bit per player
  std::int8_t last_trick_winner = -1;
  std::int8_t first_to_target = -1;  // side
  std::uint8_t trick_no = 0;
  std::uint8_t tricks[kMaxPlayers] = {};
  std::uint8_t last_win[kMaxPlayers] = {};  // trick number of each player's latest trick
  std::uint8_t declared[kMaxPlayers][kSuits] = {};  // marriages declared (or shown) per suit
  std::int16_t marriage_pts[kMaxPlayers] = {};  // credited
  std::int16_t pending[kMaxPlayers] = {};       // waiting for the side's first trick
  std::int16_t bonus[kMaxPlayers] = {};         // last trick, dead hand
  std::int16_t score[kMaxPlayers] = {};         // card points taken + marriage_pts + bonus
  std::int16_t carry = 0;
  // Result, valid when phase == OVER.
  std::int16_t points[kMaxPlayers] = {};   // game points received per side
  std::int16_t returns[kMaxPlayers] = {};  // zero-sum per player
  std::int16_t carry_out = 0;
  EndReason reason = EndReason::NONE;

  // --- queries ---------------------------------------------------------------------------
  const RuleSet& R() const { return *rules; }
  int n() const { return rules->players; }
  int side(int p) const { return rules->side(p); }
  int stock_len() const { return stock_end - stock_top; }
  bool stock_open() const { return closed_by < 0 && stock_len() > 0; }
  bool strict() const { return rules->open_strict || !stock_open(); }
  bool over() const { return phase == Phase::OVER; }
  int side_score(int s) const;
  int side_tricks(int s) const;
  int card_count() const;  // cards still in hands
  Mask stock_cards() const {
    Mask m = 0;
    for (int i = stock_top; i < stock_end; ++i) m |= bit(stock[i]);
    return m;
  }

  bool can_exchange(int p) const;
  bool can_close() const;
  bool can_marry(int p, int suit) const;
  bool can_claim(int p) const;
  Mask playable() const;  // ids the player to act may play
  // scoring.cpp: game points when the closer fails, and the closer's `closing` stakes.
  int closer_fail_points() const;
  int closing_stakes() const;

  // Legal actions (codes, copies collapsed) into buf; returns the count.
  int legal_actions(Action* buf) const;
  bool is_legal(Action a) const;
  // Apply a legal action (unchecked: call is_legal first for untrusted input).
  void apply(Action a);
  // apply() for untrusted input: IllegalActionError unless `a` is a legal action code here.
  void apply_checked(int a);
  // Hand the lead to p (the partner's show window first, where the profile has one).
  void start_lead(int p);
  // strict_state.cpp: play the card `code` in a two-player strict-phase position (stock closed or
  // used up, no marriage to declare): the same result as apply(PLAY) without its general cases.
  void play_strict2(int code);

 private:
  void finish_trick();
  void draw_cards(int winner);
  void note_score(int s);
  void forfeit_exchange_if_skipped(int p);
  void declare(int p, int suit, bool show);
  // scoring.cpp
  void score_claim(int p);
  void score_natural();
  void closer_failed();
  void false_claim(int p);
  void award(int s, int pts, EndReason why);
  void no_winner(EndReason why);
  int normal_rate(int loser_side) const;
  void finish();
};

// Beats: does card `a`, played after `b`, beat it? Identical cards: the first played wins.
inline bool beats(int a, int b, int trump) {
  if (suit_of(a) == suit_of(b)) return rank_of(a) < rank_of(b);
  return suit_of(a) == trump;
}

}  // namespace ss
