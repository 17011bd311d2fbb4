#include "server/meeting/play_now_api.hpp"

#include <algorithm>
#include <map>
#include <tuple>

#include "agents/agent_spec.hpp"
#include "core/outside_text.hpp"
#include "core/registry.hpp"
#include "games/catalog.hpp"
#include "ratings/ratings.hpp"
#include "server/accounts/accounts_api.hpp"
#include "server/errors.hpp"
#include "server/guard/client_limits.hpp"
#include "server/http/answering.hpp"
#include "server/meeting/match_rule.hpp"
#include "server/meeting/presence.hpp"
#include "server/store/store.hpp"
#include "server/tables/hub.hpp"
#include "server/tables/time_control.hpp"
#include "server/tables/tokens.hpp"
#include "server/ws/protocol.hpp"

namespace bw::server {

using json = nlohmann::json;

namespace {

[[noreturn]] void bad_request(const std::string& message) { throw ProtocolError("bad-request", message); }

constexpr const char* kBotLevels[] = {"easy", "medium", "hard"};

// POST /api/play-now's body, checked: the ticket it asks for (its account, rating and times are the caller's).
TicketRow read_ticket_request(const json& body, const BotLimits& bot_limits) {
  if (!body.is_object()) bad_request("the request must be a JSON object");
  for (const auto& [key, value] : body.items())
    if (key != "game" && key != "players" && key != "time" && key != "bots_after" && key != "bot")
      bad_request("unknown field '" + excerpt(key) + "' (game, players, time, bots_after, bot)");
  TicketRow ticket;
  auto game = body.find("game");
  if (game == body.end() || !game->is_string()) bad_request("\"game\" must be a game id (see /api/games)");
  const GameInfo& info = registry().find(game->get<std::string>());  // throws UnknownGame
  ticket.game = info.id;
  auto players = body.find("players");
  if (players == body.end() || !players->is_number_integer())
    bad_request("\"players\" must be how many seat the table, " + std::to_string(info.min_players) + " to " +
                std::to_string(info.max_players));
  ticket.players = players->get<int>();
  info.check_player_count(ticket.players);  // throws BadSeats
  const TimeControl time = read_time_control(json{{"time", body.value("time", json())}}, bot_limits);
  if (!time.timed()) bad_request("Play now's tables have a clock: give \"time\" (per move, or base and increment)");
  ticket.time = time_control_request(time).at("time").dump();
  ticket.bots_after_ms = kDefaultBotsAfterS * 1000;
  if (auto after = body.find("bots_after"); after != body.end()) {
    if (after->is_null()) ticket.bots_after_ms = -1;
    else if (!after->is_number_integer() || after->get<std::int64_t>() < 0 ||
             after->get<std::int64_t>() > kMaxBotsAfterS)
      bad_request("\"bots_after\" must be whole seconds from 0 to " + std::to_string(kMaxBotsAfterS) +
                  ", or null to wait for people only");
    else ticket.bots_after_ms = after->get<std::int64_t>() * 1000;
  }
  ticket.bot = "medium";
  if (auto bot = body.find("bot"); bot != body.end()) {
    const bool known = bot->is_string() && std::find(std::begin(kBotLevels), std::end(kBotLevels),
                                                     bot->get<std::string>()) != std::end(kBotLevels);
    if (!known) bad_request("\"bot\" must be easy, medium or hard");
    ticket.bot = bot->get<std::string>();
  }
  if (auto problem = bot_over_limits(parse_agent_spec(ticket.bot), bot_limits); !problem.empty())
    throw BadSeats(problem);
  return ticket;
}

HttpReply answer_with(const json& body, const AccountsApi::SignedIn& me) {
  return with_cookies(json_reply(200, body), me.cookies);
}

}  // namespace

PlayNowApi::PlayNowApi(Store& store, Hub& hub, AccountsApi& accounts, ClientLimits& client_limits, Presence& presence,
                       BotLimits bot_limits, std::function<std::int64_t()> wall_clock)
    : store_(store),
      hub_(hub),
      accounts_(accounts),
      client_limits_(client_limits),
      presence_(presence),
      bot_limits_(bot_limits),
      wall_clock_(std::move(wall_clock)) {}

void PlayNowApi::add_routes(Router& router) {
  router.add("POST", "/api/play-now", [this](const HttpRequest& request, const Segments&, const ReplyFn& reply) {
    answering(reply, [&] { ask(request, reply); });
  });
  router.add("GET", "/api/play-now", [this](const HttpRequest& request, const Segments&, const ReplyFn& reply) {
    answering(reply, [&] { reply(ticket(request)); });
  });
  router.add("DELETE", "/api/play-now", [this](const HttpRequest& request, const Segments&, const ReplyFn& reply) {
    answering(reply, [&] { leave(request, reply); });
  });
  router.add("GET", "/api/online", [this](const HttpRequest& request, const Segments&, const ReplyFn& reply) {
    answering(reply, [&] { online(request, reply); });
  });
  router.add("POST", "/api/tables/{id}/seats/{seat}",
             [this](const HttpRequest& request, const Segments& segments, const ReplyFn& reply) {
               answering(reply, [&] { take_seat(request, segments, reply); });
             });
}

std::vector<TicketRow> PlayNowApi::waiting_now(std::int64_t now_ms) {
  std::lock_guard lock(waiting_mutex_);
  if (now_ms - waiting_read_ms_ >= 1000) {
    waiting_ = store_.waiting_tickets();
    waiting_read_ms_ = now_ms;
  }
  return waiting_;
}

void PlayNowApi::forget_waiting() {
  std::lock_guard lock(waiting_mutex_);
  waiting_read_ms_ = kNeverRead;
}

json PlayNowApi::ticket_json(const std::optional<TicketRow>& ticket, std::int64_t now_ms) {
  if (!ticket) return {{"state", "none"}};
  if (!ticket->waiting())
    return {{"state", "seated"},
            {"table", ticket->table},
            {"seat", ticket->seat},
            {"url", "/play/" + ticket->table},
            {"game", ticket->game}};
  const auto queue = waiting_now(now_ms);
  const auto waiting = std::count_if(queue.begin(), queue.end(), [&](const TicketRow& other) {
    return same_queue(other, *ticket) && other.account != ticket->account;
  });
  return {{"state", "waiting"},
          {"game", ticket->game},
          {"players", ticket->players},
          {"time", json::parse(ticket->time)},
          {"bots_after", ticket->bots_after_ms < 0 ? json(nullptr) : json(ticket->bots_after_ms / 1000)},
          {"bot", ticket->bot},
          {"since", ticket->since_ms},
          {"rating", ticket->mu},
          {"window", window_after(now_ms - ticket->since_ms)},
          {"waiting", waiting + 1}};
}

void PlayNowApi::ask(const HttpRequest& request, const ReplyFn& reply) {
  auto me = accounts_.signed_in(request);
  TicketRow ticket = read_ticket_request(request_json(request.body), bot_limits_);
  // A ticket may end in a table with bots: it counts as one asked for.
  client_limits_.count_creation(request.client);
  ticket.account = me.account.id;
  ticket.name = me.account.name;
  ticket.mu = ratings::RatingModel{}.mu0;
  for (const auto& rating : store_.ratings_of(me.account.id))
    if (rating.game == ticket.game) ticket.mu = rating.mu;
  ticket.since_ms = ticket.seen_ms = wall_clock_();
  HttpReply answer = answer_with(ticket_json(ticket, ticket.since_ms), me);
  store_.enqueue(ticket,
                 [this, stored = answer_when_stored(reply, std::move(answer))](bool ok, const std::string& error) {
                   forget_waiting();
                   if (ok && on_enqueued) on_enqueued();
                   stored(ok, error);
                 });
}

HttpReply PlayNowApi::ticket(const HttpRequest& request) {
  auto me = accounts_.signed_in(request);
  const std::int64_t now = wall_clock_();
  auto held = store_.ticket_of(me.account.id);
  if (held && held->waiting() && now - held->seen_ms >= kSeeTicketEveryMs) store_.see_ticket(me.account.id, now);
  return answer_with(ticket_json(held, now), me);
}

void PlayNowApi::leave(const HttpRequest& request, const ReplyFn& reply) {
  auto me = accounts_.signed_in(request);
  store_.leave_queue(me.account.id, [this, reply, me](bool ok, const std::string& error) {
    if (!ok) return reply(error_reply("storage", error));
    forget_waiting();
    answering(reply, [&] { reply(answer_with(ticket_json(store_.ticket_of(me.account.id), wall_clock_()), me)); });
  });
}

void PlayNowApi::online(const HttpRequest& request, const ReplyFn& reply) {
  if (!request.cookie.empty()) accounts_.account_of(request.cookie);  // a visitor signed in is online too
  const std::int64_t now = wall_clock_();
  // What this node saw is written first, so that the answer includes it.
  presence_.flush(now, [this, reply, now](bool, const std::string&) {
    answering(reply, [&] {
      OnlinePeople people = store_.online(now - kOnlineForMs, kOnlineNamesListed);
      json names = json::array();
      for (auto& name : people.names) names.push_back({{"name", std::move(name)}});
      std::map<std::tuple<std::string, int, std::string>, int> queues;
      for (const auto& ticket : waiting_now(now)) ++queues[{ticket.game, ticket.players, ticket.time}];
      json listed = json::array();
      for (const auto& [queue, count] : queues)
        listed.push_back({{"game", std::get<0>(queue)},
                          {"players", std::get<1>(queue)},
                          {"time", json::parse(std::get<2>(queue))},
                          {"waiting", count}});
      reply(json_reply(200, {{"count", people.count}, {"players", std::move(names)}, {"queues", std::move(listed)}}));
    });
  });
}

void PlayNowApi::take_seat(const HttpRequest& request, const Segments& segments, const ReplyFn& reply) {
  auto me = accounts_.signed_in(request);
  const std::string& id = segments.at(2);
  if (!looks_like_table_id(id)) throw ProtocolError("unknown-table", "not a table id");
  const std::string& seat_text = segments.at(4);
  if (seat_text.empty() || seat_text.size() > 2 || !std::all_of(seat_text.begin(), seat_text.end(), ::isdigit))
    throw ProtocolError("bad-request", "a seat is a number from 0");
  const int seat = std::stoi(seat_text);
  HttpReply answer = answer_with({{"table", id}, {"seat", seat}, {"url", "/play/" + id}}, me);
  hub_.take_open_seat(id, seat, Person{me.account.id, me.account.name},
                      [reply, answer = std::move(answer)](std::optional<ProtocolError> refusal) {
                        if (refusal) reply(error_reply(refusal->code, refusal->what()));
                        else reply(answer);
                      });
}

}  // namespace bw::server
