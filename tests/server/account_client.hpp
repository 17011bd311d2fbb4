#pragma once
// A test client's side of accounts (docs/protocol.md, "Accounts"): the
// session cookie a reply hands over, and a new account signed in.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "test_client.hpp"

namespace bw::server::testing {

// "bw_session=…" from the answer's Set-Cookie, as a browser would send it back ("" when none).
inline std::string cookie_of(const HttpResult& result) {
  for (const auto& cookie : result.set_cookies)
    if (cookie.starts_with("bw_session=")) return cookie.substr(0, cookie.find(';'));
  return "";
}

// A new account's session cookie; fails the test unless it was created.
inline std::string create_account(unsigned short port, const std::string& name,
                                  const std::string& password = "sheep are fluffy") {
  auto created =
      http_request(port, "POST", "/api/accounts", nlohmann::json{{"name", name}, {"password", password}}.dump());
  EXPECT_EQ(created.status, 201u) << created.text;
  return cookie_of(created);
}

}  // namespace bw::server::testing
