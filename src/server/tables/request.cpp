#include "server/tables/request.hpp"

#include <algorithm>
#include "agents/agent.hpp"
#include "core/outside_text.hpp"
#include "core/record.hpp"
#include "games/catalog.hpp"
#include "server/errors.hpp"
#include "server/tables/seat_names.hpp"

namespace bw::server {

using json = nlohmann::json;

namespace {

[[noreturn]] void bad_request(const std::string& message) { throw ProtocolError("bad-request", message); }

ParamMap read_params(const json& request) {
  ParamMap given;
  auto params = request.find("params");
  if (params == request.end()) return given;
  if (!params->is_object()) bad_request("\"params\" must be an object of name: value");
  for (const auto& [name, value] : params->items()) {
    if (value.is_string()) given[name] = value.get<std::string>();
    else if (value.is_boolean()) given[name] = value.get<bool>() ? "true" : "false";
    else if (value.is_number_integer()) given[name] = std::to_string(value.get<long long>());
    else bad_request("parameter '" + excerpt(name) + "' must be a string, a boolean or an integer");
  }
  return given;
}

// Each seat's name against the others' (seat_names.hpp): a table is made with names it would accept.
void check_names(const std::vector<SeatRequest>& seats) {
  std::vector<std::string> names;
  names.reserve(seats.size());
  for (const auto& seat : seats) names.push_back(seat.name);
  for (std::size_t p = 0; p < seats.size(); ++p) check_seat_name(names, p, names[p], is_human_spec(seats[p].agent));
}

std::vector<SeatRequest> read_seats(const json& request, const BotLimits& bot_limits) {
  auto seats = request.find("seats");
  if (seats == request.end() || !seats->is_array() || seats->empty())
    bad_request("\"seats\" must be a non-empty array: one {\"agent\": \"human\"|spec, \"name\": ...} per seat");
  if (seats->size() > static_cast<std::size_t>(kMaxPlayers)) bad_request("at most 8 seats");
  std::vector<SeatRequest> out;
  for (std::size_t p = 0; p < seats->size(); ++p) {
    const json& seat = (*seats)[p];
    SeatRequest entry;
    if (!seat.is_object()) bad_request("\"seats\"[" + std::to_string(p) + "] must be an object");
    for (const auto& [key, value] : seat.items()) {
      if (key != "agent" && key != "name" && key != "open")
        bad_request("unknown field '" + excerpt(key) + "' in a seat (agent, name, open)");
      if (key == "open" ? !value.is_boolean() : !value.is_string())
        bad_request("\"seats\"[" + std::to_string(p) + "]." + key +
                    (key == "open" ? " must be true or false" : " must be a string"));
    }
    entry.open = seat.value("open", false);
    entry.agent = seat.value("agent", std::string("human"));
    if (entry.agent.size() > kMaxPlayerSpecBytes) bad_request("an agent spec is at most 200 bytes");
    if (!is_human_spec(entry.agent)) {
      AgentSpec spec = parse_agent_spec(entry.agent);  // throws BadSeats
      if (auto problem = bot_over_limits(spec, bot_limits); !problem.empty()) throw BadSeats(problem);
      entry.agent = spec.text;
    }
    entry.name = seat.value("name", default_seat_name(p));
    if (auto problem = one_line_problem(entry.name, kMaxDisplayNameChars); !problem.empty())
      throw ProtocolError("bad-name",
                          "seat " + std::to_string(p) + "'s name \"" + excerpt(entry.name) + "\" " + problem);
    out.push_back(std::move(entry));
  }
  check_names(out);
  return out;
}

bool read_flag(const json& request, const char* key) {
  auto it = request.find(key);
  if (it == request.end()) return false;
  if (!it->is_boolean()) bad_request(std::string("\"") + key + "\" must be true or false");
  return it->get<bool>();
}

// A rated game (docs/ratings.md, "Rated games") is a game between people,
// each at their own screen, against the clock, with no move taken back.
void check_rated(const TableRequest& table) {
  const auto people = std::count_if(table.seats.begin(), table.seats.end(),
                                    [](const SeatRequest& seat) { return seat.agent == "human"; });
  if (people < 2) bad_request("a rated game has at least two people (\"human\" seats); bots may fill the others");
  if (table.hotseat) bad_request("a rated game is not played at one screen: leave \"hotseat\" out");
  if (!table.time.timed()) bad_request("a rated game has a clock: give \"time\" (per move, or base and increment)");
}

// An open seat is a person's, at a table the lobby lists, with no hot seat
// (docs/protocol.md, "Meeting people").
void check_open_seats(const TableRequest& table) {
  for (const auto& seat : table.seats)
    if (seat.open && seat.agent != "human") bad_request("only a person's seat (\"human\") can be left open");
  if (!table.is_public) bad_request("an open seat is taken from the lobby: the table must be \"public\"");
  if (table.hotseat) bad_request("a hot-seat table has no open seats: leave \"hotseat\" out");
}

}  // namespace

TableRequest read_table_request(const json& request, const BotLimits& bot_limits, bool allow_seed) {
  if (!request.is_object()) bad_request("the request must be a JSON object");
  for (const auto& [key, value] : request.items())
    if (key != "game" && key != "params" && key != "seats" && key != "public" && key != "hotseat" && key != "seed" &&
        key != "time" && key != "away_after" && key != "stand_in" && key != "rated")
      bad_request("unknown field '" + excerpt(key) +
                  "' (game, params, seats, public, hotseat, time, away_after, stand_in, rated, seed)");
  auto game_id = request.find("game");
  if (game_id == request.end() || !game_id->is_string()) bad_request("\"game\" must be a game id (see /api/games)");
  TableRequest table;
  table.game = &registry().find(game_id->get<std::string>());  // throws UnknownGame
  table.seats = read_seats(request, bot_limits);
  table.is_public = read_flag(request, "public");
  table.hotseat = read_flag(request, "hotseat");
  table.time = read_time_control(request, bot_limits);
  table.rated = read_flag(request, "rated");
  if (table.rated) check_rated(table);
  if (std::any_of(table.seats.begin(), table.seats.end(), [](const SeatRequest& seat) { return seat.open; }))
    check_open_seats(table);
  if (auto seed = request.find("seed"); seed != request.end()) {
    if (!allow_seed) bad_request("this server chooses the seed (start it with --allow-seed to test)");
    if (!seed->is_number_unsigned()) bad_request("\"seed\" must be a whole number");
    table.seed = seed->get<std::uint64_t>();
  }
  table.params = read_params(request);
  return table;
}

}  // namespace bw::server
