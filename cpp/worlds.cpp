#include "worlds.hpp"

#include <algorithm>
#include <memory>
#include <chrono>
#include <limits>
#include <string>

#include "errors.hpp"
#include "maxn.hpp"
#include "parallel.hpp"
#include "reply_search.hpp"

namespace ss {

int row_width(const State& base) {
  int w = base.stock_len() + popcount(base.aside);
  for (int p = 0; p < base.n(); ++p) w += popcount(base.hand[p]);
  return w;
}

namespace {

// Codes of a set of ids, counted per code.
void count_codes(Mask m, int* counts) {
  for (; m; m &= m - 1) ++counts[code_of_id(lowest(m))];
}

}  // namespace

State place_cards(const State& base, const std::uint8_t* row, int width) {
  if (width != row_width(base))
    throw PositionError("a world row holds " + std::to_string(width) + " cards, the position " +
                        std::to_string(row_width(base)));
  int want[kCodes] = {}, got[kCodes] = {};
  for (int p = 0; p < base.n(); ++p) count_codes(base.hand[p], want);
  count_codes(base.aside, want);
  for (int i = base.stock_top; i < base.stock_end; ++i) ++want[code_of_id(base.stock[i])];
  for (int i = 0; i < width; ++i) {
    if (row[i] >= kCodes) throw PositionError("a world row holds a card code above 31");
    ++got[row[i]];
  }
  if (!std::equal(want, want + kCodes, got))
    throw PositionError("a world row does not hold the cards the position has in hands and stock");

  State s = base;
  // Ids outside the places being filled (played, taken, in the trick) keep their copies.
  Mask placed_ids = base.aside;
  for (int p = 0; p < base.n(); ++p) placed_ids |= base.hand[p];
  for (int i = base.stock_top; i < base.stock_end; ++i) placed_ids |= bit(base.stock[i]);
  Mask used = 0;
  // Cards seen in a hand keep their ids, and the face-up card its place.
  for (int p = 0; p < base.n(); ++p) used |= base.known[p];
  const bool face_up = base.stock_len() > 0;
  if (face_up) used |= bit(base.stock[base.stock_end - 1]);
  Mask free_ids = placed_ids & ~used;
  auto take = [&](int code, Mask prefer) -> int {
    const Mask m = code_mask(code) & prefer;
    if (m) {
      const int id = lowest(m);
      return id;
    }
    throw PositionError("a world row does not keep the known cards where they are");
  };
  int at = 0;
  for (int p = 0; p < base.n(); ++p) {
    const int k = popcount(base.hand[p]);
    Mask known_left = base.known[p];
    Mask hand = 0;
    for (int j = 0; j < k; ++j, ++at) {
      const int code = row[at];
      if (known_left & code_mask(code)) {  // a known card: its own id
        const int id = lowest(known_left & code_mask(code));
        known_left &= ~bit(id);
        hand |= bit(id);
      } else {
        const int id = take(code, free_ids);
        free_ids &= ~bit(id);
        hand |= bit(id);
      }
    }
    if (known_left) throw PositionError("a world row moves a card known to be in a hand");
    s.hand[p] = hand;
  }
  for (int i = s.stock_top; i < s.stock_end; ++i, ++at) {
    const int code = row[at];
    if (face_up && i == s.stock_end - 1) {
      if (code != code_of_id(base.stock[i]))
        throw PositionError("a world row moves the face-up card from the bottom of the stock");
      continue;  // the same id
    }
    const int id = take(code, free_ids);
    free_ids &= ~bit(id);
    s.stock[i] = static_cast<std::uint8_t>(id);
  }
  Mask aside = 0;
  for (int j = 0; j < popcount(base.aside); ++j, ++at) {
    const int id = take(row[at], free_ids);
    free_ids &= ~bit(id);
    aside |= bit(id);
  }
  s.aside = aside;
  // Marriage cards are known cards, so `married & hand` is unchanged; scores do not move.
  return s;
}

void GuessStats::reset(std::size_t k) {
  k_ = k;
  agree_.assign(k * (k + 1), 0);
  seen_.assign(k * (k + 1), 0);
}

int GuessStats::guess(std::size_t a, int prev, const std::vector<int>& cur) const {
  int g = prev;
  // Agreement rates compared as (agree + 1) / (seen + 2), cross-multiplied.
  std::uint64_t num = agree_[a * (k_ + 1) + k_] + 1, den = seen_[a * (k_ + 1) + k_] + 2;
  for (std::size_t b = 0; b < k_; ++b) {
    if (b == a || cur[b] == Search::kNoGuess) continue;
    const std::uint64_t n2 = agree_[a * (k_ + 1) + b] + 1, d2 = seen_[a * (k_ + 1) + b] + 2;
    if (n2 * den > num * d2) num = n2, den = d2, g = cur[b];
  }
  return g;
}

void GuessStats::record(std::size_t a, int v, int prev, const std::vector<int>& cur) {
  auto note = [&](std::size_t src, int g) {
    if (g == Search::kNoGuess) return;
    ++seen_[a * (k_ + 1) + src];
    agree_[a * (k_ + 1) + src] += g == v;
  };
  note(k_, prev);
  for (std::size_t b = 0; b < k_; ++b)
    if (b != a) note(b, cur[b]);
}

WorldPool::WorldPool(int threads, std::size_t tt_mib, bool shared)
    : threads_(std::max(1, threads)), shared_(shared && threads_ > 1), tt_mib_(tt_mib) {
  for (int t = 0; t < threads_; ++t) {
    // Shared: thread 0's table holds every thread's share of the memory; the others probe
    // and store in its buckets (each keeping its own cache of last tricks).
    tables_.push_back(std::make_unique<TranspositionTable>(
        !shared_ ? tt_mib : t == 0 ? tt_mib * static_cast<std::size_t>(threads_) : 1));
    if (shared_ && t > 0) tables_[t]->share_buckets(*tables_[0]);
    gates_.push_back(std::make_unique<BoundsGate>());
  }
  guesses_.resize(threads_);
  guess_stats_.resize(threads_);
}

void WorldPool::new_generation() {
  for (auto& t : tables_) t->new_generation();
  for (auto& t : maxn_tables_) t->new_generation();
  for (auto& g : gates_) *g = BoundsGate();
  for (auto& g : guesses_) g.clear();
  for (auto& g : guess_stats_) g.reset(0);
  line_nodes_.clear();
  line_worlds_.clear();
}

std::vector<std::size_t> WorldPool::split(std::size_t n, std::size_t k, int t_count) const {
  // A line's cost per world: its mean node count so far in the run (all equal at first).
  std::vector<std::uint64_t> cost(k, 1);
  if (line_nodes_.size() == k)
    for (std::size_t a = 0; a < k; ++a)
      if (line_worlds_[a]) cost[a] = std::max<std::uint64_t>(1, line_nodes_[a] / line_worlds_[a]);
  // Capped so that every sum and product below fits 64 bits on every compiler (MSVC has no
  // 128-bit integer): a cap of billions of nodes per world, which no run comes near.
  const std::uint64_t pairs = std::max<std::uint64_t>(1, static_cast<std::uint64_t>(n) * k);
  const auto threads = static_cast<std::uint64_t>(std::max(1, t_count));
  const std::uint64_t cap =
      std::max<std::uint64_t>(1, std::numeric_limits<std::uint64_t>::max() / pairs / threads);
  std::uint64_t total = 0;
  for (std::uint64_t& c : cost) total += (c = std::min(c, cap)) * n;
  // Pair q = a * n + w; cut t starts where the cost before it reaches total * t / T.
  std::vector<std::size_t> cut(t_count + 1, n * k);
  cut[0] = 0;
  std::uint64_t before = 0;
  std::size_t a = 0;
  for (int t = 1; t < t_count; ++t) {
    const std::uint64_t target = total * static_cast<std::uint64_t>(t) / threads;
    while (a < k && before + cost[a] * n <= target) before += cost[a++] * n;
    std::size_t q = a * n;
    if (a < k) q += static_cast<std::size_t>((target - before) / cost[a]);
    cut[t] = std::max(cut[t - 1], std::min(q, n * k));
  }
  return cut;
}

WorldsOut WorldPool::solve(const std::vector<State>& worlds, const std::vector<Line>& lines,
                           Objective obj, Limits limits, bool share_table, double deadline,
                           Voids voids, int lookahead, const ReplyModel& model) {
  const auto t0 = std::chrono::steady_clock::now();
  if (!limits.cancel) {  // (a caller's token instead: cancel() does not reach this call)
    cancel_.store(false);
    limits.cancel = &cancel_;
  }
  const std::size_t n = worlds.size(), k = lines.size();
  WorldsOut out;
  out.values.assign(n * k, 0);
  out.nodes.assign(n, 0);
  out.aborted.assign(n, 0);
  // Per (world, line) pair, each written by the one thread that owns it.
  std::vector<std::uint64_t> pair_nodes(n * k, 0);
  std::vector<std::uint8_t> pair_aborted(n * k, 0);
  // A shared table: whole worlds, one at a time, to whichever thread is free (see worlds.hpp;
  // without share_table, one thread).
  const bool dynamic = shared_ && share_table;
  const int t_count = static_cast<int>(std::max<std::size_t>(
      1, std::min<std::size_t>(shared_ && !share_table ? 1 : threads_, dynamic ? n : n * k)));
  std::atomic<std::size_t> next{0};
  // The voids each line's plays reveal: public play, the same in every world.
  std::vector<Voids> line_voids(k, voids);
  if (obj == Objective::CLUB && n > 0)
    for (std::size_t a = 0; a < k; ++a) {
      State c = worlds[0];
      for (Action x : lines[a]) {
        State next = c;
        next.apply(x);
        line_voids[a] = voids_after(c, x, line_voids[a], next);
        c = next;
      }
    }
  if (obj == Objective::MAXN || obj == Objective::CLUB)  // (their own tables, made on first use: most pools never need one)
    while (maxn_tables_.size() < static_cast<std::size_t>(threads_))
      maxn_tables_.push_back(std::make_unique<MaxnTable>(tt_mib_));
  // With a deadline, whole worlds per thread: pairs of a world cut off count for nothing.
  const bool by_world = deadline > 0 || dynamic;
  const std::vector<std::size_t> cut = by_world ? split(n, 1, t_count) : split(n, k, t_count);
  auto work = [&](int t) {
    TranspositionTable& tt = *tables_[t];
    BoundsGate* gate = gates_[t].get();
    // First guesses: the previous world's value of each line, and GuessStats (worlds.hpp).
    std::vector<int>& guess = guesses_[t];
    if (guess.size() != k) guess.assign(k, Search::kNoGuess);
    GuessStats& stats = guess_stats_[t];
    if (stats.size() != k) stats.reset(k);
    std::vector<int> cur(k);
    const std::size_t from = cut[t], to = cut[t + 1];
    if (!dynamic && from == to) return;
    auto owns = [&](std::size_t w, std::size_t a) {
      const std::size_t q = by_world ? w : a * n + w;
      return dynamic || (from <= q && q < to);
    };
    // World-major over this thread's pairs, so that a world's lines share its table entries.
    const bool one_line = by_world || from / n == (to - 1) / n;
    const std::size_t w_lo = one_line ? from % n : 0, w_hi = one_line ? (to - 1) % n + 1 : n;
    for (std::size_t i = w_lo;; ++i) {
      const std::size_t w = dynamic ? next.fetch_add(1) : i;
      if (w >= (dynamic ? n : w_hi)) break;
      const State& s = worlds[w];
      if (!share_table) tt.new_generation();
      Limits lim = limits;
      bool stop = limits.cancel->load();
      if (!stop && deadline > 0) {
        const double left =
            deadline - std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        stop = left <= 0;
        lim.max_seconds = lim.max_seconds > 0 ? std::min(lim.max_seconds, left) : left;
      }
      // This thread's lines of the world, each valued by value(a, c) once its actions are applied
      // to c (a SearchAborted stops it and the world's later lines); nodes(): the search's count.
      auto each_line = [&](auto&& nodes, auto&& value) {
        for (std::size_t a = 0; a < k; ++a) {
          if (!owns(w, a)) continue;
          if (stop) {
            pair_aborted[w * k + a] = 1;
            continue;
          }
          const std::uint64_t before = nodes();
          try {
            State c = s;
            for (Action x : lines[a]) c.apply(x);
            out.values[w * k + a] = static_cast<std::int16_t>(value(a, c));
          } catch (const SearchAborted&) {
            pair_aborted[w * k + a] = 1;
            stop = true;  // the rest of this world's lines too
          }
          pair_nodes[w * k + a] = nodes() - before;
        }
      };
      if (obj == Objective::MAXN) {  // (no guesses: max^n has no window to narrow)
        MaxnTable& mt = *maxn_tables_[t];
        if (!share_table) mt.new_generation();
        Maxn maxn(mt, lim);
        const int side = s.side(s.to_act);
        each_line([&] { return maxn.nodes(); }, [&](std::size_t, const State& c) {
          return c.over() ? maxn_utility(c, side) : maxn.value(c).u[side];
        });
        continue;
      }
      if (obj == Objective::CLUB) {  // the seat's best line against the club's replies
        MaxnTable& mt = *maxn_tables_[t];
        if (!share_table) mt.new_generation();
        const int side = s.side(s.to_act);
        ReplyModel at = model;  // the facts are the decision's: before any line's draw
        at.stock = s.stock_len();
        ReplySearch reply(mt, lim, side, lookahead, at);
        each_line([&] { return reply.nodes(); }, [&](std::size_t a, const State& c) {
          return c.over() ? maxn_utility(c, side) : reply.value(c, line_voids[a]);
        });
        continue;
      }
      Search search(tt, obj, s.to_act, lim, gate);
      std::fill(cur.begin(), cur.end(), Search::kNoGuess);
      // (No search of the root first: its value would cap the lines' values, but it costs about
      // what it saves; the previous world's values are better guesses.)
      each_line([&] { return search.nodes(); }, [&](std::size_t a, const State& c) {
        const int v = c.over() ? search.value_after(s, c)
                               : search.value_after(s, c, stats.guess(a, guess[a], cur));
        stats.record(a, v, guess[a], cur);
        guess[a] = cur[a] = v;
        return v;
      });
    }
  };
  run_on_threads(t_count, work);
  if (line_nodes_.size() != k) {
    line_nodes_.assign(k, 0);
    line_worlds_.assign(k, 0);
  }
  for (std::size_t w = 0; w < n; ++w) {
    for (std::size_t a = 0; a < k; ++a) {
      out.nodes[w] += pair_nodes[w * k + a];
      out.aborted[w] |= pair_aborted[w * k + a];
    }
    if (out.aborted[w]) {  // a limit stopped it: its values are 0, its nodes not a cost
      std::fill(out.values.begin() + w * k, out.values.begin() + (w + 1) * k, 0);
      continue;
    }
    for (std::size_t a = 0; a < k; ++a) {
      line_nodes_[a] += pair_nodes[w * k + a];
      ++line_worlds_[a];
    }
  }
  return out;
}

}  // namespace ss
