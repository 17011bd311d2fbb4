#pragma once
// Agent specs as people type them: "random", "heuristic",
// "ismcts:iters=2000,c=0.7,rollout=heuristic", "ismcts:ms=200".
#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "agents/ismcts.hpp"

namespace bw {

// Root-parallel search threads per agent: more trees than this only split the
// same iterations thinner, and 256 x 256 threads is more than a machine starts.
inline constexpr int kMaxSearchThreads = 64;

class AnyState;

// A seat played by code outside the engine (a Python function in
// bellwether.simulate): it sees the position through AnyState and returns an
// action, which the agent checks before it is applied.
using ExternalChooser = std::function<Action(const AnyState& state, Player seat)>;

struct AgentSpec {
  // External is never parsed from text: a front builds it around its chooser.
  // A Level is resolved to the game's own spec for it (AgentFor, S::kLevels).
  enum class Kind { Human, Random, Heuristic, Ismcts, External, Level };
  enum class Strength { Easy, Medium, Hard };
  Kind kind = Kind::Random;
  Strength level = Strength::Medium;  // Kind::Level only
  IsmctsConfig ismcts;
  // Options the spec left out take the game's SearchDefaults (search_config_for).
  bool iterations_given = false, rollout_given = false, horizon_given = false;
  bool score_weight_given = false, opponent_model_given = false, branch_given = false;
  std::string text;                                 // canonical spelling, for tables and records
  std::shared_ptr<const ExternalChooser> external;  // Kind::External only
  // A front that thinks for others (the server) sets these, whatever the spec
  // or level: IsmctsConfig::max_ms and IsmctsConfig::stop.
  int max_ms = 0;
  const std::atomic<bool>* stop = nullptr;
};

AgentSpec parse_agent_spec(std::string_view text);  // throws BadSeats naming the problem

// A --seats list, one spec per seat: "ismcts:iters=200,c=0.5,random" is two
// seats, since an item that is only key=value continues the agent before it.
std::vector<std::string> split_seats(std::string_view text);
const char* agent_spec_help();

}  // namespace bw
