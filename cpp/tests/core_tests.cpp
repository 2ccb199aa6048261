// C++ tests of the core without Python (ctest): perft against tests/data/perft.json, exact
// solver values against tests/data/solver_golden.json, the bounds of searches stopped by limits,
// the club's likelihoods of a replayed hand, and bad input raising the core's exceptions. Usage: core_tests PATH/TO/perft.json. Exit status 0 iff every check passes.
#include <atomic>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "club_pasts.hpp"
#include "errors.hpp"
#include "expert.hpp"
#include "perft.hpp"
#include "position.hpp"
#include "search.hpp"
#include "test_rules.hpp"
#include "worlds.hpp"

using namespace ss;

namespace {

int g_checks = 0, g_failures = 0;

void check(bool ok, const std::string& what) {
  ++g_checks;
  if (!ok) {
    std::fprintf(stderr, "FAIL: %s\n", what.c_str());
    ++g_failures;
  }
}

// Does f() throw E (and not something else, nor nothing)?
template <class E, class F>
void check_throws(F f, const std::string& what) {
  try {
    f();
  } catch (const E&) {
    return;
  } catch (const std::exception& e) {
    check(false, what + ": threw another exception: " + e.what());
    return;
  }
  check(false, what + ": did not throw");
}

State seeded(const RuleSet& r, std::uint64_t seed) {  // as Game.deal(profile, seed=seed)
  return state_from_deal(&r, seeded_deal(r, 0, seed));
}

// perft.json is {"profile": {"seed": [count at depth 0, 1, ...], ...}, ...}: read just that.
using PerftGolden = std::map<std::string, std::map<std::string, std::vector<std::uint64_t>>>;
PerftGolden read_perft(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string t = ss.str();
  PerftGolden out;
  std::size_t i = 0;
  const auto quoted = [&]() {  // the next "string"
    const std::size_t a = t.find('"', i), b = t.find('"', a + 1);
    i = b + 1;
    return t.substr(a + 1, b - a - 1);
  };
  int depth = 0;  // of braces
  std::string profile;
  for (; i < t.size(); ++i) {
    const char c = t[i];
    if (c == '{') ++depth;
    else if (c == '}') --depth;
    else if (c == '"' && depth == 1) profile = quoted(), --i;
    else if (c == '"' && depth == 2) {
      const std::string seed = quoted();
      const std::size_t a = t.find('[', i), b = t.find(']', a);
      std::stringstream nums(t.substr(a + 1, b - a - 1));
      std::vector<std::uint64_t>& v = out[profile][seed];
      for (std::string n; std::getline(nums, n, ',');) v.push_back(std::stoull(n));
      i = b;
    }
  }
  return out;
}

void test_perft(const std::string& path) {
  const PerftGolden golden = read_perft(path);
  int checked = 0;
  for (const char* name : {"sixty-six", "schnapsen", "double-deck", "four-hand"}) {
    const auto it = golden.find(name);
    check(it != golden.end() && it->second.size() >= 3, std::string("perft.json has ") + name);
    if (it == golden.end()) continue;
    const RuleSet r = test::rules_for(name);
    for (const auto& [seed, counts] : it->second) {
      const State s = seeded(r, std::stoull(seed));
      for (std::size_t d = 0; d < counts.size() && counts[d] <= 300000; ++d, ++checked) {
        const std::uint64_t got = perft(s, static_cast<int>(d));
        check(got == counts[d], std::string("perft ") + name + " seed " + seed + " depth " +
                                    std::to_string(d) + ": " + std::to_string(got) + ", expected " +
                                    std::to_string(counts[d]));
      }
    }
  }
  check(checked >= 60, "perft: too few counts checked (" + std::to_string(checked) + ")");
}

// Golden positions: a deal (fields of the position's `start`), the action codes of its
// `actions`, and its values. Copied from tests/data/solver_golden.json (ids as there).
struct Golden {
  const char* id;
  int dealer;
  std::vector<Cards> hands;
  Cards stock, aside;
  int trump_card, carry;
  std::vector<int> actions;
  std::vector<std::pair<Objective, int>> values;
};
constexpr Objective GP = Objective::GAME_POINTS, WIN = Objective::WIN, CP = Objective::CARD_POINTS;
const Golden kGolden[] = {
    {"sixty-six/decision", 1, {{0, 5, 13, 20, 24, 28}, {3, 4, 10, 17, 19, 25}}, {11, 2, 29, 12, 9, 16, 1, 8, 18, 21, 26, 27}, {}, 27, 0, {5, 4}, {{GP, -2}, {WIN, -1}}},
    {"sixty-six/reference", 1, {{0, 1, 2, 3, 8, 10}, {11, 12, 13, 19, 25, 28}}, {29, 24, 9, 26, 27, 17, 5, 18, 20, 21, 4, 16}, {}, 16, 0, {2, 28, 448, 29, 25, 448, 11, 10, 448, 3, 17, 448, 19, 27}, {{GP, -1}, {WIN, -1}, {CP, 44}}},
    {"schnapsen/decision", 1, {{0, 10, 18, 27, 28}, {1, 2, 9, 16, 26}}, {3, 4, 20, 8, 11, 12, 17, 19, 24, 25}, {}, 25, 0, {}, {{GP, 1}, {WIN, 1}}},
    {"schnapsen/reference", 0, {{0, 4, 16, 20, 24}, {3, 9, 11, 12, 19}}, {26, 17, 27, 2, 25, 10, 8, 28, 1, 18}, {}, 18, 0, {12, 4, 19, 16, 64, 0}, {{GP, -1}, {WIN, -1}, {CP, 4}}},
    {"four-hand/mid-trick", 0, {{0, 7, 10, 19, 21, 22, 26, 28}, {6, 8, 9, 15, 18, 20, 29, 30}, {1, 4, 5, 11, 13, 17, 25, 27}, {2, 3, 12, 14, 16, 23, 24, 31}}, {}, {}, 7, 0, {20, 17, 16}, {{GP, 1}, {CP, 67}}},
    {"four-hand/reference", 0, {{5, 10, 17, 18, 20, 22, 29, 30}, {4, 9, 12, 14, 16, 26, 28, 31}, {0, 1, 2, 7, 8, 15, 19, 21}, {3, 6, 11, 13, 23, 24, 25, 27}}, {}, {}, 18, 1, {9, 8, 13, 10, 19, 23, 17, 16, 31, 21, 25, 29}, {{GP, 3}, {WIN, 1}, {CP, 106}}},
    {"double-deck/reference", 0, {{10, 17, 18, 19, 24, 25}, {0, 8, 12, 21, 27, 27}}, {11, 28, 8, 24, 28, 1, 16, 21, 29, 12, 13, 4, 3, 5, 29, 3, 26, 19, 16, 26, 18, 4, 20, 9, 11, 13, 2, 5, 20, 10, 0, 25, 2, 17, 1, 9}, {}, 9, 0, {27, 24, 448, 10, 12, 448, 128}, {{GP, 2}, {WIN, 1}, {CP, 78}}},
};

void test_golden() {
  TranspositionTable tt(16);
  for (const Golden& g : kGolden) {
    const std::string id = g.id;
    const RuleSet r = test::rules_for(id.substr(0, id.find('/')));
    State s = state_from_deal(&r, Deal{g.dealer, g.hands, g.stock, g.aside, g.trump_card, g.carry});
    for (int a : g.actions) s.apply_checked(a);
    for (const auto& [obj, want] : g.values) {
      // Every strict-phase path, with and without score dominance: the same values.
      for (int path : {2, 1, 0}) {
        for (bool dom : {true, false}) {
          set_strict_path(path);
          set_dominance(dom);
          tt.new_generation();
          Search search(tt, obj, s.to_act);
          const int got = search.value(s);
          check(got == want, id + " objective " + std::to_string(int(obj)) + " path " +
                                 std::to_string(path) + " dominance " + std::to_string(dom) +
                                 ": value " + std::to_string(got) + ", expected " +
                                 std::to_string(want));
        }
      }
    }
  }
  set_strict_path(2);
  set_dominance(true);
}

// A node limit or a cancel ends a search with bounds that hold the exact value, for the root
// and every action; the exact calls throw SearchAborted instead.
void test_bounds() {
  TranspositionTable tt(8);
  const std::pair<const char*, Objective> cases[] = {
      {"sixty-six", GP}, {"schnapsen", WIN}, {"sixty-six", CP}, {"four-hand", GP},
      {"double-deck", GP}};
  int stopped = 0;
  for (const auto& [profile, obj] : cases) {
    const RuleSet r = test::rules_for(profile);
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      State s = seeded(r, seed);
      Action buf[kMaxActions];
      for (int i = 0; i < static_cast<int>(seed) * 2 && !s.over(); ++i) {
        const int n = s.legal_actions(buf);
        s.apply(buf[(seed * 7 + i) % n]);
      }
      if (s.over()) continue;
      tt.new_generation();
      Search full(tt, obj, s.to_act);
      const int v = full.value(s);
      const std::vector<ActionValue> exact = full.action_values(s);
      for (std::uint64_t limit : {1, 100, 1000, 10000, 100000}) {
        tt.new_generation();
        Search search(tt, obj, s.to_act, Limits{limit, 0, nullptr});
        const Bounded b = search.value_bounds(s);
        const std::vector<ActionBounds> acts = search.action_bounds(s);
        const std::string id = std::string(profile) + " seed " + std::to_string(seed) +
                               " objective " + std::to_string(int(obj)) + " limit " +
                               std::to_string(limit);
        check(b.lo <= v && v <= b.hi, id + ": root bounds");
        check(b.exact() || search.stopped(), id + ": inexact but not stopped");
        check(acts.size() == exact.size(), id + ": actions");
        for (std::size_t i = 0; i < acts.size() && i < exact.size(); ++i)
          check(acts[i].action == exact[i].action && acts[i].value.lo <= exact[i].value &&
                    exact[i].value <= acts[i].value.hi,
                id + ": action bounds");
        stopped += search.stopped();
      }
    }
  }
  check(stopped > 10, "bounds: too few searches stopped (" + std::to_string(stopped) + ")");
  // A cancel set before the call: no search at all, the sure bounds.
  const RuleSet r = test::rules_for("sixty-six");
  const State s = seeded(r, 3);
  std::atomic<bool> cancel{true};
  Search search(tt, GP, s.to_act, Limits{0, 0, &cancel});
  const Bounded b = search.value_bounds(s);
  check(search.nodes() == 0 && b.lo < b.hi && std::string(search.stop_reason()) == "cancelled",
        "a cancelled search");
}

