#include "server/accounts/account_limits.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

#include "server/errors.hpp"

namespace bw::server {

TokenBucket& AccountLimits::Buckets::of(const std::string& key, TokenBucket::Clock::time_point now) {
  if (by_key.size() > 100000) std::erase_if(by_key, [&](const auto& entry) { return entry.second.full_at(now); });
  return by_key.try_emplace(key, per_second, std::max(1.0, burst), now).first->second;
}

void AccountLimits::refuse(const TokenBucket& bucket, const std::string& what) {
  const int wait = std::max(1, static_cast<int>(std::ceil(bucket.wait_for_token().count())));
  throw OverLimit("rate-limited", what + "; try again in " + std::to_string(wait) + " s", wait);
}

void AccountLimits::count_creation(const std::string& client) {
  const auto now = TokenBucket::Clock::now();
  std::lock_guard lock(mutex_);
  TokenBucket& bucket = creations_.of(client, now);
  if (!bucket.take(now))
    refuse(bucket, fmt::format("at most {:g} new accounts an hour from one address", settings_.accounts_per_hour));
}

void AccountLimits::count_sign_in(const std::string& client) {
  const auto now = TokenBucket::Clock::now();
  std::lock_guard lock(mutex_);
  TokenBucket& bucket = sign_ins_.of(client, now);
  if (!bucket.take(now))
    refuse(bucket, fmt::format("at most {:g} sign-ins a minute from one address", settings_.sign_ins_per_minute));
}

void AccountLimits::check_name(const std::string& name_key) {
  const auto now = TokenBucket::Clock::now();
  std::lock_guard lock(mutex_);
  TokenBucket& bucket = wrong_.of(name_key, now);
  if (!bucket.ready(now))
    refuse(bucket,
           fmt::format("this name has had {:g} wrong passwords within the hour", settings_.wrong_passwords_per_hour));
}

void AccountLimits::count_wrong_password(const std::string& name_key) {
  const auto now = TokenBucket::Clock::now();
  std::lock_guard lock(mutex_);
  wrong_.of(name_key, now).take(now);
}

}  // namespace bw::server
