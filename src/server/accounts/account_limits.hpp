#pragma once
// What one stranger may make the accounts room do (SECURITY.md, "Accounts"):
// accounts created and sign-ins tried per client address, and wrong
// passwords per account name. The name's count is kept by the name as typed
// (its name_key), whether or not an account has it, so a refusal tells
// nobody which names exist. Thread-safe; the counts live in this node's
// memory (each node of a cluster counts its own).
#include <mutex>
#include <string>
#include <unordered_map>

#include "server/guard/token_bucket.hpp"

namespace bw::server {

struct AccountLimitSettings {
  double accounts_per_hour = 5;          // per client address, in bursts of as many
  double sign_ins_per_minute = 10;       // per client address, right or wrong, in bursts of as many
  double wrong_passwords_per_hour = 10;  // per account name, in bursts of as many
};

class AccountLimits {
 public:
  explicit AccountLimits(AccountLimitSettings settings) : settings_(settings) {}

  // Each counts one, or throws OverLimit "rate-limited" saying when to try again.
  void count_creation(const std::string& client);
  void count_sign_in(const std::string& client);
  // Throws OverLimit "rate-limited" while `name_key` has had its wrong passwords (nothing is counted).
  void check_name(const std::string& name_key);
  void count_wrong_password(const std::string& name_key);

 private:
  // Keyed token buckets of one rate; full buckets are forgotten when the map grows large.
  struct Buckets {
    double per_second, burst;
    std::unordered_map<std::string, TokenBucket> by_key;
    TokenBucket& of(const std::string& key, TokenBucket::Clock::time_point now);
  };
  [[noreturn]] static void refuse(const TokenBucket& bucket, const std::string& what);

  AccountLimitSettings settings_;
  std::mutex mutex_;
  Buckets creations_{settings_.accounts_per_hour / 3600, settings_.accounts_per_hour, {}};
  Buckets sign_ins_{settings_.sign_ins_per_minute / 60, settings_.sign_ins_per_minute, {}};
  Buckets wrong_{settings_.wrong_passwords_per_hour / 3600, settings_.wrong_passwords_per_hour, {}};
};

}  // namespace bw::server
