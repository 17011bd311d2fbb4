#pragma once
// The `bellwether` command line, callable in-process (tests drive it with string streams).
#include <iosfwd>

namespace bw::cli {

class StyledOutput;

struct Terminal {
  std::istream& in;
  std::ostream& out;
  std::ostream& err;
  bool interactive = false;        // a person at a terminal: clear screens, show progress, step through replays
  int width = 80;                  // columns for wrapped text
  StyledOutput* styled = nullptr;  // `out` writes through it (colours, ASCII): told the seats' names; may be null
  // No person watches, but a log does (bellwether-mpi's rank 0 under mpirun
  // or Slurm): progress as a line every few seconds instead of a redrawn one.
  bool log_progress = false;
};

int run(int argc, const char* const* argv, Terminal& term);

}  // namespace bw::cli
