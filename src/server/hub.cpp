#include "server/hub.hpp"

#include <chrono>

#include "agents/agent_spec.hpp"
#include "core/outside_text.hpp"
#include "core/record.hpp"
#include "games/catalog.hpp"
#include "server/errors.hpp"
#include "server/log.hpp"
#include "server/tokens.hpp"

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

struct SeatRequest {
  std::string agent;
  std::string name;
};

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
      if (key != "agent" && key != "name") bad_request("unknown field '" + excerpt(key) + "' in a seat (agent, name)");
      if (!value.is_string()) bad_request("\"seats\"[" + std::to_string(p) + "]." + key + " must be a string");
    }
    entry.agent = seat.value("agent", std::string("human"));
    if (entry.agent.size() > kMaxPlayerSpecBytes) bad_request("an agent spec is at most 200 bytes");
    if (!is_human_spec(entry.agent)) {
      AgentSpec spec = parse_agent_spec(entry.agent);  // throws BadSeats
      if (auto problem = bot_over_limits(spec, bot_limits); !problem.empty()) throw BadSeats(problem);
      entry.agent = spec.text;
    }
    entry.name = seat.value("name", "P" + std::to_string(p + 1));
    check_display_name(entry.name, "seat " + std::to_string(p));  // throws BadSeats
    out.push_back(std::move(entry));
  }
  return out;
}

bool read_flag(const json& request, const char* key) {
  auto it = request.find(key);
  if (it == request.end()) return false;
  if (!it->is_boolean()) bad_request(std::string("\"") + key + "\" must be true or false");
  return it->get<bool>();
}

std::uint64_t random_seed() {
  std::string hex = new_token().substr(0, 16);
  return std::stoull(hex, nullptr, 16);
}

std::string link(const std::string& table, const std::string& token) { return "/play/" + table + "#token=" + token; }

json seats_json(const TableRow& row, const Table::Summary* summary) {
  json seats = json::array();
  for (std::size_t p = 0; p < row.players.size(); ++p) {
    json seat{{"seat", p}, {"name", row.names[p]}, {"agent", row.players[p]}};
    if (summary) seat["connected"] = (summary->connected >> p & 1u) != 0;
    seats.push_back(std::move(seat));
  }
  return seats;
}

json table_json(const Table& table) {
  auto summary = table.summary();
  const TableRow& row = table.row();
  return {{"table", row.id},          {"game", row.game},
          {"params", row.params},     {"seats", seats_json(row, &summary)},
          {"public", row.is_public},  {"hotseat", row.hotseat},
          {"version", summary.version}, {"current", summary.current >= 0 ? json(summary.current) : json(nullptr)},
          {"finished", summary.finished}, {"spectators", summary.spectators},
          {"created", row.created}};
}

GameRecord record_of(const StoredTable& stored) { return record_of(stored.row, stored.actions); }
}  // namespace

Hub::Hub(TableContext& context, HubLimits limits) : context_(context), limits_(limits) {}

std::size_t Hub::table_count() const {
  std::lock_guard lock(mutex_);
  return tables_.size();
}

void Hub::add(std::shared_ptr<Table> table, const std::vector<TokenRow>& tokens) {
  table->on_retire = [this](const std::string& id) { retire(id); };
  std::lock_guard lock(mutex_);
  auto& hashes = token_hashes_[table->id()];
  for (const auto& token : tokens) {
    tokens_[token.hash] = token;
    hashes.push_back(token.hash);
  }
  tables_[table->id()] = std::move(table);
}

void Hub::retire(const std::string& id) {
  std::lock_guard lock(mutex_);
  for (const auto& hash : token_hashes_[id]) tokens_.erase(hash);
  token_hashes_.erase(id);
  tables_.erase(id);
}

