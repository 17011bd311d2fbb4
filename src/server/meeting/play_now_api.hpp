#pragma once
// The endpoints of meeting people (docs/protocol.md, "Meeting people"):
// Play now's ticket, taking an open seat from the lobby, who is online.
// One function per endpoint; every one but the online list needs a session.
#include <chrono>
#include <cstdint>
#include <functional>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "server/guard/bot_limits.hpp"
#include "server/http/message.hpp"
#include "server/http/router.hpp"
#include "server/store/rows.hpp"

namespace bw::server {

class AccountsApi;
class ClientLimits;
class Hub;
class Presence;
class Store;

// A ticket's default wait before bots fill the table, and the longest a person may choose.
inline constexpr std::int64_t kDefaultBotsAfterS = 60;
inline constexpr std::int64_t kMaxBotsAfterS = 3600;
// A waiting person's asking is written at most this often (the matchmaker drops tickets unseen for a minute).
inline constexpr std::int64_t kSeeTicketEveryMs = 5000;
inline constexpr std::size_t kOnlineNamesListed = 100;

class PlayNowApi {
 public:
  PlayNowApi(Store& store, Hub& hub, AccountsApi& accounts, ClientLimits& client_limits, Presence& presence,
             BotLimits bot_limits, std::function<std::int64_t()> wall_clock);
  void add_routes(Router& router);

 private:
  using Segments = std::vector<std::string>;
  void ask(const HttpRequest& request, const ReplyFn& reply);    // POST /api/play-now
  HttpReply ticket(const HttpRequest& request);                  // GET /api/play-now
  void leave(const HttpRequest& request, const ReplyFn& reply);  // DELETE /api/play-now
  void online(const HttpRequest& request, const ReplyFn& reply);
  void take_seat(const HttpRequest& request, const Segments& segments, const ReplyFn& reply);

  // A ticket as GET answers it (none: {"state": "none"}).
  nlohmann::json ticket_json(const std::optional<TicketRow>& ticket, std::int64_t now_ms);
  // The waiting tickets, read at most once a second whoever asks (every waiting person asks once a second).
  std::vector<TicketRow> waiting_now(std::int64_t now_ms);
  void forget_waiting();  // the queue changed here: the next asker reads it again

  Store& store_;
  Hub& hub_;
  AccountsApi& accounts_;
  ClientLimits& client_limits_;
  Presence& presence_;
  BotLimits bot_limits_;
  std::function<std::int64_t()> wall_clock_;
  std::mutex waiting_mutex_;
  std::vector<TicketRow> waiting_;
  static constexpr std::int64_t kNeverRead = -1'000'000;
  std::int64_t waiting_read_ms_ = kNeverRead;
};

}  // namespace bw::server
