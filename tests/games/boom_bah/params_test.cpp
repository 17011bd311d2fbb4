// Sheep Boom Bah: its data-table parameters refuse a key given twice (one
// shared check, core/params.hpp parse_keyed_table), rather than keeping the last.
#include <gtest/gtest.h>

#include <string>

#include "core/errors.hpp"
#include "games/catalog.hpp"
#include "support/files.hpp"

namespace bw {
namespace {

std::string table_message(const std::string& name, const std::string& value) {
  const GameInfo& game = registry().find("boom-bah");
  return testing::error_message<BadParameter>([&] { validate_params(game.params, {{name, value}}); });
}

using testing::contains;

TEST(BoomBahParams, TablesRefuseAKeyGivenTwice) {
  std::string message = table_message("deck", "hero:2, ambahlance:2, eieino:2, wolf:2, wild_wool:4, hero:6");
  EXPECT_TRUE(contains(message, "parameter 'deck': 'hero' is given twice")) << message;
  message = table_message("tiles_3p", "barn:2, mine:6, safe:13, Mine:6");  // keys are case-blind
  EXPECT_TRUE(contains(message, "parameter 'tiles_3p': 'mine' is given twice")) << message;
  message = table_message("sheep", "2:4, 3:4, 4:4, 2:5");
  EXPECT_TRUE(contains(message, "parameter 'sheep': '2' is given twice")) << message;
  message = table_message("effects",
                          "mine:graveyard, hero:stay, ambahlance:barnyard, own_barn:barnyard, other_barn:tile_barn, "
                          "mine:stay");
  EXPECT_TRUE(contains(message, "parameter 'effects': 'mine' is given twice")) << message;
}

TEST(BoomBahParams, TheDefaultsAndDistinctKeysAreFine) {
  const GameInfo& game = registry().find("boom-bah");
  EXPECT_NO_THROW(validate_params(game.params, {}));
  EXPECT_NO_THROW(validate_params(game.params, {{"sheep", "2:5, 3:4, 4:4"}}));
}

}  // namespace
}  // namespace bw
