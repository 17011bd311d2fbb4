#pragma once
// Prometheus metrics for `bellwether serve`. The server's threads update
// counters and histograms with relaxed atomics: no lock and no allocation on
// that path, so counting costs a request nothing it would notice. Gauges are
// callbacks that read the server's own state when Prometheus scrapes, so the
// server keeps no second copy of it. render() writes the text exposition
// format 0.0.4 that a /metrics endpoint answers with.
//
// Names are checked when a metric is registered (std::invalid_argument): the
// Prometheus grammar, plus the conventions `promtool check metrics` lints for
// (snake_case, counters end in _total and nothing else does, no _bucket/_sum/
// _count of one's own), so that a mistake fails at startup, not in a dashboard.
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace bw::server {

// What a /metrics response says it holds.
inline constexpr std::string_view kMetricsContentType = "text/plain; version=0.0.4; charset=utf-8";

// Events counted by one label whose values are fixed at registration, e.g.
// bellwether_refusals_total{kind="rate-limited"}; or, with no label, one count.
class Counter {
 public:
  // A value that was not registered is counted under "other" (always one of the
  // values), so that a kind added later is seen in the total rather than lost.
  // An unlabelled counter counts every value in its one series.
  void inc(std::string_view label_value, std::uint64_t n = 1) { counts_[series(label_value)].fetch_add(n, order); }
  void inc(std::uint64_t n = 1) { inc({}, n); }  // an unlabelled counter's (a labelled one's "other")
  std::uint64_t value(std::string_view label_value = {}) const { return counts_[series(label_value)].load(order); }

 private:
  friend class MetricsRegistry;
  // Relaxed: a count orders no other memory, and a scrape may see it a moment late.
  static constexpr std::memory_order order = std::memory_order_relaxed;

  explicit Counter(std::vector<std::string> label_values);
  std::size_t series(std::string_view label_value) const;

  std::vector<std::string> label_values_;  // as registered, then "other" unless it was; empty when unlabelled
  std::size_t other_ = 0;                  // where "other" is in label_values_
  std::unique_ptr<std::atomic<std::uint64_t>[]> counts_;  // one per label value (one when unlabelled)
};

// Observations (commit latency, bot think time, in seconds) counted into
// buckets fixed at registration; rendered cumulative, with the +Inf bucket.
class Histogram {
 public:
  // NaN is dropped: one would make _sum NaN for the rest of the process.
  void observe(double value);
  void observe(std::chrono::duration<double> elapsed) { observe(elapsed.count()); }

 private:
  friend class MetricsRegistry;
  explicit Histogram(std::vector<double> upper_bounds);

  std::vector<double> upper_bounds_;                      // strictly increasing and finite; +Inf is implied
  std::unique_ptr<std::atomic<std::uint64_t>[]> counts_;  // per bucket, not cumulative; the last is +Inf's
  std::atomic<double> sum_{0};
};

// One sample of a labelled gauge, e.g. {state="playing"} 12.
struct GaugeSample {
  std::string label_value;
  double value;
};

// The metrics of one server. Register at startup; the Counter and Histogram
// references stay valid as long as the registry. Thread-safe: registering,
// updating and rendering may happen on any thread at once.
class MetricsRegistry {
 public:
  MetricsRegistry();
  ~MetricsRegistry();
  MetricsRegistry(const MetricsRegistry&) = delete;
  MetricsRegistry& operator=(const MetricsRegistry&) = delete;

  // No label_name: one unlabelled series.
  Counter& counter(std::string name, std::string help, std::string label_name = {},
                   std::vector<std::string> label_values = {});
  Histogram& histogram(std::string name, std::string help, std::vector<double> upper_bounds);
  // The callbacks run on the scraping thread, outside the registry's lock, and
  // may run on two scrapes at once: they must be thread-safe themselves.
  void gauge(std::string name, std::string help, std::function<double()> read);
  void gauge(std::string name, std::string help, std::string label_name,
             std::function<std::vector<GaugeSample>()> read);

  // Every metric in registration order, in the text exposition format 0.0.4.
  std::string render() const;

 private:
  struct Family;  // one metric's name, help and series (metrics.cpp)
  Family& add(std::unique_ptr<Family> family);

  mutable std::mutex mutex_;
  std::vector<std::unique_ptr<Family>> families_;  // never removed, so render() can read them unlocked
};

}  // namespace bw::server
