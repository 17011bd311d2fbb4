#pragma once
// The `bellwether` command line, callable in-process (tests drive it with string streams).
#include <iosfwd>

namespace bw::cli {

struct Terminal {
  std::istream& in;
  std::ostream& out;
  std::ostream& err;
  bool interactive = false;  // a person at a terminal: clear screens, show progress
};

int run(int argc, const char* const* argv, Terminal& term);

}  // namespace bw::cli
