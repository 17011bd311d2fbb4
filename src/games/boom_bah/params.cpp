// Sheep Boom Bah: the named parameters, their defaults and why. The rulebook
// gives no component list, so the tile mix, sheep, deck and effects are data
// tables (docs/rules/boom-bah.md, Components: all proposals) that an owner of the
// physical game can correct without touching code.
#include <string>

#include "core/errors.hpp"
#include "core/param_table.hpp"
#include "core/wording.hpp"
#include "games/boom_bah/boom_bah.hpp"

namespace bw::boom_bah {

namespace {

constexpr const char* kTiles2 = "barn:2, mine:5, safe:16";
constexpr const char* kTiles3 = "barn:2, mine:6, safe:13";
constexpr const char* kTiles4 = "barn:2, mine:7, safe:10";
constexpr const char* kSheep = "2:4, 3:4, 4:4";
constexpr const char* kDeck = "hero:2, ambahlance:2, eieino:2, wolf:2, wild_wool:4";
constexpr const char* kEffects =
    "mine:graveyard, hero:stay, ambahlance:barnyard, own_barn:barnyard, other_barn:tile_barn";

// A tile mix for `players`: barns per seat colour, mines, safe fields; 25 tiles in all.
std::array<std::uint8_t, 3> parse_tiles(std::string_view text, const std::string& param, int players) {
  std::array<int, 3> counts{-1, -1, -1};
  for (const TableEntry& e : parse_keyed_table(text, param)) {
    int index = e.key == "barn" ? 0 : e.key == "mine" ? 1 : e.key == "safe" ? 2 : -1;
    if (index < 0) throw BadParameter("parameter '" + param + "': unknown tile '" + e.key + "' (use barn, mine, safe)");
    counts[index] = table_int(e, param, 0, kFieldTiles);
  }
  for (int i = 0; i < 3; ++i)
    if (counts[i] < 0) throw BadParameter("parameter '" + param + "' needs barn, mine and safe entries");
  int total = counts[0] * players + counts[1] + counts[2];
  if (total != kFieldTiles)
    throw BadParameter("parameter '" + param + "': " + counted(counts[0], "barn") + " per seat x " +
                       std::to_string(players) + " + " + counted(counts[1], "mine") + " + " +
                       std::to_string(counts[2]) + " safe = " + std::to_string(total) + " tiles, but the field has " +
                       std::to_string(kFieldTiles));
  return {static_cast<std::uint8_t>(counts[0]), static_cast<std::uint8_t>(counts[1]),
          static_cast<std::uint8_t>(counts[2])};
}

std::array<std::uint8_t, kMaxSeats + 1> parse_sheep(std::string_view text) {
  std::array<std::uint8_t, kMaxSeats + 1> out{};
  for (const TableEntry& e : parse_keyed_table(text, "sheep")) {
    int players = e.key == "2" ? 2 : e.key == "3" ? 3 : e.key == "4" ? 4 : -1;
    if (players < 0) throw BadParameter("parameter 'sheep': unknown player count '" + e.key + "' (use 2, 3, 4)");
    int n = table_int(e, "sheep", 1, kMaxSheepPerPlayer);
    if (n * players > kStartSpaces)
      throw BadParameter("parameter 'sheep': " + std::to_string(players) + " players x " + std::to_string(n) +
                         " sheep do not fit on the " + std::to_string(kStartSpaces) + " start spaces");
    out[players] = static_cast<std::uint8_t>(n);
  }
  for (int players = 2; players <= kMaxSeats; ++players)
    if (out[players] == 0) throw BadParameter("parameter 'sheep' needs entries for 2, 3 and 4 players");
  return out;
}

std::array<std::uint8_t, kNumCardKinds> parse_deck(std::string_view text) {
  std::array<int, kNumCardKinds> out{-1, -1, -1, -1, -1};
  static constexpr const char* kKeys[kNumCardKinds] = {"hero", "ambahlance", "eieino", "wolf", "wild_wool"};
  for (const TableEntry& e : parse_keyed_table(text, "deck")) {
    int kind = -1;
    for (int k = 0; k < kNumCardKinds; ++k)
      if (e.key == kKeys[k]) kind = k;
    if (kind < 0)
      throw BadParameter("parameter 'deck': unknown card '" + e.key +
                         "' (use hero, ambahlance, eieino, wolf, wild_wool)");
    out[kind] = table_int(e, "deck", 0, kind == kWildWool ? 16 : 6);
  }
  std::array<std::uint8_t, kNumCardKinds> deck{};
  for (int k = 0; k < kNumCardKinds; ++k) {
    if (out[k] < 0) throw BadParameter(std::string("parameter 'deck' needs an entry for ") + kKeys[k]);
    deck[k] = static_cast<std::uint8_t>(out[k]);
  }
  return deck;
}

Dest parse_dest(const TableEntry& e, bool barn_tile) {
  if (e.value == "stay" && !barn_tile) return Dest::Stay;
  if (e.value == "barnyard") return Dest::Barnyard;
  if (e.value == "barn") return Dest::Barn;
  if (e.value == "graveyard") return Dest::Graveyard;
  if (e.value == "tile_barn" && barn_tile) return Dest::TileBarn;
  throw BadParameter("parameter 'effects': '" + e.key + ":" + e.value + "' should be one of " +
                     (barn_tile ? "barnyard, barn, tile_barn, graveyard" : "stay, barnyard, barn, graveyard"));
}

void parse_effects(std::string_view text, Params& p) {
  bool seen[5] = {};
  for (const TableEntry& e : parse_keyed_table(text, "effects")) {
    if (e.key == "mine") p.mine = parse_dest(e, false), seen[0] = true;
    else if (e.key == "hero") p.hero = parse_dest(e, false), seen[1] = true;
    else if (e.key == "ambahlance") p.ambahlance = parse_dest(e, false), seen[2] = true;
    else if (e.key == "own_barn") p.own_barn = parse_dest(e, true), seen[3] = true;
    else if (e.key == "other_barn") p.other_barn = parse_dest(e, true), seen[4] = true;
    else
      throw BadParameter("parameter 'effects': unknown effect '" + e.key +
                         "' (use mine, hero, ambahlance, own_barn, other_barn)");
  }
  for (bool s : seen)
    if (!s) throw BadParameter("parameter 'effects' needs entries for mine, hero, ambahlance, own_barn, other_barn");
}

}  // namespace

Params::Params() {
  tiles[2] = parse_tiles(kTiles2, "tiles_2p", 2);
  tiles[3] = parse_tiles(kTiles3, "tiles_3p", 3);
  tiles[4] = parse_tiles(kTiles4, "tiles_4p", 4);
  sheep = parse_sheep(kSheep);
  deck = parse_deck(kDeck);
  parse_effects(kEffects, *this);
}

namespace {

ParamTable<Params> declared() {
  return {
      table_param<Params>("tiles_2p", kTiles2,
                          "field tiles with 2 players: barns per seat colour, mines, safe fields (25 in all)",
                          [](Params& p, std::string_view v) { p.tiles[2] = parse_tiles(v, "tiles_2p", 2); }),
      table_param<Params>("tiles_3p", kTiles3, "field tiles with 3 players (25 in all)",
                          [](Params& p, std::string_view v) { p.tiles[3] = parse_tiles(v, "tiles_3p", 3); }),
      table_param<Params>("tiles_4p", kTiles4, "field tiles with 4 players (25 in all)",
                          [](Params& p, std::string_view v) { p.tiles[4] = parse_tiles(v, "tiles_4p", 4); }),
      table_param<Params>("sheep", kSheep, "sheep per player, by player count",
                          [](Params& p, std::string_view v) { p.sheep = parse_sheep(v); }),
      table_param<Params>("deck", kDeck, "cards: copies of each kind per colour (all four colours), Wild Wool in total",
                          [](Params& p, std::string_view v) { p.deck = parse_deck(v); }),
      table_param<Params>(
          "effects", kEffects,
          "where a sheep goes: stay, barnyard, barn (its owner's), tile_barn (the barn tile owner's), graveyard",
          [](Params& p, std::string_view v) { parse_effects(v, p); }),
      bool_param("diagonal_moves", &Params::diagonal_moves, "sheep move and bump diagonally too (\"any direction\")"),
      int_param("hand_size", &Params::hand_size, 1, kMaxHand, "cards dealt, and drawn back up to (rulebook: 4)"),
      int_param("start_player", &Params::start_player, 0, kMaxSeats,
                "seat that starts (1-based); 0 picks one at random"),
      int_param("turn_limit", &Params::turn_limit, 10, 60000,
                "hard guard: the game ends and is scored after this many turns"),
  };
}

}  // namespace

std::vector<ParamSpec> State::param_specs() { return specs_of(declared()); }

Params Params::from(const ParamMap& map) { return read_params(declared(), map); }

}  // namespace bw::boom_bah
