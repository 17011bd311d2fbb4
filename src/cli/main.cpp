#include <cerrno>
#include <cstring>
#include <iostream>
#include <unistd.h>

#include "cli/cli.hpp"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  bw::cli::Terminal term{std::cin, std::cout, std::cerr, isatty(STDIN_FILENO) && isatty(STDOUT_FILENO)};
  int code = 0;
  try {
    code = bw::cli::run(argc, argv, term);
  } catch (const std::bad_alloc&) {
    std::cerr << "error: out of memory\n";
    return 3;
  } catch (const std::exception& e) {
    std::cerr << "internal error: " << e.what() << "\n";
    return 3;
  }
  // Output that did not arrive (a full disk, a closed pipe) is a failure, not a success.
  errno = 0;
  if (!std::cout.flush()) {
    int error = errno;
    std::cerr << "error: cannot write standard output" << (error ? std::string(": ") + std::strerror(error) : "")
              << "\n";
    return code == 0 ? 2 : code;
  }
  return code;
}
