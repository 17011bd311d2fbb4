#include <iostream>
#include <unistd.h>

#include "cli/cli.hpp"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  bw::cli::Terminal term{std::cin, std::cout, std::cerr, isatty(STDIN_FILENO) && isatty(STDOUT_FILENO)};
  try {
    return bw::cli::run(argc, argv, term);
  } catch (const std::exception& e) {
    std::cerr << "internal error: " << e.what() << "\n";
    return 3;
  }
}
