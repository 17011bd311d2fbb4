#pragma once
// Accounts, optional (docs/protocol.md, "Accounts"; SECURITY.md): a person
// may keep a name and a password; guests play by link as before. One
// function per endpoint. Everything an account owns is keyed by its id;
// its name is a label, unique site-wide by name_key. Password work runs on
// PasswordWork's threads; the database (Store) holds only hashes.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "server/accounts/account_limits.hpp"
#include "server/accounts/password.hpp"
#include "server/accounts/password_work.hpp"
#include "server/http/message.hpp"
#include "server/http/router.hpp"
#include "server/store/rows.hpp"

namespace bw::server {

class Store;

struct AccountSettings {
  PasswordCost cost = kPasswordCost;
  AccountLimitSettings limits;
  bool secure_cookies = false;  // people reach the server over TLS (an https:// --public-url): cookies say Secure
  std::size_t hash_threads = 1;
  std::size_t max_waiting = 16;              // password jobs queued or running; more get "busy"
  std::function<std::int64_t()> wall_clock;  // unix ms
};

inline constexpr std::size_t kMyGamesListed = 200;

class AccountsApi {
 public:
  AccountsApi(Store& store, AccountSettings settings);
  void add_routes(Router& router);
  // The account whose unexpired session the Cookie header `cookie` carries,
  // if any (a WebSocket's join: docs/protocol.md, "A seat and an account").
  std::optional<AccountRow> account_of(const std::string& cookie);

  struct SignedIn {
    AccountRow account;
    SessionRow session;
    std::vector<std::string> cookies;  // the renewed cookie, when the session was renewed: send it back
  };
  // The account whose session cookie `request` carries; throws "not-signed-in".
  SignedIn signed_in(const HttpRequest& request);
  // Told of every account whose session is used (who is online).
  std::function<void(const std::string& account)> on_seen;

 private:
  using Segments = std::vector<std::string>;
  // The unexpired session a cookie's secret opens, and its account (no cookie to send back).
  std::optional<SignedIn> live_session(const std::string& secret, std::int64_t now);

  void create_account(const HttpRequest& request, const ReplyFn& reply);
  void sign_in(const HttpRequest& request, const ReplyFn& reply);
  void sign_out(const HttpRequest& request, const ReplyFn& reply);
  HttpReply me(const HttpRequest& request);
  void change_password(const HttpRequest& request, const ReplyFn& reply);
  void delete_me(const HttpRequest& request, const ReplyFn& reply);
  HttpReply sessions(const HttpRequest& request);
  void end_session(const HttpRequest& request, const Segments& segments, const ReplyFn& reply);
  HttpReply my_data(const HttpRequest& request);
  HttpReply my_games(const HttpRequest& request);  // "My games": the newest kMyGamesListed seats of the account
  HttpReply player(const Segments& segments);

  // A new session of `account`: its row, and the Set-Cookie that hands its secret over.
  struct NewSession {
    SessionRow row;
    std::string cookie;
  };
  NewSession new_session(const std::string& account, const std::string& agent, std::int64_t now) const;
  // Stores a new session of `account` and answers `status` with the account and the session's cookie.
  void start_session(const AccountRow& account, const std::string& agent, unsigned status, const ReplyFn& reply);
  // On a password thread: `password` against `account`'s hash (or, with no
  // account, against a hash nobody's password matches, which takes as long).
  // A wrong one counts against the name and answers "bad-credentials".
  bool password_right(const std::optional<AccountRow>& account, const std::string& name_key,
                      const std::string& password, const ReplyFn& reply);
  std::int64_t now_ms() const { return settings_.wall_clock(); }

  Store& store_;
  AccountSettings settings_;
  AccountLimits limits_;
  std::string dummy_hash_;
  PasswordWork work_;  // last: its threads stop first, while what their jobs use is still there
};

}  // namespace bw::server
