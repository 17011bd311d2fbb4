// `bellwether playthrough`: one seeded random game written out in full — every
// seat's observation and every legal-action list — for the golden files.
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>
#include <ostream>

#include "cli/commands.hpp"
#include "core/record.hpp"
#include "games/catalog.hpp"
#include "sim/records.hpp"

namespace bw::cli {

int playthrough(Terminal& term, const std::string& game_id, int players, std::uint64_t seed, const ParamMap& given) {
  const GameInfo& game = registry().find(game_id);
  ParamMap params = validate_params(game.params, given);
  auto state = game.start(params, players, seed);
  Rng chooser(seed, 0x9017);
  std::ostream& out = term.out;
  out << "game " << game.id << "\nplayers " << players << "\nseed " << seed << "\nparams "
      << nlohmann::json(params).dump() << "\n";
  auto names = default_names(players);
  for (int step = 0;; ++step) {
    out << "\n== step " << step << "\n";
    for (const auto& line : state->events(kOmniscient, names)) out << "event " << line << "\n";
    for (int p = 0; p < players; ++p)
      out << "obs P" << p + 1 << " " << state->observation_json(static_cast<Player>(p)).dump() << "\n";
    if (state->is_terminal()) break;
    auto legal = state->legal_actions();
    out << "to_move P" << state->current_player() + 1 << "\nlegal";
    for (Action a : legal) out << " | " << state->action_to_string(a);
    Action chosen = legal[chooser.below(static_cast<std::uint32_t>(legal.size()))];
    out << "\naction " << state->action_to_string(chosen) << "\n";
    state->apply(chosen);
  }
  out << "\nwinners";
  for (Player p : state->winners()) out << " P" << p + 1;
  out << "\nscores";
  for (double s : state->scores()) out << " " << s;
  out << "\n";
  return 0;
}

Command add_playthrough_command(CLI::App& app, Terminal& term) {
  struct Given {
    std::string game, seed = "1";
    int players = 3;
    std::vector<std::string> params;
  };
  auto given = std::make_shared<Given>();
  auto* cmd = app.add_subcommand("playthrough",
                                 "Print a seeded random game with every observation and legal-action list "
                                 "(the golden files in tests/playthroughs)");
  cmd->add_option("game", given->game, "game id")->required();
  cmd->add_option("--seed", given->seed, "seed")->capture_default_str();
  cmd->add_option("--players", given->players, "players")->capture_default_str();
  cmd->add_option("--param", given->params, "game parameter name=value (repeatable)");
  return {cmd, [given, &term] {
            return playthrough(term, given->game, given->players, parse_seed(given->seed, "--seed"),
                               parse_params(given->params));
          }};
}

}  // namespace bw::cli
