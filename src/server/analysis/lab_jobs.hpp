#pragma once
// The balance lab over HTTP (docs/protocol.md, "Balance lab"): the
// tournaments of `bellwether analyze`, played on the analysis threads one job
// at a time, each job's results readable while it runs, and its report kept
// in the database under a permanent id once it ends.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "sim/tournament.hpp"

namespace bw::server {

class AnalysisQueue;
class Store;

struct LabSettings {
  bool enabled = false;            // off unless the operator opens it (serve --lab)
  std::uint64_t max_games = 1000;  // per job
  int max_seconds = 300;           // CPU seconds per job: it stops there and reports the games played
  std::size_t max_waiting = 4;     // jobs queued or running; more are refused (busy)
};

// The levels a job may seat: every built-in bot, none that needs a person.
const std::vector<std::string>& lab_levels();

class LabJobs {
 public:
  LabJobs(LabSettings settings, AnalysisQueue& threads, Store& store);
  ~LabJobs();  // jobs under way stop at their next game
  LabJobs(const LabJobs&) = delete;
  LabJobs& operator=(const LabJobs&) = delete;

  const LabSettings& settings() const { return settings_; }
  void stop() { stopping_ = true; }

  // Checks the request (a JSON object, docs/protocol.md) and queues it: its
  // id. Throws what a person reads (ProtocolError "bad-request", bw::Error
  // for a game's own refusals); nullopt when the queue is full.
  std::optional<std::string> start(const nlohmann::json& request);
  // The job's status as JSON text (a finished one as stored); nullopt: no such job.
  std::optional<std::string> status(const std::string& id);

 private:
  struct Job;
  // Plays the job; true when its report went to the store (whose answer ends it).
  bool run(const std::shared_ptr<Job>& job);
  nlohmann::json status_json(const Job& job);
  void fail(Job& job, std::string message);  // under mutex_

  LabSettings settings_;
  AnalysisQueue& threads_;
  Store& store_;
  std::mutex mutex_;
  std::map<std::string, std::shared_ptr<Job>> jobs_;  // queued, running, failed, or being stored
  std::uint64_t asked_ = 0;
  std::atomic<bool> stopping_{false};
  std::atomic<std::size_t> running_{0};  // jobs queued, running or being stored: the destructor waits for them
};

}  // namespace bw::server