std::size_t Hub::restore() {
  std::size_t restored = 0;
  for (auto& stored : context_.store.load_unfinished()) {
    std::unique_ptr<AnyState> state;
    try {
      state = replay(registry(), record_of(stored));
    } catch (const Error& e) {
      log("table {} cannot be restored (left as it is in the database): {}", stored.row.id, e.what());
      continue;
    }
    if (state->is_terminal()) {  // the last action was saved but the server stopped before marking the end
      context_.store.finish_table(stored.row.id, {});
      continue;
    }
    auto table = std::make_shared<Table>(context_, stored.row, std::move(state), stored.actions);
    log("table {} restored: {} after {} actions", stored.row.id, stored.row.game, stored.actions.size());
    add(table, stored.tokens);
    table->start();
    ++restored;
  }
  return restored;
}

void Hub::create(const json& request, std::function<void(std::optional<json>, std::string)> done) {
  if (!request.is_object()) bad_request("the request must be a JSON object");
  for (const auto& [key, value] : request.items())
    if (key != "game" && key != "params" && key != "seats" && key != "public" && key != "hotseat" && key != "seed")
      bad_request("unknown field '" + excerpt(key) + "' (game, params, seats, public, hotseat, seed)");
  auto game_id = request.find("game");
  if (game_id == request.end() || !game_id->is_string()) bad_request("\"game\" must be a game id (see /api/games)");
  const GameInfo& game = registry().find(game_id->get<std::string>());  // throws UnknownGame
  TableRow row;
  row.game = game.id;
  auto seats = read_seats(request, context_.bot_limits);
  for (auto& seat : seats) {
    row.players.push_back(seat.agent);
    row.names.push_back(seat.name);
  }
  row.is_public = read_flag(request, "public");
  row.hotseat = read_flag(request, "hotseat");
  row.seed = random_seed();
  if (auto seed = request.find("seed"); seed != request.end()) {
    if (!limits_.allow_seed) bad_request("this server chooses the seed (start it with --allow-seed to test)");
    if (!seed->is_number_unsigned()) bad_request("\"seed\" must be a whole number");
    row.seed = seed->get<std::uint64_t>();
  }
  ParamMap given = read_params(request);
  auto state = game.start(given, static_cast<int>(seats.size()), row.seed);  // throws BadParameter, BadSeats
  row.params = validate_params(game.params, given);
  row.created = std::chrono::duration_cast<std::chrono::seconds>(
                    std::chrono::system_clock::now().time_since_epoch()).count();
  {
    std::lock_guard lock(mutex_);
    if (tables_.size() + creating_ >= limits_.max_tables)
      throw ProtocolError("full", "the server holds " + std::to_string(limits_.max_tables) + " tables; try later");
    ++creating_;
  }
  row.id = new_table_id();

  // Links: one per human seat, one for spectators, one for all human seats at a hot-seat table.
  json answer{{"table", row.id}, {"game", row.game}, {"seats", seats_json(row, nullptr)}};
  std::vector<TokenRow> tokens;
  auto issue = [&](std::uint32_t seat_bits) {
    std::string token = new_token();
    tokens.push_back({hash_token(token), row.id, seat_bits});
    return json{{"token", token}, {"url", link(row.id, token)}};
  };
  json invites = json::array();
  std::uint32_t humans = 0;
  for (std::size_t p = 0; p < row.players.size(); ++p) {
    if (!is_human_spec(row.players[p])) continue;
    humans |= 1u << p;
    json invite = issue(1u << p);
    invite["seat"] = p;
    invites.push_back(std::move(invite));
  }
  answer["invites"] = std::move(invites);
  answer["spectator"] = issue(0);
  if (row.hotseat && humans) {
    json hotseat = issue(humans);
    hotseat["seats"] = json::array();
    for (std::size_t p = 0; p < row.players.size(); ++p)
      if (humans >> p & 1u) hotseat["seats"].push_back(p);
    answer["hotseat"] = std::move(hotseat);
  }

  auto table = std::make_shared<Table>(context_, row, std::move(state), std::vector<std::string>{});
  context_.store.create_table(row, tokens, [this, table, tokens, answer = std::move(answer), done = std::move(done)](
                                               bool ok, const std::string& error) mutable {
    {
      std::lock_guard lock(mutex_);
      --creating_;
    }
    if (!ok) {
      log("table {} could not be stored: {}", table->id(), error);
      return done(std::nullopt, "the table could not be saved: " + error);
    }
    const TableRow& row = table->row();
    std::string seats_text;
    for (std::size_t p = 0; p < row.players.size(); ++p) seats_text += (p ? "," : "") + row.players[p];
    log("table {} created: {} for {} ({}{})", row.id, row.game, seats_text, row.is_public ? "public" : "private",
        row.hotseat ? ", hot-seat" : "");
    add(table, tokens);
    table->start();
    done(std::move(answer), "");
  });
}

