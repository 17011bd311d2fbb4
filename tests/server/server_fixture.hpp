#pragma once
// A server running in the test process on a free port, with its own database,
// and the moves a test client makes.
#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "server/log.hpp"
#include "server/server.hpp"
#include "test_client.hpp"

namespace bw::server::testing {

inline std::string fresh_db(const std::string& name) {
  auto dir = std::filesystem::temp_directory_path() / ("bw-server-test-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  auto path = dir / (name + ".db");
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path.string() + suffix);
  return path.string();
}

// The suites that run a server: its one line per table event stays out of the test output.
class QuietServerTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { set_logging(false); }
};

class RunningServer {
 public:
  explicit RunningServer(const std::string& db, ServeOptions options = {}) {
    options.db = db;
    options.port = 0;
    options.allow_seed = true;
    options.handle_signals = false;
    options.sync_full = false;  // a test's kill is a crash, not a power cut: NORMAL is durable enough, and fast
    const ServeOptions defaults;
    if (options.messages_per_second == defaults.messages_per_second)
      options.messages_per_second = 100000;  // test clients answer at once; the flood test sets its own limit
    // Every test client is 127.0.0.1: the per-client limits are tested where a test sets them.
    if (options.tables_per_minute == defaults.tables_per_minute) options.tables_per_minute = 1000000;
    if (options.open_tables_per_client == defaults.open_tables_per_client) options.open_tables_per_client = 1000000;
    if (options.connections_per_client == defaults.connections_per_client) options.connections_per_client = 100000;
    if (options.accounts_per_hour == defaults.accounts_per_hour) options.accounts_per_hour = 1000000;
    if (options.sign_ins_per_minute == defaults.sign_ins_per_minute) options.sign_ins_per_minute = 1000000;
    if (options.wrong_passwords_per_hour == defaults.wrong_passwords_per_hour)
      options.wrong_passwords_per_hour = 1000000;
    // argon2id at its real cost takes a fifth of a second a hash: tests hash at the least
    // libsodium allows, unless they set a cost (the real one is tested on its own).
    if (options.password_cost.passes == kPasswordCost.passes &&
        options.password_cost.memory_bytes == kPasswordCost.memory_bytes)
      options.password_cost = {1, 8192};
    server_ = std::make_unique<Server>(options);
    port = server_->port();
    thread_ = std::thread([this] { server_->run(); });
  }
  ~RunningServer() { stop(); }
  void stop() {
    if (!thread_.joinable()) return;
    server_->stop();
    thread_.join();
    server_.reset();
  }
  std::size_t restored() const { return server_->restored(); }
  unsigned short port = 0;

 private:
  std::unique_ptr<Server> server_;
  std::thread thread_;
};

// Creates a table (seats: agent specs, "human" for people); fails the test unless 201.
inline nlohmann::json create_table(unsigned short port, const std::string& game, const std::vector<std::string>& seats,
                                   std::uint64_t seed, nlohmann::json extra = nlohmann::json::object()) {
  nlohmann::json request = std::move(extra);
  request["game"] = game;
  request["seed"] = seed;
  request["seats"] = nlohmann::json::array();
  for (const auto& seat : seats) request["seats"].push_back({{"agent", seat}});
  auto result = http_request(port, "POST", "/api/tables", request.dump());
  if (result.status != 201) throw std::runtime_error("create failed: " + result.text);
  return result.body;
}

inline nlohmann::json act_message(const nlohmann::json& state, std::mt19937& rng) {
  const auto& legal = state["legal"];
  std::uniform_int_distribution<std::size_t> pick(0, legal.size() - 1);
  return {{"type", "act"}, {"seat", state["seat"]}, {"version", state["version"]}, {"action", legal[pick(rng)]["id"]}};
}

// Plays every seat this client holds with random legal actions until the game ends.
// Returns the final state message.
// `pending`: a state message already read (from receive_until) that may ask for an action.
inline nlohmann::json play_to_end(WsClient& client, std::uint64_t seed, const nlohmann::json& pending = nullptr) {
  std::mt19937 rng(static_cast<std::uint32_t>(seed));
  // A state is sent again unchanged when something else changes (a seat's
  // name): one decision is answered once, at the first state that asks it.
  nlohmann::json answered = nullptr;  // {seat, version} of the last decision acted on
  auto act_once = [&](const nlohmann::json& state) {
    nlohmann::json decision{state["seat"], state["version"]};
    if (decision == answered) return;
    answered = decision;
    client.send(act_message(state, rng));
  };
  if (!pending.is_null() && pending["result"].is_null() && !pending["legal"].empty()) act_once(pending);
  for (;;) {
    auto frame = client.receive(std::chrono::seconds(20));
    if (!frame) throw std::runtime_error("the connection closed or went quiet before the end of the game");
    if ((*frame)["type"] == "error") throw std::runtime_error("error: " + frame->dump());
    if ((*frame)["type"] != "state") continue;
    if (!(*frame)["result"].is_null()) return *frame;
    if (!(*frame)["legal"].empty()) act_once(*frame);
  }
}

}  // namespace bw::server::testing
