#include "server/tables/time_control.hpp"

#include <algorithm>

#include "agents/agent.hpp"
#include "core/errors.hpp"
#include "core/outside_text.hpp"
#include "core/record.hpp"
#include "server/errors.hpp"

namespace bw::server {

using json = nlohmann::json;

namespace {

constexpr std::int64_t kSecond = 1000;
constexpr std::int64_t kMaxLimitSeconds = std::int64_t{14} * 24 * 3600;  // turn-based play: up to two weeks a decision

[[noreturn]] void bad_request(const std::string& message) { throw ProtocolError("bad-request", message); }

std::int64_t seconds(const json& value, const std::string& what, std::int64_t min, std::int64_t max) {
  if (!value.is_number_integer() || value.get<std::int64_t>() < min || value.get<std::int64_t>() > max)
    bad_request(what + " must be a whole number of seconds from " + std::to_string(min) + " to " + std::to_string(max));
  return value.get<std::int64_t>();
}

}  // namespace

TimeControl read_time_control(const json& request, const BotLimits& bot_limits) {
  TimeControl time;
  if (auto field = request.find("time"); field != request.end() && !field->is_null()) {
    if (!field->is_object())
      bad_request("\"time\" must be {\"per_move\": s} or {\"base\": s, \"increment\": s} (or left out: no clock)");
    for (const auto& [key, value] : field->items())
      if (key != "per_move" && key != "base" && key != "increment")
        bad_request("unknown field '" + excerpt(key) + "' in \"time\" (per_move, base, increment)");
    const bool per_move = field->contains("per_move"), clock = field->contains("base");
    if (per_move == clock) bad_request("\"time\" needs exactly one of \"per_move\" and \"base\"");
    if (per_move) {
      if (field->contains("increment")) bad_request("\"increment\" goes with \"base\", not with \"per_move\"");
      time.mode = TimeControl::Mode::PerMove;
      time.per_move_ms = seconds(field->at("per_move"), "\"time\".per_move", 1, kMaxLimitSeconds) * kSecond;
    } else {
      time.mode = TimeControl::Mode::Clock;
      time.base_ms = seconds(field->at("base"), "\"time\".base", 1, kMaxLimitSeconds) * kSecond;
      if (field->contains("increment"))
        time.increment_ms = seconds(field->at("increment"), "\"time\".increment", 0, std::int64_t{24} * 3600) * kSecond;
    }
  }
  if (auto away = request.find("away_after"); away != request.end()) {
    // 0 (never) only where a clock still ends the wait: a table never waits for ever on someone gone.
    time.away_ms = seconds(*away, "\"away_after\"", time.timed() ? 0 : 1, std::int64_t{7} * 24 * 3600) * kSecond;
  }
  if (auto stand_in = request.find("stand_in"); stand_in != request.end()) {
    if (!stand_in->is_string() || stand_in->get<std::string>().size() > kMaxPlayerSpecBytes)
      bad_request("\"stand_in\" must be a bot (easy, medium, hard, or an agent spec)");
    const std::string text = stand_in->get<std::string>();
    if (is_human_spec(text)) bad_request("\"stand_in\" must be a bot, not a person");
    AgentSpec spec = parse_agent_spec(text);  // throws BadSeats
    if (auto problem = bot_over_limits(spec, bot_limits); !problem.empty()) throw BadSeats(problem);
    time.stand_in = spec.text;
  }
  return time;
}

json time_control_json(const TimeControl& time) {
  json out{{"away_after", time.away_ms / kSecond}, {"stand_in", time.stand_in}};
  switch (time.mode) {
    case TimeControl::Mode::None: out["mode"] = "none"; break;
    case TimeControl::Mode::PerMove:
      out["mode"] = "per-move";
      out["per_move"] = time.per_move_ms / kSecond;
      break;
    case TimeControl::Mode::Clock:
      out["mode"] = "clock";
      out["base"] = time.base_ms / kSecond;
      out["increment"] = time.increment_ms / kSecond;
      break;
  }
  return out;
}

TimeControl time_control_from_json(const json& stored) {
  TimeControl time;
  if (!stored.is_object() || !stored.contains("mode")) return time;  // a table stored before clocks: none
  const std::string mode = stored.at("mode");
  if (mode == "per-move") {
    time.mode = TimeControl::Mode::PerMove;
    time.per_move_ms = stored.at("per_move").get<std::int64_t>() * kSecond;
  } else if (mode == "clock") {
    time.mode = TimeControl::Mode::Clock;
    time.base_ms = stored.at("base").get<std::int64_t>() * kSecond;
    time.increment_ms = stored.value("increment", std::int64_t{0}) * kSecond;
  }
  time.away_ms = stored.value("away_after", std::int64_t{120}) * kSecond;
  time.stand_in = stored.value("stand_in", std::string("medium"));
  return time;
}

json time_control_request(const TimeControl& time) {
  json out{{"away_after", time.away_ms / kSecond}, {"stand_in", time.stand_in}};
  if (time.mode == TimeControl::Mode::PerMove) out["time"] = {{"per_move", time.per_move_ms / kSecond}};
  if (time.mode == TimeControl::Mode::Clock)
    out["time"] = {{"base", time.base_ms / kSecond}, {"increment", time.increment_ms / kSecond}};
  return out;
}

}  // namespace bw::server
