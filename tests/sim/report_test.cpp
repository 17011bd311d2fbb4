// The balance report: self-contained HTML with one chart per metric, and the statistics behind its marks.
#include <gtest/gtest.h>


#include "games/bye_bye/bye_bye.hpp"
#include "sim/report.hpp"

namespace bw {
namespace {

int count(const std::string& text, const std::string& needle) {
  int n = 0;
  for (auto pos = text.find(needle); pos != std::string::npos; pos = text.find(needle, pos + 1)) ++n;
  return n;
}

std::vector<VariantResult> two_variants() {
  std::vector<AgentSpec> lineup(3, parse_agent_spec("heuristic"));
  std::vector<VariantResult> out;
  for (int limit : {6, 8}) {
    auto params = bye_bye::Params::from(
        validate_params(bye_bye::State::param_specs(), {{"hand_limit", std::to_string(limit)}}));
    SimRun run = simulate<bye_bye::State>(params, lineup, 300, 1, 1, {});
    out.push_back({"hand_limit=" + std::to_string(limit),
                   summarise(run, "bye-bye", {"heuristic", "heuristic", "heuristic"}, 1)});
  }
  return out;
}

TEST(Report, HtmlIsSelfContainedWithOneChartPerMetric) {
  std::string html = report_html("Bye-Bye — balance report", "bellwether analyze bye-bye", two_variants());
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_EQ(count(html, "<svg"), 3);
  EXPECT_EQ(count(html, "</svg>"), 3);
  for (const char* metric : {"seat-win-rate", "game-length", "score"})
    EXPECT_EQ(count(html, std::string("data-metric=\"") + metric + "\""), 1) << metric;
  EXPECT_EQ(count(html, "<script"), 0);
  EXPECT_EQ(count(html, "http://"), 3);  // only the SVG namespace, never a fetched resource
  EXPECT_EQ(count(html, "https://"), 0);
  EXPECT_EQ(count(html, "<table>"), 1);
  EXPECT_EQ(count(html, "<tr>"), 3);  // header + one row per variant
  EXPECT_EQ(count(html, "<html"), count(html, "</html>"));
  EXPECT_EQ(count(html, "<body>"), count(html, "</body>"));
}

TEST(Report, MarkdownTable) {
  std::string md = report_markdown("t", "cmd", two_variants());
  EXPECT_NE(md.find("| hand_limit=6 |"), std::string::npos);
  EXPECT_NE(md.find("| hand_limit=8 |"), std::string::npos);
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
