#include "analysis/live_meter.hpp"

#include <cassert>

#include "analysis/win_meter.hpp"
#include "core/any_state_of.hpp"
#include "games/catalog.hpp"

namespace bw::analysis {

std::vector<double> live_win_chances(const AnyState& state, Player viewer, int worlds, std::uint64_t seed) {
  return with_game_type(state.game().id, [&]<class S>() {
    const auto* typed = dynamic_cast<const AnyStateOf<S>*>(&state);
    assert(typed && "a state whose game id is not its type");
    const Scores chances = win_chances(typed->state(), viewer, worlds, seed);
    return std::vector<double>(chances.begin(), chances.begin() + state.num_players());
  });
}

}  // namespace bw::analysis
