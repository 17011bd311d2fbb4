#include "server/accounts/accounts_api.hpp"

#include <limits>
#include <nlohmann/json.hpp>

#include "core/outside_text.hpp"
#include "core/types.hpp"
#include "server/accounts/ratings_api.hpp"
#include "server/accounts/sessions.hpp"
#include "server/errors.hpp"
#include "server/http/answering.hpp"
#include "server/http/static_files.hpp"
#include "server/names/name_key.hpp"
#include "server/store/store.hpp"
#include "server/tables/seat_names.hpp"

namespace bw::server {

using json = nlohmann::json;

namespace {

// One answer for an unknown name and a wrong password, so that neither
// the answer nor its time tells which names have accounts.
constexpr const char* kBadCredentials = "no account has that name and password";

// The string fields `wanted` of a JSON object body, and nothing else.
std::vector<std::string> fields_of(const HttpRequest& request, const std::vector<std::string>& wanted) {
  const json body = request_json(request.body);
  std::string shape = "send {";
  for (const auto& key : wanted) shape += (shape.size() > 6 ? ", \"" : "\"") + key + "\": \"…\"";
  shape += "}";
  if (!body.is_object() || body.size() != wanted.size()) throw ProtocolError("bad-request", shape);
  std::vector<std::string> values;
  for (const auto& key : wanted) {
    auto found = body.find(key);
    if (found == body.end() || !found->is_string()) throw ProtocolError("bad-request", shape);
    values.push_back(found->get<std::string>());
  }
  return values;
}

// An account's name follows a seat's rules (docs/protocol.md, "Names at a
// table"), so that an account can later sit at any table under it.
void check_account_name(const std::string& name) {
  const std::string quoted = "\"" + excerpt(name) + "\"";
  if (auto problem = one_line_problem(name, kMaxDisplayNameChars); !problem.empty())
    throw ProtocolError("bad-name", "the name " + quoted + " " + problem);
  if (is_reserved_name(name))
    throw ProtocolError("bad-name", "the name " + quoted + " is kept for bots (easy, medium, hard, random, …) and " +
                                        "\"you\"; choose another");
  const std::string key = name_key(name);
  for (std::size_t seat = 0; seat < static_cast<std::size_t>(kMaxPlayers); ++seat)
    if (key == name_key(default_seat_name(seat)))
      throw ProtocolError("bad-name", "the name " + quoted + " is how the game calls seat " + std::to_string(seat + 1) +
                                          "; choose another");
}

void check_new_password(const std::string& password) {
  if (auto problem = new_password_problem(password); !problem.empty())
    throw ProtocolError("bad-password", "the password " + problem);
}

json account_json(const AccountRow& account) {
  return {{"id", account.id}, {"name", account.name}, {"created", account.created_ms}};
}

// A seat the account holds, as "My games" lists it: where to go back to it.
json game_json(const AccountSeat& held) {
  const TableRow& row = held.row;
  json game{{"table", row.id},
            {"game", row.game},
            {"seat", held.seat},
            {"names", row.names},
            {"created", row.created},
            {"actions", held.actions},
            {"finished", row.finished && !row.expired},
            {"expired", row.expired}};
  if (!row.finished) game["url"] = "/play/" + row.id;  // a signed-in join needs no link
  else game["replay"] = "/replay/" + row.id;
  return game;
}

json session_json(const SessionRow& session, const std::string& current) {
  return {{"id", session.id},        {"created", session.created_ms},
          {"seen", session.seen_ms}, {"expires", session.expires_ms},
          {"agent", session.agent},  {"current", session.id == current}};
}

}  // namespace

AccountsApi::AccountsApi(Store& store, AccountSettings settings)
    : store_(store),
      settings_(std::move(settings)),
      limits_(settings_.limits),
      dummy_hash_(hash_password(new_session_secret(), settings_.cost)),
      work_(settings_.hash_threads, settings_.max_waiting) {}

void AccountsApi::add_routes(Router& router) {
  auto async = [this](void (AccountsApi::*endpoint)(const HttpRequest&, const ReplyFn&)) {
    return [this, endpoint](const HttpRequest& request, const Segments&, const ReplyFn& reply) {
      (this->*endpoint)(request, reply);
    };
  };
  auto answer = [this](HttpReply (AccountsApi::*endpoint)(const HttpRequest&)) {
    return [this, endpoint](const HttpRequest& request, const Segments&, const ReplyFn& reply) {
      reply((this->*endpoint)(request));
    };
  };
  router.add("POST", "/api/accounts", async(&AccountsApi::create_account));
  router.add("POST", "/api/session", async(&AccountsApi::sign_in));
  router.add("DELETE", "/api/session", async(&AccountsApi::sign_out));
  router.add("GET", "/api/me", answer(&AccountsApi::me));
  router.add("DELETE", "/api/me", async(&AccountsApi::delete_me));
  router.add("POST", "/api/me/password", async(&AccountsApi::change_password));
  router.add("GET", "/api/me/sessions", answer(&AccountsApi::sessions));
  router.add("DELETE", "/api/me/sessions/{id}",
             [this](const HttpRequest& request, const Segments& segments, const ReplyFn& reply) {
               end_session(request, segments, reply);
             });
  router.add("GET", "/api/me/data", answer(&AccountsApi::my_data));
  router.add("GET", "/api/me/games", answer(&AccountsApi::my_games));
  router.add("GET", "/api/leaderboard/{game}",
             [this](const HttpRequest&, const Segments& segments, const ReplyFn& reply) {
               reply(json_reply(200, leaderboard_json(store_, decode_request_path(segments[2]))));
             });
  router.add("GET", "/api/players/{name}",
             [this](const HttpRequest&, const Segments& segments, const ReplyFn& reply) { reply(player(segments)); });
}

std::optional<AccountsApi::SignedIn> AccountsApi::live_session(const std::string& secret, std::int64_t now) {
  auto session = store_.session_by_secret(hash_session_secret(secret));
  auto account = session && session->expires_ms > now ? store_.account_by_id(session->account) : std::nullopt;
  if (!account) return std::nullopt;
  if (on_seen) on_seen(account->id);
  return SignedIn{std::move(*account), std::move(*session), {}};
}

std::optional<AccountRow> AccountsApi::account_of(const std::string& cookie) {
  const auto secret = session_secret_in(cookie);
  auto live = secret ? live_session(*secret, now_ms()) : std::nullopt;
  if (!live) return std::nullopt;
  return std::move(live->account);
}

AccountsApi::SignedIn AccountsApi::signed_in(const HttpRequest& request) {
  const auto secret = session_secret_in(request.cookie);
  if (!secret) throw ProtocolError("not-signed-in", "sign in first (POST /api/session)");
  const std::int64_t now = now_ms();
  auto live = live_session(*secret, now);
  if (!live) throw ProtocolError("not-signed-in", "this session has ended or expired; sign in again");
  SignedIn me = std::move(*live);
  if (now - me.session.seen_ms >= kRenewEvery.count()) {
    me.session.seen_ms = now;
    me.session.expires_ms = now + kSessionIdle.count();
    store_.renew_session(me.session.id, me.session.seen_ms, me.session.expires_ms);
    me.cookies.push_back(session_cookie(*secret, kSessionIdle, settings_.secure_cookies));
  }
  return me;
}

AccountsApi::NewSession AccountsApi::new_session(const std::string& account, const std::string& agent,
                                                 std::int64_t now) const {
  const std::string secret = new_session_secret();
  return {{new_session_id(), hash_session_secret(secret), account, now, now, now + kSessionIdle.count(),
           excerpt(agent, 120)},
          session_cookie(secret, kSessionIdle, settings_.secure_cookies)};
}

void AccountsApi::start_session(const AccountRow& account, const std::string& agent, unsigned status,
                                const ReplyFn& reply) {
  NewSession session = new_session(account.id, agent, now_ms());
  HttpReply answer = with_cookies(json_reply(status, account_json(account)), {session.cookie});
  store_.create_session(session.row, answer_when_stored(reply, std::move(answer)));
}

bool AccountsApi::password_right(const std::optional<AccountRow>& account, const std::string& name_key,
                                 const std::string& password, const ReplyFn& reply) {
  const bool right = verify_password(account ? account->password_hash : dummy_hash_, password) && account;
  if (right) return true;
  limits_.count_wrong_password(name_key);
  reply(error_reply("bad-credentials", kBadCredentials));
  return false;
}

void AccountsApi::create_account(const HttpRequest& request, const ReplyFn& reply) {
  auto fields = fields_of(request, {"name", "password"});
  const std::string& name = fields[0];
  const std::string& password = fields[1];
  check_account_name(name);
  check_new_password(password);
  const std::string key = name_key(name);
  // Before the hash's fifth of a second; the insert below decides for good.
  if (auto holder = store_.account_by_key(key))
    throw ProtocolError("name-taken",
                        "the name \"" + excerpt(name) + "\" is taken" +
                            (holder->name == name ? "" : ": it looks like \"" + excerpt(holder->name) + "\"") +
                            "; choose another");
  limits_.count_creation(request.client);
  work_.run([this, name, password, key, agent = request.user_agent, reply] {
    answering(reply, [&] {
      AccountRow account{new_account_id(), name, key, hash_password(password, settings_.cost), now_ms()};
      NewSession session = new_session(account.id, agent, account.created_ms);
      HttpReply answer = with_cookies(json_reply(201, account_json(account)), {session.cookie});
      store_.create_account(
          account, session.row,
          [reply, name, answer = std::move(answer)](bool ok, const std::string& error, bool created) {
            if (!ok) return reply(error_reply("storage", error));
            if (!created)
              return reply(error_reply("name-taken",
                                       "the name \"" + excerpt(name) + "\" was taken a moment ago; choose another"));
            reply(answer);
          });
    });
  });
}

void AccountsApi::sign_in(const HttpRequest& request, const ReplyFn& reply) {
  auto fields = fields_of(request, {"name", "password"});
  const std::string& name = fields[0];
  const std::string& password = fields[1];
  // No account has such a name: said at once, as it tells nothing about any account.
  if (!one_line_problem(name, kMaxDisplayNameChars).empty()) throw ProtocolError("bad-credentials", kBadCredentials);
  limits_.count_sign_in(request.client);
  const std::string key = name_key(name);
  limits_.check_name(key);
  work_.run([this, key, password, agent = request.user_agent, reply] {
    answering(reply, [&] {
      auto account = store_.account_by_key(key);
      if (!password_right(account, key, password, reply)) return;
      // A hash made at an older cost is made again now, while the password is at hand.
      if (hash_needs_update(account->password_hash, settings_.cost))
        store_.rehash_password(account->id, account->password_hash, hash_password(password, settings_.cost));
      start_session(*account, agent, 200, reply);
    });
  });
}

void AccountsApi::sign_out(const HttpRequest& request, const ReplyFn& reply) {
  HttpReply answer =
      with_cookies(json_reply(200, {{"signed_out", true}}), {cleared_session_cookie(settings_.secure_cookies)});
  const auto secret = session_secret_in(request.cookie);
  auto session = secret ? store_.session_by_secret(hash_session_secret(*secret)) : std::nullopt;
  if (!session) return reply(std::move(answer));  // nothing to end: the browser forgets its cookie all the same
  store_.end_session(session->account, session->id, answer_when_stored(reply, std::move(answer)));
}

HttpReply AccountsApi::me(const HttpRequest& request) {
  SignedIn me = signed_in(request);
  json body = account_json(me.account);
  body["session"] = {{"id", me.session.id}, {"expires", me.session.expires_ms}};
  return with_cookies(json_reply(200, body), std::move(me.cookies));
}

void AccountsApi::change_password(const HttpRequest& request, const ReplyFn& reply) {
  SignedIn me = signed_in(request);
  auto fields = fields_of(request, {"password", "new_password"});
  check_new_password(fields[1]);
  limits_.check_name(me.account.name_key);
  work_.run([this, me, password = fields[0], new_password = fields[1], reply] {
    answering(reply, [&] {
      if (!password_right(me.account, me.account.name_key, password, reply)) return;
      // Every other session ends: whoever knew the old password is signed out.
      store_.set_password(me.account.id, hash_password(new_password, settings_.cost), me.session.id,
                          answer_when_stored(reply, with_cookies(json_reply(200, {{"changed", true}}), me.cookies)));
    });
  });
}

void AccountsApi::delete_me(const HttpRequest& request, const ReplyFn& reply) {
  SignedIn me = signed_in(request);
  auto fields = fields_of(request, {"password"});
  limits_.check_name(me.account.name_key);
  work_.run([this, me, password = fields[0], reply] {
    answering(reply, [&] {
      if (!password_right(me.account, me.account.name_key, password, reply)) return;
      HttpReply answer = with_cookies(json_reply(200, {{"deleted", me.account.name}}),
                                      {cleared_session_cookie(settings_.secure_cookies)});
      store_.delete_account(me.account.id, answer_when_stored(reply, std::move(answer)));
    });
  });
}

HttpReply AccountsApi::sessions(const HttpRequest& request) {
  SignedIn me = signed_in(request);
  json list = json::array();
  for (const auto& session : store_.sessions_of(me.account.id)) list.push_back(session_json(session, me.session.id));
  return with_cookies(json_reply(200, {{"sessions", list}}), std::move(me.cookies));
}

void AccountsApi::end_session(const HttpRequest& request, const Segments& segments, const ReplyFn& reply) {
  SignedIn me = signed_in(request);
  const std::string& id = segments[3];
  bool found = false;
  for (const auto& session : store_.sessions_of(me.account.id)) found = found || session.id == id;
  if (!found) throw ProtocolError("not-found", "you have no session \"" + excerpt(id) + "\"");
  std::vector<std::string> cookies = std::move(me.cookies);
  if (id == me.session.id) cookies = {cleared_session_cookie(settings_.secure_cookies)};
  store_.end_session(me.account.id, id,
                     answer_when_stored(reply, with_cookies(json_reply(200, {{"ended", id}}), std::move(cookies))));
}

HttpReply AccountsApi::my_games(const HttpRequest& request) {
  SignedIn me = signed_in(request);
  json games = json::array();
  for (const auto& held : store_.seats_of(me.account.id, kMyGamesListed)) games.push_back(game_json(held));
  return with_cookies(json_reply(200, {{"games", games}}), std::move(me.cookies));
}

HttpReply AccountsApi::my_data(const HttpRequest& request) {
  SignedIn me = signed_in(request);
  json sessions = json::array();
  for (const auto& session : store_.sessions_of(me.account.id))
    sessions.push_back(session_json(session, me.session.id));
  json games = json::array();
  for (const auto& held : store_.seats_of(me.account.id, std::numeric_limits<std::int32_t>::max()))
    games.push_back(game_json(held));
  // Everything stored about the account: its row (without the password's
  // hash, which is of no use to its person), its sessions, its seats and its ratings.
  json data = ratings_json(store_, me.account.id);
  data["account"] = account_json(me.account);
  data["sessions"] = std::move(sessions);
  data["games"] = std::move(games);
  return with_cookies(json_reply(200, data), std::move(me.cookies));
}

HttpReply AccountsApi::player(const Segments& segments) {
  const std::string name = decode_request_path(segments[2]);
  std::optional<AccountRow> account;
  if (one_line_problem(name, kMaxDisplayNameChars).empty()) account = store_.account_by_key(name_key(name));
  if (!account) throw ProtocolError("not-found", "no player is called \"" + excerpt(name) + "\"");
  json profile = ratings_json(store_, account->id);
  profile["name"] = account->name;
  profile["created"] = account->created_ms;
  return json_reply(200, profile);
}

}  // namespace bw::server
