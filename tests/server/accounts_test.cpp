// Accounts over HTTP (docs/protocol.md, "Accounts"; SECURITY.md): create,
// sign in and out, sessions, a new password, deletion, names unique by look,
// one answer for an unknown name and a wrong password, the throttles, the
// cookie's flags, other sites' writes, and a database without secrets.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <fstream>
#include <iterator>

#include "account_client.hpp"
#include "server/accounts/password.hpp"
#include "server/accounts/sessions.hpp"
#include "server/names/name_key.hpp"
#include "server/store/store.hpp"
#include "server_fixture.hpp"

namespace bw::server::testing {
namespace {

using json = nlohmann::json;

std::string secret_of(const std::string& cookie) { return cookie.substr(cookie.find('=') + 1); }

json credentials(const std::string& name, const std::string& password) {
  return {{"name", name}, {"password", password}};
}

class Accounts : public QuietServerTest {
 protected:
  HttpResult post(const std::string& target, const json& body, const std::string& cookie = "", Headers headers = {}) {
    if (!cookie.empty()) headers.emplace_back("Cookie", cookie);
    return http_request(server_.port, "POST", target, body.dump(), headers);
  }
  HttpResult get(const std::string& target, const std::string& cookie = "") {
    return http_request(server_.port, "GET", target, "", {{"Cookie", cookie}});
  }
  HttpResult remove(const std::string& target, const std::string& cookie, const json& body = json::object()) {
    return http_request(server_.port, "DELETE", target, body.dump(), {{"Cookie", cookie}});
  }
  // A new account's session cookie; fails the test unless it was created.
  std::string create(const std::string& name, const std::string& password = "sheep are fluffy") {
    return create_account(server_.port, name, password);
  }
  std::string sign_in(const std::string& name, const std::string& password = "sheep are fluffy") {
    auto signed_in = post("/api/session", credentials(name, password));
    EXPECT_EQ(signed_in.status, 200u) << signed_in.text;
    return cookie_of(signed_in);
  }

