#pragma once
// Post-game analyses (docs/analysis.md), made on threads of their own, never
// on the threads that serve connections or move bots: a bounded queue of
// finished tables, each analysed once with the server's budget and stored
// with the table (Store::save_analysis), so that every node and every
// restart answers it from the database.
#include <atomic>
#include <boost/asio/thread_pool.hpp>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>

#include "core/record.hpp"
#include "server/analysis/cpu_pacer.hpp"

namespace bw::server {

class Store;

struct AnalysisSettings {
  int threads = 1;               // 0: this server analyses nothing
  std::size_t max_waiting = 16;  // tables queued or being analysed; more asks are refused ("busy")
  int worlds = 32;               // worlds per decision (analysis::Budget)
  std::uint64_t seed = 1;
  // The share of a core each analysis thread may use, averaged over a few
  // tens of milliseconds: it works a slice, then rests in proportion, so
  // that the moves of the tables keep their latency (server/analysis/cpu_pacer.hpp).
  double cpu_share = 0.25;       // while the rest of the server is nearly idle
  double busy_cpu_share = 0.05;  // while connections, bots and writes keep it busy
};

// Where a table's analysis stands.
struct AnalysisStatus {
  enum class State { None, Queued, Running, Done, Failed };
  State state = State::None;
  std::size_t position = 0;                        // Queued: 1 is next
  std::size_t done = 0, total = 0;                 // Running: steps of the record judged, and in all
  std::string message;                             // Failed: why
  std::optional<std::string> body = std::nullopt;  // Done: the analysis (JSON text, analysis/analysis_json.hpp)
};
const char* state_name(AnalysisStatus::State state);

class AnalysisQueue {
 public:
  // `record_of`: a finished table's record (any thread; throws ProtocolError for an unknown or unfinished table).
  AnalysisQueue(AnalysisSettings settings, Store& store, std::function<GameRecord(const std::string&)> record_of);
  ~AnalysisQueue();  // the analyses running stop at their next step; the queued ones are dropped
  AnalysisQueue(const AnalysisQueue&) = delete;
  AnalysisQueue& operator=(const AnalysisQueue&) = delete;

  bool enabled() const { return settings_.threads > 0; }
  // The analyses running stop at their next step, and no more start (a server shutting down).
  void stop() { stopping_ = true; }
  const AnalysisSettings& settings() const { return settings_; }

  // Other work for the analysis threads (the balance lab), in turn with the analyses, at their priority.
  void post(std::function<void()> work);
  // Between steps of work on an analysis thread: rests when the thread has used more than its share.
  void pace() { pacer_.pace(); }

  AnalysisStatus status(const std::string& table);
  // Queues the finished table (nothing to do when it is queued, running or
  // done). Returns its status; nullopt when the queue is full or the server analyses nothing.
  std::optional<AnalysisStatus> ask(const std::string& table);
  // Whether an ask for `table` would find room (it is queued or running, or
  // the queue is not full), from memory: no store read.
  bool has_room_for(const std::string& table);

 private:
  struct Job {
    std::uint64_t order = 0;  // when it was asked for: the queue's order
    bool running = false;
    std::size_t done = 0, total = 0;
  };
  void analyse(const std::string& table);
  void finish(const std::string& table, std::optional<std::string> failure);
  void saved(const std::string& table, std::optional<std::string> failure);  // the store's answer to a save

  AnalysisSettings settings_;
  Store& store_;
  std::function<GameRecord(const std::string&)> record_of_;
  std::mutex mutex_;
  std::map<std::string, Job> jobs_;            // queued, running, or being stored
  std::map<std::string, std::string> failed_;  // why, for the last few that failed
  std::uint64_t asked_ = 0;
  std::size_t saving_ = 0;  // saves the store has not answered yet
  std::condition_variable saved_;
  std::atomic<bool> stopping_{false};
  CpuPacer pacer_;
  boost::asio::thread_pool pool_;  // last: destroyed (joined) first
};

}  // namespace bw::server
