#include "server/meeting/presence.hpp"

#include <vector>

#include "server/store/store.hpp"

namespace bw::server {

void Presence::seen(const std::string& account) {
  std::lock_guard lock(mutex_);
  seen_.insert(account);
}

void Presence::flush(std::int64_t now_ms, std::function<void(bool ok, const std::string& error)> done) {
  std::vector<std::string> accounts;
  {
    std::lock_guard lock(mutex_);
    accounts.assign(seen_.begin(), seen_.end());
    seen_.clear();
  }
  if (!accounts.empty()) store_.see_people(std::move(accounts), now_ms, std::move(done));
  else if (done) done(true, "");
}

}  // namespace bw::server
