#include "server/accounts/password_work.hpp"

#include <algorithm>
#include <boost/asio/post.hpp>

#include "server/errors.hpp"

namespace bw::server {

PasswordWork::PasswordWork(std::size_t threads, std::size_t max_waiting)
    : max_waiting_(max_waiting), pool_(std::max<std::size_t>(1, threads)) {}

PasswordWork::~PasswordWork() { pool_.join(); }

void PasswordWork::run(std::function<void()> job) {
  {
    std::lock_guard lock(mutex_);
    if (waiting_ >= max_waiting_)
      throw OverLimit("busy", "the server is checking other passwords; try again in a moment", 1);
    ++waiting_;
  }
  boost::asio::post(pool_, [this, job = std::move(job)] {
    job();
    std::lock_guard lock(mutex_);
    --waiting_;
  });
}

}  // namespace bw::server
