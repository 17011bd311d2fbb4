#include "server/accounts/password.hpp"

#include <sodium.h>

#include "core/outside_text.hpp"
#include "server/accounts/sodium.hpp"
#include "server/errors.hpp"

namespace bw::server {

namespace {
std::size_t utf8_characters(std::string_view text) {
  std::size_t count = 0;
  for (unsigned char c : text) count += (c & 0xC0) != 0x80;
  return count;
}
}  // namespace

std::string new_password_problem(std::string_view password) {
  if (password.size() > kMaxPasswordBytes) return "is longer than " + std::to_string(kMaxPasswordBytes) + " bytes";
  if (std::string problem = plain_text_problem(password); !problem.empty()) return problem;
  if (utf8_characters(password) < kMinPasswordChars)
    return "is shorter than " + std::to_string(kMinPasswordChars) + " characters";
  return "";
}

std::string hash_password(std::string_view password, PasswordCost cost) {
  use_sodium();
  char hash[crypto_pwhash_STRBYTES];
  if (crypto_pwhash_str_alg(hash, password.data(), password.size(), cost.passes, cost.memory_bytes,
                            crypto_pwhash_ALG_ARGON2ID13) != 0)
    throw OutOfResources("no memory to hash a password (argon2id wants " + std::to_string(cost.memory_bytes >> 20) +
                         " MiB)");
  return hash;
}

bool verify_password(const std::string& hash, std::string_view password) {
  use_sodium();
  return crypto_pwhash_str_verify(hash.c_str(), password.data(), password.size()) == 0;
}

bool hash_needs_update(const std::string& hash, PasswordCost cost) {
  use_sodium();
  return crypto_pwhash_str_needs_rehash(hash.c_str(), cost.passes, cost.memory_bytes) != 0;
}

}  // namespace bw::server
