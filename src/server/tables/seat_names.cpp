#include "server/tables/seat_names.hpp"

#include "core/outside_text.hpp"
#include "core/types.hpp"
#include "server/errors.hpp"
#include "server/names/name_key.hpp"

namespace bw::server {

std::string default_seat_name(std::size_t seat) { return "P" + std::to_string(seat + 1); }

void check_seat_name(const std::vector<std::string>& names, std::size_t seat, std::string_view name, bool person) {
  const std::string quoted = "\"" + excerpt(name) + "\"";
  if (person && is_reserved_name(name))
    throw ProtocolError("bad-name", "the name " + quoted + " is kept for bots (easy, medium, hard, random, …) and " +
                                        "\"you\"; choose another");
  const std::string key = name_key(name);
  // Any label, not only this table's: a rematch or a replay may show more seats' texts.
  for (std::size_t other = 0; other < static_cast<std::size_t>(kMaxPlayers); ++other)
    if (other != seat && key == name_key(default_seat_name(other)))
      throw ProtocolError("bad-name", "the name " + quoted + " is how the game calls seat " +
                                          std::to_string(other + 1) + "; choose another");
  for (std::size_t other = 0; other < names.size(); ++other)
    if (other != seat && key == name_key(names[other]))
      throw ProtocolError("name-taken", "the name " + quoted + " is taken: seat " + std::to_string(other + 1) +
                                            " is \"" + excerpt(names[other]) + "\"" +
                                            (names[other] == name ? "" : ", which looks the same") +
                                            "; choose another");
}

}  // namespace bw::server
