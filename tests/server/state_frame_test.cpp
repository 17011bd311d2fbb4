// state_frame writes the state message as text; it must read exactly as the
// json tree the protocol describes, written by nlohmann::json, for every game
// and every kind of viewer, with names and a table id that need escaping.
#include <gtest/gtest.h>

#include <random>

#include "expected_legal.hpp"
#include "games/catalog.hpp"
#include "server/ws/protocol.hpp"

namespace bw::server {
namespace {

using json = nlohmann::json;

// `before`: the state the last move was made in (null: none), `last_action` that move.
json as_tree(const std::string& table, Player viewer, std::uint64_t version, const AnyState& state, Names names,
             const FrameExtras& extras, const AnyState* before, Action last_action) {
  const bool with_events = extras.with_events;
  json legal = extras.ask ? testing::expected_legal(state, viewer, names) : json::array();
  json last = testing::expected_last(before, extras.last.seat, last_action, viewer);
  Player current = state.current_player();
  json out{{"type", "state"},
           {"table", table},
           {"seat", viewer >= 0 ? json(viewer) : json(nullptr)},
           {"version", version},
           {"current", current >= 0 ? json(current) : json(nullptr)},
           {"observation", state.observation_json(viewer)},
           {"events", with_events ? json(state.events(viewer, names)) : json::array()},
           {"legal", std::move(legal)},
           {"last", std::move(last)},
           {"result", nullptr}};
  if (state.is_terminal()) out["result"] = result_json(state, names);
  return out;
}

TEST(StateFrame, IsByteForByteWhatTheJsonTreeWouldBeForEveryGameAndViewer) {
  const std::vector<std::string> names = {"Ann \"A\" \\", "Bo\tb", "C\x01", "Dee"};
  const std::string table = "t\"\\\n\x1f-9";
  std::mt19937 rng(7);
  std::size_t frames = 0;
  for (const auto& game : registry().games()) {
    int players = std::max(game.min_players, 3);
    auto state = game.start({}, players, 11);
    Names seat_names(names.data(), static_cast<std::size_t>(players));
    LastMove last;
    std::unique_ptr<AnyState> before;
    Action last_action = 0;
    for (std::uint64_t version = 0;; ++version) {
      for (Player viewer = kSpectator; viewer < players; ++viewer) {
        for (bool with_events : {false, true}) {
          const FrameExtras extras{.with_events = with_events, .ask = version % 3 != 1, .last = last};
          ASSERT_EQ(state_frame(table, viewer, version, *state, seat_names, extras),
                    as_tree(table, viewer, version, *state, seat_names, extras, before.get(), last_action).dump())
              << game.id << " version " << version << " viewer " << int(viewer);
          ++frames;
        }
      }
      if (state->is_terminal()) break;
      auto legal = state->legal_actions();
      const Action action = legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)];
      last = {state->current_player(), state->action_targets({action}).front()};
      before = state->clone();
      last_action = action;
      state->apply(action);
    }
  }
  EXPECT_GT(frames, 1000u);
}

}  // namespace
}  // namespace bw::server
