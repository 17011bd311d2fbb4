#pragma once
// A table's time control (docs/protocol.md, "Clocks and leaving"): what a
// create request asks for, and its JSON as stored and sent. The clocks that
// run under it are SeatClocks (seat_clocks.hpp).
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "server/guard/bot_limits.hpp"

namespace bw::server {

struct TimeControl {
  enum class Mode { None, PerMove, Clock };
  Mode mode = Mode::None;
  std::int64_t per_move_ms = 0;   // PerMove: each decision's limit (a minute; turn-based: hours to days)
  std::int64_t base_ms = 0;       // Clock: each seat's time for the whole game
  std::int64_t increment_ms = 0;  // Clock: added to a seat's time after each of its moves
  // A person disconnected this long on their own decision has a bot play for them (0: wait for ever).
  std::int64_t away_ms = 120'000;
  std::string stand_in = "medium";  // the bot that plays for a person who is gone (an agent spec)

  bool timed() const { return mode != Mode::None; }
};

// The create request's "time", "away_after" and "stand_in" fields (any may be
// absent). Throws ProtocolError "bad-request" or BadSeats with the reason.
TimeControl read_time_control(const nlohmann::json& request, const BotLimits& bot_limits);
// As stored and as sent in `joined`: {"mode": …, "per_move": s, "base": s, "increment": s, "away_after": s, "stand_in": …}.
nlohmann::json time_control_json(const TimeControl& time);
TimeControl time_control_from_json(const nlohmann::json& stored);  // the store's own text: no checks
// The fields of a create request that ask for `time` (a rematch asks for what the table had).
nlohmann::json time_control_request(const TimeControl& time);

}  // namespace bw::server
