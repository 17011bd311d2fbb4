// Every legal action names a piece the deciding seat's board really shows
// (docs/protocol.md, "Action targets"): a hand card the seat holds, a seat
// other than its own, a flock that exists, a cell of the field. A target that
// points at nothing would leave a move off the board.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <regex>
#include <set>

#include "support/every_game.hpp"
#include "support/random_play.hpp"

namespace bw {
namespace {

template <class S>
class EveryGameTargets : public ::testing::Test {};
TYPED_TEST_SUITE(EveryGameTargets, EveryGame);

bool counted(const nlohmann::json& counts, const std::string& name) {
  return counts.is_object() && counts.contains(name) && counts[name].get<int>() > 0;
}

bool listed(const nlohmann::json& list, const nlohmann::json& item) {
  if (!list.is_array()) return false;
  for (const auto& entry : list)
    if (entry == item) return true;
  return false;
}

// "2:Sheep 5" -> {2, "Sheep 5"}
std::pair<int, std::string> seat_and_name(const std::string& piece) {
  const auto colon = piece.find(':');
  if (colon == std::string::npos) return {-1, piece};
  return {std::stoi(piece.substr(0, colon)), piece.substr(colon + 1)};
}

bool is_cell(const std::string& piece) { return std::regex_match(piece, std::regex("[a-g][1-7]")); }

// Whether the seat's observation shows the piece the target names.
::testing::AssertionResult shown(const nlohmann::json& obs, int viewer, const ActionTarget& target) {
  const std::string& piece = target.piece;
  const auto& seats = obs["seats"];
  const int num_seats = static_cast<int>(seats.size());
  bool ok = false;
  if (target.zone == "button") ok = piece.empty();
  else if (target.zone == "hand")
    ok = obs.contains("hand") ? counted(obs["hand"], piece)
                              : listed(seats[viewer]["hand"], nlohmann::json(std::stoi(piece)));
  else if (target.zone == "field" && obs.contains("fields")) {
    const int field = std::stoi(piece) - 1;
    ok = field >= 0 && field < static_cast<int>(obs["fields"].size()) && !obs["fields"][field].value("flipped", false);
  } else if (target.zone == "field") ok = listed(obs["field"], piece);
  else if (target.zone == "cell") ok = obs.contains("board") && is_cell(piece);
  else if (target.zone == "seat") {
    const int seat = std::stoi(piece);
    ok = seat >= 0 && seat < num_seats && seat != viewer;
  } else if (target.zone == "zoo") {
    const auto [seat, card] = seat_and_name(piece);
    ok = seat >= 0 && seat < num_seats && seat != viewer && counted(seats[seat]["zoo"], card);
  } else if (target.zone == "flock") {
    const auto [owner, slot] = seat_and_name(piece);
    if (owner >= 0 && owner < num_seats)
      for (const auto& flock : seats[owner]["flocks"]) ok = ok || flock["type"] == slot;
  } else if (target.zone == "discard") ok = counted(obs["discard"], piece);
  if (!target.then_zone.empty()) ok = ok && target.then_zone == "cell" && is_cell(target.then_piece);
  if (!target.preview_zone.empty()) {
    const int squares = obs.contains("boards") ? static_cast<int>(obs["boards"].size()) * 100 : 0;
    const std::string& where = target.preview_piece;
    ok = ok && target.preview_zone == "square" &&
         (where == "off" || (std::regex_match(where, std::regex("[0-9]+")) && std::stoi(where) < squares));
  }
  if (ok) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "zone '" << target.zone << "' piece '" << piece << "' then '"
                                       << target.then_zone << ":" << target.then_piece << "' not on the board";
}

TYPED_TEST(EveryGameTargets, EveryLegalActionNamesAPieceTheSeatSees) {
  using S = TypeParam;
  const std::set<std::string> kinds = {"play", "lay", "place",  "discard", "draw", "ask",  "take",   "move",
                                       "aim",  "pay", "choose", "pass",    "done", "stop", "decline"};
  std::set<std::string> zones_used;
  int decisions = 0;
  testing::for_random_games<S>(
      {S::Params::from(validate_params(S::param_specs(), {}))}, 4, [](const S&) {},
      [&](const S& state) {
        const Player seat = state.current_player();
        const typename S::Observation obs = state.observation(seat);
        nlohmann::json json;
        to_json(json, obs);
        ActionList legal;
        state.legal_actions(legal);
        for (Action a : legal) {
          const ActionTarget target = action_target(obs, a);
          EXPECT_TRUE(kinds.count(target.kind)) << S::action_to_string(a) << ": kind '" << target.kind << "'";
          EXPECT_TRUE(shown(json, seat, target)) << S::action_to_string(a);
          EXPECT_EQ(target.kind == "pass", is_pass(state, a)) << S::action_to_string(a) << ": kind " << target.kind;
          zones_used.insert(target.zone);
        }
        ++decisions;
      });
  EXPECT_GT(decisions, 0);
  // Each game puts some moves on pieces, not all on buttons.
  EXPECT_GE(zones_used.size(), 2u);
}

}  // namespace
}  // namespace bw
