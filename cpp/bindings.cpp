// The private pybind11 module `_core`: the only file that knows Python. Cards cross as codes
// (suit * 8 + rank), actions as action codes, positions as dicts of fields.
#include <pybind11/pybind11.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>
#include <pybind11/typing.h>

#include <chrono>
#include <memory>
#include <mutex>
#include <string>
#include <tuple>

#include "batch.hpp"
#include "card_reach.hpp"
#include "club_pasts.hpp"
#include "expert.hpp"
#include "errors.hpp"
#include "horizon.hpp"
#include "horizon_pool.hpp"
#include "interrupt.hpp"
#include "perft.hpp"
#include "race.hpp"
#include "position.hpp"
#include "search.hpp"
#include "state.hpp"
#include "maxn.hpp"
#include "reply_search.hpp"
#include "worlds.hpp"

namespace py = pybind11;
using namespace ss;

namespace {

// The types the stub (_core.pyi) shows: a dict of fields or knobs, the arrays of a batch.
using AnyDict = py::typing::Dict<py::str, py::object>;
using BatchArrays =
    py::typing::Tuple<py::array_t<std::int16_t>, py::array_t<std::uint64_t>, py::array_t<bool>>;

const char* const kPhaseNames[] = {"lead", "follow", "draw", "show", "end", "over"};
const char* const kReasonNames[] = {"none", "claim", "false_claim", "closer_failed", "last_trick",
                                    "first_to_target", "higher_total", "side_total", "dead_hand",
                                    "draw"};

// A knob enum's value names, in the enum's order: its enumerators in lower case (rules.hpp).
template <class E>
const std::vector<std::string>& value_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out(1);
    for (const char* c = KnobEnum<E>::kEnumerators; *c; ++c) {
      if (*c == ',') out.emplace_back();
      else if (*c != ' ') out.back() += static_cast<char>(*c >= 'A' && *c <= 'Z' ? *c - 'A' + 'a' : *c);
    }
    return out;
  }();
  return names;
}

template <class E>
E pick(const py::dict& d) {
  const char* key = KnobEnum<E>::kKnob;
  const std::string v = py::str(d[key]);
  const auto& names = value_names<E>();
  for (size_t i = 0; i < names.size(); ++i)
    if (v == names[i]) return static_cast<E>(i);
  throw ProfileError(std::string(key) + ": unknown value '" + v + "'");
}

const std::string kRankLetters = "ATKQJ987";

int rank_index(const std::string& v, const char* key) {
  if (v == "none") return -1;
  if (v.size() == 1 && kRankLetters.find(v[0]) != std::string::npos)
    return static_cast<int>(kRankLetters.find(v[0]));
  throw ProfileError(std::string(key) + ": unknown rank '" + v + "'");
}

// knob -> the names of its values, in order: low_rank, exchange_rank and every enum knob.
py::typing::Dict<py::str, py::typing::Tuple<py::str, py::ellipsis>> knob_vocabulary() {
  py::typing::Dict<py::str, py::typing::Tuple<py::str, py::ellipsis>> out;
  py::list low, exchange;
  exchange.append("none");
  for (int r : kLowRanks) {
    low.append(std::string(1, kRankLetters[r]));
    exchange.append(std::string(1, kRankLetters[r]));
  }
  out["low_rank"] = py::tuple(low);
  out["exchange_rank"] = py::tuple(exchange);
#define SS_VOCABULARY(Enum, knob, ...) out[#knob] = py::tuple(py::cast(value_names<Enum>()));
  SS_KNOB_ENUMS(SS_VOCABULARY)
#undef SS_VOCABULARY
  return out;
}

// knob -> (lowest, highest) for the numeric knobs; a pair knob ("name[i]") once, by its name.
py::typing::Dict<py::str, py::typing::Tuple<int, int>> knob_ranges() {
  py::typing::Dict<py::str, py::typing::Tuple<int, int>> out;
  for (const IntKnob& k : kIntKnobs) {
    const std::string name(k.name);
    const std::string key = name.substr(0, name.find('['));
    if (!out.contains(key)) out[py::str(key)] = py::make_tuple(k.lo, k.hi);
  }
  return out;
}

std::shared_ptr<RuleSet> rules_from_dict(const AnyDict& d) {
  auto r = std::make_shared<RuleSet>();
  try {
    r->players = d["players"].cast<int>();
    r->low_rank = rank_index(py::str(d["low_rank"]), "low_rank");
    r->copies = d["copies"].cast<int>();
    r->hand_size = d["hand_size"].cast<int>();
    r->aside = d["aside"].cast<int>();
    r->open_strict = d["open_strict"].cast<bool>();
    r->must_head = pick<Head>(d);
    r->must_trump = d["must_trump"].cast<bool>();
    r->must_overtrump = d["must_overtrump"].cast<bool>();
    r->exchange_rank = rank_index(py::str(d["exchange_rank"]), "exchange_rank");
    r->exchange_timing = pick<Timing>(d);
    r->exchange_needs_trick = d["exchange_needs_trick"].cast<bool>();
    r->exchange_lost_if_skipped = d["exchange_lost_if_skipped"].cast<bool>();
    r->exchange_min_stock = d["exchange_min_stock"].cast<int>();
    r->marriages = pick<Marriages>(d);
    r->marriage_before_trick = pick<BeforeTrick>(d);
    r->marriage_by_partner = d["marriage_by_partner"].cast<bool>();
    auto mp = d["marriage_points"].cast<std::pair<int, int>>();
    r->marriage_common = mp.first;
    r->marriage_royal = mp.second;
    r->close = pick<Close>(d);
    r->close_min_stock = d["close_min_stock"].cast<int>();
    r->last_trick_bonus = d["last_trick_bonus"].cast<int>();
    r->claim = pick<Claim>(d);
    r->false_claim = pick<FalseClaim>(d);
    r->close_stakes = pick<CloseStakes>(d);
    r->close_fail = pick<CloseFail>(d);
    r->natural_end = pick<NaturalEnd>(d);
    r->draw_carry = d["draw_carry"].cast<int>();
    r->target = d["target"].cast<int>();
    r->schneider = d["schneider"].cast<int>();
    r->match_target = d["match_target"].cast<int>();
  } catch (const py::error_already_set& e) {
    throw ProfileError(std::string("bad knob: ") + e.what());
  } catch (const py::cast_error& e) {
    throw ProfileError(std::string("bad knob value: ") + e.what());
  }
  r->validate();
  return r;
}

