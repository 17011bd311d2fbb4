#include "sim/records.hpp"

#include <filesystem>
#include <fmt/format.h>

#include "core/errors.hpp"
#include "core/record.hpp"

namespace bw {

std::vector<std::string> default_names(int players) {
  static const char* kNames[] = {"Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"};
  std::vector<std::string> names;
  names.reserve(static_cast<std::size_t>(players));
  for (int p = 0; p < players; ++p) names.emplace_back(p < 8 ? kNames[p] : "P" + std::to_string(p + 1));
  return names;
}

void prepare_records_dir(const std::string& dir) {
  std::error_code error;
  std::filesystem::create_directories(dir, error);
  if (error || !std::filesystem::is_directory(dir))
    throw Error("--records: cannot create the folder '" + dir + "'" + (error ? ": " + error.message() : ""));
}

void write_game_record(const std::string& dir, const GameInfo& game, const ParamMap& params,
                       const std::vector<std::string>& seats, const GameOutcome& outcome) {
  const int players = static_cast<int>(seats.size());
  GameRecord record;
  record.game = game.id;
  record.params = params;
  record.names = default_names(players);
  for (int seat = 0; seat < players; ++seat) record.players.push_back(seats[outcome.agent_of_seat[seat]]);
  record.seed = outcome.seed;
  auto state = game.start(params, players, record.seed);
  for (Action action : outcome.history) {
    record.actions.push_back(state->action_to_string(action));
    state->apply(action);
  }
  save_record(fmt::format("{}/game-{:06}.json", dir, outcome.index + 1), record, state.get());
}

}  // namespace bw
