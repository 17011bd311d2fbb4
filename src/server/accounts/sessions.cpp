#include "server/accounts/sessions.hpp"

#include <sodium.h>

#include "server/accounts/sodium.hpp"

namespace bw::server {

namespace {
constexpr std::size_t kSecretBytes = 32;
constexpr int kBase64 = sodium_base64_VARIANT_URLSAFE_NO_PADDING;

std::string random_hex(std::size_t bytes) {
  use_sodium();
  unsigned char buffer[32];
  randombytes_buf(buffer, bytes);
  std::string out(bytes * 2 + 1, '\0');
  sodium_bin2hex(out.data(), out.size(), buffer, bytes);
  out.pop_back();
  return out;
}

std::string cookie_attributes(bool secure) {
  return std::string("; Path=/; HttpOnly; SameSite=Lax") + (secure ? "; Secure" : "");
}
}  // namespace

std::string new_session_secret() {
  use_sodium();
  unsigned char secret[kSecretBytes];
  randombytes_buf(secret, sizeof secret);
  std::string out(sodium_base64_ENCODED_LEN(kSecretBytes, kBase64), '\0');
  sodium_bin2base64(out.data(), out.size(), secret, sizeof secret, kBase64);
  sodium_memzero(secret, sizeof secret);
  out.resize(out.find('\0'));
  return out;
}

std::string new_session_id() { return random_hex(8); }
std::string new_account_id() { return random_hex(16); }

std::string hash_session_secret(std::string_view secret) {
  use_sodium();
  unsigned char digest[crypto_hash_sha256_BYTES];
  crypto_hash_sha256(digest, reinterpret_cast<const unsigned char*>(secret.data()), secret.size());
  std::string out(sizeof digest * 2 + 1, '\0');
  sodium_bin2hex(out.data(), out.size(), digest, sizeof digest);
  out.pop_back();
  return out;
}

std::optional<std::string> session_secret_in(std::string_view header) {
  const std::string_view name = kSessionCookie;
  while (!header.empty()) {
    const auto end = header.find(';');
    std::string_view pair = header.substr(0, end);
    header = end == std::string_view::npos ? std::string_view() : header.substr(end + 1);
    while (!pair.empty() && pair.front() == ' ') pair.remove_prefix(1);
    if (!pair.starts_with(name) || pair.size() <= name.size() || pair[name.size()] != '=') continue;
    std::string_view value = pair.substr(name.size() + 1);
    const bool shaped = value.size() == sodium_base64_ENCODED_LEN(kSecretBytes, kBase64) - 1 &&
                        value.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_") ==
                            std::string_view::npos;
    if (shaped) return std::string(value);
  }
  return std::nullopt;
}

std::string session_cookie(std::string_view secret, std::chrono::milliseconds max_age, bool secure) {
  return std::string(kSessionCookie) + "=" + std::string(secret) +
         "; Max-Age=" + std::to_string(std::chrono::duration_cast<std::chrono::seconds>(max_age).count()) +
         cookie_attributes(secure);
}

std::string cleared_session_cookie(bool secure) {
  return std::string(kSessionCookie) + "=; Max-Age=0" + cookie_attributes(secure);
}

}  // namespace bw::server
