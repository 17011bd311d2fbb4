// The Prometheus registry: the exact text it renders, its escaping, counts
// from several threads, values it was not told about, and names it refuses.
// (tests/server/metrics_promtool.sh has Prometheus's own parser read it.)
#include "server/metrics/registry.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <limits>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "core/alloc_counter.hpp"

namespace bw::server {
namespace {

TEST(Metrics, RendersCountersGaugesAndHistogramsExactly) {
  MetricsRegistry registry;
  // "too-many-connections" is longer than a std::string holds inline: were the
  // text to view a copy that had gone, it would show here even without ASan.
  Counter& refusals = registry.counter("bellwether_refusals_total", "Requests refused, by why.", "kind",
                                       {"rate-limited", "too-many-connections"});
  refusals.inc("rate-limited");
  refusals.inc("rate-limited", 2);
  Counter& games = registry.counter("bellwether_games_finished_total", "Games played to the end.");
  games.inc();
  registry.gauge("bellwether_connections", "WebSocket connections open.", [] { return 7.0; });
  registry.gauge("bellwether_tables", "Tables, by state.", "state", [] {
    return std::vector<GaugeSample>{{.label_value = "waiting", .value = 2}, {.label_value = "playing", .value = 0.5}};
  });
  // Binary fractions, so that the sum is exact.
  Histogram& commit = registry.histogram("bellwether_commit_seconds", "Time to commit one move.", {0.25, 0.5, 1});
  commit.observe(0.125);
  commit.observe(0.5);  // on a bound: that bucket's (le is inclusive)
  commit.observe(0.75);
  commit.observe(3.0);                                       // above the last bound: only in +Inf
  commit.observe(std::numeric_limits<double>::quiet_NaN());  // dropped

  EXPECT_EQ(registry.render(),
            "# HELP bellwether_refusals_total Requests refused, by why.\n"
            "# TYPE bellwether_refusals_total counter\n"
            "bellwether_refusals_total{kind=\"rate-limited\"} 3\n"
            "bellwether_refusals_total{kind=\"too-many-connections\"} 0\n"
            "bellwether_refusals_total{kind=\"other\"} 0\n"
            "# HELP bellwether_games_finished_total Games played to the end.\n"
            "# TYPE bellwether_games_finished_total counter\n"
            "bellwether_games_finished_total 1\n"
            "# HELP bellwether_connections WebSocket connections open.\n"
            "# TYPE bellwether_connections gauge\n"
            "bellwether_connections 7\n"
            "# HELP bellwether_tables Tables, by state.\n"
            "# TYPE bellwether_tables gauge\n"
            "bellwether_tables{state=\"waiting\"} 2\n"
            "bellwether_tables{state=\"playing\"} 0.5\n"
            "# HELP bellwether_commit_seconds Time to commit one move.\n"
            "# TYPE bellwether_commit_seconds histogram\n"
            "bellwether_commit_seconds_bucket{le=\"0.25\"} 1\n"
            "bellwether_commit_seconds_bucket{le=\"0.5\"} 2\n"
            "bellwether_commit_seconds_bucket{le=\"1\"} 3\n"
            "bellwether_commit_seconds_bucket{le=\"+Inf\"} 4\n"
            "bellwether_commit_seconds_sum 4.375\n"
            "bellwether_commit_seconds_count 4\n");
}

TEST(Metrics, GaugesAreReadAtEachRender) {
  MetricsRegistry registry;
  std::atomic<int> queued{3};
  registry.gauge("bellwether_bot_queue_length", "Bot moves waiting for a thread.", [&] { return double(queued); });
  EXPECT_NE(registry.render().find("bellwether_bot_queue_length 3\n"), std::string::npos);
  queued = 11;
  EXPECT_NE(registry.render().find("bellwether_bot_queue_length 11\n"), std::string::npos);
}

TEST(Metrics, EscapesLabelValuesAndHelp) {
  MetricsRegistry registry;
  registry.counter("odd_total", "Back\\slash, \"quotes\" stay,\nnewline.", "text", {"a\\b", "say \"hi\"", "two\nlines"})
      .inc("say \"hi\"");
  EXPECT_EQ(registry.render(),
            "# HELP odd_total Back\\\\slash, \"quotes\" stay,\\nnewline.\n"
            "# TYPE odd_total counter\n"
            "odd_total{text=\"a\\\\b\"} 0\n"
            "odd_total{text=\"say \\\"hi\\\"\"} 1\n"
            "odd_total{text=\"two\\nlines\"} 0\n"
            "odd_total{text=\"other\"} 0\n");
}

TEST(Metrics, WritesNumbersAsPrometheusGoClientDoes) {
  MetricsRegistry registry;
  registry.gauge("special", "Not numbers.", "which", [] {
    return std::vector<GaugeSample>{{.label_value = "nan", .value = std::numeric_limits<double>::quiet_NaN()},
                                    {.label_value = "up", .value = std::numeric_limits<double>::infinity()},
                                    {.label_value = "down", .value = -std::numeric_limits<double>::infinity()},
                                    {.label_value = "tiny", .value = 1e-7},
                                    {.label_value = "small", .value = 0.0001},
                                    {.label_value = "third", .value = 1.0 / 3},
                                    {.label_value = "whole", .value = 600000},
                                    {.label_value = "million", .value = 1e6},
                                    {.label_value = "large", .value = 1234567.5},
                                    {.label_value = "negative", .value = -2.5}};
  });
  registry.counter("big_total", "Near the top of 64 bits.").inc(18446744073709551615ULL);
  EXPECT_EQ(registry.render(),
            "# HELP special Not numbers.\n"
            "# TYPE special gauge\n"
            "special{which=\"nan\"} NaN\n"
            "special{which=\"up\"} +Inf\n"
            "special{which=\"down\"} -Inf\n"
            "special{which=\"tiny\"} 1e-07\n"
            "special{which=\"small\"} 0.0001\n"
            "special{which=\"third\"} 0.3333333333333333\n"
            "special{which=\"whole\"} 600000\n"
            "special{which=\"million\"} 1e+06\n"
            "special{which=\"large\"} 1.2345675e+06\n"
            "special{which=\"negative\"} -2.5\n"
            "# HELP big_total Near the top of 64 bits.\n"
            "# TYPE big_total counter\n"
            "big_total 18446744073709551615\n");
}

TEST(Metrics, UnknownLabelValuesAreCountedAsOther) {
  MetricsRegistry registry;
  Counter& refusals = registry.counter("refusals_total", "Refusals.", "kind", {"rate-limited"});
  refusals.inc("never-registered");
  refusals.inc("");
  refusals.inc();
  refusals.inc("Rate-Limited");  // values are matched exactly
  EXPECT_EQ(refusals.value("other"), 4u);
  EXPECT_EQ(refusals.value("rate-limited"), 0u);
  EXPECT_EQ(refusals.value("anything else"), 4u);  // read back the same way
  // No series appears for them: the registered values and "other", nothing else.
  EXPECT_EQ(registry.render(),
            "# HELP refusals_total Refusals.\n"
            "# TYPE refusals_total counter\n"
            "refusals_total{kind=\"rate-limited\"} 0\n"
            "refusals_total{kind=\"other\"} 4\n");
}

TEST(Metrics, OtherRegisteredExplicitlyIsNotRepeated) {
  MetricsRegistry registry;
  Counter& counter = registry.counter("by_kind_total", "By kind.", "kind", {"other", "known"});
  counter.inc("unknown");
  EXPECT_EQ(registry.render(),
            "# HELP by_kind_total By kind.\n"
            "# TYPE by_kind_total counter\n"
            "by_kind_total{kind=\"other\"} 1\n"
            "by_kind_total{kind=\"known\"} 0\n");
}

TEST(Metrics, CountsFromFourThreadsAddUpExactly) {
  MetricsRegistry registry;
  Counter& counter = registry.counter("events_total", "Events.", "kind", {"a", "b"});
  Histogram& histogram = registry.histogram("work_seconds", "Work.", {0.5, 1.5});
  constexpr int kThreads = 4;
  constexpr int kEach = 100'000;
  std::vector<std::thread> threads;
  threads.reserve(kThreads);
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < kEach; ++i) {
        counter.inc(i % 2 == 0 ? "a" : "b");
        counter.inc("c");
        histogram.observe(t % 2 == 0 ? 1.0 : 2.0);  // sums of whole numbers stay exact in a double
      }
    });
  }
  // A scrape in the middle of it all reads without tearing or crashing.
  const std::string during = registry.render();
  EXPECT_NE(during.find("work_seconds_count"), std::string::npos);
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(counter.value("a"), std::uint64_t{kThreads} * kEach / 2);
  EXPECT_EQ(counter.value("b"), std::uint64_t{kThreads} * kEach / 2);
  EXPECT_EQ(counter.value("other"), std::uint64_t{kThreads} * kEach);
  const std::string after = registry.render();
  EXPECT_NE(after.find("work_seconds_bucket{le=\"0.5\"} 0\n"
                       "work_seconds_bucket{le=\"1.5\"} 200000\n"
                       "work_seconds_bucket{le=\"+Inf\"} 400000\n"
                       "work_seconds_sum 600000\n"
                       "work_seconds_count 400000\n"),
            std::string::npos)
      << after;
}

