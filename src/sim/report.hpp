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
  std::string label;  // "lifesavers=2", or "defaults"
  SimSummary summary;
  std::vector<double> lengths;                      // actions per game
  std::vector<std::vector<double>> scores_by_seat;  // [seat][game]
};

VariantResult collect_variant(std::string label, const SimRun& run, const SimSummary& summary);

// Two-sided p-values.
double two_proportion_p(double wins_a, double n_a, double wins_b, double n_b);
double welch_p(const std::vector<double>& a, const std::vector<double>& b);

std::string report_html(const std::string& title, const std::string& command, const std::vector<VariantResult>& variants);
std::string report_markdown(const std::string& title, const std::string& command,
                            const std::vector<VariantResult>& variants);

}  // namespace bw
