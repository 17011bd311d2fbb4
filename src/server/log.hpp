#pragma once
// One line per table event on stderr, whole lines from any thread.
#include <fmt/format.h>
#include <string_view>

namespace bw::server {

void log_line(std::string_view line);
void set_logging(bool enabled);  // tests and the load test keep stderr quiet

template <class... Args>
void log(fmt::format_string<Args...> format, Args&&... args) {
  log_line(fmt::format(format, std::forward<Args>(args)...));
}

}  // namespace bw::server
