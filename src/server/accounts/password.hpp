#pragma once
// Accounts' passwords (SECURITY.md, "Accounts"): argon2id through libsodium.
// A password is hashed with a fresh salt and the cost below; the text
// crypto_pwhash_str writes holds the algorithm, the cost and the salt, so a
// hash made at an older cost still verifies. A password is never stored,
// logged or echoed.
#include <cstddef>
#include <string>
#include <string_view>

namespace bw::server {

// What one hash costs: passes over memory, and the memory it fills.
struct PasswordCost {
  unsigned long long passes = 0;
  std::size_t memory_bytes = 0;
};

// libsodium's "interactive" argon2id: 2 passes over 64 MiB, about 0.2 s of
// one core here. A guess at a stolen hash costs an attacker the same; a
// sign-in costs the server the same, so hashes run on a thread of their own
// (PasswordWork) and sign-ins are throttled (AccountLimits).
inline constexpr PasswordCost kPasswordCost{2, std::size_t{64} << 20};

inline constexpr std::size_t kMinPasswordChars = 8;
inline constexpr std::size_t kMaxPasswordBytes = 1024;  // longer ones only cost time to hash

// Why `password` cannot be an account's password ("is shorter than 8
// characters", …), or "" when it can. Any characters count, spaces too.
std::string new_password_problem(std::string_view password);

// An argon2id hash of `password` with a fresh random salt. Throws
// OutOfResources when the memory for it cannot be had.
std::string hash_password(std::string_view password, PasswordCost cost);

// Whether `password` is the one `hash` was made from (in constant time for the hash's cost).
bool verify_password(const std::string& hash, std::string_view password);

// Whether `hash` was made at another cost than `cost` (then a sign-in hashes the password again).
bool hash_needs_update(const std::string& hash, PasswordCost cost);

}  // namespace bw::server
