#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <sys/ioctl.h>
#include <unistd.h>

#include "cli/cli.hpp"
#include "cli/styled_output.hpp"

namespace {
// The terminal's width, else $COLUMNS, else 80; never narrower than 40.
int terminal_width(bool is_terminal) {
  int width = 0;
  winsize size{};
  if (is_terminal && ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0) width = size.ws_col;
  if (width <= 0)
    if (const char* columns = std::getenv("COLUMNS")) width = std::atoi(columns);
  if (width <= 0) width = 80;
  return width < 40 ? 40 : width;
}
}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  const bool out_is_terminal = isatty(STDOUT_FILENO);
  // On a terminal, text goes through the styling filter; files and pipes get it as written.
  bw::cli::TextStyle style = bw::cli::detect_style(out_is_terminal);
  bw::cli::StyledOutput styled_out(std::cout.rdbuf(), style);
  bw::cli::StyledOutput styled_err(std::cerr.rdbuf(), {false, bw::cli::detect_style(isatty(STDERR_FILENO)).utf8});
  std::ostream out(out_is_terminal ? static_cast<std::streambuf*>(&styled_out) : std::cout.rdbuf());
  std::ostream err(isatty(STDERR_FILENO) ? static_cast<std::streambuf*>(&styled_err) : std::cerr.rdbuf());
  err.setf(std::ios::unitbuf);
  std::cin.tie(&out);  // a prompt is shown before the answer is read
  bw::cli::Terminal term{std::cin,
                         out,
                         err,
                         isatty(STDIN_FILENO) && out_is_terminal,
                         terminal_width(out_is_terminal),
                         out_is_terminal ? &styled_out : nullptr};
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
  if (!out.flush() || !std::cout.flush()) {
    int error = errno;
    std::cerr << "error: cannot write standard output" << (error ? std::string(": ") + std::strerror(error) : "")
              << "\n";
    return code == 0 ? 2 : code;
  }
  return code;
}
