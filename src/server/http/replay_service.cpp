#include "server/http/replay_service.hpp"

#include <malloc.h>

#include <boost/asio/post.hpp>

namespace bw::server {

ReplayService::ReplayService(ReplaySettings settings)
    : settings_(settings), pool_(static_cast<std::size_t>(std::max(1, settings.threads))) {}

ReplayService::~ReplayService() {
  pool_.stop();
  pool_.join();
}

void ReplayService::run(std::function<HttpReply()> job, std::function<void(HttpReply)> reply) {
  {
    std::lock_guard lock(mutex_);
    if (waiting_ >= settings_.max_waiting) {
      return reply(error_reply("busy", "the server is building other replays; try again in a moment").retry_in(1));
    }
    ++waiting_;
  }
  boost::asio::post(pool_, [this, job = std::move(job), reply = std::move(reply)] {
    HttpReply answer = job();
    std::size_t size = answer.body.size();
    {
      std::lock_guard lock(mutex_);
      --waiting_;
    }
    reply(std::move(answer));
    // A replay of megabytes leaves the allocator holding them: give them back.
    if (size > (std::size_t{1} << 20)) malloc_trim(0);
  });
}

std::shared_ptr<const Replay> ReplayService::cached(const std::string& key, const std::function<Replay()>& build) {
  {
    std::lock_guard lock(mutex_);
    if (auto found = by_key_.find(key); found != by_key_.end()) {
      order_.splice(order_.end(), order_, found->second);
      return found->second->second;
    }
  }
  auto replay = std::make_shared<const Replay>(build());
  std::size_t bytes = replay->bytes();
  std::lock_guard lock(mutex_);
  if (bytes > settings_.cache_bytes / 4 || by_key_.count(key)) return replay;  // too big to keep, or kept meanwhile
  order_.emplace_back(key, replay);
  by_key_[key] = std::prev(order_.end());
  cached_bytes_ += bytes;
  while (cached_bytes_ > settings_.cache_bytes && !order_.empty()) {
    cached_bytes_ -= order_.front().second->bytes();
    by_key_.erase(order_.front().first);
    order_.pop_front();
  }
  return replay;
}

}  // namespace bw::server
