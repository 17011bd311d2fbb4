// Sheep in Disguise: the named parameters, their defaults and why.
#include <string_view>

#include "core/errors.hpp"
#include "core/param_table.hpp"
#include "games/disguise/disguise.hpp"

namespace bw::disguise {

namespace {
// Table keys, in card-kind order.
constexpr std::array<std::string_view, kSheepTypes> kSheepKeys = {"viking", "dad",    "sheep3", "sheep4",
                                                                  "sheep5", "sheep6", "sheep7", "sheep8"};
constexpr std::array<std::string_view, kActionTypes> kActionKeys = {"nice_try", "draw_2",  "steal", "gimme", "yoink",
                                                                    "take_2",   "restock", "yank",  "dig",   "expose"};
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
  for (std::size_t i = 0; i < N; ++i) out += (i ? ", " : "") + std::string(keys[i]) + ":" + std::to_string(values[i]);
  return out;
}
}  // namespace

namespace {

ParamTable<Params> declared() {
  const Params d;
  return {
      table_param<Params>("sheep", table_text(kSheepKeys, d.sheep),
                          "copies of each of the 8 sheep types (6 each unless changed; the names are "
                          "placeholders); types not listed keep their default",
                          [](Params& p, std::string_view v) { read_table(v, "sheep", kSheepKeys, p.sheep); }),
      table_param<Params>("actions", table_text(kActionKeys, d.actions),
                          "copies of each Action card; cards not listed keep their default",
                          [](Params& p, std::string_view v) { read_table(v, "actions", kActionKeys, p.actions); }),
      table_param<Params>("attacks", table_text(kAttackKeys, d.attacks),
                          "Attack cards by secondary effect: every player passes 1 card left / right "
                          "(4 passing left unless changed)",
                          [](Params& p, std::string_view v) { read_table(v, "attacks", kAttackKeys, p.attacks); }),
      bool_param("golden_sheep", &Params::golden_sheep,
                 "3 Golden Sheep join the deck; a player holding all 3 wins at once (an optional rule)"),
      bool_param("buying", &Params::buying, "extra move: pay 2 cards of a kind to take 1 Field card"),
      bool_param("wild_flocks", &Params::wild_flocks, "extra move: 5 different sheep types as one flock"),
      int_param("start_player", &Params::start_player, 0, 6, "seat that starts (1-based); 0 picks one at random"),
      int_param("target_flocks", &Params::target_flocks, 0, 9, "flocks that win; 0 = rulebook (2-3p 5, 4p 4, 5-6p 3)"),
      int_param("turn_limit", &Params::turn_limit, 10, 60000,
                "hard guard: after this many turns the game ends and most flocks win"),
  };
}

}  // namespace

std::vector<ParamSpec> State::param_specs() { return specs_of(declared()); }

Params Params::from(const ParamMap& map) { return read_params(declared(), map); }

}  // namespace bw::disguise