// A state together with the rules it points to (kept alive by the shared pointer).
struct PyState {
  std::shared_ptr<const RuleSet> rules;
  State s;
};

// ClubPasts keeps states that point at their rules: the rules live as long as it does.
struct PyClubPasts {
  std::shared_ptr<const RuleSet> rules;
  ClubPasts pasts;
};

AnyDict deal_to_dict(const Deal& d) {
  AnyDict out;
  out["dealer"] = d.dealer;
  out["hands"] = d.hands;
  out["stock"] = d.stock;
  out["aside"] = d.aside;
  out["trump_card"] = d.trump_card;
  out["carry"] = d.carry;
  return out;
}

AnyDict fields_to_dict(const Fields& f) {
  AnyDict d;
  d["dealer"] = f.dealer;
  d["to_act"] = f.to_act;
  d["leader"] = f.leader;
  d["phase"] = kPhaseNames[static_cast<int>(f.phase)];
  d["hands"] = f.hands;
  d["known"] = f.known;
  d["married"] = f.married;
  d["taken"] = f.taken;
  d["stock"] = f.stock;
  d["aside"] = f.aside;
  d["trick"] = f.trick;
  d["trump_card"] = f.trump_card;
  d["closed_by"] = f.closed_by;
  d["close_opp_score"] = f.close_opp_score;
  d["close_opp_had_trick"] = f.close_opp_had_trick;
  d["exchanged_by"] = f.exchanged_by;
  d["exchange_lost"] = f.exchange_lost;
  d["turn_step"] = f.turn_step;
  d["marriage_suit"] = f.marriage_suit;
  d["declared"] = f.declared;
  d["marriage_points"] = f.marriage_pts;
  d["pending"] = f.pending;
  d["bonus"] = f.bonus;
  d["last_win"] = f.last_win;
  d["last_trick_winner"] = f.last_trick_winner;
  d["first_to_target"] = f.first_to_target;
  d["carry"] = f.carry;
  d["points"] = f.points;
  d["returns"] = f.returns;
  d["carry_out"] = f.carry_out;
  d["reason"] = kReasonNames[static_cast<int>(f.reason)];
  return d;
}

template <class T>
T get(const py::dict& d, const char* key) {
  if (!d.contains(key)) throw PositionError(std::string("missing field '") + key + "'");
  try {
    return d[key].cast<T>();
  } catch (const py::cast_error&) {
    throw PositionError(std::string("field '") + key + "' has the wrong type");
  }
}

template <class E, size_t N>
E name_index(const py::dict& d, const char* key, const char* const (&names)[N]) {
  const auto v = get<std::string>(d, key);
  for (size_t i = 0; i < N; ++i)
    if (v == names[i]) return static_cast<E>(i);
  throw PositionError(std::string("field '") + key + "': unknown value '" + v + "'");
}

Fields fields_from_dict(const py::dict& d) {
  Fields f;
  f.dealer = get<int>(d, "dealer");
  f.to_act = get<int>(d, "to_act");
  f.leader = get<int>(d, "leader");
  f.phase = name_index<Phase>(d, "phase", kPhaseNames);
  f.hands = get<std::vector<Cards>>(d, "hands");
  f.known = get<std::vector<Cards>>(d, "known");
  f.married = get<std::vector<Cards>>(d, "married");
  f.taken = get<std::vector<Cards>>(d, "taken");
  f.stock = get<Cards>(d, "stock");
  f.aside = get<Cards>(d, "aside");
  f.trick = get<Cards>(d, "trick");
  f.trump_card = get<int>(d, "trump_card");
  f.closed_by = get<int>(d, "closed_by");
  f.close_opp_score = get<int>(d, "close_opp_score");
  f.close_opp_had_trick = get<bool>(d, "close_opp_had_trick");
  f.exchanged_by = get<int>(d, "exchanged_by");
  f.exchange_lost = get<std::vector<int>>(d, "exchange_lost");
  f.turn_step = get<int>(d, "turn_step");
  f.marriage_suit = get<int>(d, "marriage_suit");
  f.declared = get<std::vector<std::vector<int>>>(d, "declared");
  f.marriage_pts = get<std::vector<int>>(d, "marriage_points");
  f.pending = get<std::vector<int>>(d, "pending");
  f.bonus = get<std::vector<int>>(d, "bonus");
  f.last_win = get<std::vector<int>>(d, "last_win");
  f.last_trick_winner = get<int>(d, "last_trick_winner");
  f.first_to_target = get<int>(d, "first_to_target");
  f.carry = get<int>(d, "carry");
  if (f.phase == Phase::OVER) {
    f.points = get<std::vector<int>>(d, "points");
    f.returns = get<std::vector<int>>(d, "returns");
    f.carry_out = get<int>(d, "carry_out");
    f.reason = name_index<EndReason>(d, "reason", kReasonNames);
  }
  return f;
}

Objective objective_of(const std::string& name) {
  if (name == "game_points") return Objective::GAME_POINTS;
  if (name == "win") return Objective::WIN;
  if (name == "card_points") return Objective::CARD_POINTS;
  if (name == "tricks") return Objective::TRICKS;  // (the core's own; tests reach it)
  throw IllegalActionError("unknown objective '" + name + "': use game_points, win or card_points");
}

Limits limits_of(std::uint64_t nodes, double seconds) {
  if (seconds < 0) throw IllegalActionError("time limit must not be negative");
  return Limits{nodes, seconds};
}

void require_live(const State& s) {
  if (s.over()) throw PositionError("the hand is over: there is nothing to solve");
}

// The seat's open-card foresight against the club (reply_search.hpp): -1 (to the end) or 0-64.
void require_lookahead(int lookahead) {
  if (lookahead < -1 || lookahead > 64)
    throw IllegalActionError("lookahead must be -1 (to the end) or 0 to 64, got " +
                             std::to_string(lookahead));
}

// The club's rules in the core (club.hpp) take one deck and no partners, and voids of its players.
void require_club(const State& s, int voids) {
  if (!club_supported(s.R()))
    throw PositionError("the club's replies need one copy of each card and no partners (not "
                        "double-deck or the four-hand games)");
  if (voids < 0 || voids >= (1 << (kSuits * s.n())))
    throw IllegalActionError("voids must be bits player * 4 + suit, got " + std::to_string(voids));
}

// What a history rules out of a hand, as the full club player takes it (expert.hpp), checked
// against the deal of `s`.
ExpertFacts expert_facts(const State& s, Mask excluded, unsigned voids) {
  if (excluded & ~s.R().deck) throw PositionError("excluded names cards not in the deck");
  if (voids > 0xFu) throw PositionError("voids must be a set of suits (bits 0-3)");
  return ExpertFacts{excluded, voids};
}

