#include "server/analysis/analysis_queue.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <boost/asio/post.hpp>
#include <chrono>

#include "analysis/analysis_json.hpp"
#include "analysis/game_analysis.hpp"
#include "core/errors.hpp"
#include "server/log.hpp"
#include "server/store/store.hpp"

namespace bw::server {

namespace {
// Connections and bots come first: an analysis thread runs at this nice value
// (Linux sets it per thread). Not SCHED_IDLE, which measured a little better
// under load (docs/analysis.md) but starves an analysis for minutes while
// anything else keeps both cores busy (a build beside the server, as in CI).
constexpr int kAnalysisNice = 10;

// Failures kept to be told (a record that does not replay: a bug, never the asker's doing).
constexpr std::size_t kFailuresKept = 64;

std::int64_t unix_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}
}  // namespace

const char* state_name(AnalysisStatus::State state) {
  switch (state) {
    case AnalysisStatus::State::Queued: return "queued";
    case AnalysisStatus::State::Running: return "running";
    case AnalysisStatus::State::Done: return "done";
    case AnalysisStatus::State::Failed: return "failed";
    default: return "none";
  }
}

AnalysisQueue::AnalysisQueue(AnalysisSettings settings, Store& store,
                             std::function<GameRecord(const std::string&)> record_of)
    : settings_(settings),
      store_(store),
      record_of_(std::move(record_of)),
      pacer_({.quiet = settings.cpu_share, .busy = settings.busy_cpu_share}),
      pool_(static_cast<std::size_t>(std::max(1, settings.threads))) {}

AnalysisQueue::~AnalysisQueue() {
  stopping_ = true;
  pool_.stop();
  pool_.join();
  // A save's callback comes from the store's writer: wait for those under way.
  std::unique_lock lock(mutex_);
  saved_.wait_for(lock, std::chrono::seconds(10), [this] { return saving_ == 0; });
}

void AnalysisQueue::post(std::function<void()> work) {
  boost::asio::post(pool_, [work = std::move(work)] {
    setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), kAnalysisNice);
    work();
  });
}

AnalysisStatus AnalysisQueue::status(const std::string& table) {
  {
    std::lock_guard lock(mutex_);
    if (auto job = jobs_.find(table); job != jobs_.end()) {
      AnalysisStatus status;
      if (job->second.running) {
        status.state = AnalysisStatus::State::Running;
        status.done = job->second.done;
        status.total = job->second.total;
        return status;
      }
      status.state = AnalysisStatus::State::Queued;
      status.position = 1;
      for (const auto& [id, other] : jobs_)
        if (!other.running && other.order < job->second.order) ++status.position;
      return status;
    }
    if (auto failure = failed_.find(table); failure != failed_.end())
      return {.state = AnalysisStatus::State::Failed, .message = failure->second};
  }
  AnalysisStatus status;
  status.body = store_.analysis_of(table);
  if (status.body) status.state = AnalysisStatus::State::Done;
  return status;
}

std::optional<AnalysisStatus> AnalysisQueue::ask(const std::string& table) {
  if (!enabled()) return std::nullopt;
  AnalysisStatus now = status(table);
  if (now.state != AnalysisStatus::State::None && now.state != AnalysisStatus::State::Failed) return now;
  bool queued = false;
  {
    std::lock_guard lock(mutex_);
    if (!jobs_.contains(table)) {  // else another ask queued it meanwhile
      if (jobs_.size() >= settings_.max_waiting) return std::nullopt;
      failed_.erase(table);
      jobs_[table] = Job{.order = ++asked_};
      queued = true;
    }
  }
  if (queued) boost::asio::post(pool_, [this, table] { analyse(table); });
  return status(table);
}

bool AnalysisQueue::has_room_for(const std::string& table) {
  std::lock_guard lock(mutex_);
  return jobs_.contains(table) || jobs_.size() < settings_.max_waiting;
}

void AnalysisQueue::analyse(const std::string& table) {
  if (stopping_) return finish(table, "the server stopped before the analysis was done");
  setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), kAnalysisNice);  // lowering it needs no privilege
  {
    std::lock_guard lock(mutex_);
    jobs_[table].running = true;
  }
  try {
    const GameRecord record = record_of_(table);
    analysis::Budget budget;
    budget.worlds = settings_.worlds;
    budget.seed = settings_.seed;
    const analysis::GameAnalysis result =
        analysis::analyze_game(record, budget, [this, &table](std::size_t done, std::size_t total) {
          {
            std::lock_guard lock(mutex_);
            Job& job = jobs_[table];
            job.done = done;
            job.total = total;
          }
          pace();
          return !stopping_.load();
        });
    {
      std::lock_guard lock(mutex_);
      ++saving_;
    }
    store_.save_analysis(table, analysis::analysis_json(result).dump(), unix_ms(),
                         [this, table](bool ok, const std::string& error) {
                           saved(table, ok ? std::nullopt : std::optional<std::string>("not stored: " + error));
                         });
  } catch (const analysis::AnalysisStopped&) {
    finish(table, "the server stopped before the analysis was done");
  } catch (const std::exception& e) {
    log("table {}: no analysis: {}", table, e.what());
    finish(table, e.what());
  }
}

void AnalysisQueue::saved(const std::string& table, std::optional<std::string> failure) {
  finish(table, std::move(failure));
  std::lock_guard lock(mutex_);
  --saving_;
  saved_.notify_all();
}

void AnalysisQueue::finish(const std::string& table, std::optional<std::string> failure) {
  std::lock_guard lock(mutex_);
  jobs_.erase(table);
  if (!failure) return;
  if (failed_.size() >= kFailuresKept) failed_.erase(failed_.begin());
  failed_[table] = *failure;
}

}  // namespace bw::server
