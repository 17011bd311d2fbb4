#pragma once
// Secrets in links: 128 random bits from the system's CSPRNG, written as hex.
// Only their SHA-256 is stored, so a copy of the database opens no seat.
#include <string>
#include <string_view>

namespace bw::server {

std::string new_token();                         // 32 hex digits
std::string new_table_id();                      // 12 hex digits: names a table, grants nothing
std::string hash_token(std::string_view token);  // 64 hex digits
// A token as a client may send it: exactly 32 lowercase hex digits.
bool looks_like_token(std::string_view text);

}  // namespace bw::server
