#pragma once
// The rules contract every game satisfies (see docs/architecture.md).
// Generic code (agents, simulation, benchmarks) is templated on `Game`, so the
// hot loop has no virtual calls and no allocation.
#include <array>
#include <cassert>
#include <concepts>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "core/fixed_vector.hpp"
#include "core/params.hpp"
#include "core/rng.hpp"
#include "core/types.hpp"

namespace bw {

using ActionList = FixedVector<Action, kMaxLegalActions>;
using PlayerList = FixedVector<Player, kMaxPlayers>;
using Scores = std::array<double, kMaxPlayers>;
using Names = std::span<const std::string>;

// What just happened, in a compact form a game turns into words with
// describe(). `kind` and the arguments mean whatever the game says.
struct Event {
  std::uint8_t kind = 0;
  std::int8_t a = 0, b = 0, c = 0, d = 0;
  bool operator==(const Event&) const = default;
};
using EventLog = FixedVector<Event, 32>;

// Appends an event. The log holds every event of the longest action a game
// has (a long run of similar events is told as one event, e.g. Black Sheep's
// restock misses); the soak tests check every action leaves room to spare.
constexpr void add_event(EventLog& log, int kind, int a = 0, int b = 0, int c = 0, int d = 0) {
  assert(!log.full() && "an action logged more events than EventLog holds");
  if (log.full()) return;
  log.push_back(Event{static_cast<std::uint8_t>(kind), static_cast<std::int8_t>(a), static_cast<std::int8_t>(b),
                      static_cast<std::int8_t>(c), static_cast<std::int8_t>(d)});
}

template <class S>
concept Game = std::is_trivially_copyable_v<S> && std::equality_comparable<S> &&
               requires(S state, const S& cs, Action action, Player player, Rng& rng, ActionList& list,
                        const typename S::Params& params, const ParamMap& param_map, std::uint64_t seed,
                        int num_players, const Event& event, Names names) {
                 typename S::Params;
                 typename S::Observation;
                 { S::kId } -> std::convertible_to<std::string_view>;
                 { S::kName } -> std::convertible_to<std::string_view>;
                 { S::kShortName } -> std::convertible_to<std::string_view>;
                 { S::kBlurb } -> std::convertible_to<std::string_view>;
                 { S::kMinPlayers } -> std::convertible_to<int>;
                 { S::kMaxPlayers } -> std::convertible_to<int>;
                 { S::kNumDistinctActions } -> std::convertible_to<int>;
                 { S::param_specs() } -> std::same_as<std::vector<ParamSpec>>;
                 { S::Params::from(param_map) } -> std::same_as<typename S::Params>;
                 S(params, num_players, seed);
                 { cs.num_players() } -> std::same_as<int>;
                 { cs.current_player() } -> std::same_as<Player>;
                 { cs.is_terminal() } -> std::same_as<bool>;
                 cs.legal_actions(list);
                 { cs.is_legal(action) } -> std::same_as<bool>;
                 state.apply(action);
                 { S::action_to_string(action) } -> std::convertible_to<std::string>;
                 { cs.observation(player) } -> std::same_as<typename S::Observation>;
                 state.determinize(player, rng);
                 { cs.scores() } -> std::same_as<Scores>;
                 { cs.winners() } -> std::same_as<PlayerList>;
                 { cs.events() } -> std::convertible_to<const EventLog&>;
                 { cs.describe(event, player, names) } -> std::convertible_to<std::string>;
                 { cs.render(player, names) } -> std::convertible_to<std::string>;
               };

}  // namespace bw
