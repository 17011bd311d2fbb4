// Bye-Bye Black Sheep: the named parameters, their defaults and why.
#include "core/param_table.hpp"
#include "games/bye_bye/bye_bye.hpp"

namespace bw::bye_bye {

namespace {

ParamTable<Params> declared() {
  return {
      bool_param("advanced", &Params::advanced,
                 "advanced rules: White Sheep, Mother Sheep and Wolf join the special cards, which the players choose"),
      bool_param("choose_specials", &Params::choose_specials,
                 "advanced: seats pick the special pool in turn from the start player (false: 5 random of the 8)"),
      int_param("start_player", &Params::start_player, 0, 5, "seat that starts (1-based); 0 picks one at random"),
      int_param("hand_limit", &Params::hand_limit, 0, 20,
                "refill hands to this size; 0 = rulebook (7, 8 with two players)"),
      int_param("target_triplets", &Params::target_triplets, 0, 16,
                "triplets that win; 0 = rulebook (2p 5, 3p 4, 4-5p 3)"),
      bool_param("allow_zero_draw", &Params::allow_zero_draw,
                 "may a turn stop before drawing any card? (rulebook silent; we say no)"),
      int_param("stall_rounds", &Params::stall_rounds, 1, 20,
                "full rounds with an empty pile and no zoo change after which the game ends"),
      int_param("turn_limit", &Params::turn_limit, 10, 60000,
                "hard guard: the game ends as a stall after this many turns"),
  };
}

}  // namespace

std::vector<ParamSpec> State::param_specs() { return specs_of(declared()); }

Params Params::from(const ParamMap& map) { return read_params(declared(), map); }

}  // namespace bw::bye_bye
