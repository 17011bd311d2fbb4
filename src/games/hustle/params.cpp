// Sheep Hustle: the named parameters, their defaults and why.
// Where the rulebook is silent, docs/rules/hustle.md gives the choice and its reason.
#include <charconv>
#include <string>
#include <string_view>

#include "core/errors.hpp"
#include "core/param_table.hpp"
#include "games/hustle/hustle.hpp"

namespace bw::hustle {

namespace {

// CLARIFICATIONS 3b: 15 water squares per side, generated once (seed 20111020).
constexpr const char* kDefaultWater =
    "a: 6 7 26 41 44 50 60 69 74 75 77 81 87 89 97, "
    "b: 6 7 15 22 24 25 31 45 47 51 56 57 62 73 77, "
    "c: 2 5 10 14 17 34 43 48 52 57 62 71 76 83 86, "
    "d: 1 5 18 24 25 57 61 64 70 73 74 84 86 93 97";
// CLARIFICATIONS 3b: 8 Run Back and 8 Change Scope pads.
constexpr const char* kDefaultPads =
    "run:10, run:10, run:20, run:20, run:30, run:30, run:40, run:40, "
    "change:3, change:3, change:5, change:5, change:7, change:7, change:9, change:9";

std::array<WaterSide, kNumSides> parse_water(std::string_view text) {
  std::array<WaterSide, kNumSides> out{};
  std::array<bool, kNumSides> seen{};
  for (const TableEntry& entry : parse_table(text, "water")) {
    if (entry.key.size() != 1 || entry.key[0] < 'a' || entry.key[0] > 'd')
      throw BadParameter("parameter 'water': side '" + entry.key + "' should be a, b, c or d");
    int side = entry.key[0] - 'a';
    if (seen[side]) throw BadParameter("parameter 'water': side '" + entry.key + "' is given twice");
    seen[side] = true;
    std::string_view rest = entry.value;
    while (!rest.empty()) {
      auto start = rest.find_first_not_of(' ');
      if (start == std::string_view::npos) break;
      rest.remove_prefix(start);
      auto end = rest.find(' ');
      std::string_view word = rest.substr(0, end);
      rest = end == std::string_view::npos ? std::string_view{} : rest.substr(end);
      int square = -1;
      auto [ptr, ec] = std::from_chars(word.data(), word.data() + word.size(), square);
      if (ec != std::errc{} || ptr != word.data() + word.size() || square < 1 || square > 99)
        throw BadParameter("parameter 'water': side " + entry.key + ": '" + std::string(word) +
                           "' should be a square 1..99 (square 0 is where the sheep start; it is never water)");
      out[side].set(square);
    }
  }
  for (int side = 0; side < kNumSides; ++side)
    if (!seen[side])
      throw BadParameter("parameter 'water': side '" + std::string(1, static_cast<char>('a' + side)) +
                         "' is missing (give all four: a, b, c, d)");
  return out;
}

int parse_pads(std::string_view text, std::array<Pad, kMaxPads>& pads) {
  int n = 0;
  for (const TableEntry& entry : parse_table(text, "clover_pads")) {
    if (n == kMaxPads) throw BadParameter("parameter 'clover_pads': at most 16 pads");
    Pad pad;
    if (entry.key == "run") {
      pad.kind = PadKind::RunBack;
      pad.value = static_cast<std::uint8_t>(table_int(entry, "clover_pads", 1, kMaxRunBack));
    } else if (entry.key == "change") {
      pad.kind = PadKind::Change;
      pad.value = static_cast<std::uint8_t>(table_int(entry, "clover_pads", 1, kMaxChange));
    } else {
      throw BadParameter("parameter 'clover_pads': pad '" + entry.key + "' should be run or change");
    }
    pads[n++] = pad;
  }
  return n;
}

}  // namespace

Params::Params() {
  water = parse_water(kDefaultWater);
  num_pads = parse_pads(kDefaultPads, pads);
}

namespace {

ParamTable<Params> declared() {
  return {
      int_param("lifesavers", &Params::lifesavers, 0, 12,
                "lifesavers per player; 0 = the table by player count (3:4, 4:3, 5-6:2, 7-8:1)"),
      int_param("start_player", &Params::start_player, 0, 8, "seat that starts (1-based); 0 picks one at random"),
      table_param<Params>("water", kDefaultWater,
                          "water squares (1..99) on each board side: a, b = first board, c, d = second board",
                          [](Params& p, std::string_view v) { p.water = parse_water(v); }),
      table_param<Params>("clover_pads", kDefaultPads,
                          "the clover pad supply (up to 16): run:<1..99> = Run Back, change:<1..20> = Change Scope "
                          "by up to +-value",
                          [](Params& p, std::string_view v) {
                            p.pads = {};
                            p.num_pads = parse_pads(v, p.pads);
                          }),
      choice_param<Params>("first_board_side", "a", {"a", "b"}, "side up on the first (rear) board at the start",
                           [](Params& p, std::string_view v) { p.first_side = v == "b" ? 1 : 0; }),
      choice_param<Params>("second_board_side", "c", {"c", "d"}, "side up on the second board at the start",
                           [](Params& p, std::string_view v) { p.second_side = v == "d" ? 3 : 2; }),
      bool_param("allow_rotation", &Params::allow_rotation,
                 "relaying a board may also turn it half round (false: only the side is chosen)"),
      choice_param<Params>(
          "simultaneous_elimination_winner", "joint", {"joint", "behind"},
          "nobody left at the end: the last eliminated win jointly, or only the one that was furthest behind",
          [](Params& p, std::string_view v) { p.joint_last_eliminated = v == "joint"; }),
  };
}

}  // namespace

std::vector<ParamSpec> State::param_specs() { return specs_of(declared()); }

Params Params::from(const ParamMap& map) { return read_params(declared(), map); }

}  // namespace bw::hustle
