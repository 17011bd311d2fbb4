#include "server/tables/hub.hpp"

#include <algorithm>
#include <chrono>
#include <future>
#include <utility>

#include "agents/agent_spec.hpp"
#include "core/outside_text.hpp"
#include "core/record.hpp"
#include "games/catalog.hpp"
#include "server/errors.hpp"
#include "server/log.hpp"
#include "server/tables/request.hpp"
#include "server/tables/tokens.hpp"

namespace bw::server {

using json = nlohmann::json;

namespace {

std::uint64_t random_seed() {
  std::string hex = new_token().substr(0, 16);
  return std::stoull(hex, nullptr, 16);
}

std::string link(const std::string& table, const std::string& token) { return "/play/" + table + "#token=" + token; }

json seats_json(const TableRow& row, const Table::Summary* summary) {
  json seats = json::array();
  for (std::size_t p = 0; p < row.players.size(); ++p) {
    json seat{{"seat", p}, {"name", summary ? summary->names[p] : row.names[p]}, {"agent", row.players[p]}};
    if (summary) seat["connected"] = (summary->connected >> p & 1u) != 0;
    // Open until somebody takes it (the stored row forgets the bit then; a running table binds the seat).
    if ((row.open_seats >> p & 1u) && (!summary || p >= summary->accounts.size() || summary->accounts[p].empty()))
      seat["open"] = true;
    seats.push_back(std::move(seat));
  }
  return seats;
}

json table_json(const Table& table) {
  auto summary = table.summary();
  const TableRow& row = table.row();
  return {{"table", row.id},
          {"game", row.game},
          {"params", row.params},
          {"seats", seats_json(row, &summary)},
          {"public", row.is_public},
          {"hotseat", row.hotseat},
          {"rated", row.rated},
          {"version", summary.version},
          {"current", summary.current >= 0 ? json(summary.current) : json(nullptr)},
          {"finished", summary.finished},
          {"spectators", summary.spectators},
          {"time", time_control_json(row.time)},
          {"created", row.created}};
}

GameRecord record_of(const StoredTable& stored) { return record_of(stored.row, stored.actions); }

// Whether `token` is one of a stored table's (a table this node does not run).
bool opens(const StoredTable& stored, const std::string& token) {
  if (!looks_like_token(token)) return false;
  std::string hash = hash_token(token);
  return std::any_of(stored.tokens.begin(), stored.tokens.end(), [&](const TokenRow& t) { return t.hash == hash; });
}
}  // namespace

// Where a table another node runs is played: its node's path, or none while
// it is being taken over (also when the lease is this node's but the table is
// not running here yet).
TableElsewhere Hub::elsewhere(const std::string& id) const {
  std::string owner = context_.store.owner_url(id).value_or("");
  return {id, owner == limits_.node_url ? "" : owner};
}

Hub::Hub(TableContext& context, HubLimits limits, ClientLimits& client_limits)
    : context_(context), limits_(std::move(limits)), client_limits_(client_limits) {}

std::size_t Hub::table_count() const {
  std::lock_guard lock(mutex_);
  return tables_.size();
}

Hub::TableCounts Hub::count_by_state() const {
  std::lock_guard lock(mutex_);
  TableCounts counts;
  for (const auto& [id, table] : tables_) ++(table->summary().finished ? counts.finished : counts.playing);
  return counts;
}

void Hub::add(std::shared_ptr<Table> table, const std::vector<TokenRow>& tokens) {
  table->on_retire = [this, running = table.get()](const std::string& id) { retire(id, running); };
  // The person who asks first makes it: it counts toward their limits, as a
  // POST of theirs would, else a chain of rematches would make tables past them.
  table->make_rematch = [this](const json& request, const std::string& asker,
                               std::function<void(std::optional<json>, std::string)> done) {
    create(request, asker, std::move(done));
  };
  std::lock_guard lock(mutex_);
  auto& hashes = token_hashes_[table->id()];
  for (const auto& token : tokens) {
    tokens_[token.hash] = token;
    hashes.push_back(token.hash);
  }
  tables_[table->id()] = std::move(table);
}

void Hub::retire(const std::string& id, const Table* table) {
  std::lock_guard lock(mutex_);
  if (auto running = tables_.find(id); running == tables_.end() || running->second.get() != table) return;
  for (const auto& hash : token_hashes_[id]) tokens_.erase(hash);
  token_hashes_.erase(id);
  creators_.erase(id);
  tables_.erase(id);
}

bool Hub::revive(StoredTable& stored) {
  std::unique_ptr<AnyState> state;
  try {
    state = replay(registry(), record_of(stored));
  } catch (const Error& e) {
    log("table {} cannot be restored (left as it is in the database): {}", stored.row.id, e.what());
    return false;
  }
  if (state->is_terminal()) {  // the last action was saved but the server stopped before marking the end
    context_.store.finish_table(stored.row.id, {});
    return false;
  }
  auto table = std::make_shared<Table>(context_, stored.row, std::move(state), stored.actions, stored.clock,
                                       std::move(stored.chat), std::move(stored.seat_accounts));
  log("table {} restored: {} after {} actions", stored.row.id, stored.row.game, stored.actions.size());
  add(table, stored.tokens);
  table->start();
  return true;
}

std::size_t Hub::restore() {
  if (clustered()) {
    // Other nodes beat too: the database's last beat is not this table's
    // node's. A taken-over clock is charged up to the takeover (seconds).
    context_.alive_ms = 0;
    return adopt_unowned(limits_.max_tables);
  }
  std::size_t restored = 0;
  context_.alive_ms = context_.store.alive_ms();
  for (auto& stored : context_.store.load_unfinished())
    if (revive(stored)) ++restored;
  return restored;
}

std::size_t Hub::adopt_unowned(std::size_t limit) {
  {
    std::lock_guard lock(mutex_);
    limit = std::min(limit, limits_.max_tables - std::min(limits_.max_tables, tables_.size() + creating_));
  }
  if (limit == 0) return 0;
  // Every claim at once: the store's writer takes them in one batch.
  std::vector<std::string> ids = context_.store.unowned_tables(limit);
  std::vector<std::future<bool>> granted;
  for (const auto& id : ids) {
    auto promise = std::make_shared<std::promise<bool>>();
    granted.push_back(promise->get_future());
    context_.store.claim(id, [promise](bool yes) { promise->set_value(yes); });
  }
  std::size_t adopted = 0;
  for (std::size_t i = 0; i < ids.size(); ++i) {
    if (!granted[i].get()) continue;  // another node was quicker
    bool running = false;
    try {
      auto stored = context_.store.load_table(ids[i]);
      running = stored && !stored->row.finished && revive(*stored);
    } catch (const StoreError& e) {
      log("table {} could not be read to take it over: {}", ids[i], e.what());
    }
    // A lease this node holds for a table it does not run would keep every other node from it.
    if (running) ++adopted;
    else context_.store.release(ids[i]);
  }
  return adopted;
}

std::size_t Hub::hand_over(const std::vector<std::string>& ids) {
  std::vector<std::shared_ptr<Table>> leaving;
  {
    std::lock_guard lock(mutex_);
    if (ids.empty()) {
      for (auto& [id, table] : tables_) leaving.push_back(table);
    } else {
      for (const auto& id : ids)
        if (auto table = tables_.find(id); table != tables_.end()) leaving.push_back(table->second);
    }
  }
  for (auto& table : leaving) {
    log("table {} handed over: another node runs it from now on", table->id());
    table->hand_over(make_frame(error_message("moved", "this table is moving to another server: reconnect")));
  }
  return leaving.size();
}

namespace {

// The table a checked request asks for, as it will be stored (its parameters
// once the game has accepted them).
TableRow row_for(const TableRequest& request) {
  TableRow row;
  row.game = request.game->id;
  for (const auto& seat : request.seats) {
    if (seat.open) row.open_seats |= 1u << row.players.size();
    row.players.push_back(seat.agent);
    row.names.push_back(seat.name);
  }
  row.is_public = request.is_public;
  row.hotseat = request.hotseat;
  row.time = request.time;
  row.rated = request.rated;
  row.seed = request.seed.value_or(random_seed());
  row.created =
      std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
  row.id = new_table_id();
  return row;
}

}  // namespace

void Hub::reserve_place(const std::string& id, const std::string& client) {
  std::lock_guard lock(mutex_);
  if (tables_.size() + creating_ >= limits_.max_tables)
    throw ProtocolError("full", "the server holds " + std::to_string(limits_.max_tables) + " tables; try later");
  if (client.empty()) {  // Play now's matchmaker: the people it seats asked for one table each
    ++creating_;
    return;
  }
  // A table being stored counts too: requests sent at once must not all pass.
  std::size_t open = 0;
  for (const auto& [table_id, creator] : creators_) {
    auto table = tables_.find(table_id);
    if (creator == client && (table == tables_.end() || !table->second->summary().finished)) ++open;
  }
  if (open >= limits_.open_tables_per_client)
    throw OverLimit("too-many-tables", "one address may have " + std::to_string(limits_.open_tables_per_client) +
                                           " unfinished tables; finish one or wait until one expires");
  creators_[id] = client;
  ++creating_;
}

json Hub::issue_links(const TableRow& row, std::vector<TokenRow>& tokens) const {
  json answer{{"table", row.id}, {"game", row.game}, {"seats", seats_json(row, nullptr)}};
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
    if (row.open_seats >> p & 1u) continue;  // taken from the lobby, not by a link
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
  return answer;
}

void Hub::stored(const std::shared_ptr<Table>& table, const std::vector<TokenRow>& tokens, bool ok,
                 const std::string& error) {
  {
    std::lock_guard lock(mutex_);
    --creating_;
    if (!ok) creators_.erase(table->id());
  }
  if (!ok) {
    log("table {} could not be stored: {}", table->id(), error);
    return;
  }
  const TableRow& row = table->row();
  std::string seats_text;
  for (std::size_t p = 0; p < row.players.size(); ++p) seats_text += (p ? "," : "") + row.players[p];
  log("table {} created: {} for {} ({}{})", row.id, row.game, seats_text, row.is_public ? "public" : "private",
      row.hotseat ? ", hot-seat" : "");
  add(table, tokens);
  table->start();
}

void Hub::create(const json& body, const std::string& client,
                 std::function<void(std::optional<json>, std::string)> done) {
  client_limits_.count_creation(client);  // also a request refused below: checking one costs as much
  make(body, client, {}, {}, std::move(done));
}

void Hub::create_matched(const json& body, std::vector<std::string> seat_accounts, std::vector<std::string> tickets,
                         std::function<void(std::optional<json>, std::string)> done) {
  make(body, "", std::move(seat_accounts), std::move(tickets), std::move(done));
}

void Hub::make(const json& body, const std::string& client, std::vector<std::string> seat_accounts,
               std::vector<std::string> tickets, std::function<void(std::optional<json>, std::string)> done) {
  TableRequest request = read_table_request(body, context_.bot_limits, limits_.allow_seed);
  TableRow row = row_for(request);
  auto state = request.game->start(request.params, static_cast<int>(request.seats.size()),
                                   row.seed);  // throws BadParameter, BadSeats
  row.params = validate_params(request.game->params, request.params);
  reserve_place(row.id, client);
  // Links: one per human seat, one for spectators, one for all human seats at a hot-seat table.
  std::vector<TokenRow> tokens;
  json answer = issue_links(row, tokens);
  auto table = std::make_shared<Table>(context_, row, std::move(state), std::vector<std::string>{}, ActionClock{},
                                       std::vector<ChatLine>{}, seat_accounts);
  context_.store.create_table(
      row, tokens,
      [this, table, tokens, answer = std::move(answer), done = std::move(done)](bool ok,
                                                                                const std::string& error) mutable {
        stored(table, tokens, ok, error);
        if (ok) done(std::move(answer), "");
        else done(std::nullopt, "the table could not be saved: " + error);
      },
      std::move(seat_accounts), std::move(tickets));
}

void Hub::take_open_seat(const std::string& id, int seat, const Person& person,
                         std::function<void(std::optional<ProtocolError>)> done) {
  std::shared_ptr<Table> table;
  {
    std::lock_guard lock(mutex_);
    if (auto running = tables_.find(id); running != tables_.end()) table = running->second;
  }
  if (table && table->row().is_public) return table->take_open_seat(seat, person, std::move(done));
  if (!table && clustered()) {
    auto stored = context_.store.load_table(id);
    if (stored && !stored->row.finished && stored->row.is_public) throw elsewhere(id);
  }
  throw ProtocolError("unknown-table", "there is no open table '" + excerpt(id) + "'");
}

namespace {
constexpr const char* kPrivate = " is private: join with a token from an invite link, or sign in as one of its players";
bool bound_to(const StoredTable& stored, const std::string& account) {
  return !account.empty() &&
         std::find(stored.seat_accounts.begin(), stored.seat_accounts.end(), account) != stored.seat_accounts.end();
}
}  // namespace

Hub::Joinable Hub::find_for_join(const std::string& id, const std::optional<std::string>& token,
                                 const std::string& account) {
  {
    std::lock_guard lock(mutex_);
    auto table = tables_.find(id);
    if (table != tables_.end()) {
      if (!token) {
        // A signed-in player's own seats, from any device.
        if (const std::uint32_t seats = table->second->seats_of_account(account)) return {table->second, seats};
        if (!table->second->row().is_public) throw ProtocolError("bad-token", "table " + id + kPrivate);
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
  if (clustered() && stored && !stored->row.finished) {
    if (token && !opens(*stored, *token)) throw ProtocolError("bad-token", "this token does not open table " + id);
    if (!token && !stored->row.is_public && !bound_to(*stored, account))
      throw ProtocolError("bad-token", "table " + id + kPrivate);
    throw elsewhere(id);
  }
  if (stored && stored->row.expired)
    throw ProtocolError("table-expired", "nobody moved at table " + id +
                                             " for a long time, so it was closed; its record is at /api/tables/" + id +
                                             "/record");
  if (stored && stored->row.finished)
    throw ProtocolError("table-finished",
                        "the game at table " + id + " is over; its record is at /api/tables/" + id + "/record");
  throw ProtocolError("unknown-table", "there is no table '" + excerpt(id) + "'");
}

json Hub::lobby() const {
  if (clustered()) {
    // Every node answers from the database, so every node's lobby is the
    // same; what only the running node knows (turn, connections) is left out.
    json list = json::array();
    for (const auto& listed : context_.store.public_tables(500))
      list.push_back({{"table", listed.row.id},
                      {"game", listed.row.game},
                      {"params", listed.row.params},
                      {"seats", seats_json(listed.row, nullptr)},
                      {"public", true},
                      {"hotseat", listed.row.hotseat},
                      {"rated", listed.row.rated},
                      {"version", listed.actions},
                      {"finished", false},
                      {"time", time_control_json(listed.row.time)},
                      {"created", listed.row.created}});
    return {{"tables", std::move(list)}};
  }
  std::lock_guard lock(mutex_);
  json list = json::array();
  for (const auto& [id, table] : tables_) {
    if (!table->row().is_public || table->summary().finished) continue;
    list.push_back(table_json(*table));
    if (list.size() >= 500) break;
  }
  return {{"tables", std::move(list)}};
}

json Hub::table_info(const std::string& id, const std::optional<std::string>& token) const {
  std::unique_lock lock(mutex_);
  auto table = tables_.find(id);
  if (clustered() && table == tables_.end()) {
    lock.unlock();
    // Only the node running the table knows it live: the asker is sent there (a redirect).
    auto stored = context_.store.load_table(id);
    if (stored && !stored->row.finished && (stored->row.is_public || (token && opens(*stored, *token))))
      throw elsewhere(id);
    throw ProtocolError("unknown-table", "there is no open table '" + excerpt(id) + "'");
  }
  bool visible = table != tables_.end() && table->second->row().is_public;
  if (table != tables_.end() && !visible && token && looks_like_token(*token)) {
    auto grant = tokens_.find(hash_token(*token));
    visible = grant != tokens_.end() && grant->second.table == id;
  }
  // A private table without its token is answered as if it did not exist.
  if (!visible) throw ProtocolError("unknown-table", "there is no open table '" + excerpt(id) + "'");
  return table_json(*table->second);
}

json Hub::games() { return {{"games", games_json(registry())}}; }

json Hub::record(const std::string& id) {
  auto stored = context_.store.load_table(id);
  if (!stored) throw ProtocolError("unknown-table", "there is no table '" + excerpt(id) + "'");
  if (!stored->row.finished)
    throw ProtocolError("not-finished", "table " + id + " is still playing; its record is kept secret until the end");
  GameRecord record = record_of(*stored);
  auto final_state = replay(registry(), record);
  return record_to_json(record, final_state.get());
}

void Hub::close_all(const Frame& last) {
  std::lock_guard lock(mutex_);
  for (auto& [id, table] : tables_) table->close_all(last);
}

std::size_t Hub::expire_idle(std::chrono::steady_clock::time_point idle_since) {
  std::vector<std::shared_ptr<Table>> idle;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [id, table] : tables_) {
      auto summary = table->summary();
      if (!summary.finished && summary.last_active < idle_since) idle.push_back(table);
    }
  }
  for (auto& table : idle) {
    log("table {} expired: nobody acted or joined for a while", table->id());
    table->expire();  // leaves the hub through on_retire once the store has marked it
  }
  return idle.size();
}

void Hub::clear() {
  std::lock_guard lock(mutex_);
  tables_.clear();
  tokens_.clear();
  token_hashes_.clear();
}

}  // namespace bw::server
