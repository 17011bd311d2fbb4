#pragma once
// VectorEnv for one game type: plain states in a vector, the opponents'
// agents beside them, no virtual call inside a step.
#include <algorithm>
#include <cassert>
#include <cstring>
#include <string>
#include <vector>

#include "agents/agent_for.hpp"
#include "core/any_state_of.hpp"
#include "core/errors.hpp"
#include "games/catalog.hpp"
#include "python/vector_env.hpp"
#include "python/worker_pool.hpp"

namespace bw::python {

template <Game S>
class VectorEnvOf final : public VectorEnv {
 public:
  // `seat_agents` has one spec per seat; the learner's entry is never asked.
  VectorEnvOf(const VectorEnvSpec& spec, const ParamMap& params, const std::vector<AgentSpec>& seat_agents)
      : spec_(spec), params_(S::Params::from(params)), pool_(spec.threads) {
    envs_.reserve(static_cast<std::size_t>(spec.num_envs));
    for (int i = 0; i < spec.num_envs; ++i) {
      Rng rng = Rng::stream(spec.seed, static_cast<std::uint64_t>(i));
      S first(params_, spec.players, rng.next64());
      envs_.push_back(Env{first, rng, {}, 0});
      for (const auto& agent : seat_agents) envs_.back().agents.emplace_back(agent);
    }
    learners_ = spec.learner_seats ? spec.learner_seats : 1u << spec.seat;
    std::vector<float> tensor;
    append_tensor(envs_.front().state.observation(static_cast<Player>(spec.seat)), tensor);
    observation_size_ = static_cast<int>(tensor.size());
  }

  int num_envs() const override { return static_cast<int>(envs_.size()); }
  int observation_size() const override { return observation_size_; }
  int num_actions() const override { return S::kNumDistinctActions; }
  int num_players() const override { return spec_.players; }

  void reset(const VectorEnvOutputs& out) override {
    for_each_env([&](std::size_t i) {
      Env& env = envs_[i];
      env.rng = Rng::stream(spec_.seed, i);
      start_game(env);
      clear_rewards(i, out);
      out.terminated[i] = out.truncated[i] = 0;
      write_view(env, i, out);
    });
  }

  void step(const std::int32_t* actions, const VectorEnvOutputs& out) override {
    for (std::size_t i = 0; i < envs_.size(); ++i) {
      const std::int32_t action = actions[i];
      if (action < 0 || action >= S::kNumDistinctActions)
        throw IllegalAction("game " + std::to_string(i) + ": action " + std::to_string(action) +
                            " does not exist (ids are 0.." + std::to_string(S::kNumDistinctActions - 1) + ")");
      if (!envs_[i].state.is_legal(static_cast<Action>(action)))
        throw IllegalAction("game " + std::to_string(i) + ": '" + S::action_to_string(static_cast<Action>(action)) +
                            "' (" + std::to_string(action) + ") is not a legal action now");
    }
    for_each_env([&](std::size_t i) { step_game(envs_[i], static_cast<Action>(actions[i]), i, out); });
  }

  std::unique_ptr<AnyState> state(int index) const override {
    static const GameInfo& info = registry().find(std::string(S::kId));
    return std::make_unique<AnyStateOf<S>>(info, envs_.at(static_cast<std::size_t>(index)).state);
  }

  void agent_actions(const AgentSpec& spec, std::uint64_t seed, std::int32_t* out) override {
    for_each_env([&](std::size_t i) {
      AgentFor<S> agent(spec);  // fresh: a search keeps no tree from another row or call
      Rng rng(seed + i, kAgentStream);
      out[i] = static_cast<std::int32_t>(agent.choose(envs_[i].state, rng));
    });
  }

 private:
  struct Env {
    S state;
    Rng rng;                          // the games' seeds and the agents' choices
    std::vector<AgentFor<S>> agents;  // by seat
    std::uint32_t steps = 0;          // learner actions in this game
  };

  template <class Fn>
  void for_each_env(Fn&& fn) {
    pool_.run(envs_.size(), [&](std::size_t begin, std::size_t end) {
      for (std::size_t i = begin; i < end; ++i) fn(i);
    });
  }

  Player seat() const { return static_cast<Player>(spec_.seat); }
  bool is_learner(Player p) const { return (learners_ >> p) & 1u; }