  std::string db_ = fresh_db("accounts");
  RunningServer server_{db_};
};

TEST_F(Accounts, ANewAccountIsSignedInWithAnHttpOnlyLaxCookie) {
  auto created = post("/api/accounts", credentials("Ann", "sheep are fluffy"));
  ASSERT_EQ(created.status, 201u) << created.text;
  EXPECT_EQ(created.body["name"], "Ann");
  EXPECT_EQ(created.body["id"].get<std::string>().size(), 32u);
  ASSERT_EQ(created.set_cookies.size(), 1u);
  const std::string& cookie = created.set_cookies[0];
  EXPECT_EQ(secret_of(cookie_of(created)).size(), 43u) << "256 bits in base64url";
  EXPECT_NE(cookie.find("; HttpOnly"), std::string::npos) << cookie;
  EXPECT_NE(cookie.find("; SameSite=Lax"), std::string::npos) << cookie;
  EXPECT_NE(cookie.find("; Path=/"), std::string::npos) << cookie;
  EXPECT_NE(cookie.find("; Max-Age=2592000"), std::string::npos) << cookie;
  EXPECT_EQ(cookie.find("Secure"), std::string::npos) << "plain HTTP: a Secure cookie would never come back";
  auto me = get("/api/me", cookie_of(created));
  ASSERT_EQ(me.status, 200u) << me.text;
  EXPECT_EQ(me.body["name"], "Ann");
  EXPECT_EQ(me.body["id"], created.body["id"]);
  auto nobody = get("/api/me");
  EXPECT_EQ(nobody.status, 401u);
  EXPECT_EQ(nobody.body["error"]["code"], "not-signed-in");
  auto forged = get("/api/me", "bw_session=" + std::string(43, 'A'));
  EXPECT_EQ(forged.body["error"]["code"], "not-signed-in");
}

TEST_F(Accounts, SigningOutEndsTheSessionAndSigningInStartsAnother) {
  const std::string first = create("Ann");
  auto out = remove("/api/session", first);
  ASSERT_EQ(out.status, 200u) << out.text;
  ASSERT_EQ(out.set_cookies.size(), 1u);
  EXPECT_TRUE(out.set_cookies[0].starts_with("bw_session=; Max-Age=0")) << out.set_cookies[0];
  EXPECT_EQ(get("/api/me", first).status, 401u) << "the old cookie still opens the account";
  const std::string second = sign_in("ann");  // names are case-folded when signing in too
  ASSERT_FALSE(second.empty());
  EXPECT_NE(second, first);
  EXPECT_EQ(get("/api/me", second).body["name"], "Ann");
  EXPECT_EQ(remove("/api/session", "").status, 200u) << "signing out without a session is no error";
}

TEST_F(Accounts, NamesAreUniqueCaseFoldedAndByLookAndNotABots) {
  create("Ann");
  for (const char* same : {"ann", "ANN", "\xEF\xBC\xA1\xEF\xBD\x8E\xEF\xBD\x8E", "\xD0\x90nn", " Ann "}) {
    auto taken = post("/api/accounts", credentials(same, "sheep are fluffy"));
    EXPECT_EQ(taken.status, 409u) << same;
    EXPECT_EQ(taken.body["error"]["code"], "name-taken") << same;
  }
  for (const char* kept : {"Medium", "random", "you", "P3", "", "a\tb", "\xE2\x80\x8B"}) {
    auto refused = post("/api/accounts", credentials(kept, "sheep are fluffy"));
    EXPECT_EQ(refused.body["error"]["code"], "bad-name") << kept;
  }
  EXPECT_EQ(post("/api/accounts", credentials(std::string(33, 'a'), "sheep are fluffy")).body["error"]["code"],
            "bad-name");
}

TEST_F(Accounts, APasswordIsEightCharactersOrMoreAndTheBodyHasItsShape) {
  EXPECT_EQ(post("/api/accounts", credentials("Ann", "short")).body["error"]["code"], "bad-password");
  EXPECT_EQ(post("/api/accounts", credentials("Ann", std::string(1025, 'x'))).body["error"]["code"], "bad-password");
  EXPECT_EQ(post("/api/accounts", credentials("Ann", "new\nline password")).body["error"]["code"], "bad-password");
  EXPECT_EQ(post("/api/accounts", {{"name", "Ann"}}).body["error"]["code"], "bad-request");
  EXPECT_EQ(
      post("/api/accounts", {{"name", "Ann"}, {"password", "sheep are fluffy"}, {"admin", true}}).body["error"]["code"],
      "bad-request");
  EXPECT_EQ(
      http_request(server_.port, "POST", "/api/accounts", "{\"name\": \"A\", \"name\": \"B\"}").body["error"]["code"],
      "bad-json");
  EXPECT_EQ(post("/api/accounts", credentials("Ann", "sheep are fluffy")).status, 201u);
}

TEST_F(Accounts, AnUnknownNameAndAWrongPasswordGetTheSameAnswer) {
  create("Ann");
  auto wrong = post("/api/session", credentials("Ann", "not the password"));
  auto unknown = post("/api/session", credentials("Nobody", "not the password"));
  EXPECT_EQ(wrong.status, 401u);
  EXPECT_EQ(wrong.body["error"]["code"], "bad-credentials");
  EXPECT_EQ(wrong.status, unknown.status);
  EXPECT_EQ(wrong.text, unknown.text);
  EXPECT_EQ(wrong.set_cookies, unknown.set_cookies);
  EXPECT_TRUE(wrong.set_cookies.empty());
}

TEST_F(Accounts, ANewPasswordEndsEveryOtherSession) {
  const std::string here = create("Ann", "first password");
  const std::string there = sign_in("Ann", "first password");
  auto refused = post("/api/me/password", {{"password", "not it at all"}, {"new_password", "second password"}}, here);
  EXPECT_EQ(refused.body["error"]["code"], "bad-credentials");
  auto weak = post("/api/me/password", {{"password", "first password"}, {"new_password", "short"}}, here);
  EXPECT_EQ(weak.body["error"]["code"], "bad-password");
  auto changed = post("/api/me/password", {{"password", "first password"}, {"new_password", "second password"}}, here);
  ASSERT_EQ(changed.status, 200u) << changed.text;
  EXPECT_EQ(get("/api/me", here).status, 200u);
  EXPECT_EQ(get("/api/me", there).status, 401u);
  EXPECT_EQ(post("/api/session", credentials("Ann", "first password")).status, 401u);
  EXPECT_FALSE(sign_in("Ann", "second password").empty());
  EXPECT_EQ(post("/api/me/password", {{"password", "x"}, {"new_password", "second password"}}).body["error"]["code"],
            "not-signed-in");
}

TEST_F(Accounts, SessionsAreListedAndRevoked) {
  const std::string laptop = create("Ann");
  auto phone_signed_in =
      post("/api/session", credentials("Ann", "sheep are fluffy"), "", {{"User-Agent", "Sheep Phone 1.0"}});
  const std::string phone = cookie_of(phone_signed_in);
  auto listed = get("/api/me/sessions", laptop);
  ASSERT_EQ(listed.status, 200u) << listed.text;
  ASSERT_EQ(listed.body["sessions"].size(), 2u);
  EXPECT_TRUE(listed.body["sessions"][0]["current"]);
  EXPECT_FALSE(listed.body["sessions"][1]["current"]);
  EXPECT_EQ(listed.body["sessions"][1]["agent"], "Sheep Phone 1.0");
  EXPECT_EQ(listed.text.find(secret_of(phone)), std::string::npos) << "a list shows session ids, not secrets";
  const std::string phone_id = listed.body["sessions"][1]["id"];
  EXPECT_EQ(remove("/api/me/sessions/0123456789abcdef", laptop).body["error"]["code"], "not-found");
  auto revoked = remove("/api/me/sessions/" + phone_id, laptop);
  ASSERT_EQ(revoked.status, 200u) << revoked.text;
  EXPECT_EQ(get("/api/me", phone).status, 401u);
  EXPECT_EQ(get("/api/me", laptop).status, 200u);
  // Bob cannot end Ann's sessions, even knowing their ids.
  const std::string bob = create("Bob");
  const std::string laptop_id = listed.body["sessions"][0]["id"];
  EXPECT_EQ(remove("/api/me/sessions/" + laptop_id, bob).body["error"]["code"], "not-found");
  EXPECT_EQ(get("/api/me", laptop).status, 200u);
}

TEST_F(Accounts, ADeletedAccountIsGoneAndItsNameFree) {
  const std::string cookie = create("Ann");
  EXPECT_EQ(remove("/api/me", cookie, {{"password", "wrong password"}}).body["error"]["code"], "bad-credentials");
  EXPECT_EQ(get("/api/players/Ann").status, 200u);
  auto deleted = remove("/api/me", cookie, {{"password", "sheep are fluffy"}});
  ASSERT_EQ(deleted.status, 200u) << deleted.text;
  ASSERT_EQ(deleted.set_cookies.size(), 1u);
  EXPECT_TRUE(deleted.set_cookies[0].starts_with("bw_session=; Max-Age=0"));
  EXPECT_EQ(get("/api/me", cookie).status, 401u);
  EXPECT_EQ(get("/api/players/Ann").body["error"]["code"], "not-found");
  EXPECT_EQ(post("/api/session", credentials("Ann", "sheep are fluffy")).status, 401u);
  EXPECT_EQ(post("/api/accounts", credentials("ann", "another password")).status, 201u);
}

TEST_F(Accounts, MyDataIsEverythingStoredAndAPlayerShowsOnlyNameDateAndRatings) {
  const std::string cookie = create("Ann");
  auto data = get("/api/me/data", cookie);
  ASSERT_EQ(data.status, 200u) << data.text;
  EXPECT_EQ(data.body["account"]["name"], "Ann");
  EXPECT_EQ(data.body["sessions"].size(), 1u);
  EXPECT_EQ(data.body["games"], json::array());
  EXPECT_EQ(data.body["ratings"], json::array());
  EXPECT_EQ(data.text.find("argon2"), std::string::npos) << "the password's hash is of no use to its person";
  auto player = get("/api/players/ann");
  ASSERT_EQ(player.status, 200u) << player.text;
  EXPECT_EQ(player.body, (json{{"name", "Ann"},
                               {"created", data.body["account"]["created"]},
                               {"ratings", json::array()},
                               {"history", json::array()}}))
      << "no id, no session: a profile is what anyone may see";
  EXPECT_EQ(get("/api/players/%D0%90nn").body["name"], "Ann") << "a Cyrillic А finds the Latin name";
  EXPECT_EQ(get("/api/players/Bob").body["error"]["code"], "not-found");
  EXPECT_EQ(get("/api/players/%00").body["error"]["code"], "not-found");
}

TEST_F(Accounts, AnotherSitesPageCannotWrite) {
  const std::string cookie = create("Ann");
  const Headers evil = {{"Origin", "https://evil.example"}};
  EXPECT_EQ(post("/api/session", credentials("Ann", "sheep are fluffy"), "", evil).body["error"]["code"], "bad-origin");
  EXPECT_EQ(post("/api/accounts", credentials("Eve", "sheep are fluffy"), "", evil).body["error"]["code"],
            "bad-origin");
  auto form = http_request(server_.port, "POST", "/api/session", "name=Ann&password=sheep+are+fluffy",
                           {{"Content-Type", "application/x-www-form-urlencoded"}});
  EXPECT_EQ(form.body["error"]["code"], "bad-content-type");
  auto deleted = http_request(server_.port, "DELETE", "/api/me", json{{"password", "sheep are fluffy"}}.dump(),
                              {{"Cookie", cookie}, {"Origin", "https://evil.example"}});
  EXPECT_EQ(deleted.body["error"]["code"], "bad-origin");
  EXPECT_EQ(get("/api/me", cookie).status, 200u);
}

TEST_F(Accounts, TheDatabaseHoldsNoPasswordAndNoSessionSecret) {
  const std::string password = "correct horse battery staple";
  const std::string first = create("Ann", password);
  const std::string second = sign_in("Ann", password);
  server_.stop();
  std::string bytes;
  for (const char* suffix : {"", "-wal"}) {
    std::ifstream in(db_ + suffix, std::ios::binary);
    bytes.append(std::istreambuf_iterator<char>(in), {});
  }
  ASSERT_NE(bytes.find("Ann"), std::string::npos) << "the file was read (the name is there)";
  ASSERT_NE(bytes.find(hash_session_secret(secret_of(first))), std::string::npos) << "the secret's hash is there";
  EXPECT_EQ(bytes.find(password), std::string::npos);
  for (const auto& cookie : {first, second}) EXPECT_EQ(bytes.find(secret_of(cookie)), std::string::npos);
}

class AccountLimitsTest : public QuietServerTest {};

TEST_F(AccountLimitsTest, SignInsArePerAddressAndWrongPasswordsPerName) {
  ServeOptions options;
  options.sign_ins_per_minute = 3;
  options.wrong_passwords_per_hour = 2;
  RunningServer server(fresh_db("account-limits"), options);
  auto post = [&](const std::string& target, const json& body) {
    return http_request(server.port, "POST", target, body.dump());
  };
  ASSERT_EQ(post("/api/accounts", credentials("Ann", "sheep are fluffy")).status, 201u);
  EXPECT_EQ(post("/api/session", credentials("Ann", "wrong one")).status, 401u);
  EXPECT_EQ(post("/api/session", credentials("Ann", "wrong two")).status, 401u);
  // The name has had its wrong passwords: even the right one waits now.
  auto held = post("/api/session", credentials("Ann", "sheep are fluffy"));
  EXPECT_EQ(held.status, 429u);
  EXPECT_EQ(held.body["error"]["code"], "rate-limited");
  EXPECT_FALSE(held.retry_after.empty());
  // The address has had its three sign-ins a minute (the held one counted).
  auto address = post("/api/session", credentials("Bob", "whatever it is"));
  EXPECT_EQ(address.status, 429u);
  EXPECT_NE(address.body["error"]["message"].get<std::string>().find("a minute from one address"), std::string::npos);
}

TEST_F(AccountLimitsTest, AnUnknownNameIsHeldLikeAKnownOne) {
  ServeOptions options;
  options.wrong_passwords_per_hour = 1;
  RunningServer server(fresh_db("account-limits-unknown"), options);
  auto post = [&](const json& body) { return http_request(server.port, "POST", "/api/session", body.dump()); };
  ASSERT_EQ(http_request(server.port, "POST", "/api/accounts", credentials("Ann", "sheep are fluffy").dump()).status,
            201u);
  post(credentials("Ann", "wrong one"));
  post(credentials("Nobody", "wrong one"));
  auto known = post(credentials("Ann", "wrong two"));
  auto unknown = post(credentials("Nobody", "wrong two"));
  EXPECT_EQ(known.status, 429u);
  EXPECT_EQ(known.text, unknown.text);
}

TEST_F(AccountLimitsTest, AccountsCreatedArePerAddress) {
  ServeOptions options;
  options.accounts_per_hour = 2;
  RunningServer server(fresh_db("account-limits-create"), options);
  auto create = [&](const std::string& name) {
    return http_request(server.port, "POST", "/api/accounts", credentials(name, "sheep are fluffy").dump());
  };
  EXPECT_EQ(create("Ann").status, 201u);
  EXPECT_EQ(create("Bob").status, 201u);
  auto third = create("Cat");
  EXPECT_EQ(third.status, 429u);
  EXPECT_EQ(third.body["error"]["code"], "rate-limited");
}

TEST_F(AccountLimitsTest, TheCookieIsSecureWhenPeopleComeOverTls) {
  ServeOptions options;
  options.public_urls = {"https://sheep.example.org"};
  RunningServer server(fresh_db("account-tls"), options);
  auto created = http_request(server.port, "POST", "/api/accounts", credentials("Ann", "sheep are fluffy").dump());
  ASSERT_EQ(created.set_cookies.size(), 1u);
  EXPECT_NE(created.set_cookies[0].find("; Secure"), std::string::npos) << created.set_cookies[0];
}

TEST_F(AccountLimitsTest, ASessionIsRenewedWhenUsedAndExpiresWhenNot) {
  auto now = std::make_shared<std::atomic<std::int64_t>>(1795000000000);
  ServeOptions options;
  options.wall_clock = [now] { return now->load(); };
  RunningServer server(fresh_db("account-expiry"), options);
  auto me = [&](const std::string& cookie) {
    return http_request(server.port, "GET", "/api/me", "", {{"Cookie", cookie}});
  };
  auto created = http_request(server.port, "POST", "/api/accounts", credentials("Ann", "sheep are fluffy").dump());
  const std::string cookie = cookie_of(created);
  *now += std::chrono::milliseconds(std::chrono::hours(1)).count();
  EXPECT_TRUE(me(cookie).set_cookies.empty()) << "renewed within the day";
  *now += std::chrono::milliseconds(std::chrono::days(29)).count();
  auto renewed = me(cookie);
  ASSERT_EQ(renewed.status, 200u);
  ASSERT_EQ(renewed.set_cookies.size(), 1u);
  EXPECT_EQ(cookie_of(renewed), cookie) << "renewal keeps the secret, moves the expiry";
  EXPECT_EQ(renewed.body["session"]["expires"], now->load() + kSessionIdle.count());
  *now += std::chrono::milliseconds(std::chrono::days(31)).count();
  EXPECT_EQ(me(cookie).status, 401u) << "unused for 31 days";
}

TEST_F(AccountLimitsTest, UnknownNameAndWrongPasswordTakeAsLongAsEachOther) {
  // At a cost where a hash takes milliseconds: an answer that skipped the
  // hash for an unknown name would come many times faster.
  ServeOptions options;
  options.password_cost = {2, std::size_t{16} << 20};
  RunningServer server(fresh_db("account-timing"), options);
  ASSERT_EQ(http_request(server.port, "POST", "/api/accounts", credentials("Ann", "sheep are fluffy").dump()).status,
            201u);
  auto fastest = [&](const std::string& name) {
    auto best = std::chrono::steady_clock::duration::max();
    for (int i = 0; i < 5; ++i) {
      auto start = std::chrono::steady_clock::now();
      auto answer = http_request(server.port, "POST", "/api/session", credentials(name, "not the password").dump());
      EXPECT_EQ(answer.status, 401u);
      best = std::min(best, std::chrono::steady_clock::now() - start);
    }
    return std::chrono::duration<double, std::milli>(best).count();
  };
  const double wrong = fastest("Ann"), unknown = fastest("Nobody");
  EXPECT_GT(unknown, wrong / 2) << "unknown " << unknown << " ms, wrong password " << wrong << " ms";
  EXPECT_GT(wrong, unknown / 2) << "unknown " << unknown << " ms, wrong password " << wrong << " ms";
}

TEST_F(AccountLimitsTest, ASignInHashesAPasswordOfAnOlderCostAgain) {
  const std::string db = fresh_db("account-rehash");
  {
    RunningServer older(db);  // the tests' least cost: 1 pass, 8 KiB
    ASSERT_EQ(http_request(older.port, "POST", "/api/accounts", credentials("Ann", "sheep are fluffy").dump()).status,
              201u);
  }
  ServeOptions options;
  options.password_cost = {2, std::size_t{16} << 10};
  {
    RunningServer newer(db, options);
    auto signed_in = http_request(newer.port, "POST", "/api/session", credentials("Ann", "sheep are fluffy").dump());
    ASSERT_EQ(signed_in.status, 200u) << signed_in.text;
  }
  Store store(db);
  const std::string hash = store.account_by_key(name_key("Ann"))->password_hash;
  EXPECT_TRUE(hash.starts_with("$argon2id$v=19$m=16,t=2,p=1$")) << hash;
  EXPECT_TRUE(verify_password(hash, "sheep are fluffy"));
}

TEST(AccountPasswords, HashesAreArgon2idAtTheDocumentedCostAndVerify) {
  const std::string hash = hash_password("sheep are fluffy", kPasswordCost);
  EXPECT_TRUE(hash.starts_with("$argon2id$v=19$m=65536,t=2,p=1$")) << hash;
  EXPECT_TRUE(verify_password(hash, "sheep are fluffy"));
  EXPECT_FALSE(verify_password(hash, "sheep are fluffY"));
  EXPECT_NE(hash, hash_password("sheep are fluffy", kPasswordCost)) << "a fresh salt each time";
  EXPECT_FALSE(hash_needs_update(hash, kPasswordCost));
  EXPECT_TRUE(hash_needs_update(hash, {1, 8192}));
}

TEST(AccountSessions, CookiesAreReadOnlyWhenTheyHaveTheShapeOfASecret) {
  const std::string secret = new_session_secret();
  EXPECT_EQ(session_secret_in("a=1; bw_session=" + secret + "; b=2"), secret);
  EXPECT_EQ(session_secret_in("bw_session=" + secret), secret);
  EXPECT_FALSE(session_secret_in("bw_session=short"));
  EXPECT_FALSE(session_secret_in("xbw_session=" + secret));
  EXPECT_FALSE(session_secret_in("bw_session=" + secret.substr(1) + "!"));
  EXPECT_NE(new_session_secret(), secret);
  EXPECT_EQ(hash_session_secret("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

}  // namespace
}  // namespace bw::server::testing
