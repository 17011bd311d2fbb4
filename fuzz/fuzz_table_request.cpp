// Fuzz target: the body of a create-table request to `bellwether serve`
// (POST /api/tables, {"game": "bye-bye", "seats": [{"agent": "human"}, ...]}):
// the strict JSON reader as the HTTP API calls it, then
// bw::server::read_table_request (the server's default bot caps, a seed
// allowed), then the game started as Hub::create starts it. bw::Error
// (ProtocolError, UnknownGame, BadSeats, BadParameter, BadJson) is the
// expected refusal; anything else is a finding. A request it accepts must
// keep every bot within the caps, in a spec the table can parse again.
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "agents/agent.hpp"
#include "agents/agent_spec.hpp"
#include "core/errors.hpp"
#include "core/registry.hpp"
#include "core/strict_json.hpp"
#include "core/types.hpp"
#include "server/guard/bot_limits.hpp"
#include "server/tables/request.hpp"
#include "server/ws/protocol.hpp"

namespace {

const bw::server::BotLimits kLimits{};

// A bot the request asked for (`text`, as sent or as the table stores it) must parse and be within the caps.
void check_bot(const std::string& text) {
  if (bw::is_human_spec(text)) return;
  bw::AgentSpec spec;
  try {
    spec = bw::parse_agent_spec(text);
  } catch (const bw::Error&) {
    __builtin_trap();  // accepted, yet not a spec
  }
  if (!bw::server::bot_over_limits(spec, kLimits).empty()) __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    // http/api.cpp's request_json: at most kMaxMessageBytes, nesting depth 16.
    nlohmann::json body = bw::parse_strict_json(text, "the request", {bw::server::kMaxMessageBytes, 16});
    bw::server::TableRequest request = bw::server::read_table_request(body, kLimits, /*allow_seed=*/true);

    if (!request.game || request.seats.empty() || request.seats.size() > static_cast<std::size_t>(bw::kMaxPlayers))
      __builtin_trap();
    const auto& sent = body.at("seats");
    if (sent.size() != request.seats.size()) __builtin_trap();
    for (std::size_t p = 0; p < request.seats.size(); ++p) {
      if (auto agent = sent[p].find("agent"); agent != sent[p].end()) check_bot(agent->get<std::string>());
      const std::string& stored = request.seats[p].agent;
      check_bot(stored);
      // The table stores the canonical spelling and parses it again when it runs (and restores) the bot.
      if (!bw::is_human_spec(stored) && bw::parse_agent_spec(stored).text != stored) __builtin_trap();
    }

    // Hub::create, up to the database: the game started with the seats and the seed, the parameters kept.
    const bw::GameInfo& game = *request.game;
    auto state = game.start(request.params, static_cast<int>(request.seats.size()), request.seed.value_or(size));
    (void)bw::validate_params(game.params, request.params);
    if (!state || state->num_players() != static_cast<int>(request.seats.size())) __builtin_trap();
  } catch (const bw::Error&) {
    // Refused with a message: the expected outcome for a bad request.
  }
  return 0;
}
