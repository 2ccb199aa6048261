// Many worlds of one position: the same public position with its hidden cards placed in
// different ways (the Python layer enumerates or samples the placements). Each world is
// rebuilt from a base world and the chosen actions are solved in it, on worker threads.
#pragma once
#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

#include "club.hpp"
#include "maxn.hpp"
#include "reply_search.hpp"
#include "search.hpp"

namespace ss {

// A row of card codes: every hand in seat order (each as long as in the base), then the stock
// top first, then the dead hand. Returns the base with those cards in those places; throws
// PositionError unless the row holds exactly the base's cards there, every card known to be in
// a hand stays in it and the face-up card stays last in the stock.
State place_cards(const State& base, const std::uint8_t* row, int width);
int row_width(const State& base);

struct WorldsOut {
  std::vector<std::int16_t> values;  // world-major: values[w * lines + i]
  std::vector<std::uint64_t> nodes;  // per world
  std::vector<std::uint8_t> aborted; // per world: a limit stopped it (its values are 0)
};

// A line: actions applied one after the other (a single action, or e.g. draw then close).
using Line = std::vector<Action>;

// The value after each line in each world for the side to act at the base (objectives as in
// Search), on a pool of threads with a table each. With `share_table` a thread's table keeps
// its entries from one world to the next and from one call to the next (positions repeat
// across worlds; keys name everything a value depends on, so values do not change).
//
// The call's (line, world) pairs, line-major, are cut into one contiguous share per thread of
// equal estimated cost (a line's mean nodes per world so far in the run): a thread takes whole
// lines where it can, so that its table sees every world of them (positions repeat across
// worlds more than across lines), and goes through its pairs world by world (neighbouring
// worlds share positions). One line (or one thread): the worlds are cut into contiguous shares.
// (Dynamic scheduling with a fresh table per chunk, to keep node counts reproducible, cost
// 30-50% more nodes than tables kept across the run.)
// What a thread carries from one world to the next (its table, its bounds statistics, its
// guesses: the previous world's values and GuessStats), and the lines' costs, are kept from one
// call to the next until new_generation(). So node counts follow from the worlds, their order,
// the pool's thread count and (with more than one thread) how the run was split into calls;
// with one thread the split does not matter. They do not depend on what the pool solved before
// new_generation(); values never depend on any of it. A cancel or a `deadline` that aborts
// worlds makes them timing-dependent.
//
// A `shared` pool instead gives its threads one table (tt_mib times the thread count: see
// TranspositionTable::share_buckets) and hands out whole worlds, one at a time, to whichever
// thread is free: no thread misses what the others' lines share, and none waits for a slower
// share (sixty-six advice: 15% fewer nodes, 18% less time). Node counts then depend on the
// timing; values still never do. Without `share_table` (a new generation per world, which
// would clear the table under the other threads) a shared pool solves on one thread.
// `deadline` (seconds from the call, 0: none): worlds not finished by then are marked aborted.
// Where a thread takes the first guess of a line's value in a world: the line's value in the
// previous world, or the value of a line already solved in this world, whichever has agreed
// with the line most often so far. (The lines of one world agree far more often than one line
// in two worlds: in sixty-six advice 50-73% right guesses against 36-51%.)
class GuessStats {
 public:
  void reset(std::size_t k);
  std::size_t size() const { return k_; }
  // The guess for line a given its previous-world value `prev` and this world's values `cur`
  // (Search::kNoGuess where not known yet).
  int guess(std::size_t a, int prev, const std::vector<int>& cur) const;
  // Line a came out at v: credit the sources that guessed it.
  void record(std::size_t a, int v, int prev, const std::vector<int>& cur);

 private:
  std::size_t k_ = 0;
  // Per (line, source), source k_ being the previous world: agreements and comparisons.
  std::vector<std::uint32_t> agree_, seen_;
};

class WorldPool {
 public:
  // `shared`: one table for all threads, worlds handed out as threads come free (see above).
  WorldPool(int threads, std::size_t tt_mib, bool shared = false);
  // `voids`: with Objective::CLUB, the voids known at the worlds' position (club.hpp),
  // `lookahead` the seat's open-card foresight and `model` whose rules the replies follow
  // (reply_search.hpp; -1: to the end; the basic club player's by default).
  WorldsOut solve(const std::vector<State>& worlds, const std::vector<Line>& lines, Objective obj,
                  Limits limits, bool share_table, double deadline = 0, Voids voids = 0,
                  int lookahead = -1, const ReplyModel& model = {});
  int threads() const { return threads_; }
  // A new run: entries of earlier calls stop answering and the threads' statistics and guesses
  // start afresh, so the next solve() runs as on a fresh pool (the same values and node
  // counts), without allocating and zeroing the tables again.
  void new_generation();
  // From any thread: the running solve() marks its unfinished worlds aborted and returns.
  // (A solve() given its own token in `limits.cancel` stops by that token instead.)
  void cancel() { cancel_.store(true); }

 private:
  int threads_;
  bool shared_;
  std::size_t tt_mib_;
  std::vector<std::unique_ptr<MaxnTable>> maxn_tables_;  // per thread, for MAXN and CLUB
  std::atomic<bool> cancel_{false};
  std::vector<std::unique_ptr<TranspositionTable>> tables_;
  // Per thread, carried across calls within a run (see above).
  std::vector<std::unique_ptr<BoundsGate>> gates_;
  std::vector<std::vector<int>> guesses_;
  std::vector<GuessStats> guess_stats_;
  std::vector<std::uint64_t> line_nodes_, line_worlds_;  // per line, over the run's calls
  // Where thread t's pairs begin: cut[t] (cut[T] = n * k).
  std::vector<std::size_t> split(std::size_t n, std::size_t k, int t_count) const;
};

}  // namespace ss
