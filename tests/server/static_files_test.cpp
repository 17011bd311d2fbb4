// The static front end: a request path from outside reaches only the
// front end's own files (issue 33, finding 1: `GET //etc/passwd` read the host's files).
#include "server/http/static_files.hpp"

#include <gtest/gtest.h>

#include <fstream>

#include "server_fixture.hpp"

namespace bw::server::testing {
namespace {

namespace fs = std::filesystem;
using Kind = StaticLookup::Kind;

void write(const fs::path& file, const std::string& text) {
  fs::create_directories(file.parent_path());
  std::ofstream(file) << text;
}

// A built front end with traps around it: a secret beside the folder, links
// out of it, a dotfile, and a database put (wrongly) inside it.
class StaticFolder : public QuietServerTest {
 protected:
  void SetUp() override {
    base = fs::temp_directory_path() / ("bw-static-test-" + std::to_string(::getpid()));
    fs::remove_all(base);
    root = base / "dist";
    write(root / "index.html", "<!doctype html>the page");
    write(root / "assets" / "app.js", "console.log('app')");
    write(root / "rules" / "bye-bye.how-to-play.md", "# How to play");
    write(root / ".env.js", "hidden");
    write(root / "notes.db", "a database");
    write(root / "tables.json", "the server's database, named to look like a page file");
    write(base / "secret.js", "SECRET beside the folder");
    fs::create_symlink(base / "secret.js", root / "assets" / "out.js");
    fs::create_symlink(base, root / "up");
    fs::create_symlink(root / ".env.js", root / "alias.js");
    fs::create_symlink("/etc", root / "etc");
  }
  void TearDown() override { fs::remove_all(base); }
  StaticFiles files() const { return StaticFiles(root.string(), {root / "tables.json"}); }

  fs::path base, root;
};

TEST_F(StaticFolder, ServesTheFrontEndsOwnFiles) {
  auto found = files().lookup("/assets/app.js");
  ASSERT_EQ(found.kind, Kind::File);
  EXPECT_EQ(found.file, fs::canonical(root / "assets" / "app.js"));
  EXPECT_EQ(files().lookup("/assets/%61pp.js").kind, Kind::File);  // percent-encoding decoded first
  EXPECT_EQ(files().lookup("/index.html").kind, Kind::File);
  EXPECT_EQ(files().lookup("/rules/bye-bye.how-to-play.md").kind, Kind::File);
}

TEST_F(StaticFolder, TheAppsRoutesGetItsPage) {
  for (const char* path :
       {"/", "/play/t-abc123", "/play/t-abc123/", "/rules/bye-bye", "/replay", "/replay/t-abc", "/account",
        "/players/Ann", "/leaderboard", "/leaderboard/bye-bye", "/lab", "/lab/0123456789ab"}) {
    auto found = files().lookup(path);
    EXPECT_EQ(found.kind, Kind::AppPage) << path;
    EXPECT_EQ(found.file, fs::canonical(root) / "index.html") << path;
  }
}

TEST_F(StaticFolder, NothingOutsideTheFolderIsReachable) {
  for (const char* path :
       {"//etc/passwd", "//proc/self/environ", "/../secret.js", "/assets/../../secret.js", "/%2e%2e/secret.js",
        "/%2E%2E%2Fsecret.js", "/assets/%2e%2e/%2e%2e/secret.js", "/assets/out.js", "/up/secret.js", "/etc/passwd",
        "/etc/hostname", "/%2fetc/passwd", "/..%5csecret.js", "/assets\\..\\..\\secret.js"}) {
    auto found = files().lookup(path);
    EXPECT_EQ(found.kind, Kind::NotFound) << path << " -> " << found.file;
  }
}

TEST_F(StaticFolder, DotfilesDatabasesAndOddFilesAreNotServed) {
  for (const char* path : {"/.env.js", "/alias.js", "/notes.db", "/tables.json", "/assets/./app.js", "/assets//app.js",
                           "/assets", "/nosuch.js", "/assets/app.js%00.html", "/assets/app.js%0a", "/%zz", "/%4"}) {
    auto found = files().lookup(path);
    EXPECT_EQ(found.kind, Kind::NotFound) << path << " -> " << found.file;
  }
}

TEST_F(StaticFolder, WithoutAFrontEndNothingIsRead) {
  EXPECT_EQ(StaticFiles("", {}).lookup("//etc/passwd").kind, Kind::NotBuilt);
  EXPECT_EQ(StaticFiles((base / "nowhere").string(), {}).lookup("/index.html").kind, Kind::NotBuilt);
}

TEST(DecodeRequestPath, DecodesAndRefusesControlBytes) {
  EXPECT_EQ(decode_request_path("/a%20b%2Fc"), "/a b/c");
  EXPECT_EQ(decode_request_path("/a%00b"), "");
  EXPECT_EQ(decode_request_path("/a%0d%0a"), "");
  EXPECT_EQ(decode_request_path("/a%"), "");
  EXPECT_EQ(decode_request_path("/a%2"), "");
  EXPECT_EQ(decode_request_path("/a%g0"), "");
}

// The attack as it came: over HTTP, with the server's own database under the folder.
TEST_F(StaticFolder, OverHttpTheHostsFilesAndTheDatabaseStayUnread) {
  ServeOptions options;
  options.static_dir = root.string();
  RunningServer server((root / "server.db").string(), options);
  auto page = http_request(server.port, "GET", "/play/t-x");
  EXPECT_EQ(page.status, 200u);
  EXPECT_EQ(page.text, "<!doctype html>the page");
  EXPECT_EQ(http_request(server.port, "GET", "/assets/app.js").text, "console.log('app')");
  for (const char* path : {"//etc/passwd", "//proc/self/environ", "/server.db", "/server.db-wal", "/server.db-shm",
                           "/assets/out.js", "/%2e%2e/secret.js"}) {
    auto answer = http_request(server.port, "GET", path);
    EXPECT_EQ(answer.status, 404u) << path;
    EXPECT_EQ(answer.text.find("root:"), std::string::npos) << path;
    EXPECT_EQ(answer.text.find("SECRET"), std::string::npos) << path;
    EXPECT_EQ(answer.text.find("SQLite"), std::string::npos) << path;
  }
}

}  // namespace
}  // namespace bw::server::testing