Hub::Joinable Hub::find_for_join(const std::string& id, const std::optional<std::string>& token) {
  {
    std::lock_guard lock(mutex_);
    auto table = tables_.find(id);
    if (table != tables_.end()) {
      if (!token) {
        if (!table->second->row().is_public)
          throw ProtocolError("bad-token", "table " + id + " is private: join with a token from an invite link");
        return {table->second, 0};
      }
      if (!looks_like_token(*token)) throw ProtocolError("bad-token", "a token is 32 hexadecimal digits");
      auto grant = tokens_.find(hash_token(*token));
      if (grant == tokens_.end() || grant->second.table != id)
        throw ProtocolError("bad-token", "this token does not open table " + id);
      return {table->second, grant->second.seats};
    }
  }
  auto stored = context_.store.load_table(id);
  if (stored && stored->row.finished)
    throw ProtocolError("table-finished", "the game at table " + id + " is over; its record is at /api/tables/" + id +
                                              "/record");
  throw ProtocolError("unknown-table", "there is no table '" + excerpt(id) + "'");
}

json Hub::lobby() const {
  std::lock_guard lock(mutex_);
  json list = json::array();
  for (const auto& [id, table] : tables_) {
    if (!table->row().is_public || table->summary().finished) continue;
    list.push_back(table_json(*table));
    if (list.size() >= 500) break;
  }
  return {{"tables", std::move(list)}};
}

json Hub::table_info(const std::string& id) const {
  std::lock_guard lock(mutex_);
  auto table = tables_.find(id);
  if (table == tables_.end()) throw ProtocolError("unknown-table", "there is no open table '" + excerpt(id) + "'");
  return table_json(*table->second);
}

json Hub::games() {
  json games = json::array();
  for (const auto& game : registry().games()) {
    json params = json::array();
    for (const auto& p : game.params) {
      static const char* kTypes[] = {"int", "bool", "choice", "table"};
      json param{{"name", p.name}, {"type", kTypes[static_cast<int>(p.type)]}, {"default", p.default_value},
                 {"allowed", p.allowed_text()}, {"help", p.help}};
      if (p.type == ParamType::Int) param["min"] = p.min, param["max"] = p.max;
      if (p.type == ParamType::Choice) param["choices"] = p.choices;
      params.push_back(std::move(param));
    }
    games.push_back({{"id", game.id}, {"name", game.name}, {"min_players", game.min_players},
                     {"max_players", game.max_players}, {"params", std::move(params)}});
  }
  return {{"games", std::move(games)}};
}

json Hub::record(const std::string& id) {
  auto stored = context_.store.load_table(id);
  if (!stored) throw ProtocolError("unknown-table", "there is no table '" + excerpt(id) + "'");
  if (!stored->row.finished)
    throw ProtocolError("not-finished", "table " + id + " is still playing; its record is kept secret until the end");
  GameRecord record = record_of(*stored);
  auto final_state = replay(registry(), record);
  return record_to_json(record, final_state.get());
}

void Hub::close_all(Frame last) {
  std::lock_guard lock(mutex_);
  for (auto& [id, table] : tables_) table->close_all(last);
}

void Hub::clear() {
  std::lock_guard lock(mutex_);
  tables_.clear();
  tokens_.clear();
  token_hashes_.clear();
}

}  // namespace bw::server
