#pragma once
// When two names are one name: the single rule every place that keeps names
// apart uses (the seats of a table; accounts later), and the names people
// cannot go by. Unicode's look-alikes come from ICU (UTS #39).
#include <string>
#include <string_view>

namespace bw::server {

// The key names are compared by: two names are one when their keys are
// equal. ICU's confusable skeleton of the NFKC case-folded name, white space
// trimmed and its runs made one space: "Ann", "ANN", "Ａｎｎ" (full width),
// "Аnn" (a Cyrillic А) and "A\u200Bnn" (a zero-width space) share one key,
// and so do "R0B" and "rob". `name` is valid UTF-8 (a checked display name).
std::string name_key(std::string_view name);

// Whether people may not go by `name` (compared by name_key): what a bot is
// called by (its level, "Medium"; its kind, "random"), or "you", which the
// game's texts say to each reader.
bool is_reserved_name(std::string_view name);

}  // namespace bw::server
