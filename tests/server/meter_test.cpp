// The win meter (docs/protocol.md, "The win meter"): a person alone with bots
// who turns it on gets, after each move, every seat's chance read from their
// own seat's view, and a spectator from the public view, exactly what the
// estimator gives for the table's state at that move; it is refused where two
// people play, at a shared screen and on a server without it.
#include <gtest/gtest.h>

#include <numeric>
#include <random>

#include "analysis/live_meter.hpp"
#include "core/record.hpp"
#include "games/catalog.hpp"
#include "server/store/store.hpp"
#include "server/tables/table.hpp"
#include "server_fixture.hpp"

namespace bw::server::testing {
namespace {

using json = nlohmann::json;

class Meter : public QuietServerTest {
 protected:
  std::string db_ = fresh_db("meter");

  // The table's state at `version`, from what the store holds.
  std::unique_ptr<AnyState> state_at(const std::string& table, std::uint64_t version) {
    Store store(db_);
    std::optional<StoredTable> stored = store.load_table(table);
    EXPECT_TRUE(stored.has_value());
    std::vector<std::string> actions = stored->actions;
    EXPECT_GE(actions.size(), version);
    actions.resize(version);
    return replay(registry(), record_of(stored->row, actions));
  }
};

TEST_F(Meter, APersonAmongBotsReadsTheirChancesAfterEachMove) {
  RunningServer server(db_);
  json table = create_table(server.port, "bye-bye", {"human", "random", "random"}, 5);
  const std::string id = table["table"];
  WsClient player(server.port);
  player.send({{"type", "join"}, {"table", id}, {"token", table["invites"][0]["token"]}});
  json joined = player.receive_until("joined");
  EXPECT_EQ(joined["meter"], true);
  player.send({{"type", "meter"}, {"on", true}});

  std::mt19937 rng(3);
  int readings = 0;
  std::uint64_t last_version = 0;
  // As a person would, each decision waits for its reading: one the table has
  // moved past is never sent, so a client that always answers at once (and a
  // slow sanitizer build) might otherwise see none.
  std::optional<json> decision;
  for (int step = 0; step < 400 && readings < 4; ++step) {
    std::optional<json> received = player.receive(std::chrono::seconds(60));
    ASSERT_TRUE(received.has_value()) << "the connection closed or went quiet";
    const json& message = *received;
    if (message["type"] == "meter") {
      const std::uint64_t version = message["version"];
      EXPECT_EQ(message["seat"], 0);
      const std::vector<double> chances = message["chances"];
      ASSERT_EQ(chances.size(), 3u);
      for (double chance : chances) {
        EXPECT_GE(chance, 0.0);
        EXPECT_LE(chance, 1.0);
      }
      EXPECT_NEAR(std::accumulate(chances.begin(), chances.end(), 0.0), 1.0, 1e-9);
      // Exactly the estimator's reading from seat 0's view of the table at that move.
      auto state = state_at(id, version);
      EXPECT_EQ(chances, analysis::live_win_chances(*state, 0, ServeOptions{}.meter_worlds, meter_seed(id, version)))
          << "version " << version;
      if (readings > 0) {
        EXPECT_GT(version, last_version) << "a reading per move, never an old one again";
      }
      last_version = version;
      ++readings;
      if (decision && version >= (*decision)["version"].get<std::uint64_t>()) {
        player.send(act_message(*decision, rng));
        decision.reset();
      }
    } else if (message["type"] == "state" && !message["legal"].empty()) {
      decision = message;
    } else if (message["type"] == "state" && !message["result"].is_null()) {
      break;
    }
  }
  EXPECT_GE(readings, 2) << "a reading at the start and after the person's moves";

  // Off: no more readings. Readings sent before the table took the "off" may
  // still be on their way; the table handles messages in order, so none may
  // come after the state that answers an action sent after the "off".
  player.send({{"type", "meter"}, {"on", false}});
  bool acted_after_off = false, answered = false;
  if (decision) {  // the decision still waiting for its reading
    player.send(act_message(*decision, rng));
    acted_after_off = true;
  }
  for (int step = 0; step < 60; ++step) {
    std::optional<json> received = player.receive(std::chrono::seconds(2));
    if (!received) break;
    const json& message = *received;
    if (message["type"] == "meter") {
      ASSERT_FALSE(answered) << "a reading after the meter was turned off";
    } else if (message["type"] == "state") {
      if (acted_after_off) answered = true;
      if (!message["legal"].empty()) {
        player.send(act_message(message, rng));
        acted_after_off = true;
      }
    }
  }
}

// A spectator where at most one person plays reads the public view: exactly
// the estimator as kSpectator on the table's state, never a seat's view.
TEST_F(Meter, ASpectatorReadsThePublicView) {
  RunningServer server(db_);
  json table = create_table(server.port, "disguise", {"human", "random", "random"}, 5);
  const std::string id = table["table"];
  WsClient spectator(server.port);
  spectator.send({{"type", "join"}, {"table", id}, {"token", table["spectator"]["token"]}});
  EXPECT_EQ(spectator.receive_until("joined")["meter"], true);
  spectator.send({{"type", "meter"}, {"on", true}});
  json reading = spectator.receive_until("meter");
  EXPECT_TRUE(reading["seat"].is_null());
  const std::uint64_t version = reading["version"];
  const std::vector<double> chances = reading["chances"];
  auto state = state_at(id, version);
  EXPECT_EQ(chances,
            analysis::live_win_chances(*state, kSpectator, ServeOptions{}.meter_worlds, meter_seed(id, version)));
  EXPECT_NE(chances, analysis::live_win_chances(*state, 0, ServeOptions{}.meter_worlds, meter_seed(id, version)))
      << "the public view, not the person's";
}

TEST_F(Meter, IsRefusedWhereTwoPeoplePlayAndToAHotSeat) {
  RunningServer server(db_);
  auto refused = [](WsClient& client, const std::string& why) {
    client.send({{"type", "meter"}, {"on", true}, {"ref", 7}});
    json error = client.receive_until("error");
    EXPECT_EQ(error["code"], "meter-refused");
    EXPECT_EQ(error["ref"], 7);
    EXPECT_NE(error.value("message", "").find(why), std::string::npos) << error.dump();
  };
  json two = create_table(server.port, "bye-bye", {"human", "human", "random"}, 5);
  WsClient ann(server.port), bob(server.port), watcher(server.port);
  ann.send({{"type", "join"}, {"table", two["table"]}, {"token", two["invites"][0]["token"]}});
  EXPECT_EQ(ann.receive_until("joined")["meter"], false);
  bob.send({{"type", "join"}, {"table", two["table"]}, {"token", two["invites"][1]["token"]}});
  bob.receive_until("joined");
  refused(ann, "every other seat is a bot");
  watcher.send({{"type", "join"}, {"table", two["table"]}, {"token", two["spectator"]["token"]}});
  EXPECT_EQ(watcher.receive_until("joined")["meter"], false);
  refused(watcher, "two or more people");

  json shared = create_table(server.port, "bye-bye", {"human", "human", "random"}, 5, {{"hotseat", true}});
  WsClient screen(server.port);
  screen.send({{"type", "join"}, {"table", shared["table"]}, {"token", shared["hotseat"]["token"]}});
  EXPECT_EQ(screen.receive_until("joined")["meter"], false);
  refused(screen, "share a screen");

  WsClient malformed(server.port);
  malformed.send({{"type", "meter"}, {"on", "yes"}});
  EXPECT_EQ(malformed.receive_until("error")["code"], "bad-message");
}

TEST_F(Meter, AServerWithoutTheMeterSaysSo) {
  ServeOptions options;
  options.meter_worlds = 0;
  RunningServer server(db_, options);
  json table = create_table(server.port, "bye-bye", {"human", "random", "random"}, 5);
  WsClient player(server.port);
  player.send({{"type", "join"}, {"table", table["table"]}, {"token", table["invites"][0]["token"]}});
  EXPECT_EQ(player.receive_until("joined")["meter"], false);
  player.send({{"type", "meter"}, {"on", true}});
  EXPECT_EQ(player.receive_until("error")["code"], "meter-refused");
}

}  // namespace
}  // namespace bw::server::testing
