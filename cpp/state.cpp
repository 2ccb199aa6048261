// Applying actions: start-of-turn actions, playing cards, finishing tricks, drawing.
#include "state.hpp"

#include <initializer_list>
#include <string>

#include "errors.hpp"

namespace ss {

void State::apply_checked(int a) {
  if (a < 0 || a >= 512 || !is_legal(static_cast<Action>(a)))
    throw IllegalActionError("action code " + std::to_string(a) + " is not legal here");
  apply(static_cast<Action>(a));
}

void State::note_score(int s) {
  if (first_to_target < 0 && side_score(s) >= R().target) first_to_target = static_cast<std::int8_t>(s);
}

void State::forfeit_exchange_if_skipped(int p) {
  if (R().exchange_lost_if_skipped && can_exchange(p)) exchange_lost |= static_cast<std::uint8_t>(1u << p);
}

void State::declare(int p, int suit, bool show) {
  const RuleSet& r = R();
  const Mask free = hand[p] & ~married;
  // Of two identical cards show one already known to be in the hand (as play() plays it): the
  // other copy stays hidden, and the others learn of no second copy they cannot tell apart.
  const Mask kings = free & code_mask(code_of(suit, KING));
  const Mask queens = free & code_mask(code_of(suit, QUEEN));
  const int king = lowest(kings & known[p] ? kings & known[p] : kings);
  const int queen = lowest(queens & known[p] ? queens & known[p] : queens);
  married |= bit(king) | bit(queen);
  known[p] |= bit(king) | bit(queen);
  declared[p][suit]++;
  const int value = suit == trump_suit ? r.marriage_royal : r.marriage_common;
  if (side_tricks(side(p)) > 0) {
    marriage_pts[p] = static_cast<std::int16_t>(marriage_pts[p] + value);
    score[p] = static_cast<std::int16_t>(score[p] + value);
    note_score(side(p));
  } else if (r.marriage_before_trick == BeforeTrick::PENDING) {
    pending[p] = static_cast<std::int16_t>(pending[p] + value);
  }  // ZERO: shown for nothing
  turn_step = 3;
  if (!show) marriage_suit = static_cast<std::int8_t>(suit);
}

void State::start_lead(int p) {
  phase = Phase::LEAD;
  leader = static_cast<std::int8_t>(p);
  to_act = static_cast<std::int8_t>(p);
  turn_step = 0;
  marriage_suit = -1;
  if (R().marriage_by_partner) {
    const int partner = (p + 2) % 4;
    for (int s = 0; s < kSuits; ++s)
      if (can_marry(partner, s)) {
        phase = Phase::SHOW;
        to_act = static_cast<std::int8_t>(partner);
        return;
      }
  }
}

void State::draw_cards(int winner) {
  const int loser = 1 - winner;  // a stock means two players
  for (int p : {winner, loser}) {
    const int id = stock[stock_top++];
    hand[p] |= bit(id);
    if (stock_top == stock_end) known[p] |= bit(id);  // the face-up card, seen by all
  }
}

void State::finish_trick() {
  int best = 0;
  for (int i = 1; i < trick_len; ++i)
    if (beats(trick[i], trick[best], trump_suit)) best = i;
  const int winner = (leader + best) % n();
  int pts = 0;
  for (int i = 0; i < trick_len; ++i) {
    taken[winner] |= bit(trick[i]);
    pts += kPoints[rank_of(trick[i])];
  }
  score[winner] = static_cast<std::int16_t>(score[winner] + pts);
  trick_len = 0;
  tricks[winner]++;
  last_win[winner] = ++trick_no;
  last_trick_winner = static_cast<std::int8_t>(winner);
  leader = static_cast<std::int8_t>(winner);  // the winner leads next (after drawing)
  const int s = side(winner);
  for (int p = 0; p < n(); ++p)
    if (side(p) == s) {
      marriage_pts[p] = static_cast<std::int16_t>(marriage_pts[p] + pending[p]);
      score[p] = static_cast<std::int16_t>(score[p] + pending[p]);
      pending[p] = 0;
    }
  if (card_count() == 0) {
    if (closed_by < 0) {
      bonus[winner] = static_cast<std::int16_t>(bonus[winner] + R().last_trick_bonus);
      score[winner] = static_cast<std::int16_t>(score[winner] + R().last_trick_bonus);
    }
    note_score(s);
    if (R().claim != Claim::NONE) {
      phase = Phase::END;
      to_act = static_cast<std::int8_t>(winner);
    } else {
      score_natural();
    }
    return;
  }
  note_score(s);
  if (stock_open()) {
    if (R().close == Close::LEAD_OR_BEFORE_DRAW && stock_len() >= R().close_min_stock) {
      phase = Phase::DRAW;
      to_act = static_cast<std::int8_t>(winner);
      return;
    }
    draw_cards(winner);
  }
  start_lead(winner);
}

void State::apply(Action a) {
  const int p = to_act;
  const int arg = arg_of(a);
  switch (kind_of(a)) {
    case PLAY: {
      forfeit_exchange_if_skipped(p);
      // Of two identical cards play the shown one: the hidden copy keeps its secret and
      // can still join a new marriage.
      const Mask copies = hand[p] & code_mask(arg);
      const Mask shown = copies & (married | known[p]);
      const int id = lowest(shown ? shown : copies);
      hand[p] &= ~bit(id);
      known[p] &= ~bit(id);
      if (trick_len == 0) leader = static_cast<std::int8_t>(p);
      trick[trick_len++] = static_cast<std::uint8_t>(id);
      marriage_suit = -1;
      turn_step = 0;
      if (trick_len < n()) {
        phase = Phase::FOLLOW;
        to_act = static_cast<std::int8_t>((p + 1) % n());
      } else {
        finish_trick();
      }
      return;
    }
    case EXCHANGE: {
      const int low = lowest(hand[p] & code_mask(code_of(trump_suit, R().exchange_rank)));
      const int face = stock[stock_end - 1];
      hand[p] = (hand[p] & ~bit(low)) | bit(face);
      known[p] = (known[p] & ~bit(low)) | bit(face);
      stock[stock_end - 1] = static_cast<std::uint8_t>(low);
      exchanged_by = static_cast<std::int8_t>(p);
      turn_step = 1;
      return;
    }
    case CLOSE: {
      forfeit_exchange_if_skipped(p);
      const int opp = 1 - side(p);
      closed_by = static_cast<std::int8_t>(p);
      close_opp_score = static_cast<std::int16_t>(side_score(opp));
      close_opp_had_trick = side_tricks(opp) > 0;
      if (phase == Phase::DRAW) start_lead(p);
      turn_step = 2;
      return;
    }
    case MARRY:
      forfeit_exchange_if_skipped(p);
      declare(p, arg, false);
      return;
    case SHOW:
      declare(p, arg, true);
      phase = Phase::LEAD;
      to_act = leader;
      return;
    case CLAIM:
      score_claim(p);
      return;
    case PASS:
      if (phase == Phase::SHOW) {
        phase = Phase::LEAD;
        to_act = leader;
      } else {
        score_natural();
      }
      return;
    case DRAW:
      draw_cards(p);
      start_lead(p);
      return;
  }
}

}  // namespace ss
