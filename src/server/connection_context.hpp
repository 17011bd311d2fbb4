#pragma once
// What every connection shares, HTTP (http/connection.cpp) and WebSocket
// (ws/session.cpp) alike: the options, the rooms they call into, and the open
// WebSocket sessions (a stop closes them).
#include <memory>
#include <mutex>
#include <set>

#include "server/serve_options.hpp"

namespace bw::server {

class AccountsApi;
class ClientLimits;
class Hub;
class MetricsRegistry;
class Router;
class SiteGuard;
class WsSession;
struct ServerMetrics;

struct ConnectionContext {
  ServeOptions options;
  Hub* hub = nullptr;
  AccountsApi* accounts = nullptr;  // a join carrying a session cookie sits at the account's seats
  Router* router = nullptr;
  SiteGuard* guard = nullptr;
  ClientLimits* client_limits = nullptr;
  ServerMetrics* metrics = nullptr;
  std::mutex sessions_mutex;
  std::set<std::weak_ptr<WsSession>, std::owner_less<>> sessions;
};

}  // namespace bw::server
