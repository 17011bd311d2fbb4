// One list of error codes: src/server/http/error_codes.cpp, docs/protocol.md's two
// error tables (HTTP with statuses, WebSocket) and what GET /metrics counts
// must all name the same codes.
#include "server/http/error_codes.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <set>
#include <sstream>
#include <string>
#include <utility>

#include "server/metrics/registry.hpp"
#include "server/metrics/server_metrics.hpp"

namespace bw::server {
namespace {

std::string protocol_doc() {
  std::ifstream in(std::string(BELLWETHER_SOURCE_DIR) + "/docs/protocol.md");
  return {std::istreambuf_iterator<char>(in), {}};
}

// The cells of each row of the Markdown table whose header line is `header`.
std::vector<std::vector<std::string>> table_rows(const std::string& doc, const std::string& header) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream lines(doc);
  std::string line;
  bool inside = false;
  while (std::getline(lines, line)) {
    if (!inside) {
      inside = line == header;
      continue;
    }
    if (line.starts_with("|---")) continue;
    if (!line.starts_with("| ")) break;
    std::vector<std::string> cells;
    std::istringstream cut(line.substr(1));
    std::string cell;
    while (std::getline(cut, cell, '|')) {
      const auto first = cell.find_first_not_of(" `");
      const auto last = cell.find_last_not_of(" `");
      cells.push_back(first == std::string::npos ? "" : cell.substr(first, last - first + 1));
    }
    rows.push_back(std::move(cells));
  }
  return rows;
}

TEST(ErrorCodes, TheHttpTableOfTheDocsIsTheServers) {
  std::set<std::pair<std::string, unsigned>> documented, served;
  for (const auto& row : table_rows(protocol_doc(), "| status | code | when |"))
    documented.emplace(row.at(1), static_cast<unsigned>(std::stoul(row.at(0))));
  for (const ErrorCode& known : error_codes())
    if (known.http_status) served.emplace(known.code, known.http_status);
  EXPECT_FALSE(documented.empty()) << "docs/protocol.md has no HTTP error table";
  EXPECT_EQ(documented, served);
}

TEST(ErrorCodes, TheWebSocketTableOfTheDocsIsTheServers) {
  std::set<std::string> documented, sent;
  for (const auto& row : table_rows(protocol_doc(), "| code | when |")) documented.insert(row.at(0));
  for (const ErrorCode& known : error_codes())
    if (known.websocket) sent.emplace(known.code);
  EXPECT_FALSE(documented.empty()) << "docs/protocol.md has no WebSocket error table";
  EXPECT_EQ(documented, sent);
}

// A code missing from the metrics' list would be counted as "other".
TEST(ErrorCodes, MetricsCountEveryDocumentedCodeUnderItsOwnName) {
  MetricsRegistry registry;
  ServerMetrics metrics(registry);
  std::set<std::string> documented;
  const std::string doc = protocol_doc();
  for (const auto& row : table_rows(doc, "| status | code | when |")) documented.insert(row.at(1));
  for (const auto& row : table_rows(doc, "| code | when |")) documented.insert(row.at(0));
  for (const std::string& code : documented) metrics.refusals.inc(code);
  const std::string text = registry.render();
  for (const std::string& code : documented)
    EXPECT_NE(text.find("bellwether_refusals_total{kind=\"" + code + "\"} 1\n"), std::string::npos) << code;
  EXPECT_EQ(text.find("kind=\"other\"} 1"), std::string::npos);
}

TEST(ErrorCodes, AStatusComesFromTheTable) {
  EXPECT_EQ(http_status_of("busy"), 503u);
  EXPECT_EQ(http_status_of("not-finished"), 409u);
  EXPECT_EQ(http_status_of("bad-framing"), 400u);
  EXPECT_EQ(http_status_of("stale"), 400u);  // a WebSocket code given no status: the request's fault
}

}  // namespace
}  // namespace bw::server
