#pragma once
// How the generic tree search plays a game when its spec does not say: a
// game states it as `static constexpr SearchDefaults kSearchDefaults` in its
// State, next to the knowledge its heuristic holds (docs/agents.md has the
// measurements behind each choice). Games that say nothing get these values.

namespace bw {

struct SearchDefaults {
  int iterations = 1000;            // per move
  bool heuristic_rollout = false;   // play-outs by the game's heuristic instead of uniform random
  int horizon = 0;                  // play-out length cap in actions (0: to the end), then position_value()
  double score_weight = 0;          // IsmctsConfig::score_weight
  double opponent_model = 0;        // IsmctsConfig::opponent_model
  bool branch_on_outcomes = false;  // IsmctsConfig::branch_on_outcomes
};

// The bots a player picks by name: agent specs for this game, calibrated so
// that in four-seat tables medium beats easy and hard beats medium
// (docs/strength.md). Games that say nothing get these.
struct Levels {
  const char* easy = "heuristic";
  const char* medium = "ismcts:iters=200";
  const char* hard = "ismcts";
};

}  // namespace bw
