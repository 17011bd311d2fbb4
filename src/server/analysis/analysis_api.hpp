#pragma once
// GET and POST /api/tables/{id}/analysis (docs/protocol.md, "Post-game
// analysis"): where a finished table's analysis stands, and a player's ask
// for one. A player is whoever held a seat: its seat link's token
// (Authorization: Bearer) or the account bound to the seat (session cookie).
// Rated games are analysed at their end without being asked.
#include <string>
#include <vector>

#include "server/http/message.hpp"
#include "server/http/router.hpp"
#include "server/store/rows.hpp"

namespace bw::server {

class AccountsApi;
class AnalysisQueue;
class Store;

class AnalysisApi {
 public:
  AnalysisApi(AnalysisQueue& queue, Store& store, AccountsApi& accounts);
  void add_routes(Router& router);
  // A rated game ended (any thread): it is queued, or skipped with a log line when the queue is full.
  void rated_game_ended(const std::string& table);

 private:
  using Segments = std::vector<std::string>;
  HttpReply status(const HttpRequest& request, const Segments& segments);
  HttpReply ask(const HttpRequest& request, const Segments& segments);
  // The finished table `segments` names; throws "unknown-table", "not-finished".
  StoredTable finished_table(const Segments& segments);
  bool held_a_seat(const StoredTable& table, const HttpRequest& request);

  AnalysisQueue& queue_;
  Store& store_;
  AccountsApi& accounts_;
};

}  // namespace bw::server
