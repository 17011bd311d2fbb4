#pragma once
// One rank's share of a tournament: its game threads (Tournament::play, as
// sim plays) take the blocks the rank's main thread is given, and leave each
// finished block for the main thread to pass on. Every rank has one, rank 0
// included; only the main thread talks MPI.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "mpi/ranges.hpp"
#include "sim/tournament.hpp"

namespace bw::mpi {

struct FinishedBlock {
  std::uint64_t first = 0, played = 0;  // the block's first `played` games (all of it unless stopped)
  double seconds = 0;
  SimTally tally;
};

class LocalPlay {
 public:
  // Starts the game threads; they wait for blocks. Keeps its own copy of the
  // tournament, so it may outlive the command's (a stop that does not wait for
  // a long game to end).
  LocalPlay(Tournament tournament, int threads);
  ~LocalPlay();  // stops and joins

  void give(Range block);
  void close();  // no more blocks: the threads end once the queue is empty
  void stop();   // the threads end after the games they are playing
  std::size_t queued() const;
  std::vector<FinishedBlock> take_finished();
  // Until a block is taken or finished or the threads end (since the last
  // wait), or `most` passes.
  void wait(std::chrono::milliseconds most);
  bool ended() const;
  std::exception_ptr failure() const;  // of the game threads, once ended

 private:
  std::uint64_t claim(std::uint64_t& first);

  Tournament tournament_;
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<Range> queue_;
  std::vector<FinishedBlock> finished_;
  bool closed_ = false, ended_ = false;
  std::uint64_t events_ = 0, events_seen_ = 0;
  std::exception_ptr failure_;
  std::atomic<bool> stop_{false};
  std::jthread thread_;
};

// SIGINT and SIGTERM (mpirun sends SIGTERM to every rank when it is
// interrupted or a rank is lost, and SIGKILL a second later) set a flag
// instead of ending the process.
void catch_stop_signals();
// What an exception of the game threads says, for a person.
std::string error_text(const std::exception_ptr& failure);
bool stop_signalled();

}  // namespace bw::mpi
