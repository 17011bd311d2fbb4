#pragma once
// Text that comes from outside (a command line, a record file, the network)
// reaches terminals, logs and error messages. These helpers keep it from
// forging output (escape sequences, newlines) or flooding it (megabyte names).
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace bw {

// For echoing outside input in a message: control characters and invalid UTF-8
// shown as \xNN (newline as \n), cut to max_chars with "…" and the full size in bytes when longer.
std::string excerpt(std::string_view text, std::size_t max_chars = 60);

// A seat's display name from outside (command line, record, network): valid UTF-8,
// 1..32 characters, no control characters, not only spaces or invisible ones (a
// zero-width joiner). Throws BadSeats naming `where` and the problem.
void check_display_name(std::string_view name, std::string_view where);

// The first problem that keeps `text` from being shown as it is on a terminal
// ("is not valid UTF-8", "has a control character (\x1b)"), or "" when there is none.
std::string plain_text_problem(std::string_view text);

// Why `text` cannot be shown as one line of at most `max_chars` characters
// ("is empty", "has a control character (\x1b)", …), or "" when it can.
std::string one_line_problem(std::string_view text, std::size_t max_chars);

constexpr std::size_t kMaxDisplayNameChars = 32;

// A comma-separated list as people type it ("Ann, Bob,Cat"): items trimmed of
// spaces, empty items kept (so "a,,b" can be refused by whoever reads it).
std::vector<std::string> split_list(std::string_view text);

}  // namespace bw
