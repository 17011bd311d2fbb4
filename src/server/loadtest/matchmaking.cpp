#include "server/loadtest/matchmaking.hpp"

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
#include <chrono>
#include <cmath>
#include <deque>
#include <fmt/format.h>
#include <fstream>
#include <nlohmann/json.hpp>
#include <ostream>
#include <random>
#include <sstream>
#include <unistd.h>

#include "core/errors.hpp"
#include "server/loadtest/loadtest.hpp"
#include "server/loadtest/percentile.hpp"

namespace bw::server {

namespace {
namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;
using json = nlohmann::json;
using Clock = std::chrono::steady_clock;

constexpr const char* kPassword = "load test sheep";
constexpr auto kGrace = std::chrono::seconds(15);  // after the window, for those who arrived in it to be seated

struct Answer {
  unsigned status = 0;
  json body;
  std::string cookie;  // "bw_session=…" when the answer set one
};

asio::awaitable<Answer> call(tcp::endpoint server, http::verb verb, const std::string& target,
                             const std::string& cookie, const std::string& body = "") {
  beast::tcp_stream stream(co_await asio::this_coro::executor);
  co_await stream.async_connect(server, asio::use_awaitable);
  http::request<http::string_body> request{verb, target, 11};
  request.set(http::field::host, "127.0.0.1");
  request.set(http::field::content_type, "application/json");
  if (!cookie.empty()) request.set(http::field::cookie, cookie);
  request.body() = body;
  request.prepare_payload();
  co_await http::async_write(stream, request, asio::use_awaitable);
  beast::flat_buffer buffer;
  http::response<http::string_body> response;
  co_await http::async_read(stream, buffer, response, asio::use_awaitable);
  Answer answer{response.result_int(), json::parse(response.body(), nullptr, false), ""};
  for (auto [field, end] = response.base().equal_range(http::field::set_cookie); field != end; ++field) {
    std::string value(field->value());
    if (value.starts_with("bw_session=")) answer.cookie = value.substr(0, value.find(';'));
  }
  co_return answer;
}

struct Run {
  Run(tcp::endpoint server, const LoadTestOptions& options) : server(std::move(server)), options(options) {}
  tcp::endpoint server;
  const LoadTestOptions& options;
  Clock::time_point measure_from, measure_to;
  std::vector<std::string> cookies;  // one per account of the pool
  std::deque<std::size_t> idle;      // accounts not waiting now
  std::vector<double> waits_ms;      // people who arrived in the window and were seated
  std::uint64_t arrived = 0, seated_in_window = 0, unseated = 0, exhausted = 0, errors = 0;
  int in_flight = 0;
  std::string first_error;

  void error(const std::string& what) {
    if (errors++ == 0) first_error = what;
  }
};

asio::awaitable<void> make_account(Run& run, std::size_t index, const std::string& prefix) {
  try {
    json body{{"name", fmt::format("{}-{}", prefix, index)}, {"password", kPassword}};
    Answer made = co_await call(run.server, http::verb::post, "/api/accounts", "", body.dump());
    if (made.status != 201 || made.cookie.empty())
      throw Error("account not created (" + std::to_string(made.status) + "): " + made.body.dump());
    run.cookies[index] = made.cookie;
    run.idle.push_back(index);
  } catch (const std::exception& e) {
    run.error(e.what());
  }
}

// One person: asks Play now, then asks about the ticket every poll_ms until seated.
asio::awaitable<void> person(Run& run, std::size_t account) {
  const auto asked_at = Clock::now();
  const bool counted = asked_at >= run.measure_from && asked_at < run.measure_to;
  const std::string& cookie = run.cookies[account];
  ++run.in_flight;
  try {
    json request{{"game", run.options.game},
                 {"players", run.options.players},
                 {"time", {{"base", 300}, {"increment", 5}}},
                 {"bots_after", run.options.bots_after_s < 0 ? json(nullptr) : json(run.options.bots_after_s)}};
    Answer asked = co_await call(run.server, http::verb::post, "/api/play-now", cookie, request.dump());
    if (asked.status != 200)
      throw Error("Play now refused (" + std::to_string(asked.status) + "): " + asked.body.dump());
    asio::steady_timer pause(co_await asio::this_coro::executor);
    for (;;) {
      Answer ticket = co_await call(run.server, http::verb::get, "/api/play-now", cookie);
      if (ticket.status != 200) throw Error("ticket (" + std::to_string(ticket.status) + "): " + ticket.body.dump());
      const auto now = Clock::now();
      if (ticket.body["state"] == "seated") {
        if (counted) run.waits_ms.push_back(std::chrono::duration<double, std::milli>(now - asked_at).count());
        if (now >= run.measure_from && now < run.measure_to) ++run.seated_in_window;
        break;
      }
      if (ticket.body["state"] != "waiting") throw Error("ticket lost: " + ticket.body.dump());
      if (now >= run.measure_to + kGrace) {
        if (counted) ++run.unseated;
        co_await call(run.server, http::verb::delete_, "/api/play-now", cookie);
        break;
      }
      pause.expires_after(std::chrono::milliseconds(run.options.poll_ms));
      co_await pause.async_wait(asio::use_awaitable);
    }
  } catch (const std::exception& e) {
    run.error(e.what());
  }
  --run.in_flight;
  run.idle.push_back(account);
}

// Arrivals at arrivals_per_second (exponential gaps), from the window's start to its end.
asio::awaitable<void> arrivals(Run& run, Clock::time_point start) {
  std::mt19937 rng(run.options.seed);
  std::exponential_distribution<double> gap(run.options.arrivals_per_second);
  asio::steady_timer wait(co_await asio::this_coro::executor);
  auto next = start;
  for (;;) {
    next += std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(gap(rng)));
    if (next >= run.measure_to) co_return;
    wait.expires_at(next);
    co_await wait.async_wait(asio::use_awaitable);
    if (next >= run.measure_from) ++run.arrived;
    if (run.idle.empty()) {
      ++run.exhausted;
      continue;
    }
    std::size_t account = run.idle.front();
    run.idle.pop_front();
    asio::co_spawn(co_await asio::this_coro::executor, person(run, account), asio::detached);
  }
}

// The server's user + system CPU seconds so far (0 when it cannot be read).
double cpu_seconds(int pid) {
  if (pid <= 0) return 0;
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  std::getline(stat, line);
  auto close = line.rfind(')');  // the command name may hold spaces
  if (close == std::string::npos) return 0;
  std::istringstream fields(line.substr(close + 2));
  std::string field;
  double ticks = 0;
  for (int i = 3; fields >> field; ++i) {
    if (i == 14 || i == 15) ticks += std::stod(field);
    if (i == 15) break;
  }
  return ticks / static_cast<double>(sysconf(_SC_CLK_TCK));
}

}  // namespace