// A cancel flag that Python holds and sets from any thread; a call keeps it alive while it runs.
struct PyCancelToken {
  std::shared_ptr<std::atomic<bool>> flag = std::make_shared<std::atomic<bool>>(false);
};

// The flag one call stops by: the caller's token, or one of its own (for Ctrl-C).
// The token a call was given (None: none); typed Optional so the stub says `CancelToken | None`.
const PyCancelToken* token_of(const py::typing::Optional<PyCancelToken>& o) {
  return o.is_none() ? nullptr : o.cast<const PyCancelToken*>();
}

std::shared_ptr<std::atomic<bool>> call_flag(const PyCancelToken* token) {
  return token ? token->flag : std::make_shared<std::atomic<bool>>(false);
}

// After a call that a Ctrl-C stopped (SigintGuard: `interrupt`, asked for by Python's main
// thread only): the signal goes on to Python's own handler, which raises KeyboardInterrupt
// unless the program installed another.
void hand_on_sigint(bool interrupted) {
  if (!interrupted) return;
  PyErr_SetInterrupt();
  if (PyErr_CheckSignals() != 0) throw py::error_already_set();
}

py::array_t<std::int16_t> int16s(const std::vector<std::int16_t>& v) {
  return py::array_t<std::int16_t>(v.size(), v.data());
}

// A transposition table and a lock: one solve at a time per solver object.
struct PySolver {
  explicit PySolver(std::size_t mib) : tt(mib) {}
  TranspositionTable tt;
  std::mutex lock;
};

// A horizon search's table and a lock: one search at a time per object.
struct PyHorizon {
  explicit PyHorizon(std::size_t mib) : tt(mib) {}
  TranspositionTable tt;
  std::mutex lock;
};

std::vector<double> horizon_weights(const std::vector<double>& w) {
  if (static_cast<int>(w.size()) != kHorizonFeatures)
    throw IllegalActionError("horizon weights: " + std::to_string(kHorizonFeatures) +
                             " numbers, got " + std::to_string(w.size()));
  return w;
}

AnyDict horizon_search(PyHorizon& h, const PyState& ps, const std::vector<double>& weights,
                        int max_depth, std::uint64_t node_limit, double time_limit) {
  require_live(ps.s);
  if (max_depth < 0 || max_depth > 64) throw IllegalActionError("max_depth must be 0..64");
  const std::vector<double> w = horizon_weights(weights);
  const Limits lim = limits_of(node_limit, time_limit);
  HorizonOut out;
  {
    py::gil_scoped_release release;
    std::lock_guard<std::mutex> guard(h.lock);
    out = horizon_values(ps.s, w, h.tt, HorizonLimits{max_depth, lim.max_nodes, lim.max_seconds});
  }
  AnyDict d;
  d["actions"] = std::vector<int>(out.actions.begin(), out.actions.end());
  d["values"] = out.values;
  d["exact"] = std::vector<bool>(out.exact.begin(), out.exact.end());
  d["depth"] = out.depth;
  d["nodes"] = out.nodes;
  d["scale"] = kHorizonScale;
  return d;
}

// A horizon pool and a lock: one call at a time per pool.
struct PyHorizonPool {
  PyHorizonPool(int threads, std::size_t mib) : pool(threads, mib) {}
  HorizonPool pool;
  std::mutex lock;
};

using HorizonArrays = py::typing::Tuple<py::array_t<double>, py::array_t<bool>,
                                        py::array_t<std::uint64_t>, py::array_t<std::uint8_t>,
                                        py::array_t<bool>>;

// Rows of card codes -> worlds, each action valued by the horizon search (horizon_pool.hpp):
// values in game points (floats), exact flags, nodes, depth and aborted per world.
HorizonArrays horizon_rows(PyHorizonPool& hp, const PyState& base,
                           py::array_t<std::uint8_t, py::array::c_style | py::array::forcecast> rows,
                           const std::vector<int>& actions, const std::vector<double>& weights,
                           int max_depth, std::uint64_t node_limit, double deadline,
                           bool interrupt) {
  require_live(base.s);
  if (max_depth < 0 || max_depth > 64) throw IllegalActionError("max_depth must be 0..64");
  const std::vector<double> w = horizon_weights(weights);
  if (rows.ndim() != 2) throw PositionError("worlds must be a 2-d array of card codes");
  const int width = row_width(base.s);
  if (rows.shape(1) != width)
    throw PositionError("each world needs " + std::to_string(width) + " card codes, got " +
                        std::to_string(rows.shape(1)));
  if (actions.empty()) throw IllegalActionError("no actions to value");
  std::vector<Action> acts;
  for (int a : actions) {
    if (a < 0 || a >= 64 * 8) throw IllegalActionError("bad action code " + std::to_string(a));
    acts.push_back(static_cast<Action>(a));
  }
  const std::size_t n = rows.shape(0), k = acts.size();
  std::vector<State> worlds;
  worlds.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    worlds.push_back(place_cards(base.s, rows.data() + i * width, width));
    for (Action a : acts)
      if (worlds.back().over() || !worlds.back().is_legal(a))
        throw IllegalActionError("action code " + std::to_string(a) + " is not legal in world " +
                                 std::to_string(i));
  }
  HorizonRowsOut out;
  bool interrupted = false;
  {
    py::gil_scoped_release release;
    std::lock_guard<std::mutex> guard(hp.lock);
    SigintGuard sigint(hp.pool.flag(), interrupt);
    out = hp.pool.run(worlds, acts, w, max_depth, node_limit, deadline);
    interrupted = sigint.interrupted();
  }
  hand_on_sigint(interrupted);
  py::array_t<double> values({n, k});
  py::array_t<bool> exact({n, k});
  auto v = values.mutable_unchecked<2>();
  auto e = exact.mutable_unchecked<2>();
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < k; ++j) {
      v(i, j) = out.values[i * k + j] / static_cast<double>(kHorizonScale);
      e(i, j) = out.exact[i * k + j] != 0;
    }
  py::array_t<std::uint64_t> nodes(out.nodes.size(), out.nodes.data());
  py::array_t<std::uint8_t> depth(out.depth.size(), out.depth.data());
  py::array_t<bool> aborted(n);
  auto ab = aborted.mutable_unchecked<1>();
  for (std::size_t i = 0; i < n; ++i) ab(i) = out.aborted[i] != 0;
  return HorizonArrays(py::make_tuple(values, exact, nodes, depth, aborted));
}

