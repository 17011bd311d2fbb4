#pragma once
// Replays are the server's heaviest answers (a frame per step, megabytes for
// a long game): they are built on their own thread, a few at a time, never
// on the threads that serve connections; more than a few waiting are refused
// with 503 and Retry-After; and a finished table's replay, which never
// changes, is kept in a bounded cache.
#include <boost/asio/thread_pool.hpp>
#include <cstddef>
#include <functional>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "server/http/message.hpp"
#include "server/http/replay_api.hpp"

namespace bw::server {

struct ReplaySettings {
  int threads = 1;
  std::size_t max_waiting = 8;                      // jobs queued or running; more get 503
  std::size_t cache_bytes = std::size_t{64} << 20;  // finished tables' replays kept
};

class ReplayService {
 public:
  explicit ReplayService(ReplaySettings settings);
  ~ReplayService();

  // Runs `job` on the replay thread and hands its answer to `reply`, or
  // answers 503 at once when too many are waiting.
  void run(std::function<HttpReply()> job, std::function<void(HttpReply)> reply);

  // A finished table's replay for (table, view), built once.
  std::shared_ptr<const Replay> cached(const std::string& key, const std::function<Replay()>& build);

 private:
  ReplaySettings settings_;
  boost::asio::thread_pool pool_;
  std::mutex mutex_;
  std::size_t waiting_ = 0;
  // Least recently used first.
  std::list<std::pair<std::string, std::shared_ptr<const Replay>>> order_;
  std::unordered_map<std::string, decltype(order_)::iterator> by_key_;
  std::size_t cached_bytes_ = 0;
};

}  // namespace bw::server
