#include "server/tables/tokens.hpp"

#include <openssl/evp.h>
#include <openssl/rand.h>

#include "server/errors.hpp"

namespace bw::server {

namespace {
std::string hex(const unsigned char* bytes, std::size_t size) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out(size * 2, '0');
  for (std::size_t i = 0; i < size; ++i) {
    out[2 * i] = kDigits[bytes[i] >> 4];
    out[2 * i + 1] = kDigits[bytes[i] & 15];
  }
  return out;
}

std::string random_hex(std::size_t bytes) {
  unsigned char buffer[32];
  if (RAND_bytes(buffer, static_cast<int>(bytes)) != 1) throw OutOfResources("the system has no random bytes to give");
  return hex(buffer, bytes);
}
}  // namespace

std::string new_token() { return random_hex(16); }
std::string new_table_id() { return random_hex(6); }

std::string hash_token(std::string_view token) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  if (EVP_Digest(token.data(), token.size(), digest, &size, EVP_sha256(), nullptr) != 1)
    throw OutOfResources("SHA-256 failed");
  return hex(digest, size);
}

bool looks_like_token(std::string_view text) {
  if (text.size() != 32) return false;
  for (char c : text)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  return true;
}

}  // namespace bw::server
