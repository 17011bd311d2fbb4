#include "server/metrics/registry.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <stdexcept>
#include <utility>

namespace bw::server {

// observe() would take a hidden lock on a machine without a lock-free double CAS.
static_assert(std::atomic<double>::is_always_lock_free && std::atomic<std::uint64_t>::is_always_lock_free);

struct MetricsRegistry::Family {
  std::string name;
  std::string help;
  std::string_view type;   // "counter", "gauge" or "histogram", as the TYPE line spells it
  std::string label_name;  // empty when unlabelled (a histogram's only label is its own "le")
  std::unique_ptr<Counter> counter;
  std::unique_ptr<Histogram> histogram;
  std::function<std::vector<GaugeSample>()> gauge;
};

namespace {

[[noreturn]] void refuse(std::string_view name, std::string_view why) {
  throw std::invalid_argument("metric '" + std::string(name) + "': " + std::string(why));
}

// Prometheus allows [a-zA-Z_:][a-zA-Z0-9_:]*; capitals (camelCase) and colons
// (kept for recording rules) are what promtool lints against, so they go too.
bool is_snake_case(std::string_view name) {
  if (name.empty() || (name[0] >= '0' && name[0] <= '9')) return false;
  return std::all_of(name.begin(), name.end(),
                     [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'; });
}

void check_metric(std::string_view name, std::string_view type, std::string_view help) {
  if (!is_snake_case(name)) refuse(name, "a name is snake_case: [a-z_][a-z0-9_]*");
  if (name.starts_with("__")) refuse(name, "names starting with __ are Prometheus's own");
  if ((type == "counter") != name.ends_with("_total")) refuse(name, "counters, and only counters, end in _total");
  // A histogram's own series end so; another metric's would be taken for one.
  for (std::string_view suffix : {"_bucket", "_sum", "_count"}) {
    if (name.ends_with(suffix)) refuse(name, "_bucket, _sum and _count are a histogram's series");
  }
  if (help.empty()) refuse(name, "every metric says what it measures (HELP)");
}

void check_label_name(std::string_view metric, std::string_view label) {
  if (!is_snake_case(label) || label.starts_with("__")) refuse(metric, "a label name is [a-z_][a-z0-9_]*, not __…");
  if (label == "le" || label == "quantile") refuse(metric, "labels le and quantile are a histogram's and a summary's");
}

void append_number(std::string& out, double value) {
  if (std::isnan(value)) {
    out += "NaN";
  } else if (std::isinf(value)) {
    out += value > 0 ? "+Inf" : "-Inf";
  } else {
    // As Prometheus's Go client writes one (strconv's 'g', shortest): the fewest
    // digits that read back exactly, fixed for exponents -4 to 5, else scientific;
    // so 600000 stays 600000 rather than 6e+05, and 1e-07 stays short.
    char buffer[32];  // at most 24 characters either way
    char* end = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::scientific).ptr;
    const char* exponent_at = std::find(buffer, end, 'e') + 1;
    if (exponent_at < end && *exponent_at == '+') ++exponent_at;
    int exponent = 0;
    std::from_chars(exponent_at, end, exponent);
    if (exponent >= -4 && exponent < 6) {
      end = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed).ptr;
    }
    out.append(buffer, end);
  }
}

void append_number(std::string& out, std::uint64_t value) {
  char buffer[24];
  out.append(buffer, std::to_chars(buffer, buffer + sizeof buffer, value).ptr);
}

// A label value escapes \, " and newline; HELP text only \ and newline.
void append_escaped(std::string& out, std::string_view text, bool in_quotes) {
  for (char c : text) {
    if (c == '\\') {
      out += "\\\\";
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '"' && in_quotes) {
      out += "\\\"";
    } else {
      out += c;
    }
  }
}

// One line: name{label="value"} number, or name number without a label.
void append_sample(std::string& out, std::string_view name, std::string_view suffix, std::string_view label_name,
                   std::string_view label_value, auto number) {
  out += name;
  out += suffix;
  if (!label_name.empty()) {
    out += '{';
    out += label_name;
    out += "=\"";
    append_escaped(out, label_value, true);
    out += "\"}";
  }
  out += ' ';
  append_number(out, number);
  out += '\n';
}

}  // namespace

Counter::Counter(std::vector<std::string> label_values) : label_values_(std::move(label_values)) {
  if (!label_values_.empty()) {
    other_ = std::find(label_values_.begin(), label_values_.end(), "other") - label_values_.begin();
    if (other_ == label_values_.size()) label_values_.emplace_back("other");
  }
  counts_ = std::make_unique<std::atomic<std::uint64_t>[]>(std::max<std::size_t>(label_values_.size(), 1));
}

std::size_t Counter::series(std::string_view label_value) const {
  if (label_values_.empty()) return 0;
  // A handful of values: a scan is as quick as a hash, and allocates nothing.
  for (std::size_t i = 0; i < label_values_.size(); ++i) {
    if (label_values_[i] == label_value) return i;
  }
  return other_;
}

Histogram::Histogram(std::vector<double> upper_bounds)
    : upper_bounds_(std::move(upper_bounds)),
      counts_(std::make_unique<std::atomic<std::uint64_t>[]>(upper_bounds_.size() + 1)) {}

void Histogram::observe(double value) {
  if (std::isnan(value)) return;
  // le is inclusive: a value equal to a bound is counted in that bound's bucket.
  const auto bucket = std::lower_bound(upper_bounds_.begin(), upper_bounds_.end(), value) - upper_bounds_.begin();
  counts_[bucket].fetch_add(1, std::memory_order_relaxed);
  sum_.fetch_add(value, std::memory_order_relaxed);
}

MetricsRegistry::MetricsRegistry() = default;
MetricsRegistry::~MetricsRegistry() = default;

MetricsRegistry::Family& MetricsRegistry::add(std::unique_ptr<Family> family) {
  const std::lock_guard lock(mutex_);
  for (const auto& other : families_) {
    if (other->name == family->name) refuse(family->name, "registered twice");
  }
  return *families_.emplace_back(std::move(family));
}

Counter& MetricsRegistry::counter(std::string name, std::string help, std::string label_name,
                                  std::vector<std::string> label_values) {
  check_metric(name, "counter", help);
  if (label_name.empty() != label_values.empty()) refuse(name, "a label needs its values, and values their label");
  if (!label_name.empty()) check_label_name(name, label_name);
  for (auto value = label_values.begin(); value != label_values.end(); ++value) {
    if (value->empty()) refuse(name, "an empty label value is no label at all");
    if (std::find(label_values.begin(), value, *value) != value) {
      refuse(name, "label value '" + *value + "' given twice");
    }
  }
  auto family =
      std::make_unique<Family>(Family{.name = std::move(name),
                                      .help = std::move(help),
                                      .type = "counter",
                                      .label_name = std::move(label_name),
                                      .counter = std::unique_ptr<Counter>(new Counter(std::move(label_values))),
                                      .histogram = {},
                                      .gauge = {}});
  return *add(std::move(family)).counter;
}

Histogram& MetricsRegistry::histogram(std::string name, std::string help, std::vector<double> upper_bounds) {
  check_metric(name, "histogram", help);
  if (upper_bounds.empty()) refuse(name, "a histogram needs at least one bucket besides +Inf");
  for (std::size_t i = 0; i < upper_bounds.size(); ++i) {
    if (!std::isfinite(upper_bounds[i])) refuse(name, "bucket bounds are finite (+Inf is always there)");
    if (i > 0 && !(upper_bounds[i - 1] < upper_bounds[i])) refuse(name, "bucket bounds strictly increase");
  }
  auto family =
      std::make_unique<Family>(Family{.name = std::move(name),
                                      .help = std::move(help),
                                      .type = "histogram",
                                      .label_name = {},
                                      .counter = {},
                                      .histogram = std::unique_ptr<Histogram>(new Histogram(std::move(upper_bounds))),
                                      .gauge = {}});
  return *add(std::move(family)).histogram;
}

void MetricsRegistry::gauge(std::string name, std::string help, std::function<double()> read) {
  if (!read) refuse(name, "a gauge needs a callback to read it");
  gauge(std::move(name), std::move(help), {},
        [read = std::move(read)] { return std::vector<GaugeSample>{{.label_value = {}, .value = read()}}; });
}

void MetricsRegistry::gauge(std::string name, std::string help, std::string label_name,
                            std::function<std::vector<GaugeSample>()> read) {
  check_metric(name, "gauge", help);
  if (!label_name.empty()) check_label_name(name, label_name);
  if (!read) refuse(name, "a gauge needs a callback to read it");
  add(std::make_unique<Family>(Family{.name = std::move(name),
                                      .help = std::move(help),
                                      .type = "gauge",
                                      .label_name = std::move(label_name),
                                      .counter = {},
                                      .histogram = {},
                                      .gauge = std::move(read)}));
}

std::string MetricsRegistry::render() const {
  std::vector<const Family*> families;
  {
    // Families are only ever added, so the pointers outlive the lock; the gauge
    // callbacks then run unlocked, free to take the server's own locks.
    const std::lock_guard lock(mutex_);
    families.reserve(families_.size());
    for (const auto& family : families_) families.push_back(family.get());
  }
  std::string out;
  for (const Family* family : families) {
    const std::string_view name = family->name;
    out += "# HELP ";
    out += name;
    out += ' ';
    append_escaped(out, family->help, false);
    out += "\n# TYPE ";
    out += name;
    out += ' ';
    out += family->type;
    out += '\n';
    if (const Counter* counter = family->counter.get()) {
      for (std::size_t i = 0; i < std::max<std::size_t>(counter->label_values_.size(), 1); ++i) {
        const std::string_view value = counter->label_values_.empty() ? std::string_view() : counter->label_values_[i];
        append_sample(out, name, "", family->label_name, value, counter->counts_[i].load(Counter::order));
      }
    } else if (const Histogram* histogram = family->histogram.get()) {
      // Each bucket read once and summed as we go, so +Inf's count and _count agree.
      std::uint64_t cumulative = 0;
      std::string bound;
      for (std::size_t i = 0; i <= histogram->upper_bounds_.size(); ++i) {
        cumulative += histogram->counts_[i].load(std::memory_order_relaxed);
        bound.clear();
        if (i < histogram->upper_bounds_.size()) {
          append_number(bound, histogram->upper_bounds_[i]);
        } else {
          bound = "+Inf";
        }
        append_sample(out, name, "_bucket", "le", bound, cumulative);
      }
      append_sample(out, name, "_sum", "", "", histogram->sum_.load(std::memory_order_relaxed));
      append_sample(out, name, "_count", "", "", cumulative);
    } else {
      for (const GaugeSample& sample : family->gauge()) {
        append_sample(out, name, "", family->label_name, sample.label_value, sample.value);
      }
    }
  }
  return out;
}

}  // namespace bw::server
