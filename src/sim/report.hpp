#pragma once
// The balance lab's report: for each value of a varied parameter, seat
// advantage, game length and score distributions, with the statistically
// significant differences marked. A self-contained HTML page with inline SVG
// charts (no network, no scripts), or a Markdown summary.
#include <string>
#include <vector>

#include "core/params.hpp"
#include "sim/summary.hpp"

namespace bw {

struct VariantResult {
  std::string label;   // "lifesavers=2", or "defaults"
  SimSummary summary;  // its length and score counts feed the charts and tests
};

// Two-sided p-values.
double one_proportion_p(double wins, double n, double expected_rate);  // z-test against a known rate
double two_proportion_p(double wins_a, double n_a, double wins_b, double n_b);
double welch_p(const ValueCounts& a, const ValueCounts& b);  // a sample as value -> how often
// Holm–Bonferroni: each p-value adjusted for the number of tests in its family
// (compare the adjusted values with the family-wise error rate, e.g. 0.05).
std::vector<double> holm_adjusted(const std::vector<double>& p_values);

std::string report_html(const std::string& title, const std::string& command,
                        const std::vector<VariantResult>& variants);
std::string report_markdown(const std::string& title, const std::string& command,
                            const std::vector<VariantResult>& variants);

}  // namespace bw