TEST(Metrics, CountingAndObservingAllocateNothing) {
  MetricsRegistry registry;
  Counter& counter = registry.counter("events_total", "Events.", "kind", {"a", "b"});
  Histogram& histogram = registry.histogram("work_seconds", "Work.", {0.5, 1.5});
  const auto before = allocation_count();
  for (int i = 0; i < 1000; ++i) {
    counter.inc("b");
    counter.inc("not registered");
    histogram.observe(0.25 * i);
    histogram.observe(std::chrono::milliseconds(i));
  }
  EXPECT_EQ(allocation_count(), before);
}

TEST(Metrics, RefusesBadNames) {
  MetricsRegistry registry;
  const auto gauge = [&](const char* name) { registry.gauge(name, "Help.", [] { return 0.0; }); };
  EXPECT_THROW(gauge(""), std::invalid_argument);
  EXPECT_THROW(gauge("1st"), std::invalid_argument);
  EXPECT_THROW(gauge("has space"), std::invalid_argument);
  EXPECT_THROW(gauge("has-dash"), std::invalid_argument);
  EXPECT_THROW(gauge("camelCase"), std::invalid_argument);
  EXPECT_THROW(gauge("recording:rule"), std::invalid_argument);
  EXPECT_THROW(gauge("__reserved"), std::invalid_argument);
  EXPECT_THROW(gauge("looks_like_a_counter_total"), std::invalid_argument);
  EXPECT_THROW(gauge("tables_count"), std::invalid_argument);
  EXPECT_THROW(gauge("latency_bucket"), std::invalid_argument);
  EXPECT_THROW(gauge("latency_sum"), std::invalid_argument);
  EXPECT_THROW(registry.gauge("no_help", "", [] { return 0.0; }), std::invalid_argument);
  EXPECT_THROW(registry.gauge("no_callback", "Help.", std::function<double()>{}), std::invalid_argument);
  EXPECT_THROW(registry.counter("refusals", "Help."), std::invalid_argument);  // not _total
  EXPECT_THROW(registry.counter("bad_label_total", "Help.", "Kind", {"a"}), std::invalid_argument);
  EXPECT_THROW(registry.counter("bad_label_total", "Help.", "le", {"a"}), std::invalid_argument);
  EXPECT_THROW(registry.counter("bad_label_total", "Help.", "kind", {}), std::invalid_argument);
  EXPECT_THROW(registry.counter("bad_label_total", "Help.", "", {"a"}), std::invalid_argument);
  EXPECT_THROW(registry.counter("bad_label_total", "Help.", "kind", {"a", "a"}), std::invalid_argument);
  EXPECT_THROW(registry.counter("bad_label_total", "Help.", "kind", {""}), std::invalid_argument);
  EXPECT_THROW(registry.histogram("no_buckets_seconds", "Help.", {}), std::invalid_argument);
  EXPECT_THROW(registry.histogram("unsorted_seconds", "Help.", {1, 0.5}), std::invalid_argument);
  EXPECT_THROW(registry.histogram("repeated_seconds", "Help.", {1, 1}), std::invalid_argument);
  EXPECT_THROW(registry.histogram("infinite_seconds", "Help.", {1, std::numeric_limits<double>::infinity()}),
               std::invalid_argument);
  EXPECT_EQ(registry.render(), "");  // nothing refused was registered

  registry.counter("once_total", "Help.");
  EXPECT_THROW(registry.counter("once_total", "Help."), std::invalid_argument);
  gauge("once_seconds");
  EXPECT_THROW(registry.histogram("once_seconds", "Help.", {1}), std::invalid_argument);
}

}  // namespace
}  // namespace bw::server
