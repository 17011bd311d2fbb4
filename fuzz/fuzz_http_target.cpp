// Fuzz target: the path of an HTTP request to `bellwether serve --static DIR`
// ("/assets/app.js", "//etc/passwd", "/%2e%2e/secret.js"):
// bw::server::StaticFiles::lookup and bw::server::decode_request_path. Built
// once, under a temporary folder: a front end with traps in and around it (a
// secret beside the folder, links out of it and at a dotfile, a dotfile, a
// dot-folder, the database and a file named like a page that are passed as
// never_serve). A path may be refused (NotFound); a path that is served must
// name a regular front-end file under the folder, never a dotfile or the
// database; the decoder must never let a control byte through.
#include <unistd.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#include "server/http/static_files.hpp"

namespace {

namespace fs = std::filesystem;
using bw::server::StaticLookup;

void write(const fs::path& file, const std::string& text) {
  fs::create_directories(file.parent_path());
  std::ofstream(file) << text;
}

struct Folder {
  fs::path base, root;  // root: the folder served, canonical
  std::vector<fs::path> never_serve;
  bw::server::StaticFiles files{"", {}};

  Folder() {
    base = fs::temp_directory_path() / ("bw-fuzz-static-" + std::to_string(::getpid()));
    fs::remove_all(base);
    fs::path dist = base / "dist";
    write(dist / "index.html", "<!doctype html>the page");
    write(dist / "assets" / "app.js", "console.log('app')");
    write(dist / "assets" / "app.css", "body {}");
    write(dist / "rules" / "x.how-to-play.md", "# How to play");
    write(dist / ".env.js", "a dotfile");
    write(dist / ".cache" / "a.js", "in a dot-folder");
    write(dist / "bellwether.db", "the database");
    write(dist / "bellwether.db-wal", "its journal");
    write(dist / "tables.json", "a database named to look like a page file");
    write(base / "secret.js", "SECRET beside the folder");
    write(base / "dist-other" / "x.js", "a sibling folder whose name starts like the root");
    fs::create_symlink(base / "secret.js", dist / "assets" / "out.js");  // a link out of the folder
    fs::create_symlink(base, dist / "up");                               // a folder link out of it
    fs::create_symlink(dist / ".env.js", dist / "alias.js");             // a link at the dotfile
    fs::create_symlink(dist / ".cache", dist / "cache");                 // a link at the dot-folder
    fs::create_symlink(dist / "tables.json", dist / "db.json");          // a link at the database
    fs::create_symlink("../dist-other/x.js", dist / "sibling.js");       // relative, out to a look-alike
    fs::create_symlink("/etc", dist / "etc");
    fs::create_symlink("loop.js", dist / "loop.js");  // a link to itself
    fs::create_symlink("nowhere.js", dist / "dangling.js");
    root = fs::canonical(dist);
    never_serve = {root / "bellwether.db", root / "bellwether.db-wal", root / "tables.json"};
    files = bw::server::StaticFiles(dist.string(), never_serve);
  }
  ~Folder() {
    std::error_code ec;
    fs::remove_all(base, ec);
  }
};

const Folder& folder() {
  static const Folder instance;
  return instance;
}

bool has_control_byte(std::string_view text) {
  return std::any_of(text.begin(), text.end(), [](char c) {
    auto byte = static_cast<unsigned char>(c);
    return byte < 0x20 || byte == 0x7f;
  });
}

// What lookup() may return for File and AppPage: a regular front-end file under the folder.
void check_served(const Folder& folder, const StaticLookup& found) {
  const fs::path& file = found.file;
  std::string prefix = folder.root.string() + "/";
  if (!file.string().starts_with(prefix)) __builtin_trap();  // outside the folder (or the folder itself)
  std::error_code ec;
  if (fs::canonical(file, ec) != file || ec) __builtin_trap();  // a link or "..": not resolved
  if (!fs::is_regular_file(fs::symlink_status(file, ec)) || ec) __builtin_trap();
  if (std::find(folder.never_serve.begin(), folder.never_serve.end(), file) != folder.never_serve.end())
    __builtin_trap();
  for (const auto& part : file.lexically_relative(folder.root))
    if (part.empty() || part.string().starts_with('.')) __builtin_trap();  // a dotfile, a dot-folder, ".."
  if (std::string_view(bw::server::StaticFiles::content_type_of(file)) == "application/octet-stream")
    __builtin_trap();  // not a kind of file a front end is made of
  if (found.kind == StaticLookup::Kind::AppPage && file != folder.root / "index.html") __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const Folder& served = folder();
  std::string_view path(reinterpret_cast<const char*>(data), size);

  std::string decoded = bw::server::decode_request_path(path);
  if (has_control_byte(decoded)) __builtin_trap();
  if (decoded.size() > path.size()) __builtin_trap();
  // Without a '%' there is nothing to decode: the path comes back as it is, or empty when it holds a control byte.
  if (path.find('%') == std::string_view::npos && decoded != (has_control_byte(path) ? std::string() : path))
    __builtin_trap();

  StaticLookup found = served.files.lookup(path);
  switch (found.kind) {
    case StaticLookup::Kind::NotBuilt: __builtin_trap();  // the folder and its index.html are there
    case StaticLookup::Kind::NotFound:
      if (!found.file.empty()) __builtin_trap();
      break;
    case StaticLookup::Kind::File:
    case StaticLookup::Kind::AppPage: check_served(served, found); break;
  }
  return 0;
}
