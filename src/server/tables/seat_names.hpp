#pragma once
// The names at one table (docs/protocol.md, "Names at a table"): each seat's
// differs from every other's, also case-folded and by look (name_key), so
// that a chat line, a move or a turn names one seat. A person is not called
// like a bot, nor by another seat's label (P1..P8, which texts name seats by).
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace bw::server {

// The name every seat has until it is given one: "P1", "P2", …
std::string default_seat_name(std::size_t seat);

// May seat `seat` of a table whose seats are called `names` be called `name`
// (`person`: a person's seat)? Throws ProtocolError "bad-name" (a reserved
// name, another seat's label) or "name-taken" (another seat's name, or one
// that looks the same), saying which seat has it. `name` is a checked display name.
void check_seat_name(const std::vector<std::string>& names, std::size_t seat, std::string_view name, bool person);

}  // namespace bw::server
