#include "server/analysis/lab_jobs.hpp"

#include <algorithm>
#include <chrono>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <thread>

#include "core/outside_text.hpp"
#include "server/analysis/analysis_queue.hpp"
#include "server/analysis/thread_cpu.hpp"
#include "server/errors.hpp"
#include "server/log.hpp"
#include "server/store/store.hpp"
#include "server/tables/tokens.hpp"
#include "server/ws/protocol.hpp"

namespace bw::server {

using json = nlohmann::json;

namespace {
// Failed jobs kept to be told (the server's fault or its shutdown, never the asker's: a bad request is refused).
constexpr std::size_t kFailuresKept = 64;

[[noreturn]] void bad_request(const std::string& message) { throw ProtocolError("bad-request", message); }

std::int64_t unix_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// The request's fields, checked in the order a person fills the form.
TournamentSpec read_request(const json& request, const LabSettings& settings) {
  if (!request.is_object()) bad_request("the request must be a JSON object");
  for (const auto& [key, value] : request.items())
    if (key != "game" && key != "params" && key != "seats" && key != "games" && key != "seed")
      bad_request("unknown field '" + excerpt(key) + "' (game, params, seats, games, seed)");
  TournamentSpec spec;
  auto game = request.find("game");
  if (game == request.end() || !game->is_string()) bad_request("\"game\" must be a game id (see /api/games)");
  spec.game = game->get<std::string>();
  if (auto params = request.find("params"); params != request.end()) {
    if (!params->is_object()) bad_request("\"params\" must be an object of option names and values");
    for (const auto& [name, value] : params->items()) {
      if (!value.is_string()) bad_request("option '" + excerpt(name) + "' must be given as a string");
      spec.params[name] = value.get<std::string>();
    }
  }
  auto seats = request.find("seats");
  if (seats == request.end() || !seats->is_array() || seats->empty())
    bad_request("\"seats\" must list a level per seat, e.g. [\"heuristic\", \"easy\", \"random\"]");
  for (const auto& seat : *seats) {
    const auto& levels = lab_levels();
    if (!seat.is_string() || std::find(levels.begin(), levels.end(), seat.get<std::string>()) == levels.end())
      bad_request("each seat must be one of " + fmt::format("{}", fmt::join(levels, ", ")));
    spec.seats.push_back(seat.get<std::string>());
  }
  auto games = request.find("games");
  if (games == request.end() || !games->is_number_unsigned() || games->get<std::uint64_t>() < 1 ||
      games->get<std::uint64_t>() > settings.max_games)
    bad_request(fmt::format("\"games\" must be a whole number from 1 to {}", settings.max_games));
  spec.games = games->get<std::uint64_t>();
  if (auto seed = request.find("seed"); seed != request.end()) {
    if (!seed->is_number_unsigned()) bad_request("\"seed\" must be a whole number, 0 or more");
    spec.seed = seed->get<std::uint64_t>();
  }
  spec.threads = 1;  // the analysis thread it runs on
  spec.bots_only = "the lab plays bots only";
  return spec;
}

json counts_json(const ValueCounts& counts) {
  json pairs = json::array();
  for (const auto& [value, games] : counts) pairs.push_back({value, games});
  return pairs;
}

// `sim --json`'s summary, with what the lab's charts draw besides: the spreads of length and score.
json results_json(const SimSummary& summary) {
  json results = summary_json(summary);
  results["shared_games"] = summary.shared_games;
  results["lengths"] = counts_json(summary.length_counts);
  json scores = json::array();
  for (const auto& seat : summary.score_counts) scores.push_back(counts_json(seat));
  results["scores"] = std::move(scores);
  return results;
}
}  // namespace

const std::vector<std::string>& lab_levels() {
  static const std::vector<std::string> levels{"random", "heuristic", "easy", "medium", "hard"};
  return levels;
}

struct LabJobs::Job {
  enum class State { Queued, Running, Done, Failed };
  explicit Job(Tournament checked) : tournament(std::move(checked)) {}
  std::string id;
  Tournament tournament;
  std::uint64_t order = 0;
  State state = State::Queued;
  SimTally tally;  // the games played so far
  double seconds = 0;
  std::string message;  // Failed: why; Done: why it stopped early, if it did
};

LabJobs::LabJobs(LabSettings settings, AnalysisQueue& threads, Store& store)
    : settings_(settings), threads_(threads), store_(store) {}

LabJobs::~LabJobs() {
  stopping_ = true;
  // A job holds `this`: it ends at its next game, then its report is dropped or stored.
  for (int waited = 0; running_ > 0 && waited < 1000; ++waited)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
}

std::optional<std::string> LabJobs::start(const json& request) {
  if (!settings_.enabled) throw ProtocolError("forbidden", "this server has no balance lab (serve --lab)");
  // The game, its options and the seats are checked here, before anything is queued.
  auto job = std::make_shared<Job>(Tournament(read_request(request, settings_)));
  {
    std::lock_guard lock(mutex_);
    std::size_t waiting = 0;
    for (const auto& [id, other] : jobs_)
      if (other->state == Job::State::Queued || other->state == Job::State::Running) ++waiting;
    if (waiting >= settings_.max_waiting || !threads_.enabled()) return std::nullopt;
    job->id = new_table_id();
    job->order = ++asked_;
    jobs_[job->id] = job;
  }
  ++running_;  // until its report is stored or dropped
  threads_.post([this, job] {
    if (!run(job)) --running_;
  });
  return job->id;
}

bool LabJobs::run(const std::shared_ptr<Job>& job) {
  const std::uint64_t total = job->tournament.spec().games;
  const double cpu_start = thread_cpu_seconds();
  const auto wall_start = std::chrono::steady_clock::now();
  bool over_time = false;
  std::uint64_t next = 0;
  {
    std::lock_guard lock(mutex_);
    job->state = Job::State::Running;
  }
  try {
    GameBlocks blocks;
    // One game at a time: the results so far are never more than a game behind, and the time cap is checked between games.
    blocks.claim = [&](std::uint64_t& first) -> std::uint64_t {
      if (next >= total || stopping_) return 0;
      if (thread_cpu_seconds() - cpu_start > settings_.max_seconds) {
        over_time = true;
        return 0;
      }
      threads_.pace();
      first = next++;
      return 1;
    };
    blocks.finished = [&](std::uint64_t, std::uint64_t, const SimTally& tally, double) {
      std::lock_guard lock(mutex_);
      job->tally.merge(tally);
      job->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
    };
    job->tournament.play(blocks, 1, nullptr);
  } catch (const std::exception& e) {
    log("lab job {}: failed: {}", job->id, e.what());
    std::lock_guard lock(mutex_);
    fail(*job, e.what());
    return false;
  }
  std::lock_guard lock(mutex_);
  if (stopping_ && job->tally.games < total) {
    fail(*job, "the server stopped before the job was done; run it again");
    return false;
  }
  job->state = Job::State::Done;
  if (over_time)
    job->message = fmt::format("stopped at this server's cap of {} CPU seconds a job, after {} of {} games",
                               settings_.max_seconds, job->tally.games, total);
  std::string body = status_json(*job).dump();
  store_.save_lab_report(job->id, std::move(body), unix_ms(), [this, job](bool ok, const std::string& error) {
    std::lock_guard lock(mutex_);
    if (ok) jobs_.erase(job->id);  // from now on the database answers it
    else fail(*job, "the report was not stored: " + error);
    --running_;
  });
  return true;
}

void LabJobs::fail(Job& job, std::string message) {
  job.state = Job::State::Failed;
  job.message = std::move(message);
  // Failed jobs are kept to be told, a bounded few: the oldest asked goes first (not this one).
  auto failed = [](const auto& entry) { return entry.second->state == Job::State::Failed; };
  if (static_cast<std::size_t>(std::count_if(jobs_.begin(), jobs_.end(), failed)) <= kFailuresKept) return;
  auto oldest = jobs_.end();
  for (auto it = jobs_.begin(); it != jobs_.end(); ++it)
    if (failed(*it) && it->second.get() != &job && (oldest == jobs_.end() || it->second->order < oldest->second->order))
      oldest = it;
  jobs_.erase(oldest);
}

json LabJobs::status_json(const Job& job) {
  const Tournament& tournament = job.tournament;
  json body = {{"id", job.id},
               {"spec",
                {{"game", tournament.spec().game},
                 {"params", tournament.params()},
                 {"seats", tournament.spec().seats},
                 {"games", tournament.spec().games},
                 {"seed", tournament.spec().seed}}}};
  switch (job.state) {
    case Job::State::Queued: {
      body["status"] = "queued";
      std::size_t position = 1;
      for (const auto& [id, other] : jobs_)
        if (other->state == Job::State::Queued && other->order < job.order) ++position;
      body["position"] = position;
      return body;
    }
    case Job::State::Failed:
      body["status"] = "failed";
      body["message"] = job.message;
      return body;
    case Job::State::Running: body["status"] = "running"; break;
    case Job::State::Done: body["status"] = "done"; break;
  }
  body["done"] = job.tally.games;
  body["total"] = tournament.spec().games;
  if (!job.message.empty()) body["message"] = job.message;
  if (job.tally.games > 0)
    body["results"] = results_json(tournament.result(SimRun{job.tally, job.seconds}, false).summary);
  return body;
}

std::optional<std::string> LabJobs::status(const std::string& id) {
  if (!looks_like_table_id(id)) return std::nullopt;
  {
    std::lock_guard lock(mutex_);
    if (auto job = jobs_.find(id); job != jobs_.end()) return status_json(*job->second).dump();
  }
  return store_.lab_report_of(id);
}

}  // namespace bw::server