int run_matchmaking_loadtest(const LoadTestOptions& options, std::ostream& out, std::ostream& err) {
  asio::io_context io(1);
  beast::error_code ec;
  auto address = asio::ip::make_address(options.host, ec);
  if (ec) throw Error("--host '" + options.host + "' is not an IP address");
  Run run(tcp::endpoint(address, options.port), options);
  // Enough people that an arrival finds someone idle: each waits a few seconds, then comes back.
  const auto pool = static_cast<std::size_t>(
      options.pool > 0 ? options.pool : std::max(4.0 * options.players, std::ceil(options.arrivals_per_second * 2)));
  run.cookies.resize(pool);
  err << fmt::format("making {} accounts (a password hash each)...\n", pool);
  const std::string prefix =
      fmt::format("load{:x}", static_cast<unsigned>(Clock::now().time_since_epoch().count()) & 0xfffffu);
  // A few at a time: the server hashes passwords on a thread of its own and refuses more than 16 waiting.
  for (std::size_t next = 0; next < pool;) {
    for (std::size_t i = 0; i < 4 && next < pool; ++i, ++next)
      asio::co_spawn(io, make_account(run, next, prefix), asio::detached);
    io.run();
    io.restart();
  }
  if (run.idle.size() < pool) {
    err << "could not make the accounts: " << run.first_error
        << "\n(start the server with --accounts-per-hour and --sign-ins-per-minute high enough)\n";
    return 1;
  }
  const auto start = Clock::now();
  run.measure_from = start + std::chrono::seconds(2);
  run.measure_to = run.measure_from + std::chrono::seconds(options.seconds);
  double cpu_from = 0, cpu_to = 0;
  asio::steady_timer sample_from(io, run.measure_from), sample_to(io, run.measure_to);
  sample_from.async_wait([&](beast::error_code) { cpu_from = cpu_seconds(options.server_pid); });
  sample_to.async_wait([&](beast::error_code) { cpu_to = cpu_seconds(options.server_pid); });
  asio::co_spawn(io, arrivals(run, start), asio::detached);
  io.run();
  auto& waits = run.waits_ms;
  std::sort(waits.begin(), waits.end());
  const double seated_rate = static_cast<double>(run.seated_in_window) / options.seconds;
  std::string cpu = "server CPU not measured (no --server-pid)";
  if (options.server_pid > 0 && run.seated_in_window > 0)
    cpu = fmt::format("server CPU per seated person {:.2f} ms",
                      (cpu_to - cpu_from) * 1000 / static_cast<double>(run.seated_in_window));
  out << fmt::format(
      "matchmaking: {} for {}, {:.1f} arrivals/s for {} s, bots after {}: arrived {}, seated {} = {:.1f}/s, "
      "wait ms p50 {:.0f}  p99 {:.0f}  max {:.0f} (polling every {} ms), unseated {}, pool {} (none idle {} times), "
      "errors {}; {}\n",
      options.game, options.players, options.arrivals_per_second, options.seconds,
      options.bots_after_s < 0 ? std::string("never") : std::to_string(options.bots_after_s) + " s", run.arrived,
      run.seated_in_window, seated_rate, percentile(waits, 0.5), percentile(waits, 0.99),
      waits.empty() ? 0.0 : waits.back(), options.poll_ms, run.unseated, pool, run.exhausted, run.errors, cpu);
  if (run.errors) err << "first error: " << run.first_error << "\n";
  return run.errors ? 1 : 0;
}

}  // namespace bw::server
