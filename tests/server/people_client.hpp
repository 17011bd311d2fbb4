#pragma once
// What a person's client does at a table in the server tests: join a seat
// (naming it), send a message and wait for its answer, wait for a frame.
#include <chrono>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "test_client.hpp"

namespace bw::server::testing {

inline std::string token_of(const nlohmann::json& table, int seat) { return table["invites"][seat]["token"]; }

inline nlohmann::json join(WsClient& client, const nlohmann::json& table, const std::string& token,
                           const std::string& name = "") {
  nlohmann::json message{{"type", "join"}, {"table", table["table"]}, {"token", token}};
  if (!name.empty()) message["name"] = name;
  client.send(message);
  return client.receive_until("joined");
}

// The next frame of `type` whose predicate holds (frames before it are skipped).
template <class Pred>
nlohmann::json receive_where(WsClient& client, const std::string& type, Pred pred,
                             std::chrono::milliseconds timeout = std::chrono::seconds(10)) {
  const auto until = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(until - std::chrono::steady_clock::now());
    if (left.count() <= 0) throw std::runtime_error("no " + type + " frame as expected in time");
    nlohmann::json frame = client.receive_until(type, left);
    if (pred(frame)) return frame;
  }
}

// Sends `message` with `ref` and returns its answer: the ack, error or rematch carrying that ref.
inline nlohmann::json send_and_answer(WsClient& client, nlohmann::json message, const nlohmann::json& ref) {
  message["ref"] = ref;
  client.send(message);
  for (;;) {
    auto frame = client.receive(std::chrono::seconds(10));
    if (!frame) throw std::runtime_error("no answer to " + message.dump());
    if (((*frame)["type"] == "ack" || (*frame)["type"] == "error" || (*frame)["type"] == "rematch") &&
        (*frame).value("ref", nlohmann::json()) == ref)
      return *frame;
  }
}

}  // namespace bw::server::testing
