// Ctrl-C during a long call: for the call's duration a SIGINT handler sets the call's cancel
// flag (the search stops within 1024 nodes and returns its bounds) and notes that the signal
// came, so that the caller can hand it on (bindings.cpp: to Python's own handler). The handler
// is process-wide: install it from one thread only (Python's main thread, where KeyboardInterrupt
// is raised). A SIGINT that is ignored stays ignored. Without POSIX signals: nothing.
#pragma once
#include <atomic>
#include <csignal>

namespace ss {

class SigintGuard {
 public:
  SigintGuard(std::atomic<bool>* flag, bool on) {
#if defined(__unix__) || defined(__APPLE__)
    if (!on || !flag) return;
    struct sigaction now {};
    if (sigaction(SIGINT, nullptr, &old_) != 0 || old_.sa_handler == SIG_IGN) return;
    target().store(flag);
    tripped().store(false);
    now.sa_handler = &on_sigint;
    sigemptyset(&now.sa_mask);
    installed_ = sigaction(SIGINT, &now, nullptr) == 0;
#else
    (void)flag;
    (void)on;
#endif
  }
  ~SigintGuard() {
#if defined(__unix__) || defined(__APPLE__)
    if (!installed_) return;
    sigaction(SIGINT, &old_, nullptr);
    target().store(nullptr);
#endif
  }
  SigintGuard(const SigintGuard&) = delete;
  SigintGuard& operator=(const SigintGuard&) = delete;
  // Did a SIGINT come while the guard was installed?
  bool interrupted() const { return installed_ && tripped().load(); }

 private:
  // (Lock-free atomics: safe to touch in a signal handler.)
  static std::atomic<std::atomic<bool>*>& target() {
    static std::atomic<std::atomic<bool>*> t{nullptr};
    return t;
  }
  static std::atomic<bool>& tripped() {
    static std::atomic<bool> t{false};
    return t;
  }
  static void on_sigint(int) {
    tripped().store(true);
    if (std::atomic<bool>* f = target().load()) f->store(true);
  }
  bool installed_ = false;
#if defined(__unix__) || defined(__APPLE__)
  struct sigaction old_ {};
#endif
};

}  // namespace ss
