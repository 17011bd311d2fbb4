// The leak test: every frame the server sends to a seat is exactly what that
// seat's own calls allow — observation_json(seat), events(seat, names), the
// legal actions when it decides, the result at the end — for every game over
// many seeded games, with two people at each table. Nothing else (another
// hand, the deck order, the seed) can ride along, because nothing else is in a
// frame. The states are rebuilt independently from the downloaded record.
#include <gtest/gtest.h>

#include "core/record.hpp"
#include "core/strict_json.hpp"
#include "expected_legal.hpp"
#include "games/catalog.hpp"
#include "server/log.hpp"
#include "server_fixture.hpp"

namespace bw::server::testing {
namespace {

using json = nlohmann::json;

const std::set<std::string> kStateKeys = {"type",        "table",  "seat",  "version", "current",
                                          "observation", "events", "legal", "last",    "result"};

// The game rebuilt from its record: the state at each version, and who made each move.
struct Replayed {
  std::vector<std::unique_ptr<AnyState>> states;
  std::vector<Player> actors;
  std::vector<Action> actions;
};

// The frame a seat (or kSpectator) should get at `version` of the replayed game.
json expected_state(const json& frame, Player viewer, const Replayed& game, const std::vector<std::string>& names) {
  const auto version = frame["version"].get<std::size_t>();
  const AnyState& state = *game.states[version];
  bool snapshot = frame["events"].empty();  // counted by check_frames: one per connection at most
  json legal = expected_legal(state, viewer, names);
  json expected{{"type", "state"},
                {"table", frame["table"]},
                {"seat", viewer >= 0 ? json(viewer) : json(nullptr)},
                {"version", frame["version"]},
                {"current", state.current_player() >= 0 ? json(state.current_player()) : json(nullptr)},
                {"observation", state.observation_json(viewer)},
                {"events", snapshot ? json::array() : json(state.events(viewer, names))},
                {"legal", legal},
                {"last", version == 0 ? json(nullptr)
                                      : expected_last(game.states[version - 1].get(), game.actors[version - 1],
                                                      game.actions[version - 1], viewer)},
                {"result", nullptr}};
  if (state.is_terminal()) {
    // The end reveals everything: every seat's score by category and why the winners won.
    json breakdown = json::array();
    for (Player seat = 0; seat < state.num_players(); ++seat) {
      json items = json::array();
      for (const ScoreItem& item : state.score_breakdown(seat))
        items.push_back({{"category", item.category}, {"points", item.points}});
      breakdown.push_back(items);
    }
    expected["result"] = {{"scores", state.scores()},
                          {"winners", state.winners()},
                          {"breakdown", breakdown},
                          {"explanation", state.result_explanation(names)}};
  }
  return expected;
}

struct Counts {
  std::size_t games = 0, frames = 0;
};

// Checks every frame of `client` (holding `viewer`) against the replayed states.
void check_frames(const WsClient& client, Player viewer, const Replayed& game, const std::vector<std::string>& names,
                  Counts& counts) {
  int snapshots = 0;
  for (const auto& frame : client.frames) {
    const std::string type = frame["type"];
    if (type == "state") {
      std::set<std::string> keys;
      for (const auto& [key, value] : frame.items()) keys.insert(key);
      ASSERT_EQ(keys, kStateKeys) << frame.dump();
      auto version = frame["version"].get<std::size_t>();
      ASSERT_LT(version, game.states.size());
      json expected = expected_state(frame, viewer, game, names);
      if (frame["events"].empty() && !expected["events"].empty()) ++snapshots;
      ASSERT_EQ(frame, expected) << "seat " << int(viewer) << " version " << version;
      ++counts.frames;
    } else if (type == "ack") {
      EXPECT_EQ(frame.size(), 3u) << frame.dump();  // type, table, version
    } else if (type == "hello") {
      EXPECT_EQ(frame.size(), 3u) << frame.dump();  // type, protocol, server
    } else if (type == "joined") {
      EXPECT_FALSE(frame.contains("seed")) << frame.dump();
      EXPECT_FALSE(frame.contains("observation"));
    } else if (type == "presence") {
      // Who is connected, and nothing else: names, specs, connection, stand-ins, the watcher count.
      EXPECT_EQ(frame.size(), 3u) << frame.dump();  // type, seats, spectators
      for (const auto& seat : frame["seats"]) {
        std::set<std::string> keys;
        for (const auto& [key, value] : seat.items()) keys.insert(key);
        EXPECT_EQ(keys, (std::set<std::string>{"agent", "connected", "name", "seat", "stand_in"})) << frame.dump();
      }
    } else {
      ADD_FAILURE() << "unexpected frame " << frame.dump();
    }
  }
  EXPECT_LE(snapshots, 1) << "only the state sent on joining may leave out the events";
}

TEST(Leak, EveryFrameToASeatIsExactlyWhatThatSeatMaySee) {
  set_logging(false);
  RunningServer server(fresh_db("leak"));
  int games_per_game = 4;
  if (const char* env = std::getenv("BELLWETHER_LEAK_GAMES")) games_per_game = std::max(1, std::atoi(env));
  Counts counts;
  std::uint64_t seed = 1000;
  for (const auto& game : registry().games()) {
    for (int g = 0; g < games_per_game; ++g, ++seed) {
      SCOPED_TRACE(game.id + " seed " + std::to_string(seed));
      // Two people; a third seat (a bot) where the game needs three.
      std::vector<std::string> seats = {"human", "human"};
      while (static_cast<int>(seats.size()) < game.min_players || (g % 2 && seats.size() < 3))
        seats.push_back("random");
      auto table = create_table(server.port, game.id, seats, seed);
      std::string id = table["table"];
      WsClient first(server.port), second(server.port), watcher(server.port);
      first.send({{"type", "join"}, {"table", id}, {"token", table["invites"][0]["token"]}});
      second.send({{"type", "join"}, {"table", id}, {"token", table["invites"][1]["token"]}});
      watcher.send({{"type", "join"}, {"table", id}, {"token", table["spectator"]["token"]}});
      json end_second;
      std::thread other([&] { end_second = play_to_end(second, seed * 2); });
      json end_first = play_to_end(first, seed * 2 + 1);
      other.join();
      json end_watch;
      while (end_watch.is_null() || end_watch["result"].is_null()) end_watch = watcher.receive_until("state");

      // The states, rebuilt from the record through the rules, one per version.
      auto download = http_request(server.port, "GET", "/api/tables/" + id + "/record");
      ASSERT_EQ(download.status, 200u);
      GameRecord record = record_from_json(parse_strict_json(download.text, "the record"));
      Replayed replayed;
      replayed.states.push_back(
          registry().find(record.game).start(record.params, static_cast<int>(record.players.size()), record.seed));
      replay(registry(), record, [&](std::size_t, Player actor, Action action, const AnyState& after) {
        replayed.states.push_back(after.clone());
        replayed.actors.push_back(actor);
        replayed.actions.push_back(action);
      });
      check_frames(first, 0, replayed, record.names, counts);
      check_frames(second, 1, replayed, record.names, counts);
      check_frames(watcher, kSpectator, replayed, record.names, counts);
      ++counts.games;
    }
  }
  std::cout << "[leak] " << counts.games << " games, " << counts.frames << " state frames checked\n";
  EXPECT_EQ(counts.games, registry().games().size() * games_per_game);
}

}  // namespace
}  // namespace bw::server::testing
