#include "sim/tournament.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <thread>

#include "core/errors.hpp"
#include "games/catalog.hpp"
#include "sim/records.hpp"

namespace bw {

namespace {
std::vector<std::string> lineup(const GameInfo& game, const TournamentSpec& spec) {
  if (spec.seats.empty()) {
    int players = spec.players ? spec.players : std::clamp(3, game.min_players, game.max_players);
    return std::vector<std::string>(static_cast<std::size_t>(players), spec.default_agent);
  }
  if (spec.players && spec.players != static_cast<int>(spec.seats.size()))
    throw BadSeats(fmt::format("--players {} but --seats lists {} seats", spec.players, spec.seats.size()));
  return spec.seats;
}
}  // namespace

int worker_threads(int requested, const std::vector<AgentSpec>& specs) {
  int threads = requested ? requested : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  int search_threads = 1;
  for (const auto& spec : specs)
    if (spec.kind == AgentSpec::Kind::Ismcts) search_threads = std::max(search_threads, spec.ismcts.threads);
  if (threads * search_threads > kMaxThreadsInAll)
    throw BadSeats(
        fmt::format("{} worker threads, each searching with {} threads, would run {} threads at once; "
                    "at most {} (lower --threads or the agent's threads=)",
                    threads, search_threads, threads * search_threads, kMaxThreadsInAll));
  return threads;
}

Tournament::Tournament(TournamentSpec spec) : spec_(std::move(spec)), game_(&registry().find(spec_.game)) {
  seats_ = lineup(*game_, spec_);
  const int players = static_cast<int>(seats_.size());
  game_->check_player_count(players);
  for (std::size_t entry = 0; entry < seats_.size(); ++entry) {
    auto external = spec_.external_seats.find(entry);
    if (external != spec_.external_seats.end()) {
      AgentSpec outside;
      outside.kind = AgentSpec::Kind::External;
      outside.external = external->second;
      outside.text = seats_[entry];
      agents_.push_back(std::move(outside));
      continue;
    }
    agents_.push_back(parse_agent_spec(seats_[entry]));
    if (agents_.back().kind == AgentSpec::Kind::Human) throw BadSeats(spec_.bots_only);
  }
  if (!spec_.external_seats.empty() && spec_.external_seats.rbegin()->first >= seats_.size())
    throw BadSeats(fmt::format("an outside player sits in line-up entry {} of {}", spec_.external_seats.rbegin()->first,
                               seats_.size()));
  params_ = validate_params(game_->params, spec_.params);
  game_->start(params_, players, spec_.seed);
  threads_ = worker_threads(spec_.threads, agents_);
}

namespace {
OnGame record_writer(const TournamentSpec& spec, const GameInfo& game, const ParamMap& params,
                     std::vector<std::string> seats) {
  if (spec.records_dir.empty()) return {};
  // An outside player's (Python's) games replay as a person's: `replay` knows no such agent.
  for (const auto& [entry, chooser] : spec.external_seats) seats[entry] = "human";
  return [&spec, &game, &params, seats = std::move(seats)](const GameOutcome& outcome) {
    write_game_record(spec.records_dir, game, params, seats, outcome);
  };
}
}  // namespace

void Tournament::prepare_records() const {
  if (!spec_.records_dir.empty()) prepare_records_dir(spec_.records_dir);
}

TournamentResult Tournament::run(const TournamentHooks& hooks) const {
  prepare_records();
  OnGame on_game = record_writer(spec_, *game_, params_, seats_);
  SimRun run = with_game_type(game_->id, [&]<class S>() {
    return simulate<S>(S::Params::from(params_), agents_, spec_.games, spec_.seed, threads_, hooks.progress, hooks.stop,
                       on_game);
  });
  return result(std::move(run), hooks.stop && hooks.stop->load());
}

SimRun Tournament::play(const GameBlocks& blocks, int threads, const std::atomic<bool>* stop) const {
  OnGame on_game = record_writer(spec_, *game_, params_, seats_);
  return with_game_type(game_->id, [&]<class S>() {
    return play_blocks<S>(S::Params::from(params_), agents_, spec_.seed, threads, blocks, stop, on_game);
  });
}

TournamentResult Tournament::result(SimRun run, bool stopped) const {
  TournamentResult result;
  result.run = std::move(run);
  result.stopped = stopped;
  result.summary = summarise(result.run, game_->id, seats_, spec_.seed);
  return result;
}

nlohmann::json tournament_json(const Tournament& tournament, const TournamentResult& result) {
  nlohmann::json json = summary_json(result.summary);
  json["params"] = tournament.params();
  json["threads"] = tournament.threads();
  return json;
}

}  // namespace bw