// A sixty-six hand where both play the club's card but player 1 once plays another: replayed
// with its true hand at each decision, the likelihood is the product of (1 - eps) for the club's
// choices and eps / (legal - 1) for the other; a deal without a card it played gives 0.
void test_club_pasts() {
  const RuleSet r = test::rules_for("sixty-six");
  const State start = seeded(r, 3);
  const int me = 1;
  const double eps = 0.2;
  State s = start;
  Voids v = 0;
  std::vector<int> actions;
  std::vector<PastDecision> decisions;
  double want = 1.0;
  int mine = 0;
  Action buf[kMaxActions];
  while (actions.size() < 24 && !s.over()) {
    Action a = club_action(s, v);
    if (s.to_act == me) {
      const int n = s.legal_actions(buf);
      if (++mine == 3 && n > 1) a = buf[0] == a ? buf[1] : buf[0];  // once, not the club's
      if (n > 1) want *= a == club_action(s, v) ? 1.0 - eps : eps / (n - 1);
      const Mask hand = s.hand[me];
      decisions.push_back(PastDecision{static_cast<int>(actions.size()), 0,
                                       hand & ~start.hand[me], start.hand[me] & ~hand, false, {}});
    }
    State next = s;
    next.apply(a);
    v = voids_after(s, a, v, next);
    s = next;
    actions.push_back(a);
  }
  check(decisions.size() >= 6, "player 1 decided often enough");
  const ClubPasts cp(start, actions, me, eps, decisions, -1, false);
  check(cp.decisions() == static_cast<int>(decisions.size()), "every decision kept");
  const double got = cp.likelihood(start.hand[me], {});
  check(got > 0 && got < 1 && std::abs(got - want) < 1e-12 * want, "the likelihood of the true past");
  const int played = arg_of(static_cast<Action>(actions[decisions.front().index]));
  check(cp.likelihood(start.hand[me] & ~bit(played), {}) == 0.0, "a deal without a card played");
  check_throws<PositionError>([&] {
    ClubPasts(start, actions, me, eps, std::vector<PastDecision>(decisions.begin() + 1,
                                                                  decisions.end()), -1, false);
  }, "decisions that do not fit");
  check_throws<PositionError>([&] { ClubPasts(start, actions, 2, eps, decisions, -1, false); },
                              "a third player in a two-player game");
  check_throws<PositionError>([&] { cp.mean_exact(PastSlots{{1}, {1}, 2, 0}); },
                              "slots without their cards");
}

