#include "core/output_file.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <sys/stat.h>
#include <unistd.h>

#include "core/errors.hpp"

namespace bw {

namespace {

std::string reason(int error) { return std::strerror(error); }

[[noreturn]] void refuse(std::string_view what, const std::string& path, const std::string& why) {
  throw CannotWrite(std::string(what) + ": cannot write '" + path + "': " + why);
}

std::string folder_of(const std::string& path) {
  std::string folder = std::filesystem::path(path).parent_path().string();
  return folder.empty() ? "." : folder;
}

// check_output_path, telling whether a file is already there to be replaced.
bool checked_path_exists(const std::string& path, std::string_view what) {
  if (path.empty()) refuse(what, path, "the path is empty");
  struct stat info{};
  const bool exists = lstat(path.c_str(), &info) == 0;
  if (exists) {
    if (S_ISDIR(info.st_mode)) refuse(what, path, "it is a folder");
    if (S_ISLNK(info.st_mode)) refuse(what, path, "it is a symbolic link (give the real path)");
    if (!S_ISREG(info.st_mode)) refuse(what, path, "it is not a regular file (bellwether writes regular files only)");
  } else if (errno != ENOENT) {
    refuse(what, path, reason(errno));
  }
  const std::string folder = folder_of(path);
  struct stat folder_info{};
  if (stat(folder.c_str(), &folder_info) != 0) refuse(what, path, "the folder '" + folder + "': " + reason(errno));
  if (!S_ISDIR(folder_info.st_mode)) refuse(what, path, "'" + folder + "' is not a folder");
  // The file is written beside its final place and renamed, so the folder must be writable.
  if (access(folder.c_str(), W_OK | X_OK) != 0) refuse(what, path, "the folder '" + folder + "': " + reason(errno));
  return exists;
}

}  // namespace

void check_output_path(const std::string& path, std::string_view what) { checked_path_exists(path, what); }

void write_file_atomically(const std::string& path, std::string_view contents, std::string_view what) {
  // Flushing to disk before the rename is what keeps a good file safe from a
  // crash; a new file has nothing to keep, and a run writing thousands of
  // records (sim --records) would wait on the disk for each one.
  const bool replacing = checked_path_exists(path, what);
  std::string temporary = path + ".tmp-XXXXXX";
  int fd = mkstemp(temporary.data());
  if (fd < 0) refuse(what, path, reason(errno));
  auto fail = [&](int error) {
    close(fd);
    unlink(temporary.c_str());
    refuse(what, path, reason(error));
  };
  for (std::size_t written = 0; written < contents.size();) {
    ssize_t n = write(fd, contents.data() + written, contents.size() - written);
    if (n < 0) {
      if (errno == EINTR) continue;
      fail(errno);
    }
    written += static_cast<std::size_t>(n);
  }
  // mkstemp makes the file 0600; a record or report is as readable as any file the user makes.
  mode_t mask = umask(0);
  umask(mask);
  if (fchmod(fd, 0666 & ~mask) != 0) fail(errno);
  if (replacing && fsync(fd) != 0) fail(errno);
  if (close(fd) != 0) {
    int error = errno;
    unlink(temporary.c_str());
    refuse(what, path, reason(error));
  }
  if (std::rename(temporary.c_str(), path.c_str()) != 0) {
    int error = errno;
    unlink(temporary.c_str());
    refuse(what, path, reason(error));
  }
}

}  // namespace bw
