// The balance report: self-contained HTML with one chart per metric, and the statistics behind its marks.
#include <gtest/gtest.h>

#include "games/bye_bye/bye_bye.hpp"
#include "sim/report.hpp"
#include "support/files.hpp"

namespace bw {
namespace {

using testing::occurrences;

std::vector<VariantResult> two_variants() {
  std::vector<AgentSpec> lineup(3, parse_agent_spec("heuristic"));
  std::vector<VariantResult> out;
  for (int limit : {6, 8}) {
    auto params =
        bye_bye::Params::from(validate_params(bye_bye::State::param_specs(), {{"hand_limit", std::to_string(limit)}}));
    SimRun run = simulate<bye_bye::State>(params, lineup, 300, 1, 1, {});
    out.push_back(
        {"hand_limit=" + std::to_string(limit), summarise(run, "bye-bye", {"heuristic", "heuristic", "heuristic"}, 1)});
  }
  return out;
}

TEST(Report, HtmlIsSelfContainedWithOneChartPerMetric) {
  std::string html = report_html("Bye-Bye — balance report", "bellwether analyze bye-bye", two_variants());
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_EQ(occurrences(html, "<svg"), 3);
  EXPECT_EQ(occurrences(html, "</svg>"), 3);
  for (const char* metric : {"seat-win-rate", "game-length", "score"})
    EXPECT_EQ(occurrences(html, std::string("data-metric=\"") + metric + "\""), 1) << metric;
  EXPECT_EQ(occurrences(html, "<script"), 0);
  EXPECT_EQ(occurrences(html, "http://"), 3);  // only the SVG namespace, never a fetched resource
  EXPECT_EQ(occurrences(html, "https://"), 0);
  EXPECT_EQ(occurrences(html, "<table>"), 1);
  EXPECT_EQ(occurrences(html, "<tr>"), 3);  // header + one row per variant
  EXPECT_EQ(occurrences(html, "<html"), occurrences(html, "</html>"));
  EXPECT_EQ(occurrences(html, "<body>"), occurrences(html, "</body>"));
}

TEST(Report, MarkdownTable) {
  std::string md = report_markdown("t", "cmd", two_variants());
  EXPECT_NE(md.find("| hand_limit=6 |"), std::string::npos);
  EXPECT_NE(md.find("| hand_limit=8 |"), std::string::npos);
}

// Whole-number scores are drawn as bars, game lengths as lines; both charts
// label their y axis; the fair-share label sits right of the plot, over no bar.
TEST(Report, ChartsDrawWholeNumbersAsBarsAndLabelBothAxes) {
  std::string html = report_html("t", "cmd", two_variants());
  auto chart = [&](const std::string& metric) {
    auto start = html.find("data-metric=\"" + metric + "\"");
    return html.substr(start, html.find("</svg>", start) - start);
  };
  std::string scores = chart("score"), lengths = chart("game-length"), wins = chart("seat-win-rate");
  EXPECT_GT(occurrences(scores, "<rect"), 0);
  EXPECT_EQ(occurrences(scores, "<polyline"), 0);
  EXPECT_EQ(occurrences(lengths, "<polyline"), 2);  // one per variant
  EXPECT_EQ(occurrences(scores, "rotate(-90)"), 1);
  EXPECT_EQ(occurrences(lengths, "share of games"), 1);
  auto label = wins.find(">fair share<");
  ASSERT_NE(label, std::string::npos);
  auto x_at = wins.rfind("x=\"", label);
  double label_x = std::stod(wins.substr(x_at + 3));
  for (auto bar = wins.find("<rect x=\""); bar != std::string::npos; bar = wins.find("<rect x=\"", bar + 1)) {
    double x = std::stod(wins.substr(bar + 9));
    auto w_at = wins.find("width=\"", bar);
    double width = std::stod(wins.substr(w_at + 7));
    EXPECT_LT(x + width, label_x);
  }
}

// Marks are corrected for the number of tests: a p-value that is significant
// alone but not among many tests gets no mark.
TEST(Statistics, HolmBonferroni) {
  // Worked example: raw 0.01, 0.04, 0.03, 0.005 -> sorted 0.005*4, 0.01*3, 0.03*2, 0.04*1
  // = 0.02, 0.03, 0.06, 0.04 -> running maximum 0.02, 0.03, 0.06, 0.06.
  std::vector<double> adjusted = holm_adjusted({0.01, 0.04, 0.03, 0.005});
  ASSERT_EQ(adjusted.size(), 4u);
  EXPECT_NEAR(adjusted[0], 0.03, 1e-12);
  EXPECT_NEAR(adjusted[1], 0.06, 1e-12);
  EXPECT_NEAR(adjusted[2], 0.06, 1e-12);
  EXPECT_NEAR(adjusted[3], 0.02, 1e-12);
  EXPECT_NEAR(holm_adjusted({0.9, 0.8})[0], 1.0, 1e-12);  // capped at one
  EXPECT_TRUE(holm_adjusted({}).empty());
  // 58 wins in 150 at a fair share of 1/3: p about 0.18 alone; 70 in 150: p < 0.001.
  EXPECT_NEAR(one_proportion_p(58, 150, 1.0 / 3), 0.17, 0.02);
  EXPECT_LT(one_proportion_p(70, 150, 1.0 / 3), 0.001);
}

TEST(Report, FootnoteSaysHowManyTestsWereCorrectedFor) {
  std::string md = report_markdown("t", "cmd", two_variants());
  // 2 variants x 3 seats against the fair share; length + 3 win rates + 3 scores against the first variant.
  EXPECT_NE(md.find("over the 6 seat-advantage tests"), std::string::npos) << md;
  EXPECT_NE(md.find("over the 7 comparisons with the first variant"), std::string::npos) << md;
  EXPECT_NE(md.find("Holm–Bonferroni"), std::string::npos);
}

TEST(Statistics, TwoProportionAndWelch) {
  // 60/100 vs 40/100: z = 2.828..., p = 0.00468
  EXPECT_NEAR(two_proportion_p(60, 100, 40, 100), 0.00468, 2e-4);
  EXPECT_NEAR(two_proportion_p(50, 100, 50, 100), 1.0, 1e-12);
  ValueCounts a, b;
  for (int i = 0; i < 200; ++i) {
    ++a[i % 10];      // mean 4.5
    ++b[i % 10 + 3];  // mean 7.5
  }
  EXPECT_LT(welch_p(a, b), 1e-6);
  EXPECT_NEAR(welch_p(a, a), 1.0, 1e-12);
}

}  // namespace
}  // namespace bw