// The full club player's rules (expert.hpp) in sixty-six and schnapsen: a legal action
// at every decision of seeded hands it plays against itself, no facts given. ClubPasts under
// those rules gives the true past the product of the choices along the play but for the
// decisions the player counts (not weighed), and a card played not in the deal likelihood 0.
void test_expert() {
  for (const char* name : {"sixty-six", "schnapsen"}) {
    const RuleSet r = test::rules_for(name);
    check(expert_supported(r), std::string(name) + ": the expert takes it");
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      const State start = seeded(r, seed);
      const int me = static_cast<int>(seed % 2);
      const double eps = 0.25;
      State s = start;
      std::vector<int> actions;
      std::vector<PastDecision> decisions;
      double want = 1.0;
      Action buf[kMaxActions];
      while (!s.over()) {
        const Action a = expert_action(s, ExpertFacts{});
        check(s.is_legal(a), std::string(name) + ": the expert's action is legal");
        if (!s.is_legal(a)) return;
        if (s.to_act == me) {
          const int n = s.legal_actions(buf);
          const bool counted = (s.phase == Phase::LEAD || s.phase == Phase::FOLLOW) && expert_counts(s);
          if (n > 1 && !counted) want *= 1.0 - eps;
          const Mask hand = s.hand[me];
          decisions.push_back(PastDecision{static_cast<int>(actions.size()), 0,
                                           hand & ~start.hand[me], start.hand[me] & ~hand, false, {}});
        }
        s.apply(a);
        actions.push_back(a);
      }
      const ClubPasts cp(start, actions, me, eps, decisions, -1, false, ClubRules::EXPERT);
      const double got = cp.likelihood(start.hand[me], {});
      check(std::abs(got - want) <= 1e-12 * want, std::string(name) + ": the true past's likelihood");
    }
  }
  const RuleSet two_decks = test::rules_for("double-deck");
  check(!expert_supported(two_decks), "the expert does not take two decks");
  check_throws<PositionError>([&] {
    ClubPasts(seeded(two_decks, 1), {}, 0, 0.2, {}, -1, false, ClubRules::EXPERT);
  }, "the expert's likelihoods with two decks");
}

