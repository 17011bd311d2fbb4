#include "server/http/replay_api.hpp"

#include <algorithm>
#include <charconv>
#include <memory>

#include "core/any_state.hpp"
#include "core/outside_text.hpp"
#include "core/strict_json.hpp"
#include "games/catalog.hpp"
#include "server/errors.hpp"
#include "server/ws/protocol.hpp"

namespace bw::server {

namespace {
using json = nlohmann::json;

Player viewer_of(const std::string& view, std::size_t players) {
  if (view == "all" || view == "spectator") return kSpectator;
  int seat = -1;
  auto [end, error] = std::from_chars(view.data(), view.data() + view.size(), seat);
  if (error != std::errc() || end != view.data() + view.size() || seat < 0 || static_cast<std::size_t>(seat) >= players)
    throw ProtocolError("bad-request", "the view is 'all', 'spectator' or a seat from 0 to " +
                                           std::to_string(players - 1) + ", not '" + excerpt(view, 40) + "'");
  return static_cast<Player>(seat);
}

// The frame as the table would have sent it, plus who acted and, for "all",
// every seat's hand.
json step_json(const AnyState& state, Player viewer, std::size_t version, Names names, bool every_hand,
               const LastMove& last) {
  const FrameExtras extras{.with_events = version > 0, .ask = true, .last = last};
  json frame = parse_strict_json(state_frame("replay", viewer, version, state, names, extras), "a replay frame");
  if (every_hand) {
    json hands = json::array();
    for (std::size_t seat = 0; seat < names.size(); ++seat) {
      json observation = state.observation_json(static_cast<Player>(seat));
      hands.push_back(observation.contains("hand") ? observation["hand"] : json(nullptr));
    }
    frame["hands"] = std::move(hands);
  }
  return frame;
}
}  // namespace

std::size_t Replay::bytes() const {
  std::size_t total = head.size();
  for (const auto& frame : frames) total += frame.size();
  return total;
}

Replay build_replay(const GameRecord& record, const std::string& view) {
  if (record.actions.size() > kMaxReplaySteps)
    throw ProtocolError("bad-request", "the record has " + std::to_string(record.actions.size()) +
                                           " actions; the browser replays at most " + std::to_string(kMaxReplaySteps) +
                                           " (bellwether replay has no limit)");
  const std::size_t players = record.players.size();
  const Player viewer = viewer_of(view, players);
  const bool every_hand = view == "all";
  std::vector<std::string> names = record.names;
  for (std::size_t seat = names.size(); seat < players; ++seat) names.push_back("P" + std::to_string(seat + 1));

  Replay built;
  GameRecord setup_only = record;
  setup_only.actions.clear();
  setup_only.result.reset();
  std::unique_ptr<AnyState> before = replay(registry(), setup_only);
  built.frames.push_back(step_json(*before, viewer, 0, names, every_hand, {}).dump());
  json actors = json::array();
  replay(registry(), record, [&](std::size_t index, Player actor, Action action, const AnyState& after) {
    actors.push_back(actor);
    const LastMove last{actor, before->action_targets({action}).front()};
    built.frames.push_back(step_json(after, viewer, index + 1, names, every_hand, last).dump());
    before = after.clone();
  });
  json seats = json::array();
  for (std::size_t seat = 0; seat < players; ++seat)
    seats.push_back({{"seat", seat}, {"name", names[seat]}, {"agent", record.players[seat]}});
  json head{{"game", record.game}, {"seats", seats}, {"view", view}, {"actions", record.actions}, {"actors", actors}};
  built.head = head.dump();
  built.head.pop_back();  // the closing brace: the page's fields follow
  return built;
}

FramePage frame_page_of(std::string_view target) {
  FramePage page;
  auto query = target.find('?');
  if (query == std::string_view::npos) return page;
  std::string_view rest = target.substr(query + 1);
  while (!rest.empty()) {
    std::string_view item = rest.substr(0, rest.find('&'));
    rest.remove_prefix(std::min(rest.size(), item.size() + 1));
    auto eq = item.find('=');
    std::string_view key = item.substr(0, eq), value = eq == std::string_view::npos ? "" : item.substr(eq + 1);
    std::size_t number = 0;
    auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), number);
    bool is_number = error == std::errc() && end == value.data() + value.size() && !value.empty();
    if (key == "from" && is_number) page.from = number;
    else if (key == "count" && is_number && number > 0) page.count = number;
    else
      throw ProtocolError("bad-request",
                          "a replay takes ?from=N&count=M (frames, whole numbers), not '" + excerpt(item, 40) + "'");
  }
  return page;
}

std::string replay_body(const Replay& replay, const FramePage& page) {
  const std::size_t total = replay.frames.size();
  const std::size_t from = std::min(page.from, total);
  const std::size_t to = page.count ? std::min(total, from + *page.count) : total;
  std::string body = replay.head;
  body += ",\"total\":" + std::to_string(total) + ",\"from\":" + std::to_string(from) + ",\"frames\":[";
  for (std::size_t i = from; i < to; ++i) {
    if (i > from) body += ',';
    body += replay.frames[i];
  }
  body += "]}";
  return body;
}

}  // namespace bw::server
