// Exceptions the core throws on bad input; bindings.cpp maps each to the package's Python class.
#pragma once
#include <stdexcept>
#include <string>

namespace ss {

struct ProfileError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};
struct PositionError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};
struct IllegalActionError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

}  // namespace ss
