#pragma once
// One strict reader for every JSON that comes from outside (record files, and
// later the network and Python): nlohmann's parser accepts more than we want
// (bytes after a NUL, a key given twice, unbounded nesting that later
// overflows the stack in dump() and destruction), so everything goes through here.
#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace bw {

struct JsonLimits {
  std::size_t max_bytes = std::size_t{16} << 20;  // 16 MiB
  std::size_t max_depth = 64;                     // arrays and objects inside one another
};

// Parses `text` as exactly one JSON value. Refuses, naming `what` ("'game.json'",
// "the record") and the problem: text over limits.max_bytes, a NUL byte, anything
// after the value, nesting deeper than limits.max_depth (checked before any DOM
// is built), a key given twice in one object, invalid UTF-8. Throws BadJson.
nlohmann::json parse_strict_json(std::string_view text, std::string_view what, const JsonLimits& limits = {});

// The contents of the regular file `path`, at most `max_bytes`. A directory, a
// FIFO or a device is refused without being opened for a blocking read. Throws
// BadJson "cannot open <what>: <reason>" (no such file, is a directory, too large, ...).
std::string read_bounded_file(const std::string& path, std::size_t max_bytes, std::string_view what);

}  // namespace bw