// A world pool and a lock: one call at a time per pool. cancel() sets the running call's flag
// (held here, under its own lock, so that a late cancel never touches a finished call's flag).
struct PyWorldPool {
  PyWorldPool(int threads, std::size_t mib, bool shared = false) : pool(threads, mib, shared) {}
  WorldPool pool;
  std::mutex lock;
  std::mutex flag_lock;
  std::shared_ptr<std::atomic<bool>> flag;  // the running call's (null between calls)
  void cancel() {
    std::lock_guard<std::mutex> guard(flag_lock);
    if (flag) flag->store(true);
  }
  void running(std::shared_ptr<std::atomic<bool>> f) {
    std::lock_guard<std::mutex> guard(flag_lock);
    flag = std::move(f);
  }
};

// Rows of card codes -> worlds, each line valued in each (see worlds.hpp).
BatchArrays solve_rows(PyWorldPool& pool, const PyState& base,
                     py::array_t<std::uint8_t, py::array::c_style | py::array::forcecast> rows,
                     const std::vector<std::vector<int>>& lines, const std::string& objective,
                     std::uint64_t node_limit, double time_limit, bool share_table, double deadline,
                     const py::typing::Optional<PyCancelToken>& cancel_arg, bool interrupt, int voids,
                     int lookahead, const std::vector<std::tuple<Mask, unsigned>>& facts) {
    // "maxn": every side plays for itself (maxn.hpp); "club": the seat's best line against
    // players who follow the basic club's rules, `voids` known (reply_search.hpp); "expert":
    // the same against the full club player's, `facts` (per player, what the history ruled out
    // of that player's hand: excluded cards, void suits) known too. They give utilities, not
    // game points.
    const bool expert = objective == "expert";
    const Objective obj = objective == "maxn" ? Objective::MAXN
                          : objective == "club" || expert ? Objective::CLUB
                                                          : objective_of(objective);
    ReplyModel model;
    if (expert) {
      if (!expert_supported(base.s.R()))
        throw PositionError("the full club player's replies need two players and one deck");
      if (!facts.empty() && facts.size() != 2)
        throw IllegalActionError("facts take one (excluded, voids) pair per player");
      model.expert = true;
      for (std::size_t p = 0; p < facts.size(); ++p) {
        const auto [excluded, void_suits] = facts[p];
        model.about[p] = expert_facts(base.s, excluded, void_suits);
      }
    } else if (!facts.empty()) {
      throw IllegalActionError("facts are for the objective 'expert' only");
    }
    if (obj == Objective::CLUB) require_club(base.s, voids);
    else if (voids != 0) throw IllegalActionError("voids are for the objectives 'club' and 'expert' only");
    require_lookahead(lookahead);
    if (obj != Objective::CLUB && lookahead != -1)
      throw IllegalActionError("lookahead is for the objectives 'club' and 'expert' only");
    Limits lim = limits_of(node_limit, time_limit);
    const auto flag = call_flag(token_of(cancel_arg));
    lim.cancel = flag.get();
    require_live(base.s);
    if (obj == Objective::MAXN && base.s.R().sides > kMaxnSides)
      throw PositionError("maxn takes at most three sides");
    if (rows.ndim() != 2) throw PositionError("worlds must be a 2-d array of card codes");
    const int width = row_width(base.s);
    if (rows.shape(1) != width)
      throw PositionError("each world needs " + std::to_string(width) + " card codes, got " +
                          std::to_string(rows.shape(1)));
    if (lines.empty()) throw IllegalActionError("no actions to value");
    std::vector<Line> acts;
    for (const auto& line : lines) {
      if (line.empty() || line.size() > 8) throw IllegalActionError("a line holds 1 to 8 actions");
      Line l;
      for (int a : line) {
        if (a < 0 || a >= 64 * 8) throw IllegalActionError("bad action code " + std::to_string(a));
        if (obj == Objective::CARD_POINTS && kind_of(static_cast<Action>(a)) == CLAIM)
          throw IllegalActionError("card_points ignores claims: a claim has no card-point value");
        l.push_back(static_cast<Action>(a));
      }
      acts.push_back(l);
    }
    const std::size_t n = rows.shape(0);
    std::vector<State> worlds;
    worlds.reserve(n);
    const std::uint8_t* data = rows.data();
    for (std::size_t w = 0; w < n; ++w) {
      worlds.push_back(place_cards(base.s, data + w * width, width));
      for (const Line& l : acts) {  // every line must be legal in every world
        State c = worlds.back();
        for (Action a : l) {
          if (c.over() || !c.is_legal(a))
            throw IllegalActionError("action code " + std::to_string(a) + " is not legal in world " +
                                     std::to_string(w));
          c.apply(a);
        }
      }
    }
    WorldsOut out;
    bool interrupted = false;
    {
      SigintGuard sigint(flag.get(), interrupt);
      py::gil_scoped_release release;
      std::lock_guard<std::mutex> guard(pool.lock);
      pool.running(flag);
      out = pool.pool.solve(worlds, acts, obj, lim, share_table, deadline, static_cast<Voids>(voids),
                            lookahead, model);
      pool.running(nullptr);
      interrupted = sigint.interrupted();
    }
    hand_on_sigint(interrupted);
    py::array_t<std::int16_t> values({n, acts.size()});
    std::copy(out.values.begin(), out.values.end(), values.mutable_data());
    py::array_t<std::uint64_t> nodes(out.nodes.size(), out.nodes.data());
    py::array_t<bool> aborted(out.aborted.size());
    auto ab = aborted.mutable_unchecked<1>();
    for (size_t i = 0; i < out.aborted.size(); ++i) ab(i) = out.aborted[i] != 0;
    return BatchArrays(py::make_tuple(values, nodes, aborted));
}

// Two hands of a strict ending for the tests of card_reach and race (codes 0..31, a second
// copy of a code goes to the high bit), and the lead already played (-1: none), checked.
struct TwoHands {
  Mask x = 0, y = 0;
  int lead = -1;
};
TwoHands two_hands(const RuleSet& r, int trump, const std::vector<int>& hand_x,
                   const std::vector<int>& hand_y, int lead, bool x_leads) {
  if (trump < 0 || trump >= kSuits) throw PositionError("trump suit must be 0..3");
  TwoHands h;
  Mask seen = 0;
  const auto take = [&](int c) {
    if (c < 0 || c >= 32 || (c & 7) > r.low_rank) throw PositionError("card not in the deck");
    const Mask b = seen & bit(c) ? bit(c + 32) : bit(c);  // a second copy: the high bit
    if (seen & b || (r.copies < 2 && b != bit(c))) throw PositionError("too many copies of a card");
    seen |= b;
    return lowest(b);
  };
  for (int x = 0; x < 2; ++x)
    for (int c : x ? hand_y : hand_x) (x ? h.y : h.x) |= bit(take(c));
  if (lead < -1) throw PositionError("lead must be a card or -1");
  if (lead >= 0) h.lead = take(lead);
  const int nl = popcount(x_leads ? h.x : h.y) + (lead >= 0), nf = popcount(x_leads ? h.y : h.x);
  if (nl != nf) throw PositionError("the hands must be as long (the lead counted)");
  if (!nf) throw PositionError("the hands are empty");
  return h;
}

