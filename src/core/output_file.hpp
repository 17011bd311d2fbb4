#pragma once
// Files written to paths people give (records, reports, summaries). The path
// is checked before any work starts, so a typo costs nothing; the contents go
// to a temporary file beside it, are flushed to disk (when a file is there to
// be replaced) and renamed over the path, so a full disk or a crash never
// replaces a good file with a bad one;
// and only regular files are ever replaced (never a FIFO, a device or what a
// symbolic link points to).
#include <string>
#include <string_view>

namespace bw {

// Throws CannotWrite naming `what` ("--save") and the reason when `path`
// could not be written: a missing or unwritable folder, a directory, or
// anything but a regular file.
void check_output_path(const std::string& path, std::string_view what);

// Checks as above, then writes `contents` atomically. Throws CannotWrite with
// the system's reason; the temporary file is removed on failure.
void write_file_atomically(const std::string& path, std::string_view contents, std::string_view what);

}  // namespace bw
