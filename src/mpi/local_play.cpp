#include "mpi/local_play.hpp"

#include <csignal>

#include "core/threads.hpp"

namespace bw::mpi {

namespace {
std::atomic<bool> g_signalled{false};
extern "C" void on_stop_signal(int) { g_signalled.store(true); }
}  // namespace

void catch_stop_signals() {
  std::signal(SIGINT, on_stop_signal);
  std::signal(SIGTERM, on_stop_signal);
}

bool stop_signalled() { return g_signalled.load(); }

std::string error_text(const std::exception_ptr& failure) {
  try {
    std::rethrow_exception(failure);
  } catch (const std::exception& e) {
    return e.what();
  } catch (...) {
    return "an unknown error";
  }
}

LocalPlay::LocalPlay(Tournament tournament, int threads) : tournament_(std::move(tournament)) {
  thread_ = start_thread([this, threads] {
    GameBlocks blocks;
    blocks.claim = [this](std::uint64_t& first) { return claim(first); };
    blocks.finished = [this](std::uint64_t first, std::uint64_t played, const SimTally& tally, double seconds) {
      std::lock_guard lock(mutex_);
      finished_.push_back({first, played, seconds, tally});
      ++events_;
      changed_.notify_all();
    };
    std::exception_ptr failure;
    try {
      tournament_.play(blocks, threads, &stop_);
    } catch (...) {
      failure = std::current_exception();
    }
    std::lock_guard lock(mutex_);
    failure_ = failure;
    ended_ = true;
    ++events_;
    changed_.notify_all();
  });
}

LocalPlay::~LocalPlay() {
  stop();
  close();
}

std::uint64_t LocalPlay::claim(std::uint64_t& first) {
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [&] { return !queue_.empty() || closed_ || stop_.load(); });
  if (queue_.empty() || stop_.load()) return 0;
  Range block = queue_.front();
  queue_.pop_front();
  ++events_;  // the main thread may want to ask for the next one
  changed_.notify_all();
  first = block.first;
  return block.end - block.first;
}

void LocalPlay::give(Range block) {
  std::lock_guard lock(mutex_);
  queue_.push_back(block);
  changed_.notify_all();
}

void LocalPlay::close() {
  std::lock_guard lock(mutex_);
  closed_ = true;
  changed_.notify_all();
}

void LocalPlay::stop() {
  std::lock_guard lock(mutex_);
  stop_.store(true);
  changed_.notify_all();
}

std::size_t LocalPlay::queued() const {
  std::lock_guard lock(mutex_);
  return queue_.size();
}

std::vector<FinishedBlock> LocalPlay::take_finished() {
  std::lock_guard lock(mutex_);
  return std::exchange(finished_, {});
}

void LocalPlay::wait(std::chrono::milliseconds most) {
  std::unique_lock lock(mutex_);
  changed_.wait_for(lock, most, [&] { return events_ != events_seen_; });
  events_seen_ = events_;
}

bool LocalPlay::ended() const {
  std::lock_guard lock(mutex_);
  return ended_;
}

std::exception_ptr LocalPlay::failure() const {
  std::lock_guard lock(mutex_);
  return failure_;
}

}  // namespace bw::mpi
