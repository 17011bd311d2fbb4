#pragma once
// Password hashes are the accounts' heavy work (kPasswordCost: a fifth of a
// second of one core and 64 MiB each): they run on threads of their own,
// never on the threads that serve connections, and at most `max_waiting` wait;
// more are refused with "busy" (503, Retry-After), so a flood of sign-ins
// slows sign-ins, not the games.
#include <boost/asio/thread_pool.hpp>
#include <cstddef>
#include <functional>
#include <mutex>

namespace bw::server {

class PasswordWork {
 public:
  PasswordWork(std::size_t threads, std::size_t max_waiting);
  ~PasswordWork();  // waits for the jobs that run
  PasswordWork(const PasswordWork&) = delete;
  PasswordWork& operator=(const PasswordWork&) = delete;

  // Runs `job` on a hashing thread, or throws OverLimit "busy" when too many wait.
  void run(std::function<void()> job);

 private:
  std::size_t max_waiting_;
  boost::asio::thread_pool pool_;
  std::mutex mutex_;
  std::size_t waiting_ = 0;
};

}  // namespace bw::server