void raise_as(const char* cls, const char* msg) {
  py::object err = py::module_::import("sixtysix_solver.errors").attr(cls);
  PyErr_SetString(err.ptr(), msg);
}

}  // namespace

PYBIND11_MODULE(_core, m) {
  m.doc() = "sixtysix_solver's compiled core (private: use the sixtysix_solver package)";

  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const ss::ProfileError& e) {
      raise_as("ProfileError", e.what());
    } catch (const ss::PositionError& e) {
      raise_as("PositionError", e.what());
    } catch (const ss::IllegalActionError& e) {
      raise_as("IllegalActionError", e.what());
    } catch (const ss::SearchAborted& e) {
      raise_as("SearchLimitError", e.what());
    }
  });

  m.def("knob_vocabulary", &knob_vocabulary,
        "Each named knob's values in the core's order (rules.hpp): knob -> tuple of names.");
  m.def("knob_ranges", &knob_ranges,
        "Each numeric knob's bounds (rules.hpp): knob -> (lowest, highest).");
  m.def("beats", [](int a, int b, int trump) {
    if (a < 0 || a >= kCodes || b < 0 || b >= kCodes) throw PositionError("card codes are 0..31");
    if (trump < 0 || trump >= kSuits) throw PositionError("trump suit must be 0..3");
    return beats(a, b, trump);
  }, py::arg("a"), py::arg("b"), py::arg("trump"),
     "Whether card a, played after b, beats it (state.hpp; for the tests of rules/cards.py).");

  py::class_<RuleSet, std::shared_ptr<RuleSet>>(m, "RuleSet")
      .def(py::init(&rules_from_dict), py::arg("knobs"))
      .def_readonly("deck_size", &RuleSet::deck_size)
      .def_readonly("stock_size", &RuleSet::stock_size)
      .def_readonly("players", &RuleSet::players)
      .def_readonly("sides", &RuleSet::sides);

  m.def("set_strict_path", &set_strict_path, py::arg("mode"),
        "The two-player strict-phase search: 0 off, 1 on the State, 2 compact (values never change).");
  m.def("set_dominance", &set_dominance, py::arg("on"),
        "Score-dominance table entries in the strict-phase search (default on; values never "
        "depend on it).");
  m.def("dominance", &dominance);
  m.def("strict_path", &strict_path);
  m.def("card_reach", [](const RuleSet& r, int trump, const std::vector<int>& hand_x,
                          const std::vector<int>& hand_y, bool x_leads, int need) {
    // (for the tests: the card-point search that proves a close failed, on its own)
    const TwoHands h = two_hands(r, trump, hand_x, hand_y, -1, x_leads);
    return card_reach(r, trump, h.x, h.y, x_leads, need);
  }, py::arg("rules"), py::arg("trump"), py::arg("hand_x"), py::arg("hand_y"),
     py::arg("x_leads"), py::arg("need"));
  m.def("race", [](const RuleSet& r, int trump, const std::vector<int>& hand_x,
                   const std::vector<int>& hand_y, bool x_leads, int lead, int need_x,
                   int need_y, const std::string& end, int bonus, bool draw_will_do) {
    // (for the tests: the search of who reaches the target first, on its own)
    const TwoHands h = two_hands(r, trump, hand_x, hand_y, lead, x_leads);
    static const std::pair<const char*, RaceEnd> kEnds[] = {
        {"x_loses", RaceEnd::X_LOSES}, {"x_wins", RaceEnd::X_WINS},
        {"last_trick", RaceEnd::LAST_TRICK}, {"draw", RaceEnd::DRAW}};
    for (const auto& [name, e] : kEnds)
      if (end == name) {
        if (bonus < 0 || bonus > 100) throw PositionError("bonus must be 0..100");
        if (need_x < -200 || need_x > 200 || need_y < -200 || need_y > 200)
          throw PositionError("needs must be -200..200");
        const RaceSpec spec{&r, trump, e, bonus, draw_will_do};
        return race(spec, h.x, h.y, x_leads, h.lead, need_x, need_y);
      }
    throw PositionError("end must be x_loses, x_wins, last_trick or draw");
  }, py::arg("rules"), py::arg("trump"), py::arg("hand_x"), py::arg("hand_y"),
     py::arg("x_leads"), py::arg("lead"), py::arg("need_x"), py::arg("need_y"), py::arg("end"),
     py::arg("bonus"), py::arg("draw_will_do"));
  m.def("seeded_deal", [](const RuleSet& r, int dealer, std::uint64_t seed) {
    return deal_to_dict(seeded_deal(r, dealer, seed));
  }, py::arg("rules"), py::arg("dealer"), py::arg("seed"));

  py::class_<PyState>(m, "State")
      .def_static("from_deal", [](std::shared_ptr<RuleSet> r, int dealer, std::vector<Cards> hands,
                                  Cards stock, Cards aside, int trump_card, int carry) {
        Deal d{dealer, std::move(hands), std::move(stock), std::move(aside), trump_card, carry};
        PyState ps{r, {}};
        ps.s = state_from_deal(ps.rules.get(), d);
        return ps;
      }, py::arg("rules"), py::arg("dealer"), py::arg("hands"), py::arg("stock"),
         py::arg("aside"), py::arg("trump_card"), py::arg("carry"))
      .def_static("from_fields", [](std::shared_ptr<RuleSet> r, const AnyDict& d) {
        PyState ps{r, {}};
        ps.s = state_from_fields(ps.rules.get(), fields_from_dict(d));
        return ps;
      }, py::arg("rules"), py::arg("fields"))
      .def("fields", [](const PyState& ps) { return fields_to_dict(fields_of(ps.s)); })
      .def("copy", [](const PyState& ps) { return ps; })
      .def_property_readonly("to_act", [](const PyState& ps) { return static_cast<int>(ps.s.to_act); })
      .def_property_readonly("phase", [](const PyState& ps) { return kPhaseNames[static_cast<int>(ps.s.phase)]; })
      .def_property_readonly("over", [](const PyState& ps) { return ps.s.over(); })
      .def_property_readonly("strict", [](const PyState& ps) { return ps.s.strict(); })
      .def("legal_actions", [](const PyState& ps) {
        Action buf[kMaxActions];
        const int k = ps.s.legal_actions(buf);
        return std::vector<int>(buf, buf + k);
      })
      .def("is_legal", [](const PyState& ps, int a) {
        return a >= 0 && a < 512 && ps.s.is_legal(static_cast<Action>(a));
      }, py::arg("action"))
      .def("apply", [](PyState& ps, int a) { ps.s.apply_checked(a); }, py::arg("action"))
      .def("scores", [](const PyState& ps) {
        std::vector<int> out;
        for (int q = 0; q < ps.s.R().sides; ++q) out.push_back(ps.s.side_score(q));
        return out;
      })
      .def("perft", [](const PyState& ps, int depth) {
        if (depth < 0 || depth > 64) throw IllegalActionError("perft depth must be 0..64");
        py::gil_scoped_release release;
        return perft(ps.s, depth);
      }, py::arg("depth"));

  py::class_<PyCancelToken>(m, "CancelToken")
      .def(py::init<>())
      .def("cancel", [](PyCancelToken& t) { t.flag->store(true); })
      .def("reset", [](PyCancelToken& t) { t.flag->store(false); })
      .def_property_readonly("cancelled", [](const PyCancelToken& t) { return t.flag->load(); });

  py::class_<PySolver>(m, "Solver")
      .def(py::init([](std::size_t mib) {
        if (mib < 1 || mib > 65536) throw IllegalActionError("tt_mib must be between 1 and 65536");
        return std::make_unique<PySolver>(mib);
      }), py::arg("tt_mib"))
      .def_property_readonly("tt_bytes", [](const PySolver& sv) { return sv.tt.bytes(); })
      .def("solve", [](PySolver& sv, const PyState& ps, const std::string& objective,
                       std::uint64_t node_limit, double time_limit, bool actions, bool pv,
                       const py::typing::Optional<PyCancelToken>& cancel_arg, bool interrupt) {
        // A limit or a cancel ends the search with the bounds proven so far (never an error).
        require_live(ps.s);
        const Objective obj = objective_of(objective);
        Limits lim = limits_of(node_limit, time_limit);
        const auto flag = call_flag(token_of(cancel_arg));
        lim.cancel = flag.get();
        Bounded value{0, 0};
        std::vector<ActionBounds> av;
        std::vector<Action> line;
        std::uint64_t nodes = 0;
        double seconds = 0;
        const char* stopped = nullptr;
        bool interrupted = false;
        {
          SigintGuard sigint(flag.get(), interrupt);
          py::gil_scoped_release release;
          std::lock_guard<std::mutex> guard(sv.lock);
          const auto t0 = std::chrono::steady_clock::now();
          sv.tt.new_generation();
          Search search(sv.tt, obj, ps.s.to_act, lim);
          value = search.value_bounds(ps.s);
          if (actions) av = search.action_bounds(ps.s);
          if (pv && value.exact()) line = search.principal_variation(ps.s, value.lo);
          nodes = search.nodes();
          stopped = search.stop_reason();
          seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
          interrupted = sigint.interrupted();
        }
        hand_on_sigint(interrupted);
        AnyDict out;
        out["lower"] = value.lo;
        out["upper"] = value.hi;
        py::list acts;
        for (const auto& a : av)
          acts.append(py::make_tuple(static_cast<int>(a.action), a.value.lo, a.value.hi));
        out["actions"] = acts;
        out["pv"] = std::vector<int>(line.begin(), line.end());
        out["nodes"] = nodes;
        out["seconds"] = seconds;
        out["stopped"] = stopped ? py::object(py::str(stopped)) : py::object(py::none());
        return out;
      }, py::arg("state"), py::arg("objective"), py::arg("node_limit"), py::arg("time_limit"),
         py::arg("actions"), py::arg("pv"), py::arg("cancel") = py::none(),
         py::arg("interrupt") = false);

  m.attr("MAXN_SCALE") = kMaxnScale;
  m.def("maxn", [](const PyState& ps, std::size_t tt_mib, std::uint64_t node_limit, double time_limit,
                   const py::typing::Optional<PyCancelToken>& cancel_arg, bool interrupt) {
    // Max^n values of a position and of each legal action (maxn.hpp): per side, the utility
    // return * scale + score; the scale is returned too. A limit or a cancel stops it with
    // "stopped" set and no values (a budget is not an error).
    require_live(ps.s);
    if (tt_mib < 1 || tt_mib > 65536) throw IllegalActionError("tt_mib must be between 1 and 65536");
    if (ps.s.R().sides > kMaxnSides) throw PositionError("maxn takes at most three sides");
    Limits lim = limits_of(node_limit, time_limit);
    const auto flag = call_flag(token_of(cancel_arg));
    lim.cancel = flag.get();
    Utilities root;
    std::vector<std::pair<Action, Utilities>> av;
    std::uint64_t nodes = 0;
    std::string stopped;
    bool interrupted = false;
    {
      SigintGuard sigint(flag.get(), interrupt);
      py::gil_scoped_release release;
      MaxnTable table(tt_mib);
      Maxn search(table, lim);
      try {
        root = search.value(ps.s);
        av = search.action_values(ps.s);
      } catch (const SearchAborted& e) {
        stopped = e.what();
      }
      nodes = search.nodes();
      interrupted = sigint.interrupted();
    }
    hand_on_sigint(interrupted);
    const int sides = ps.s.R().sides;
    auto vec = [&](const Utilities& u) { return std::vector<int>(u.u, u.u + sides); };
    AnyDict out;
    py::list acts;
    if (stopped.empty()) {
      out["values"] = vec(root);
      for (const auto& [a, u] : av) acts.append(py::make_tuple(static_cast<int>(a), vec(u)));
    } else {
      out["values"] = py::none();  // a stopped max^n has no bounds to give: no value at all
    }
    out["actions"] = acts;
    out["nodes"] = nodes;
    out["scale"] = kMaxnScale;
    out["stopped"] = stopped.empty() ? py::object(py::none()) : py::object(py::str(stopped));
    return out;
  }, py::arg("state"), py::arg("tt_mib") = 64, py::arg("node_limit") = 0, py::arg("time_limit") = 0.0,
     py::arg("cancel") = py::none(), py::arg("interrupt") = false);

  m.def("club_action", [](const PyState& ps, int voids) {
    // The basic club player's action here (club.hpp; the rules of advice/club.py), `voids` known.
    require_live(ps.s);
    require_club(ps.s, voids);
    return static_cast<int>(club_action(ps.s, static_cast<Voids>(voids)));
  }, py::arg("state"), py::arg("voids") = 0);
  m.def("expert_action", [](const PyState& ps, Mask excluded, unsigned voids) {
    // The full club player's action here by its rules (expert.hpp; advice/expert.py without its
    // counted endgame), `excluded` and `voids` what the history ruled out of the other hand.
    require_live(ps.s);
    if (!expert_supported(ps.s.R()))
      throw PositionError("the full club player's rules in the core need two players and one deck");
    return static_cast<int>(expert_action(ps.s, expert_facts(ps.s, excluded, voids)));
  }, py::arg("state"), py::arg("excluded") = 0, py::arg("voids") = 0);
  m.def("expert_counts", [](const PyState& ps) {
    // Whether the player to act knows every card (the full club player counts its endgame).
    return expert_counts(ps.s);
  }, py::arg("state"));
  m.def("club_reply", [](const PyState& ps, int voids, std::size_t tt_mib, std::uint64_t node_limit,
                         int lookahead) {
    // The utility (return * MAXN_SCALE + score) of the best line for the side to act against
    // players who follow the club's rules (reply_search.hpp), and the nodes; None when the node
    // limit stopped it.
    require_live(ps.s);
    require_club(ps.s, voids);
    if (tt_mib < 1 || tt_mib > 65536) throw IllegalActionError("tt_mib must be between 1 and 65536");
    require_lookahead(lookahead);
    MaxnTable table(tt_mib);
    ReplySearch search(table, limits_of(node_limit, 0.0), ps.s.side(ps.s.to_act), lookahead);
    py::object value = py::none();
    {
      py::gil_scoped_release release;
      try {
        const int v = search.value(ps.s, static_cast<Voids>(voids));
        py::gil_scoped_acquire acquire;
        value = py::int_(v);
      } catch (const SearchAborted&) {
      }
    }
    return py::make_tuple(value, search.nodes());
  }, py::arg("state"), py::arg("voids") = 0, py::arg("tt_mib") = 16, py::arg("node_limit") = 0,
     py::arg("lookahead") = -1);

  // The most pasts ClubPasts.mean counts one by one (samples 0); more must be sampled.
  m.attr("CLUB_PASTS_MAX_EXACT") = static_cast<long long>(ClubPasts::kMaxExact);
  py::class_<PyClubPasts>(m, "ClubPasts")
      .def(py::init([](const PyState& start, const std::vector<int>& actions, int player, double eps,
                       const std::vector<std::tuple<int, int, Mask, Mask, bool>>& decisions,
                       int low, bool lose_exchange, const std::string& rules,
                       const std::vector<std::pair<Mask, unsigned>>& facts) {
        // One player's decisions in a hand (club_pasts.hpp): `start` a fresh deal of it. `rules`
        // "basic" or "expert"; the expert's `facts` (excluded cards, void suits of the other
        // player) at each decision.
        if (rules != "basic" && rules != "expert")
          throw PositionError("rules must be basic or expert, got '" + rules + "'");
        const bool expert = rules == "expert";
        if (expert ? facts.size() != decisions.size() : !facts.empty())
          throw PositionError("the full club player's rules need one (excluded, voids) per "
                              "decision, the basic rules none");
        std::vector<PastDecision> ds;
        for (std::size_t i = 0; i < decisions.size(); ++i) {
          const auto& [index, drawn_by, plus, minus, could] = decisions[i];
          PastDecision d{index, drawn_by, plus, minus, could, {}};
          if (expert) d.facts = ExpertFacts{facts[i].first, facts[i].second};
          ds.push_back(d);
        }
        return PyClubPasts{start.rules, ClubPasts(start.s, actions, player, eps, std::move(ds),
                                                  low, lose_exchange,
                                                  expert ? ClubRules::EXPERT : ClubRules::BASIC)};
      }), py::arg("start"), py::arg("actions"), py::arg("player"), py::arg("eps"),
          py::arg("decisions"), py::arg("low"), py::arg("lose_exchange"),
          py::arg("rules") = "basic", py::arg("facts") = std::vector<std::pair<Mask, unsigned>>{})
      .def("likelihood", [](const PyClubPasts& cp, const std::vector<int>& dealt,
                            const std::vector<int>& drawn) {
        Mask d = 0;
        for (int c : dealt) d |= cp.pasts.card_bit(c);
        for (int c : drawn) cp.pasts.card_bit(c);
        if (static_cast<int>(drawn.size()) < cp.pasts.draws_needed())
          throw PositionError("the decisions count more hidden draws than were given");
        return cp.pasts.likelihood(d, drawn);
      }, py::arg("dealt"), py::arg("drawn"))
      .def("mean", [](const PyClubPasts& cp, std::vector<int> cards, std::vector<int> open,
                      int dealt, int draws, int samples, std::uint64_t seed) {
        // The mean likelihood over every past (samples 0) or over `samples` drawn ones.
        const PastSlots p{std::move(cards), std::move(open), dealt, draws};
        return samples == 0 ? cp.pasts.mean_exact(p) : cp.pasts.mean_sampled(p, samples, seed);
      }, py::arg("cards"), py::arg("open"), py::arg("dealt"), py::arg("draws"),
         py::arg("samples"), py::arg("seed"))
      .def_property_readonly("decisions", [](const PyClubPasts& cp) { return cp.pasts.decisions(); });

  m.def("solve_batch", [](const std::vector<const PyState*>& states, const std::string& objective,
                          int threads, std::size_t tt_mib, std::uint64_t node_limit, double time_limit,
                          const py::typing::Optional<PyCancelToken>& cancel_arg, bool interrupt) {
    if (threads < 1 || threads > 256) throw IllegalActionError("threads must be between 1 and 256");
    if (tt_mib < 1 || tt_mib > 65536) throw IllegalActionError("tt_mib must be between 1 and 65536");
    const Objective obj = objective_of(objective);
    Limits lim = limits_of(node_limit, time_limit);
    const auto flag = call_flag(token_of(cancel_arg));
    lim.cancel = flag.get();
    std::vector<const State*> ptrs;
    for (const PyState* ps : states) {
      if (!ps) throw PositionError("solve_batch needs states, got None");
      require_live(ps->s);
      ptrs.push_back(&ps->s);
    }
    BatchOut out;
    bool interrupted = false;
    {
      SigintGuard sigint(flag.get(), interrupt);
      py::gil_scoped_release release;
      out = solve_batch(ptrs, obj, threads, tt_mib, lim);
      interrupted = sigint.interrupted();
    }
    hand_on_sigint(interrupted);
    py::array_t<std::uint64_t> nodes(out.nodes.size(), out.nodes.data());
    return py::make_tuple(int16s(out.lower), int16s(out.upper), nodes);
  }, py::arg("states"), py::arg("objective"), py::arg("threads"), py::arg("tt_mib"),
     py::arg("node_limit"), py::arg("time_limit"), py::arg("cancel") = py::none(),
     py::arg("interrupt") = false);

  // The horizon search (horizon.hpp): values of every action in bounded time.
  py::class_<PyHorizon>(m, "Horizon")
      .def(py::init([](std::size_t mib) {
        if (mib < 1 || mib > 65536) throw IllegalActionError("tt_mib must be between 1 and 65536");
        return std::make_unique<PyHorizon>(mib);
      }), py::arg("tt_mib"))
      .def("values", &horizon_search, py::arg("state"), py::arg("weights"), py::arg("max_depth"),
           py::arg("node_limit"), py::arg("time_limit"));
  m.def("horizon_values", [](const PyState& ps, const std::vector<double>& weights, int max_depth,
                             std::uint64_t node_limit, double time_limit, std::size_t tt_mib) {
    if (tt_mib < 1 || tt_mib > 65536) throw IllegalActionError("tt_mib must be between 1 and 65536");
    PyHorizon h(tt_mib);
    return horizon_search(h, ps, weights, max_depth, node_limit, time_limit);
  }, py::arg("state"), py::arg("weights"), py::arg("max_depth"), py::arg("node_limit"),
     py::arg("time_limit"), py::arg("tt_mib") = 16);
  m.def("horizon_features", [](const PyState& ps, int player) {
    if (player < -1 || player >= ps.s.n()) throw PositionError("player out of range");
    std::vector<double> f(kHorizonFeatures);
    horizon_features(ps.s, player < 0 ? ps.s.to_act : player, f.data());
    return f;
  }, py::arg("state"), py::arg("player") = -1);
  m.def("horizon_estimate", [](const PyState& ps, const std::vector<double>& weights, int player) {
    if (player < -1 || player >= ps.s.n()) throw PositionError("player out of range");
    const std::vector<double> w = horizon_weights(weights);
    return horizon_estimate(ps.s, player < 0 ? ps.s.to_act : player, w.data());
  }, py::arg("state"), py::arg("weights"), py::arg("player") = -1);
  m.attr("HORIZON_FEATURES") = kHorizonFeatures;
  m.attr("HORIZON_SCALE") = kHorizonScale;

  m.def("world_width", [](const PyState& ps) { return row_width(ps.s); }, py::arg("state"));

  py::class_<PyWorldPool>(m, "WorldPool")
      .def(py::init([](int threads, std::size_t mib, bool shared) {
        if (threads < 1 || threads > 256) throw IllegalActionError("threads must be between 1 and 256");
        if (mib < 1 || mib > 65536) throw IllegalActionError("tt_mib must be between 1 and 65536");
        return std::make_unique<PyWorldPool>(threads, mib, shared);
      }), py::arg("threads"), py::arg("tt_mib"), py::arg("shared") = false)
      .def("cancel", [](PyWorldPool& p) { p.cancel(); })  // (not p.lock: the point is to interrupt)
      .def("new_generation", [](PyWorldPool& p) {
        std::lock_guard<std::mutex> guard(p.lock);
        p.pool.new_generation();
      })
      .def("solve", &solve_rows, py::arg("base"), py::arg("rows"), py::arg("lines"),
           py::arg("objective"), py::arg("node_limit"), py::arg("time_limit"),
           py::arg("share_table"), py::arg("deadline") = 0.0, py::arg("cancel") = py::none(),
           py::arg("interrupt") = false, py::arg("voids") = 0, py::arg("lookahead") = -1,
           py::arg("facts") = std::vector<std::tuple<Mask, unsigned>>{});
  py::class_<PyHorizonPool>(m, "HorizonPool",
                            "Worlds valued by the horizon search on threads (horizon_pool.hpp).")
      .def(py::init([](int threads, std::size_t tt_mib) {
             if (tt_mib < 1 || tt_mib > 65536)
               throw IllegalActionError("tt_mib must be between 1 and 65536");
             return new PyHorizonPool(threads, tt_mib);
           }), py::arg("threads"), py::arg("tt_mib"))
      .def("cancel", [](PyHorizonPool& p) { p.pool.cancel(); })  // no lock: the point is to interrupt
      .def("values", &horizon_rows, py::arg("base"), py::arg("rows"), py::arg("actions"),
           py::arg("weights"), py::arg("max_depth"), py::arg("node_limit"),
           py::arg("deadline") = 0.0, py::arg("interrupt") = false);

  m.def("solve_worlds", [](const PyState& base, py::array_t<std::uint8_t, py::array::c_style | py::array::forcecast> rows,
                           const std::vector<std::vector<int>>& lines, const std::string& objective, int threads,
                           std::size_t tt_mib, std::uint64_t node_limit, double time_limit,
                           bool share_table, double deadline, const py::typing::Optional<PyCancelToken>& cancel_arg,
                           bool interrupt, int voids, int lookahead,
                           const std::vector<std::tuple<Mask, unsigned>>& facts) {
    if (threads < 1 || threads > 256) throw IllegalActionError("threads must be between 1 and 256");
    if (tt_mib < 1 || tt_mib > 65536) throw IllegalActionError("tt_mib must be between 1 and 65536");
    PyWorldPool pool(threads, tt_mib);
    return solve_rows(pool, base, rows, lines, objective, node_limit, time_limit, share_table, deadline,
                      cancel_arg, interrupt, voids, lookahead, facts);
  }, py::arg("base"), py::arg("rows"), py::arg("lines"), py::arg("objective"), py::arg("threads"),
     py::arg("tt_mib"), py::arg("node_limit"), py::arg("time_limit"), py::arg("share_table"),
     py::arg("deadline") = 0.0, py::arg("cancel") = py::none(), py::arg("interrupt") = false,
     py::arg("voids") = 0, py::arg("lookahead") = -1,
     py::arg("facts") = std::vector<std::tuple<Mask, unsigned>>{});
}