void test_bad_input() {
  check_throws<ProfileError>([] { RuleSet r; r.players = 5; r.validate(); }, "five players");
  check_throws<ProfileError>([] { RuleSet r; r.hand_size = 20; r.validate(); }, "hands of 20");
  check_throws<ProfileError>([] { RuleSet r = test::rules_for("four-hand"); r.copies = 2; r.validate(); },
                             "a double deck for four");
  const RuleSet r = test::rules_for("sixty-six");
  check_throws<PositionError>([&] { seeded_deal(r, 2, 1); }, "dealer 2 of 2");
  Deal d = seeded_deal(r, 0, 7);
  d.hands[1][0] = d.hands[0][0];  // a card twice
  check_throws<PositionError>([&] { state_from_deal(&r, d); }, "a card dealt twice");
  d = seeded_deal(r, 0, 7);
  d.stock.pop_back();  // a card missing
  check_throws<PositionError>([&] { state_from_deal(&r, d); }, "a card missing");
  d = seeded_deal(r, 0, 7);
  d.hands[0].push_back(31);  // a seven: not in this deck
  check_throws<PositionError>([&] { state_from_deal(&r, d); }, "a card not in the deck");
  Fields f = fields_of(seeded(r, 3));
  f.to_act = 5;
  check_throws<PositionError>([&] { state_from_fields(&r, f); }, "to_act 5");
  f = fields_of(seeded(r, 3));
  f.hands[0].pop_back();
  check_throws<PositionError>([&] { state_from_fields(&r, f); }, "a hand short of a card");
  const State s = seeded(r, 3);
  const std::vector<std::uint8_t> row(row_width(s), 0);  // every card an ace of clubs
  check_throws<PositionError>([&] { place_cards(s, row.data(), row_width(s)); }, "a bad world row");
  for (int a : {-1, 512, int{make_action(CLAIM)}, int{make_action(PLAY, 31)}, int{make_action(DRAW)}}) {
    State c = s;
    check_throws<IllegalActionError>([&] { c.apply_checked(a); }, "action " + std::to_string(a));
  }
  // A budget that ends throws SearchAborted from the exact calls.
  TranspositionTable tt(1);
  Search search(tt, Objective::GAME_POINTS, s.to_act, Limits{100, 0, nullptr});
  check_throws<SearchAborted>([&] { search.value(s); }, "a node limit of 100");
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: core_tests PATH/TO/tests/data/perft.json\n");
    return 2;
  }
  try {
    test_bad_input();
    test_club_pasts();
    test_expert();
    test_perft(argv[1]);
    test_golden();
    test_bounds();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "FAIL: uncaught exception: %s\n", e.what());
    return 1;
  }
  if (g_failures) {
    std::fprintf(stderr, "%d check(s) failed\n", g_failures);
    return 1;
  }
  std::printf("all %d checks passed\n", g_checks);
  return 0;
}
