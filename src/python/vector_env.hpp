#pragma once
// Many games of one kind stepped at once for a learner in one seat, the other
// seats played by built-in agents inside C++ (bellwether.VectorEnv). This
// layer knows no Python: it writes into buffers the binding owns.
#include <cstdint>
#include <memory>
#include <string>

#include "agents/agent_spec.hpp"
#include "core/any_state.hpp"
#include "core/params.hpp"

namespace bw::python {

// The stream of a Python agent's random draws: bellwether.agent(spec, seed)
// draws from Rng(seed, kAgentStream), and so does a batch's row agent.
inline constexpr std::uint64_t kAgentStream = 0xa6e47;

struct VectorEnvSpec {
  std::string game;
  ParamMap params;  // as given: validated against the game
  int players = 3;
  int seat = 0;  // the learner's seat in every game (VectorEnv)
  // The other seats' agents: one spec for all, or a --seats list with one
  // spec per other seat, in seat order.
  std::string opponents = "heuristic";
  int num_envs = 1;
  std::uint64_t seed = 0;  // env i draws its games and its agents' choices from stream i
  int threads = 1;
  std::uint32_t max_steps = 0;  // learner steps before a game is truncated; 0: never
  // Seats driven from Python, one bit per seat (SelfPlayEnv); 0: just `seat`.
  std::uint32_t learner_seats = 0;
};

// Where a step writes, one row per game (the binding's numpy arrays).
struct VectorEnvOutputs {
  float* observations;       // [num_envs][observation_size]
  std::uint8_t* masks;       // [num_envs][num_actions], 1 = legal
  float* rewards;            // [num_envs]
  std::uint8_t* terminated;  // [num_envs]
  std::uint8_t* truncated;   // [num_envs]
  // SelfPlayEnv only (null for VectorEnv): the seat each row's observation
  // and mask belong to, and every seat's reward when a game ends.
  std::int32_t* to_act = nullptr;  // [num_envs]
  float* seat_rewards = nullptr;   // [num_envs][players]
  // VectorEnv only: in the rows whose game ended this step (terminated or
  // truncated), the learner's last observation of that game and every seat's
  // score, written before the next game replaces it. Other rows are left as
  // they were.
  float* final_observations = nullptr;  // [num_envs][observation_size]
  float* final_scores = nullptr;        // [num_envs][players]
};

class VectorEnv {
 public:
  virtual ~VectorEnv() = default;
  virtual int num_envs() const = 0;
  virtual int observation_size() const = 0;
  virtual int num_actions() const = 0;
  // Starts every game afresh from the seed and plays the opponents up to the
  // learner's first decision; writes observations and masks, zeroes the rest.
  virtual void reset(const VectorEnvOutputs& out) = 0;
  // Applies actions[i] in game i, then the opponents' moves until the
  // learner decides again; a finished game (terminated: it ended; truncated:
  // max_steps) reports its reward and is replaced by the next game, whose
  // first observation is the one written. Checks every action first and
  // throws IllegalAction naming the first bad one; nothing is stepped then.
  virtual void step(const std::int32_t* actions, const VectorEnvOutputs& out) = 0;
  virtual int num_players() const = 0;
  // Game i's current position (a copy), at the learner's decision.
  virtual std::unique_ptr<AnyState> state(int index) const = 0;
  // out[i]: the action a fresh agent of `spec` (not a human) chooses for the
  // seat to act in game i, drawing from Rng(seed + i, kAgentStream): what
  // bellwether.agent(spec, seed + i).act(state(i), seat) returns. The games
  // are split over the env's threads; nothing is stepped.
  virtual void agent_actions(const AgentSpec& spec, std::uint64_t seed, std::int32_t* out) = 0;
};

// Throws the engine's typed errors naming the bad argument.
std::unique_ptr<VectorEnv> make_vector_env(const VectorEnvSpec& spec);

}  // namespace bw::python