  void clear_rewards(std::size_t i, const VectorEnvOutputs& out) const {
    out.rewards[i] = 0;
    if (out.seat_rewards)
      std::fill_n(out.seat_rewards + i * static_cast<std::size_t>(spec_.players), spec_.players, 0.f);
  }

  void apply(Env& env, Action action) {
    const Player actor = env.state.current_player();
    env.state.apply(action);
    for (auto& agent : env.agents) agent.observe(action, actor);
  }

  // The opponents move until a learner decides or the game ends.
  void play_opponents(Env& env) {
    while (!env.state.is_terminal() && !is_learner(env.state.current_player()))
      apply(env, env.agents[static_cast<std::size_t>(env.state.current_player())].choose(env.state, env.rng));
  }

  // A new game that reaches the learner's decision (a game the opponents
  // finish alone is skipped: there is nothing to learn from it).
  void start_game(Env& env) {
    do {
      env.state = S(params_, spec_.players, env.rng.next64());
      env.steps = 0;
      for (auto& agent : env.agents) agent.new_game();
      play_opponents(env);
    } while (env.state.is_terminal());
  }

  void step_game(Env& env, Action action, std::size_t i, const VectorEnvOutputs& out) {
    apply(env, action);
    ++env.steps;
    play_opponents(env);
    clear_rewards(i, out);
    out.terminated[i] = out.truncated[i] = 0;
    if (env.state.is_terminal() || (spec_.max_steps && env.steps >= spec_.max_steps)) write_final(env, i, out);
    if (env.state.is_terminal()) {
      const auto shares = win_shares(env.state);
      out.rewards[i] = static_cast<float>(shares[static_cast<std::size_t>(seat())]);
      if (out.seat_rewards)
        for (int p = 0; p < spec_.players; ++p)
          out.seat_rewards[i * static_cast<std::size_t>(spec_.players) + static_cast<std::size_t>(p)] =
              static_cast<float>(shares[static_cast<std::size_t>(p)]);
      out.terminated[i] = 1;
      start_game(env);
    } else if (spec_.max_steps && env.steps >= spec_.max_steps) {
      out.truncated[i] = 1;
      start_game(env);
    }
    write_view(env, i, out);
  }

  // `viewer`'s observation tensor into row i of `rows` ([num_envs][observation_size]).
  void write_observation(const Env& env, Player viewer, float* rows, std::size_t i) const {
    thread_local std::vector<float> tensor;
    tensor.clear();
    append_tensor(env.state.observation(viewer), tensor);
    assert(tensor.size() == static_cast<std::size_t>(observation_size_) && "a game's tensors have one length");
    std::memcpy(rows + i * static_cast<std::size_t>(observation_size_), tensor.data(),
                sizeof(float) * static_cast<std::size_t>(observation_size_));
  }

  // The game that just ended, as the learner last saw it, and its scores (row i).
  void write_final(const Env& env, std::size_t i, const VectorEnvOutputs& out) const {
    if (out.final_observations) write_observation(env, seat(), out.final_observations, i);
    if (out.final_scores) {
      const Scores scores = env.state.scores();
      for (int p = 0; p < spec_.players; ++p)
        out.final_scores[i * static_cast<std::size_t>(spec_.players) + static_cast<std::size_t>(p)] =
            static_cast<float>(scores[static_cast<std::size_t>(p)]);
    }
  }

  // The deciding learner's observation tensor and legal-action mask, in row i.
  void write_view(const Env& env, std::size_t i, const VectorEnvOutputs& out) const {
    const Player actor = env.state.current_player();
    if (out.to_act) out.to_act[i] = actor;
    write_observation(env, actor, out.observations, i);
    std::uint8_t* mask = out.masks + i * static_cast<std::size_t>(S::kNumDistinctActions);
    std::memset(mask, 0, static_cast<std::size_t>(S::kNumDistinctActions));
    ActionList legal;
    env.state.legal_actions(legal);
    for (Action action : legal) mask[action] = 1;
  }

  VectorEnvSpec spec_;
  typename S::Params params_;
  std::vector<Env> envs_;
  int observation_size_ = 0;
  std::uint32_t learners_ = 0;  // seats driven from Python, one bit each
  WorkerPool pool_;
};

}  // namespace bw::python
