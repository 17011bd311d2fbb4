#pragma once
// Wraps one Game type once as an AnyState. Include only where a game is
// registered (it pulls in nlohmann/json).
#include <nlohmann/json.hpp>

#include "core/any_state.hpp"
#include "core/errors.hpp"
#include "core/game_hooks.hpp"
#include "core/registry.hpp"

namespace bw {

// The hooks it calls are checked by the concepts of core/game_hooks.hpp.
template <Game S>
  requires HasObservationHooks<S> && HasActionHints<S> && HasActionTargets<S> && HasScoreExplanation<S> &&
           HasPassAction<S>
class AnyStateOf final : public AnyState {
 public:
  AnyStateOf(const GameInfo& info, const S& state) : info_(&info), state_(state) {}

  const S& state() const { return state_; }
  S& state() { return state_; }

  std::unique_ptr<AnyState> clone() const override { return std::make_unique<AnyStateOf>(*this); }
  const GameInfo& game() const override { return *info_; }
  int num_players() const override { return state_.num_players(); }
  Player current_player() const override { return state_.current_player(); }
  bool is_terminal() const override { return state_.is_terminal(); }
  std::vector<Action> legal_actions() const override {
    ActionList list;
    state_.legal_actions(list);
    return {list.begin(), list.end()};
  }
  bool is_legal(Action action) const override { return action < S::kNumDistinctActions && state_.is_legal(action); }
  void apply(Action action) override {
    if (state_.is_terminal()) throw IllegalAction("the game is over: no more actions");
    if (action >= S::kNumDistinctActions)
      throw IllegalAction("action " + std::to_string(action) + " does not exist in " + info_->name);
    if (!state_.is_legal(action))
      throw IllegalAction("'" + S::action_to_string(action) + "' is not a legal action now");
    state_.apply(action);
  }
  int num_distinct_actions() const override { return S::kNumDistinctActions; }
  std::string action_to_string(Action action) const override { return S::action_to_string(action); }

  nlohmann::json observation_json(Player viewer) const override {
    nlohmann::json out;
    to_json(out, state_.observation(viewer));
    return out;
  }
  std::vector<float> observation_tensor(Player viewer) const override {
    std::vector<float> out;
    append_tensor(state_.observation(viewer), out);
    return out;
  }
  bool same_observation(const AnyState& other, Player viewer) const override {
    const auto* same = dynamic_cast<const AnyStateOf*>(&other);
    return same && state_.observation(viewer) == same->state_.observation(viewer);
  }
  std::string render(Player viewer, Names names) const override { return state_.render(viewer, names); }
  std::vector<std::string> events(Player viewer, Names names) const override {
    std::vector<std::string> out;
    for (const Event& event : state_.events()) {
      std::string text = state_.describe(event, viewer, names);
      if (!text.empty()) out.push_back(std::move(text));
    }
    return out;
  }
  std::string action_hint(Action action) const override {
    if (state_.is_terminal() || action >= S::kNumDistinctActions) return {};
    return bw::action_hint_of(state_.observation(state_.current_player()), action);
  }
  std::vector<std::string> action_hints(const std::vector<Action>& actions) const override {
    std::vector<std::string> out(actions.size());
    if (state_.is_terminal()) return out;
    const typename S::Observation seen = state_.observation(state_.current_player());
    for (std::size_t i = 0; i < actions.size(); ++i)
      if (actions[i] < S::kNumDistinctActions) out[i] = bw::action_hint_of(seen, actions[i]);
    return out;
  }
  std::vector<ActionTarget> action_targets(const std::vector<Action>& actions) const override {
    std::vector<ActionTarget> out(actions.size());
    if (state_.is_terminal()) return out;
    const typename S::Observation seen = state_.observation(state_.current_player());
    for (std::size_t i = 0; i < actions.size(); ++i)
      if (actions[i] < S::kNumDistinctActions) out[i] = bw::action_target_of(seen, actions[i]);
    return out;
  }
  ScoreBreakdown score_breakdown(Player seat) const override { return bw::score_breakdown_of(state_, seat); }
  std::string result_explanation(Names names) const override { return bw::result_explanation_of(state_, names); }
  bool is_pass(Action action) const override {
    return action < S::kNumDistinctActions && bw::is_pass_of(state_, action);
  }
  std::vector<double> scores() const override {
    Scores scores = state_.scores();
    return {scores.begin(), scores.begin() + state_.num_players()};
  }
  std::vector<Player> winners() const override {
    PlayerList list = state_.winners();
    return {list.begin(), list.end()};
  }
  void determinize(Player viewer, Rng& rng) override { state_.determinize(viewer, rng); }
  bool equals(const AnyState& other) const override {
    const auto* same = dynamic_cast<const AnyStateOf*>(&other);
    return same && state_ == same->state_;
  }
  std::size_t state_bytes() const override { return sizeof(S); }

 private:
  const GameInfo* info_;
  S state_;
};

// The registry entry of one game type; its rules are docs/rules/<id>.md.
template <Game S>
GameInfo make_game_info() {
  GameInfo info;
  info.id = std::string(S::kId);
  info.name = std::string(S::kName);
  info.short_name = std::string(S::kShortName);
  info.blurb = std::string(S::kBlurb);
  info.min_players = S::kMinPlayers;
  info.max_players = S::kMaxPlayers;
  info.params = S::param_specs();
  info.rules_doc = "docs/rules/" + info.id + ".md";
  info.new_state = [](const GameInfo& self, const ParamMap& params, int num_players, std::uint64_t seed) {
    return std::unique_ptr<AnyState>(
        std::make_unique<AnyStateOf<S>>(self, S(S::Params::from(params), num_players, seed)));
  };
  return info;
}

}  // namespace bw
