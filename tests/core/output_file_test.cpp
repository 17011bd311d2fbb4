// core/output_file.hpp: outputs checked before the work, regular files only,
// and a failed write never replaces a good file.
#include "core/output_file.hpp"

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/stat.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/errors.hpp"
#include "support/files.hpp"

namespace bw {
namespace {

namespace fs = std::filesystem;
using OutputFiles = testing::ScratchDir;

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

using testing::contains;

std::size_t files_in(const fs::path& dir) {
  return static_cast<std::size_t>(std::distance(fs::directory_iterator(dir), fs::directory_iterator{}));
}

TEST_F(OutputFiles, WritesANewFileAndReplacesAnOldOne) {
  write_file_atomically(path("out.txt"), "first\n", "--out");
  EXPECT_EQ(read(path("out.txt")), "first\n");
  write_file_atomically(path("out.txt"), "second\n", "--out");
  EXPECT_EQ(read(path("out.txt")), "second\n");
  EXPECT_EQ(files_in(dir_), 1u);  // no temporary left beside it
  struct stat info{};
  ASSERT_EQ(stat(path("out.txt").c_str(), &info), 0);
  EXPECT_NE(info.st_mode & S_IRGRP, 0u) << "readable like any file the user makes, not 0600";
}

TEST_F(OutputFiles, RefusesWhatIsNotARegularFileAndLeavesItAlone) {
  ASSERT_EQ(mkfifo(path("fifo").c_str(), 0600), 0);
  fs::create_directory(path("folder"));
  write("real.json", "good");
  fs::create_symlink(path("real.json"), path("link.json"));
  struct Case {
    std::string name, reason;
  };
  for (const Case& c :
       {Case{"fifo", "not a regular file"}, Case{"folder", "folder"}, Case{"link.json", "symbolic link"}}) {
    std::string message =
        testing::error_message<CannotWrite>([&] { write_file_atomically(path(c.name), "x", "--save"); });
    EXPECT_TRUE(contains(message, c.reason)) << message;
    EXPECT_TRUE(contains(message, "--save")) << message;
  }
  EXPECT_TRUE(fs::is_fifo(path("fifo")));
  EXPECT_TRUE(fs::is_symlink(path("link.json")));
  EXPECT_EQ(read(path("real.json")), "good");
  std::string device = testing::error_message<CannotWrite>([&] { check_output_path("/dev/null", "--out"); });
  EXPECT_TRUE(contains(device, "not a regular file")) << device;
}

TEST_F(OutputFiles, AMissingFolderIsFoundBeforeAnyWork) {
  std::string message =
      testing::error_message<CannotWrite>([&] { check_output_path(path("no/dir/x.json"), "--save"); });
  EXPECT_TRUE(contains(message, "No such file or directory")) << message;
  EXPECT_NO_THROW(check_output_path(path("fresh.json"), "--save"));
  EXPECT_FALSE(fs::exists(path("fresh.json")));  // checking writes nothing
}

// A disk that fills up halfway: here a file-size limit, which fails write() the same way.
TEST_F(OutputFiles, AFailedWriteKeepsTheGoodFile) {
  write("record.json", "the good record");
  auto old_handler = std::signal(SIGXFSZ, SIG_IGN);
  rlimit old_limit{};
  ASSERT_EQ(getrlimit(RLIMIT_FSIZE, &old_limit), 0);
  rlimit small = old_limit;
  small.rlim_cur = 16;
  ASSERT_EQ(setrlimit(RLIMIT_FSIZE, &small), 0);
  std::string message = testing::error_message<CannotWrite>(
      [&] { write_file_atomically(path("record.json"), std::string(4096, 'x'), "--save"); });
  setrlimit(RLIMIT_FSIZE, &old_limit);
  std::signal(SIGXFSZ, old_handler);
  EXPECT_TRUE(contains(message, "File too large")) << message;
  EXPECT_EQ(read(path("record.json")), "the good record");
  EXPECT_EQ(files_in(dir_), 1u) << "the temporary file was left behind";
}

}  // namespace
}  // namespace bw
