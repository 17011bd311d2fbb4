// Sheep in Disguise: the named parameters, their defaults and why.
#include <string_view>

#include "core/errors.hpp"
#include "games/disguise/disguise.hpp"

namespace bw::disguise {

namespace {
// Table keys, in card-kind order.
constexpr std::array<std::string_view, kSheepTypes> kSheepKeys = {"viking", "dad", "sheep3", "sheep4",
                                                                    "sheep5", "sheep6", "sheep7", "sheep8"};
constexpr std::array<std::string_view, kActionTypes> kActionKeys = {
    "nice_try", "draw_2", "steal", "gimme", "yoink", "take_2", "restock", "yank", "dig", "expose"};
constexpr std::array<std::string_view, 2> kAttackKeys = {"pass_left", "pass_right"};

template <std::size_t N>
void read_table(std::string_view text, std::string_view param, const std::array<std::string_view, N>& keys,
                std::array<std::uint8_t, N>& out) {
  for (const TableEntry& entry : parse_keyed_table(text, param)) {
    std::size_t i = 0;
    while (i < N && keys[i] != entry.key) ++i;
    if (i == N) {
      std::string known;
      for (auto key : keys) known += (known.empty() ? "" : ", ") + std::string(key);
      throw BadParameter(std::string(param) + ": unknown card '" + entry.key + "' (known: " + known + ")");
    }
    out[i] = static_cast<std::uint8_t>(table_int(entry, param, 0, 20));
  }
}

template <std::size_t N>
std::string table_text(const std::array<std::string_view, N>& keys, const std::array<std::uint8_t, N>& values) {
  std::string out;
  for (std::size_t i = 0; i < N; ++i)
    out += (i ? ", " : "") + std::string(keys[i]) + ":" + std::to_string(values[i]);
  return out;
}
}  // namespace

std::vector<ParamSpec> State::param_specs() {
  const Params d;
  ParamSpec sheep{"sheep", ParamType::Table, table_text(kSheepKeys, d.sheep), 0, 0, {},
                  "copies of each of the 8 sheep types (CLARIFICATIONS 5b: 6 each; names are placeholders); "
                  "types not listed keep their default"};
  sheep.check_table = [](std::string_view text) {
    std::array<std::uint8_t, kSheepTypes> tmp{};
    read_table(text, "sheep", kSheepKeys, tmp);
  };
  ParamSpec actions{"actions", ParamType::Table, table_text(kActionKeys, d.actions), 0, 0, {},
                    "copies of each Action card (CLARIFICATIONS 5b); cards not listed keep their default"};
  actions.check_table = [](std::string_view text) {
    std::array<std::uint8_t, kActionTypes> tmp{};
    read_table(text, "actions", kActionKeys, tmp);
  };
  ParamSpec attacks{"attacks", ParamType::Table, table_text(kAttackKeys, d.attacks), 0, 0, {},
                    "Attack cards by secondary effect: every player passes 1 card left / right "
                    "(CLARIFICATIONS 5b: 4 x pass left)"};
  attacks.check_table = [](std::string_view text) {
    std::array<std::uint8_t, 2> tmp{};
    read_table(text, "attacks", kAttackKeys, tmp);
  };
  return {
      sheep,
      actions,
      attacks,
      {"golden_sheep", ParamType::Bool, "false", 0, 0, {},
       "3 Golden Sheep join the deck; a player holding all 3 wins at once (rulebook: optional)"},
      {"buying", ParamType::Bool, "true", 0, 0, {}, "extra move: pay 2 cards of a kind to take 1 Field card"},
      {"wild_flocks", ParamType::Bool, "true", 0, 0, {}, "extra move: 5 different sheep types as one flock"},
      {"start_player", ParamType::Int, "0", 0, 6, {}, "seat that starts (1-based); 0 picks one at random"},
      {"target_flocks", ParamType::Int, "0", 0, 9, {}, "flocks that win; 0 = rulebook (2-3p 5, 4p 4, 5-6p 3)"},
      {"turn_limit", ParamType::Int, "400", 10, 60000, {},
       "hard guard: after this many turns the game ends and most flocks win"},
  };
}

Params Params::from(const ParamMap& map) {
  Params p;
  read_table(param_text(map, "sheep"), "sheep", kSheepKeys, p.sheep);
  read_table(param_text(map, "actions"), "actions", kActionKeys, p.actions);
  read_table(param_text(map, "attacks"), "attacks", kAttackKeys, p.attacks);
  p.golden_sheep = param_bool(map, "golden_sheep");
  p.buying = param_bool(map, "buying");
  p.wild_flocks = param_bool(map, "wild_flocks");
  p.start_player = param_int(map, "start_player");
  p.target_flocks = param_int(map, "target_flocks");
  p.turn_limit = param_int(map, "turn_limit");
  return p;
}

}  // namespace bw::disguise
