#pragma once
// Type-erased game state for the fronts (CLI, server, Python): one virtual
// call per step is fine there. Generic hot loops use the Game concept instead.
#include <cstdint>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "core/action_target.hpp"
#include "core/explain.hpp"
#include "core/game.hpp"

namespace bw {

struct GameInfo;

class AnyState {
 public:
  virtual ~AnyState() = default;
  virtual std::unique_ptr<AnyState> clone() const = 0;
  virtual const GameInfo& game() const = 0;

  virtual int num_players() const = 0;
  virtual Player current_player() const = 0;
  virtual bool is_terminal() const = 0;
  virtual std::vector<Action> legal_actions() const = 0;
  virtual bool is_legal(Action action) const = 0;
  // Checked: throws IllegalAction naming the action and why.
  virtual void apply(Action action) = 0;
  virtual int num_distinct_actions() const = 0;
  virtual std::string action_to_string(Action action) const = 0;
  // Accepts an action's text (case and spacing ignored); throws IllegalAction
  // for text that names no action or an action not legal now.
  Action parse_action(std::string_view text) const;
  // An action's text as a menu shows it, each seat "P2" followed by its name:
  // "draw from P2 (Bob)".
  std::string action_label(Action action, Names names) const;
  // What a person typed at a menu: an action's text or its label (case and
  // spacing ignored), or the start of exactly one legal action's. Throws
  // IllegalAction: an action not legal now, no action at all, or a start
  // shared by several legal actions (the message lists them).
  Action parse_typed_action(std::string_view text, Names names) const;

  virtual nlohmann::json observation_json(Player viewer) const = 0;
  virtual std::vector<float> observation_tensor(Player viewer) const = 0;
  virtual bool same_observation(const AnyState& other, Player viewer) const = 0;
  virtual std::string render(Player viewer, Names names) const = 0;
  virtual std::vector<std::string> events(Player viewer, Names names) const = 0;

  // Teaching: what a legal action of the seat to move would do, from that
  // seat's observation only ("" when its text says it all); a finished game's
  // score of a seat by category (adding up to scores()); why the winners won;
  // whether an action only declines a reaction (for auto-pass).
  virtual std::string action_hint(Action action) const = 0;
  // The hints of several actions at once, from one observation (a menu, a frame).
  virtual std::vector<std::string> action_hints(const std::vector<Action>& actions) const = 0;
  // Where each of several actions of the seat to move sits on a board.
  virtual std::vector<ActionTarget> action_targets(const std::vector<Action>& actions) const = 0;
  virtual ScoreBreakdown score_breakdown(Player seat) const = 0;
  virtual std::string result_explanation(Names names) const = 0;
  virtual bool is_pass(Action action) const = 0;

  virtual std::vector<double> scores() const = 0;
  virtual std::vector<Player> winners() const = 0;
  virtual void determinize(Player viewer, Rng& rng) = 0;
  virtual bool equals(const AnyState& other) const = 0;
  virtual std::size_t state_bytes() const = 0;
};

// Whether playing `actions` from `before` showed `seat` something it could not
// know: in some of `worlds` redeals of what the seat cannot see, the same
// actions end in another observation for it, or one of them is not legal
// there (a draw, a steal, a look, a bot's play of a card it held). Taking
// such moves back would let the seat play them again knowing the outcome.
bool shows_hidden_to(const AnyState& before, const std::vector<Action>& actions, Player seat, Rng& rng,
                     int worlds = 16);

}  // namespace bw
