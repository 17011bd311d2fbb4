// The router: one table of routes, the /api index made from it, and the
// server's errors answered in one place.
#include "server/http/router.hpp"

#include <gtest/gtest.h>

#include "server/errors.hpp"

namespace bw::server {
namespace {

HttpReply ask(const Router& router, std::string method, std::string target) {
  HttpRequest request;
  request.method = std::move(method);
  request.target = std::move(target);
  HttpReply answer;
  int replies = 0;
  router.handle(request, [&](HttpReply reply) {
    answer = std::move(reply);
    ++replies;
  });
  EXPECT_EQ(replies, 1) << request.method << " " << request.target;
  return answer;
}

RouteHandler says(std::string body) {
  return [body](const HttpRequest&, const std::vector<std::string>& segments, const ReplyFn& reply) {
    std::string parts;
    for (const auto& s : segments) parts += "/" + s;
    reply({200, "text/plain", body + parts});
  };
}

Router example() {
  Router router;
  router.add("GET", "/api", says("index"));
  router.add("GET", "/api/tables", says("lobby"));
  router.add("GET", "/api/tables/{id}/replay/{view}", says("replay"));
  router.add("POST", "/api/tables", says("create"));
  router.add("GET", "/metrics", says("metrics"));
  router.add_websocket("/ws");
  router.set_fallback(says("file"));
  return router;
}

TEST(Router, MatchesMethodAndEverySegment) {
  Router router = example();
  EXPECT_EQ(ask(router, "GET", "/api/tables").body, "lobby/api/tables");
  EXPECT_EQ(ask(router, "POST", "/api/tables").body, "create/api/tables");
  EXPECT_EQ(ask(router, "GET", "/api/tables/ab12/replay/all?from=3").body, "replay/api/tables/ab12/replay/all");
  EXPECT_EQ(ask(router, "GET", "/metrics").body, "metrics/metrics");
  EXPECT_EQ(ask(router, "GET", "/api").body, "index/api");
}

TEST(Router, AnUnknownApiRouteIsNotFoundAndNeverAFile) {
  Router router = example();
  for (auto [method, target] : {std::pair{"GET", "/api/tables/ab12"},
                                {"DELETE", "/api/tables"},
                                {"GET", "/api/tables/ab12/replay"},
                                {"GET", "/api/nothing"}}) {
    HttpReply reply = ask(router, method, target);
    EXPECT_EQ(reply.status, 404u) << method << " " << target;
    EXPECT_EQ(reply.error_code, "not-found");
  }
}

TEST(Router, OtherPathsAreFilesAndOnlyRead) {
  Router router = example();
  EXPECT_EQ(ask(router, "GET", "/table/ab12").body, "file/table/ab12");
  EXPECT_EQ(ask(router, "HEAD", "/").body, "file/");
  EXPECT_EQ(ask(router, "GET", "/apiary").body, "file/apiary");  // not under /api
  HttpReply refused = ask(router, "POST", "/index.html");
  EXPECT_EQ(refused.error_code, "bad-method");
  EXPECT_EQ(ask(router, "POST", "/metrics").error_code, "bad-method");
}

TEST(Router, TheIndexListsEveryRouteUnderThePrefixInOrder) {
  Router router = example();
  EXPECT_EQ(router.index("/api"),
            (std::vector<std::string>{"GET /api/tables", "GET /api/tables/{id}/replay/{view}", "POST /api/tables"}));
  EXPECT_TRUE(router.is_websocket("/ws"));
  EXPECT_FALSE(router.is_websocket("/ws/x"));
}

TEST(Router, AnswersTheServersErrors) {
  Router router;
  router.add("GET", "/api/a", [](const HttpRequest&, const std::vector<std::string>&, const ReplyFn&) {
    throw ProtocolError("unknown-table", "there is no table 'x'");
  });
  router.add("GET", "/api/b", [](const HttpRequest&, const std::vector<std::string>&, const ReplyFn&) {
    throw TableElsewhere("ab12", "/node/b");
  });
  router.add("GET", "/api/c", [](const HttpRequest&, const std::vector<std::string>&, const ReplyFn&) {
    throw TableElsewhere("ab12", "");
  });
  router.add("GET", "/api/d", [](const HttpRequest&, const std::vector<std::string>&, const ReplyFn&) {
    throw Error("unknown game 'chess'");
  });
  EXPECT_EQ(ask(router, "GET", "/api/a").error_code, "unknown-table");
  HttpReply moved = ask(router, "GET", "/api/b?x=1");
  EXPECT_EQ(moved.status, 307u);
  EXPECT_EQ(moved.location, "/node/b/api/b");
  HttpReply later = ask(router, "GET", "/api/c");
  EXPECT_EQ(later.status, 503u);
  EXPECT_EQ(later.retry_after, 1);
  HttpReply bad = ask(router, "GET", "/api/d");
  EXPECT_EQ(bad.status, 400u);
  EXPECT_EQ(bad.error_code, "bad-request");
}

}  // namespace
}  // namespace bw::server
