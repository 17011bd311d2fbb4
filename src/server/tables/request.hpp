#pragma once
// A create-table request (POST /api/tables) read from outside: every field
// checked, every seat's agent parsed and held to the operator's bot caps,
// the game looked up and its parameters validated, before anything is made.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/params.hpp"
#include "server/guard/bot_limits.hpp"
#include "server/tables/time_control.hpp"

namespace bw {
struct GameInfo;
}

namespace bw::server {

struct SeatRequest {
  std::string agent;  // "human" or a canonical agent spec
  std::string name;
  bool open = false;  // a person's seat left for anyone signed in to take from the lobby (no invite)
};

struct TableRequest {
  const GameInfo* game = nullptr;
  ParamMap params;  // as given; validated against the game's parameters
  std::vector<SeatRequest> seats;
  bool is_public = false;
  bool hotseat = false;
  TimeControl time;
  bool rated = false;                 // its end moves the players' ratings (checked: people, no hot seat, a clock)
  std::optional<std::uint64_t> seed;  // only where the server allows it
};

// Throws ProtocolError ("bad-request"; "bad-name", "name-taken" for the seats'
// names: seat_names.hpp), or bw::Error subclasses (UnknownGame, BadSeats,
// BadParameter) with a message for the person who sent it.
TableRequest read_table_request(const nlohmann::json& request, const BotLimits& bot_limits, bool allow_seed);

}  // namespace bw::server
