#pragma once
// Runs work(t) for t = 0 .. threads-1, each on its own thread, and waits for all of them;
// one thread runs on the caller's (no spawn: a single-threaded search pays nothing).
#include <thread>
#include <vector>

namespace ss {

template <class Work>
void run_on_threads(int threads, Work&& work) {
  if (threads <= 1) {
    work(0);
    return;
  }
  std::vector<std::thread> pool;
  pool.reserve(static_cast<std::size_t>(threads));
  for (int t = 0; t < threads; ++t) pool.emplace_back([&work, t] { work(t); });
  for (auto& th : pool) th.join();
}

}  // namespace ss
