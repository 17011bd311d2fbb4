#pragma once
// The built front end, served from one folder. A request path from outside is
// decoded and resolved (symbolic links included) to a regular file under that
// folder, or refused: nothing above the folder, no dotfiles, only the kinds of
// file a front end is made of, and never the server's own database.
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace bw::server {

struct StaticLookup {
  enum class Kind {
    NotBuilt,  // no folder, or no index.html in it
    File,      // `file`: a file of the front end
    AppPage,   // a route of the page itself (/, /play/…, /rules/…, /replay…): `file` is index.html
    NotFound,
  };
  Kind kind = Kind::NotFound;
  std::filesystem::path file;
};

// "%41" -> "A". Empty when the encoding is broken or decodes to a control byte
// (NUL, newline…), which no name of ours holds. Exposed for the tests and the fuzzer.
std::string decode_request_path(std::string_view path);

class StaticFiles {
 public:
  // `root`: the folder (may be empty: none). `never_serve`: files refused even
  // when they lie under the root (the database and its journals).
  StaticFiles(std::string root, const std::vector<std::filesystem::path>& never_serve);

  // `path`: the request target without its query, as it came ("/assets/a.js").
  StaticLookup lookup(std::string_view path) const;

  // The Content-Type of a file lookup() returned.
  static const char* content_type_of(const std::filesystem::path& file);

 private:
  std::filesystem::path root_;
  std::vector<std::filesystem::path> never_serve_;  // canonical where they exist
};

}  // namespace bw::server
