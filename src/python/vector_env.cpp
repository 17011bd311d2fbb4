#include "python/vector_env.hpp"

#include <fmt/format.h>

#include "python/vector_env_of.hpp"

namespace bw::python {

namespace {
// Far more games than a learner batches, small enough that a typo cannot ask
// for gigabytes.
constexpr int kMaxEnvs = 1 << 20;

bool is_learner(const VectorEnvSpec& spec, int seat) {
  return spec.learner_seats ? (spec.learner_seats >> seat) & 1u : seat == spec.seat;
}

// One spec per seat from `opponents`: one spec for every other seat, or one
// per other seat in seat order. A learner's entry is a placeholder.
std::vector<AgentSpec> seat_agents(const VectorEnvSpec& spec) {
  const std::vector<std::string> given = split_seats(spec.opponents);
  std::size_t others = 0;
  for (int seat = 0; seat < spec.players; ++seat) others += !is_learner(spec, seat);
  if (given.size() != 1 && given.size() != others)
    throw BadSeats(fmt::format("opponents lists {} agents; give one for every other seat or one for each of the {}",
                               given.size(), others));
  std::vector<AgentSpec> out;
  std::size_t next = 0;
  for (int seat = 0; seat < spec.players; ++seat) {
    if (is_learner(spec, seat)) {
      out.push_back(parse_agent_spec("random"));
      continue;
    }
    out.push_back(parse_agent_spec(given[given.size() == 1 ? 0 : next++]));
    if (out.back().kind == AgentSpec::Kind::Human)
      throw BadSeats("opponents are played inside the engine: 'human' cannot be one");
  }
  return out;
}
}  // namespace

std::unique_ptr<VectorEnv> make_vector_env(const VectorEnvSpec& spec) {
  const GameInfo& game = registry().find(spec.game);
  game.check_player_count(spec.players);
  if (spec.seat < 0 || spec.seat >= spec.players)
    throw BadSeats(
        fmt::format("seat {} is not a seat of a {}-player game (0..{})", spec.seat, spec.players, spec.players - 1));
  if (spec.learner_seats >> spec.players)
    throw BadSeats(
        fmt::format("a learner seat is not a seat of a {}-player game (0..{})", spec.players, spec.players - 1));
  if (spec.num_envs < 1 || spec.num_envs > kMaxEnvs)
    throw BadParameter(fmt::format("num_envs must be 1..{}, not {}", kMaxEnvs, spec.num_envs));
  if (spec.threads < 1 || spec.threads > kMaxSearchThreads)
    throw BadParameter(fmt::format("threads must be 1..{}, not {}", kMaxSearchThreads, spec.threads));
  const std::vector<AgentSpec> agents = seat_agents(spec);
  const ParamMap params = validate_params(game.params, spec.params);
  game.start(params, spec.players, spec.seed);  // a set-up the game refuses fails here, in words
  return with_game_type(spec.game, [&]<class S>() -> std::unique_ptr<VectorEnv> {
    return std::make_unique<VectorEnvOf<S>>(spec, params, agents);
  });
}

}  // namespace bw::python
