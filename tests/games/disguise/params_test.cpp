// Sheep in Disguise: its card tables refuse a card given twice (one shared
// check, core/params.hpp parse_keyed_table), rather than keeping the last.
#include <gtest/gtest.h>

#include <string>

#include "core/errors.hpp"
#include "games/catalog.hpp"
#include "support/files.hpp"

namespace bw {
namespace {

std::string table_message(const std::string& name, const std::string& value) {
  const GameInfo& game = registry().find("disguise");
  return testing::error_message<BadParameter>([&] { validate_params(game.params, {{name, value}}); });
}

using testing::contains;

TEST(DisguiseParams, TablesRefuseACardGivenTwice) {
  std::string message = table_message("sheep", "viking:6, viking:20");
  EXPECT_TRUE(contains(message, "parameter 'sheep': 'viking' is given twice")) << message;
  message = table_message("actions", "steal:2, yank:1, STEAL:0");
  EXPECT_TRUE(contains(message, "parameter 'actions': 'steal' is given twice")) << message;
  message = table_message("attacks", "pass_left:4, pass_left:0");
  EXPECT_TRUE(contains(message, "parameter 'attacks': 'pass_left' is given twice")) << message;
}

TEST(DisguiseParams, TheDefaultsAndPartialTablesAreFine) {
  const GameInfo& game = registry().find("disguise");
  EXPECT_NO_THROW(validate_params(game.params, {}));
  EXPECT_NO_THROW(validate_params(game.params, {{"sheep", "viking:4, dad:5"}}));
}

}  // namespace
}  // namespace bw
