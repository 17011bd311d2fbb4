#include "server/http/static_files.hpp"

#include <algorithm>
#include <array>

namespace bw::server {

namespace fs = std::filesystem;

namespace {

struct FileKind {
  const char* extension;
  const char* content_type;
};
// What a built front end is made of; any other file under the folder stays unread.
constexpr std::array kFileKinds{
    FileKind{".html", "text/html; charset=utf-8"},
    FileKind{".js", "text/javascript"},
    FileKind{".mjs", "text/javascript"},
    FileKind{".css", "text/css"},
    FileKind{".json", "application/json"},
    FileKind{".svg", "image/svg+xml"},
    FileKind{".png", "image/png"},
    FileKind{".ico", "image/x-icon"},
    FileKind{".woff2", "font/woff2"},
    FileKind{".txt", "text/plain; charset=utf-8"},
    FileKind{".md", "text/markdown; charset=utf-8"},
    FileKind{".webmanifest", "application/manifest+json"},
};

const FileKind* kind_of(const fs::path& file) {
  std::string extension = file.extension().string();
  for (const auto& kind : kFileKinds)
    if (extension == kind.extension) return &kind;
  return nullptr;
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// The page's own routes (web/src/main.tsx): they all get index.html.
bool is_app_route(const std::vector<std::string_view>& segments) {
  if (segments.empty()) return true;
  std::string_view first = segments.front();
  if (first == "account") return segments.size() == 1;
  if (first == "players") return segments.size() == 2;
  if (first == "leaderboard" || first == "lab") return segments.size() <= 2;
  return (first == "play" || first == "rules") ? segments.size() == 2 : first == "replay" && segments.size() <= 2;
}

// `inner` is `outer` or lies below it (both canonical).
bool is_within(const fs::path& inner, const fs::path& outer) {
  auto [outer_end, inner_at] = std::mismatch(outer.begin(), outer.end(), inner.begin(), inner.end());
  return outer_end == outer.end();
}

fs::path canonical_or_as_is(const fs::path& path) {
  std::error_code ec;
  fs::path canonical = fs::weakly_canonical(fs::absolute(path, ec), ec);
  return ec ? path : canonical;
}
}  // namespace

std::string decode_request_path(std::string_view path) {
  std::string decoded;
  decoded.reserve(path.size());
  for (std::size_t i = 0; i < path.size(); ++i) {
    char c = path[i];
    if (c == '%') {
      if (i + 2 >= path.size()) return {};
      int high = hex_value(path[i + 1]), low = hex_value(path[i + 2]);
      if (high < 0 || low < 0) return {};
      c = static_cast<char>(high * 16 + low);
      i += 2;
    }
    auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte == 0x7f) return {};
    decoded.push_back(c);
  }
  return decoded;
}

StaticFiles::StaticFiles(std::string root, const std::vector<fs::path>& never_serve) : root_(std::move(root)) {
  for (const auto& file : never_serve) never_serve_.push_back(canonical_or_as_is(file));
}

const char* StaticFiles::content_type_of(const fs::path& file) {
  const FileKind* kind = kind_of(file);
  return kind ? kind->content_type : "application/octet-stream";
}

StaticLookup StaticFiles::lookup(std::string_view raw_path) const {
  using Kind = StaticLookup::Kind;
  if (root_.empty()) return {Kind::NotBuilt, {}};
  std::error_code ec;
  fs::path root = fs::canonical(root_, ec);
  if (ec || !fs::is_regular_file(root / "index.html", ec)) return {Kind::NotBuilt, {}};

  std::string path = decode_request_path(raw_path);
  if (path.empty() || path.front() != '/') return {Kind::NotFound, {}};
  // Segments between slashes; one trailing slash is allowed ("/play/x/"), an
  // empty segment elsewhere ("//etc") is not: it would name the file system's root.
  std::vector<std::string_view> segments;
  std::string_view rest = std::string_view(path).substr(1);
  if (!rest.empty() && rest.back() == '/') rest.remove_suffix(1);
  while (!rest.empty()) {
    auto end = rest.find('/');
    std::string_view segment = rest.substr(0, end);
    if (segment.empty() || segment.front() == '.' || segment.find('\\') != std::string_view::npos)
      return {Kind::NotFound, {}};  // "..", ".", dotfiles, Windows separators
    segments.push_back(segment);
    rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
  }
  if (segments.empty()) return {Kind::AppPage, root / "index.html"};

  fs::path wanted = root;
  for (auto segment : segments) wanted /= fs::path(std::string(segment));
  fs::path file = fs::canonical(wanted, ec);  // follows every link
  bool servable = !ec && is_within(file, root) && file != root && fs::is_regular_file(file, ec) && !ec &&
                  kind_of(file) != nullptr &&
                  std::find(never_serve_.begin(), never_serve_.end(), file) == never_serve_.end();
  if (servable) {
    // A link inside the folder may still point at a dotfile inside it.
    for (const auto& part : file.lexically_relative(root))
      if (part.string().starts_with('.')) servable = false;
  }
  if (servable) return {Kind::File, file};
  if (is_app_route(segments)) return {Kind::AppPage, root / "index.html"};
  return {Kind::NotFound, {}};
}

}  // namespace bw::server
