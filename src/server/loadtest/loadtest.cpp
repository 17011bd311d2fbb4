#include "server/loadtest/loadtest.hpp"

#include <utility>  // before Asio: its awaitable.hpp uses std::exchange

#include <algorithm>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <cmath>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <ostream>
#include <random>

#include "core/errors.hpp"
#include "server/loadtest/percentile.hpp"

namespace bw::server {

namespace {
namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using json = nlohmann::json;
using Clock = std::chrono::steady_clock;

struct Tally {
  Clock::time_point measure_from, measure_to;
  std::vector<double> latencies_ms;  // acknowledged actions inside the window
  std::uint64_t games = 0, errors = 0, connected = 0;
  std::uint64_t analyses_queued = 0,
                analyses_refused = 0;  // --analyse: asks the server took, and those it was too busy for
  std::string first_error;
};

asio::awaitable<json> create_table(tcp::endpoint server, const LoadTestOptions& options) {
  beast::tcp_stream stream(co_await asio::this_coro::executor);
  co_await stream.async_connect(server, asio::use_awaitable);
  json seats = json::array();
  for (int p = 0; p < options.players; ++p) seats.push_back({{"agent", "human"}});
  http::request<http::string_body> request{http::verb::post, "/api/tables", 11};
  request.set(http::field::host, "127.0.0.1");
  request.set(http::field::content_type, "application/json");
  json body{{"game", options.game}, {"seats", seats}, {"hotseat", true}};
  if (options.clock_base_s > 0)
    body["time"] = {{"base", options.clock_base_s}, {"increment", options.clock_increment_s}};
  request.body() = body.dump();
  request.prepare_payload();
  co_await http::async_write(stream, request, asio::use_awaitable);
  beast::flat_buffer buffer;
  http::response<http::string_body> response;
  co_await http::async_read(stream, buffer, response, asio::use_awaitable);
  if (response.result_int() != 201) throw Error("create refused: " + response.body());
  co_return json::parse(response.body());
}

// A finished table's client asks for its analysis (the hot-seat token holds every seat): 202, or 503 when busy.
asio::awaitable<void> ask_analysis(tcp::endpoint server, const json& table, Tally& tally) {
  beast::tcp_stream stream(co_await asio::this_coro::executor);
  co_await stream.async_connect(server, asio::use_awaitable);
  http::request<http::string_body> request{http::verb::post,
                                           "/api/tables/" + table["table"].get<std::string>() + "/analysis", 11};
  request.set(http::field::host, "127.0.0.1");
  request.set(http::field::content_type, "application/json");
  request.set(http::field::authorization, "Bearer " + table["hotseat"]["token"].get<std::string>());
  request.body() = "{}";
  request.prepare_payload();
  co_await http::async_write(stream, request, asio::use_awaitable);
  beast::flat_buffer buffer;
  http::response<http::string_body> response;
  co_await http::async_read(stream, buffer, response, asio::use_awaitable);
  const unsigned status = response.result_int();
  if (status == 202 || status == 200) ++tally.analyses_queued;
  else if (status == 503) ++tally.analyses_refused;
  else throw Error("analysis refused: " + response.body());
}

// One table after another, played at once with random legal actions by one hot-seat connection.
asio::awaitable<void> player(tcp::endpoint server, const LoadTestOptions& options, Tally& tally, int index,
                             Clock::time_point start_at) {
  asio::steady_timer wait(co_await asio::this_coro::executor, start_at);
  co_await wait.async_wait(asio::use_awaitable);
  std::mt19937 rng(static_cast<std::uint32_t>(index));
  bool counted = false;
  try {
    while (Clock::now() < tally.measure_to) {
      json table = co_await create_table(server, options);
      websocket::stream<beast::tcp_stream> ws(co_await asio::this_coro::executor);
      co_await beast::get_lowest_layer(ws).async_connect(server, asio::use_awaitable);
      beast::get_lowest_layer(ws).socket().set_option(tcp::no_delay(true));
      co_await ws.async_handshake("127.0.0.1", "/ws", asio::use_awaitable);
      ws.text(true);
      std::string join = json{{"type", "join"}, {"table", table["table"]}, {"token", table["hotseat"]["token"]}}.dump();
      co_await ws.async_write(asio::buffer(join), asio::use_awaitable);
      if (!counted) ++tally.connected, counted = true;
      beast::flat_buffer buffer;
      Clock::time_point sent_at;
      for (;;) {
        co_await ws.async_read(buffer, asio::use_awaitable);
        json message = json::parse(beast::buffers_to_string(buffer.data()));
        buffer.consume(buffer.size());
        const std::string& type = message["type"].get_ref<const std::string&>();
        if (type == "ack") {
          auto now = Clock::now();
          if (sent_at >= tally.measure_from && now <= tally.measure_to)
            tally.latencies_ms.push_back(std::chrono::duration<double, std::milli>(now - sent_at).count());
        } else if (type == "error") {
          if (tally.errors++ == 0) tally.first_error = message.dump();
        } else if (type == "state") {
          if (!message["result"].is_null()) break;
          const auto& legal = message["legal"];
          if (legal.empty()) continue;
          if (options.think_ms > 0) {
            asio::steady_timer think(co_await asio::this_coro::executor, std::chrono::milliseconds(options.think_ms));
            co_await think.async_wait(asio::use_awaitable);
          }
          if (Clock::now() >= tally.measure_to) co_return;
          std::uniform_int_distribution<std::size_t> pick(0, legal.size() - 1);
          std::string act = json{{"type", "act"},
                                 {"seat", message["seat"]},
                                 {"version", message["version"]},
                                 {"action", legal[pick(rng)]["id"]}}
                                .dump();
          sent_at = Clock::now();
          co_await ws.async_write(asio::buffer(act), asio::use_awaitable);
        }
      }
      ++tally.games;
      beast::error_code ignored;
      beast::get_lowest_layer(ws).socket().close(ignored);
      if (options.analyse_every > 0 && tally.games % static_cast<std::uint64_t>(options.analyse_every) == 0)
        co_await ask_analysis(server, table, tally);
    }
  } catch (const std::exception& e) {
    if (tally.errors++ == 0) tally.first_error = e.what();
  }
}

}  // namespace

int run_loadtest(const LoadTestOptions& options, std::ostream& out, std::ostream& err) {
  asio::io_context io(1);
  beast::error_code ec;
  auto address = asio::ip::make_address(options.host, ec);
  if (ec) throw Error("--host '" + options.host + "' is not an IP address");
  tcp::endpoint server(address, options.port);
  Tally tally;
  auto start = Clock::now();
  // Ramp up at --connect-rate, then measure for --seconds once every table is playing.
  auto ramp = std::chrono::duration<double>(static_cast<double>(options.tables) / options.connect_per_second);
  tally.measure_from = start + std::chrono::duration_cast<Clock::duration>(ramp) + std::chrono::seconds(2);
  tally.measure_to = tally.measure_from + std::chrono::seconds(options.seconds);
  for (int i = 0; i < options.tables; ++i) {
    auto at = start + std::chrono::duration_cast<Clock::duration>(ramp * (static_cast<double>(i) / options.tables));
    asio::co_spawn(io, player(server, options, tally, i, at), asio::detached);
  }
  io.run();
  auto& latencies = tally.latencies_ms;
  std::sort(latencies.begin(), latencies.end());
  double rate = static_cast<double>(latencies.size()) / options.seconds;
  out << fmt::format(
      "tables {}  think {} ms  connected {}  game {}  acknowledged {} in {} s = {:.0f} actions/s  latency ms p50 "
      "{:.2f}  p99 {:.2f}  "
      "max {:.2f}  games finished {}  errors {}\n",
      options.tables, options.think_ms, tally.connected, options.game, latencies.size(), options.seconds, rate,
      percentile(latencies, 0.5), percentile(latencies, 0.99), latencies.empty() ? 0.0 : latencies.back(), tally.games,
      tally.errors);
  if (options.analyse_every > 0)
    out << fmt::format("analyses asked at games' ends: {} queued, {} refused (queue full)\n", tally.analyses_queued,
                       tally.analyses_refused);
  if (tally.errors) err << "first error: " << tally.first_error << "\n";
  return tally.errors ? 1 : 0;
}

}  // namespace bw::server
