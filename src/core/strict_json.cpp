#include "core/strict_json.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <system_error>
#include <unordered_set>
#include <vector>

#include "core/errors.hpp"
#include "core/outside_text.hpp"

namespace bw {

namespace {

using json = nlohmann::json;

// A first pass over the text that builds no DOM: it stops at the first level
// past the depth limit and at the first key given twice, and keeps the reason.
class StrictChecker {
 public:
  explicit StrictChecker(std::size_t max_depth) : max_depth_(max_depth) {}

  bool null() { return true; }
  bool boolean(bool) { return true; }
  bool number_integer(json::number_integer_t) { return true; }
  bool number_unsigned(json::number_unsigned_t) { return true; }
  bool number_float(json::number_float_t, const json::string_t&) { return true; }
  bool string(json::string_t&) { return true; }
  bool binary(json::binary_t&) { return true; }
  bool start_object(std::size_t) { return open(); }
  bool start_array(std::size_t) { return open(); }
  bool end_object() { return close(); }
  bool end_array() { return close(); }
  bool key(json::string_t& name) {
    if (keys_.back().insert(name).second) return true;
    problem_ = "the key \"" + excerpt(name) + "\" is given twice in one object";
    return false;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& error) {
    problem_ = "not valid JSON: " + parser_reason(error.what());
    return false;
  }

  const std::string& problem() const { return problem_; }

 private:
  // Arrays get a key set too, so that open() and close() always pair up.
  bool open() {
    if (keys_.size() == max_depth_) {
      problem_ = "nested too deeply (more than " + std::to_string(max_depth_) + " levels of arrays and objects)";
      return false;
    }
    keys_.emplace_back();
    return true;
  }
  bool close() {
    keys_.pop_back();
    return true;
  }

  // nlohmann's message without its "[json.exception...]" tag and without the
  // "last read: '...'" echo, which can hold a whole megabyte-long token.
  static std::string parser_reason(std::string text) {
    if (text.rfind("[json.exception.", 0) == 0) {
      auto end = text.find("] ");
      if (end != std::string::npos) text.erase(0, end + 2);
    }
    auto echo = text.find("; last read: '");
    if (echo != std::string::npos) {
      auto expected = text.rfind("'; expected ");
      text.erase(echo, expected == std::string::npos || expected < echo ? std::string::npos : expected + 1 - echo);
    }
    return excerpt(text, 200);
  }

  std::size_t max_depth_;
  std::vector<std::unordered_set<std::string>> keys_;  // per open array or object
  std::string problem_;
};

std::string size_text(std::size_t bytes) {
  if (bytes % (std::size_t{1} << 20) == 0) return std::to_string(bytes >> 20) + " MiB";
  return std::to_string(bytes) + " bytes";
}

// Closes a file descriptor when it goes out of scope.
struct FileDescriptor {
  int fd = -1;
  ~FileDescriptor() {
    if (fd >= 0) ::close(fd);
  }
};

[[noreturn]] void cannot_open(std::string_view what, const std::string& reason) {
  throw BadJson("cannot open " + std::string(what) + ": " + reason);
}

std::string os_reason(int error) {
  if (error == ENOENT) return "no such file";
  if (error == EISDIR) return "it is a directory";
  return std::error_code(error, std::generic_category()).message();
}

// Regular files only: opening a FIFO would block until a writer comes, and a
// device like /dev/zero never ends.
void check_regular(const struct stat& info, std::string_view what, std::size_t max_bytes) {
  if (S_ISDIR(info.st_mode)) cannot_open(what, "it is a directory");
  if (!S_ISREG(info.st_mode)) cannot_open(what, "it is not a regular file (a FIFO, a device or a socket)");
  if (static_cast<std::uint64_t>(info.st_size) > max_bytes)
    cannot_open(what,
                "it is too large (" + std::to_string(info.st_size) + " bytes; at most " + size_text(max_bytes) + ")");
}

}  // namespace

nlohmann::json parse_strict_json(std::string_view text, std::string_view what, const JsonLimits& limits) {
  const std::string name(what);
  if (text.size() > limits.max_bytes)
    throw BadJson(name + " is too large (" + std::to_string(text.size()) + " bytes; at most " +
                  size_text(limits.max_bytes) + ")");
  // nlohmann stops at a NUL as if the input ended there, so whatever follows
  // it would pass unseen. A NUL is never part of valid JSON text.
  if (auto nul = text.find('\0'); nul != std::string_view::npos)
    throw BadJson(name + " is not valid JSON: a NUL byte at offset " + std::to_string(nul));
  StrictChecker checker(limits.max_depth);
  if (!json::sax_parse(text, &checker, json::input_format_t::json, /*strict=*/true))
    throw BadJson(name + ": " + checker.problem());
  try {
    return json::parse(text);
  } catch (const json::exception& e) {  // the checker saw the same text; this should not happen
    throw BadJson(name + " is not valid JSON: " + excerpt(e.what(), 200));
  }
}

std::string read_bounded_file(const std::string& path, std::size_t max_bytes, std::string_view what) {
  struct stat info{};
  if (::stat(path.c_str(), &info) != 0) cannot_open(what, os_reason(errno));
  check_regular(info, what, max_bytes);
  // O_NONBLOCK: should the file be swapped for a FIFO after the check, the open does not hang.
  FileDescriptor file{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC)};
  if (file.fd < 0) cannot_open(what, os_reason(errno));
  if (::fstat(file.fd, &info) != 0) cannot_open(what, os_reason(errno));
  check_regular(info, what, max_bytes);

  std::string text;
  char buffer[65536];
  while (true) {
    ssize_t got = ::read(file.fd, buffer, sizeof buffer);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) throw BadJson("cannot read " + std::string(what) + ": " + os_reason(errno));
    if (got == 0) break;
    text.append(buffer, static_cast<std::size_t>(got));
    if (text.size() > max_bytes)  // it grew while we read
      cannot_open(what, "it is too large (more than " + size_text(max_bytes) + ")");
  }
  return text;
}

}  // namespace bw
