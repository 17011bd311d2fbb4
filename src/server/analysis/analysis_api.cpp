#include "server/analysis/analysis_api.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "server/accounts/accounts_api.hpp"
#include "server/analysis/analysis_queue.hpp"
#include "server/errors.hpp"
#include "server/http/error_codes.hpp"
#include "server/log.hpp"
#include "server/store/store.hpp"
#include "server/tables/tokens.hpp"
#include "server/ws/protocol.hpp"

namespace bw::server {

using json = nlohmann::json;

namespace {
// Seconds a client is told to wait before asking again when the queue is full.
constexpr int kRetryWhenBusy = 30;

// Every status but "done" (whose analysis is sent as stored).
json status_json(const AnalysisStatus& status) {
  using State = AnalysisStatus::State;
  json body = {{"status", state_name(status.state)}};
  if (status.state == State::Queued) body["position"] = status.position;
  if (status.state == State::Running) {
    body["done"] = status.done;
    body["total"] = status.total;
  }
  if (status.state == State::Failed) body["message"] = status.message;
  return body;
}

HttpReply status_reply(unsigned code, const AnalysisStatus& status) {
  if (status.state == AnalysisStatus::State::Done)  // stored as JSON text: sent as it is, not parsed again
    return {code, "application/json", R"({"status":"done","analysis":)" + *status.body + "}"};
  return json_reply(code, status_json(status));
}
}  // namespace

AnalysisApi::AnalysisApi(AnalysisQueue& queue, Store& store, AccountsApi& accounts)
    : queue_(queue), store_(store), accounts_(accounts) {}

void AnalysisApi::add_routes(Router& router) {
  router.add("GET", "/api/tables/{id}/analysis",
             [this](const HttpRequest& request, const Segments& segments, const ReplyFn& reply) {
               reply(status(request, segments));
             });
  router.add("POST", "/api/tables/{id}/analysis",
             [this](const HttpRequest& request, const Segments& segments, const ReplyFn& reply) {
               reply(ask(request, segments));
             });
}

void AnalysisApi::rated_game_ended(const std::string& table) {
  if (queue_.enabled() && !queue_.ask(table)) log("table {}: not analysed, the analysis queue is full", table);
}

StoredTable AnalysisApi::finished_table(const Segments& segments) {
  const std::string& id = segments[2];
  if (!looks_like_table_id(id)) throw ProtocolError("unknown-table", "not a table id");
  std::optional<StoredTable> table = store_.load_table(id);
  if (!table) throw ProtocolError("unknown-table", "there is no table '" + id + "'");
  // An expired table stopped before its end: there is no result to judge the moves by.
  if (!table->row.finished || table->row.expired)
    throw ProtocolError("not-finished", "table " + id + " has not come to its end; only a finished game is analysed");
  return *table;
}

bool AnalysisApi::held_a_seat(const StoredTable& table, const HttpRequest& request) {
  const std::string_view auth = request.authorization;
  if (auth.starts_with("Bearer ") && looks_like_token(auth.substr(7))) {
    const std::string hash = hash_token(auth.substr(7));
    for (const TokenRow& token : table.tokens)
      if (token.hash == hash && token.seats != 0) return true;  // a spectator's link opens no seat
  }
  if (request.cookie.empty()) return false;
  const std::optional<AccountRow> account = accounts_.account_of(request.cookie);
  return account &&
         std::find(table.seat_accounts.begin(), table.seat_accounts.end(), account->id) != table.seat_accounts.end();
}

HttpReply AnalysisApi::status(const HttpRequest& request, const Segments& segments) {
  const std::string& id = segments[2];
  AnalysisStatus now = queue_.status(looks_like_table_id(id) ? id : "");
  if (now.state != AnalysisStatus::State::None && now.state != AnalysisStatus::State::Failed)
    return status_reply(200, now);
  // Not analysed, or failed (a player may ask again): whether this asker may.
  const StoredTable table = finished_table(segments);
  json body = status_json(now);
  body["can_ask"] = queue_.enabled() && held_a_seat(table, request);
  if (!queue_.enabled()) body["message"] = "this server does not analyse games";
  return json_reply(200, body);
}

HttpReply AnalysisApi::ask(const HttpRequest& request, const Segments& segments) {
  // A full queue answers before the store is read: a burst of asks while it is
  // full (every player at a busy server's end of game) costs the connections' threads no reads.
  if (queue_.enabled() && !queue_.has_room_for(segments[2]))
    return error_reply("busy", "the analysis queue is full; ask again later").retry_in(kRetryWhenBusy);
  const StoredTable table = finished_table(segments);
  if (!held_a_seat(table, request))
    throw ProtocolError("forbidden", "only a player of this table may ask for its analysis (send your seat's token)");
  if (!queue_.enabled()) throw ProtocolError("forbidden", "this server does not analyse games");
  std::optional<AnalysisStatus> now = queue_.ask(table.row.id);
  if (!now) return error_reply("busy", "the analysis queue is full; ask again later").retry_in(kRetryWhenBusy);
  return status_reply(now->state == AnalysisStatus::State::Done ? 200 : 202, *now);
}

}  // namespace bw::server
