// Bye-Bye Black Sheep: the named parameters, their defaults and why.
#include "games/bye_bye/bye_bye.hpp"

namespace bw::bye_bye {

std::vector<ParamSpec> State::param_specs() {
  return {
      {"advanced", ParamType::Bool, "false", 0, 0, {},
       "advanced rules: White Sheep, Mother Sheep and Wolf join the special cards, which the players choose"},
      {"choose_specials", ParamType::Bool, "true", 0, 0, {},
       "advanced: seats pick the special pool in turn from the start player (false: 5 random of the 8)"},
      {"start_player", ParamType::Int, "0", 0, 5, {}, "seat that starts (1-based); 0 picks one at random"},
      {"hand_limit", ParamType::Int, "0", 0, 20, {}, "refill hands to this size; 0 = rulebook (7, 8 with two players)"},
      {"target_triplets", ParamType::Int, "0", 0, 16, {}, "triplets that win; 0 = rulebook (2p 5, 3p 4, 4-5p 3)"},
      {"allow_zero_draw", ParamType::Bool, "false", 0, 0, {},
       "may a turn stop before drawing any card? (rulebook silent; we say no)"},
      {"stall_rounds", ParamType::Int, "2", 1, 20, {},
       "full rounds with an empty pile and no zoo change after which the game ends"},
      {"turn_limit", ParamType::Int, "1000", 10, 60000, {}, "hard guard: the game ends as a stall after this many turns"},
  };
}

Params Params::from(const ParamMap& map) {
  Params p;
  p.advanced = param_bool(map, "advanced");
  p.choose_specials = param_bool(map, "choose_specials");
  p.start_player = param_int(map, "start_player");
  p.hand_limit = param_int(map, "hand_limit");
  p.target_triplets = param_int(map, "target_triplets");
  p.allow_zero_draw = param_bool(map, "allow_zero_draw");
  p.stall_rounds = param_int(map, "stall_rounds");
  p.turn_limit = param_int(map, "turn_limit");
  return p;
}

}  // namespace bw::bye_bye
