#pragma once
// Sessions (SECURITY.md, "Accounts"): a signed-in browser holds a secret of
// 256 random bits in an HttpOnly cookie; the database holds its SHA-256 and
// the session's expiry. A session unused for kSessionIdle expires; one used
// is renewed, at most once per kRenewEvery, so a busy session costs no write
// per request.
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace bw::server {

inline constexpr const char* kSessionCookie = "bw_session";
inline constexpr std::chrono::milliseconds kSessionIdle = std::chrono::days(30);
inline constexpr std::chrono::milliseconds kRenewEvery = std::chrono::hours(24);

std::string new_session_secret();                          // 43 base64url characters (32 random bytes)
std::string new_session_id();                              // 16 hex digits: names a session in a list, grants nothing
std::string new_account_id();                              // 32 hex digits
std::string hash_session_secret(std::string_view secret);  // 64 hex digits (SHA-256)

// The session secret in a Cookie header ("a=1; bw_session=…"), if one is
// there and has the shape of one (anything else opens nothing).
std::optional<std::string> session_secret_in(std::string_view cookie_header);

// The Set-Cookie value that hands `secret` to the browser for `max_age`:
// HttpOnly (no script reads it), SameSite=Lax (another site's form or fetch
// does not send it), Path=/, and Secure when the server is reached over TLS.
std::string session_cookie(std::string_view secret, std::chrono::milliseconds max_age, bool secure);
// The Set-Cookie value that makes the browser forget it.
std::string cleared_session_cookie(bool secure);

}  // namespace bw::server
