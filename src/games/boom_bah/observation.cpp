// Sheep Boom Bah: what each seat may know, and determinization.
// Hidden from everybody: the face-down field tiles and the order of the draw
// pile. Hidden from all but their holder: the hands. Everything else (the
// board, the Barnyards, Barns and Graveyards, hand sizes, the face-up discard
// pile, who owes a refill, the open question) is public.
#include <algorithm>
#include <bitset>

#include <nlohmann/json.hpp>

#include "core/seat_view.hpp"
#include "core/tensor.hpp"

#include "games/boom_bah/boom_bah.hpp"

namespace bw::boom_bah {

Observation State::observation(Player viewer) const {
  auto obs = seat_view<Observation>(*this, viewer);
  obs.actions_left = actions_left;
  obs.turn = turn;
  obs.end_triggered = end_triggered;
  obs.trigger_seat = trigger_seat;
  obs.sheep = sheep;
  // Start spaces read -2 and never change; of the 25 field cells, a face-down
  // one reads -1. Plain selects, no branches: play-outs build an observation
  // for nearly every heuristic decision.
  constexpr auto kBlankView = [] {
    std::array<std::int8_t, kCells> view{};
    for (int cell = 0; cell < kCells; ++cell) view[cell] = is_start_space(cell) ? -2 : -1;
    return view;
  }();
  obs.tile = kBlankView;
  const bool sees_all = viewer == kOmniscient;
  int hidden = 0;
  for (int cell : kFieldCells) {
    const bool shown = revealed[cell] || sees_all;
    obs.tile[cell] = shown ? static_cast<std::int8_t>(tile[cell]) : std::int8_t{-1};
    hidden += !revealed[cell];
  }
  obs.hidden_tiles = static_cast<std::uint8_t>(hidden);
  for (Player p = 0; p < num_players_; ++p) {
    obs.to_place[p] = to_place[p];
    obs.barnyard[p] = barnyard[p];
    obs.graveyard[p] = graveyard[p];
    obs.hand_size[p] = static_cast<std::uint8_t>(hand_count(p));
    obs.barn[p] = barn[p];
    obs.needs_refill[p] = needs_refill[p];
    obs.kept_for_points[p] = kept_for_points[p];
    obs.passed_without[p] = passed_without[p];
    if (phase == Phase::GameOver || viewer == kOmniscient) obs.revealed_hands[p] = hand[p];
  }
  if (viewer >= 0 && viewer < num_players_) obs.own_hand = hand[viewer];
  for (auto card : discard_pile) ++obs.discards[card];
  obs.draw_pile_size = static_cast<std::uint8_t>(draw_pile.size());
  obs.move_from = move_from;
  obs.move_dir = move_dir;
  obs.mine_cell = mine_cell;
  obs.card_player = card_player;
  obs.asked = asked;
  obs.card_played = card_played;
  obs.no_depth = no_depth;
  obs.wolf_mask = wolf_asked_mask;
  obs.no_last = no_last;
  return obs;
}

// Everything `viewer` cannot see is dealt again at random: the face-down
// tiles among the face-down cells, and the other hands and the draw pile from
// the pool of cards the viewer cannot account for (the deck minus its own hand
// and the face-up discards), keeping every hand's size. The deal follows what
// the seats' public choices suggest (kept_for_points, passed_without): a hand
// takes first the cards it kept, of its colour or Wild Wool, and no card of a
// kind it passed on; where the pool cannot meet that, any card. The pool
// is collected by card type, never in the order of the real hands, so that two
// states the viewer cannot tell apart give the same samples for the same RNG.
// The state's own RNG is reseeded, so a search cannot learn future draws.
void State::determinize(Player viewer, Rng& source) {
  reseed(source);
  if (viewer == kOmniscient || phase == Phase::GameOver) return;

  std::array<int, kNumTileKinds> tile_pool{};
  for (int cell : kFieldCells)
    if (!revealed[cell]) ++tile_pool[tile[cell]];
  Pile<std::uint8_t, kFieldTiles> tiles;
  for (int kind = 0; kind < kNumTileKinds; ++kind) add_copies(tiles, static_cast<std::uint8_t>(kind), tile_pool[kind]);
  source.shuffle(tiles);
  std::size_t next = 0;
  for (int cell : kFieldCells)
    if (!revealed[cell]) tile[cell] = tiles[next++];

  CardCounts pool{};
  for (auto card : draw_pile) ++pool[card];
  std::array<int, kMaxSeats> size{};
  for (Player p = 0; p < num_players_; ++p)
    if (p != viewer) {
      size[p] = hand_count(p);
      for (int type = 0; type < kNumCardTypes; ++type)
        pool[type] = static_cast<std::uint8_t>(pool[type] + hand[p][type]);
      hand[p] = {};
    }
  Pile<std::uint8_t, kMaxDeck> cards;
  for (int type = 0; type < kNumCardTypes; ++type) add_copies(cards, static_cast<std::uint8_t>(type), int{pool[type]});
  source.shuffle(cards);
  std::bitset<kMaxDeck> dealt;
  // Gives p cards of the shuffled pool that `fits`, in pool order, until it
  // holds `until` of the places being dealt.
  std::array<int, kMaxSeats> given{};
  const auto deal = [&](Player p, int until, auto fits) {
    for (std::size_t i = 0; i < cards.size() && given[p] < until; ++i)
      if (!dealt[i] && fits(cards[i])) {
        dealt[i] = true;
        ++hand[p][cards[i]];
        ++given[p];
      }
  };
  const auto may_hold = [&](Player p, int type) { return (passed_without[p] & kind_bit(kind_of(type))) == 0; };
  // Kept cards first for every hand, so that one hand's free places never
  // take the cards another hand is believed to have kept.
  for (Player p = 0; p < num_players_; ++p)
    if (p != viewer)
      deal(p, std::min<int>(kept_for_points[p], size[p]),
           [&](int type) { return scores_in_hand_of(type, p) && may_hold(p, type); });
  for (Player p = 0; p < num_players_; ++p)
    if (p != viewer) deal(p, size[p], [&](int type) { return may_hold(p, type); });
  for (Player p = 0; p < num_players_; ++p)
    if (p != viewer) deal(p, size[p], [](int) { return true; });
  draw_pile.clear();
  for (std::size_t i = 0; i < cards.size(); ++i)
    if (!dealt[i]) draw_pile.push_back(cards[i]);
}

namespace {
const char* phase_name(Phase phase) {
  switch (phase) {
    case Phase::Place: return "place";
    case Phase::Actions: return "actions";
    case Phase::WolfWindow: return "wolf-window";
    case Phase::MineWindow: return "mine-window";
    case Phase::NoWindow: return "eieino-window";
    case Phase::GameOver: return "game-over";
  }
  return "?";
}

const char* tile_code(int tile) {
  switch (tile) {
    case -2: return "start";
    case -1: return "hidden";
    case kSafe: return "safe";
    case kMine: return "mine";
    case kCrater: return "crater";
    default: return "barn";
  }
}

nlohmann::json cards_json(const CardCounts& counts) {
  nlohmann::json out = nlohmann::json::object();
  for (int type = 0; type < kNumCardTypes; ++type)
    if (counts[type]) out[card_name(type)] = counts[type];
  return out;
}
}  // namespace

void to_json(nlohmann::json& out, const Observation& obs) {
  seat_view_json(out, obs, phase_name(obs.phase));
  out["actions_left"] = obs.actions_left;
  out["turn"] = obs.turn;
  out["end_triggered"] = obs.end_triggered;
  if (obs.end_triggered) out["trigger_seat"] = obs.trigger_seat;
  // The board as seven rows of cell codes, as render() draws it: S1..S4 a
  // sheep, -- start space, ?? face down, .. safe, xx crater, ** mine, Bn barn of seat n.
  nlohmann::json board = nlohmann::json::array();
  for (int r = 0; r < kSide; ++r) {
    std::string row;
    for (int c = 0; c < kSide; ++c) {
      int cell = r * kSide + c, t = obs.tile[cell];
      if (c) row += ' ';
      if (obs.sheep[cell] >= 0) row += "S" + std::to_string(obs.sheep[cell] + 1);
      else if (t == -2) row += "--";
      else if (t == -1) row += "??";
      else if (t == kSafe) row += "..";
      else if (t == kMine) row += "**";
      else if (t == kCrater) row += "xx";
      else row += "B" + std::to_string(t - kBarn0 + 1);
    }
    board.push_back(row);
  }
  // Tiles under sheep are not in the rows: list the revealed ones.
  nlohmann::json under = nlohmann::json::object();
  for (int cell = 0; cell < kCells; ++cell)
    if (obs.sheep[cell] >= 0 && obs.tile[cell] >= 0) under[cell_name(cell)] = tile_code(obs.tile[cell]);
  out["under_sheep"] = under;
  out["board"] = board;
  out["hidden_tiles"] = obs.hidden_tiles;
  if (obs.viewer >= 0) out["hand"] = cards_json(obs.own_hand);
  out["discards"] = cards_json(obs.discards);
  out["draw_pile"] = obs.draw_pile_size;
  nlohmann::json seats = nlohmann::json::array();
  for (int p = 0; p < obs.num_players; ++p) {
    nlohmann::json seat = {{"colour", colour_name(p)},      {"to_place", obs.to_place[p]},
                           {"barnyard", obs.barnyard[p]},   {"graveyard", obs.graveyard[p]},
                           {"hand_size", obs.hand_size[p]}, {"needs_refill", obs.needs_refill[p]}};
    nlohmann::json barn = nlohmann::json::array();
    for (int q = 0; q < obs.num_players; ++q) barn.push_back(obs.barn[p][q]);
    seat["barn"] = barn;
    if (obs.phase == Phase::GameOver) seat["hand"] = cards_json(obs.revealed_hands[p]);
    seats.push_back(seat);
  }
  out["seats"] = seats;
  if (obs.phase == Phase::WolfWindow)
    out["bump"] = {{"from", cell_name(obs.move_from)}, {"direction", direction_name(obs.move_dir)}};
  if (obs.phase == Phase::MineWindow || (obs.phase == Phase::NoWindow && obs.mine_cell >= 0))
    out["mine"] = cell_name(obs.mine_cell);
  if (obs.phase == Phase::NoWindow)
    out["card_in_question"] = {
        {"card", card_name(obs.card_played)}, {"played_by", obs.card_player}, {"eieino_played", obs.no_depth}};
}

// A fixed layout for learning: the same length for every state of the game.
void append_tensor(const Observation& obs, std::vector<float>& out, TensorLayout* layout) {
  TensorWriter put(out, layout);
  // The default deck: 2 cards of each coloured type, 4 Wild Wool.
  constexpr int kDefaultDeck = 2 * (kNumCardTypes - 1) + 4;
  seat_view_tensor(put, obs, static_cast<int>(Phase::GameOver) + 1, kMaxSeats);
  put.section("to_move", {kMaxSeats}, 0, 1, "the seat to decide now, one-hot (none at the end)");
  put.one_hot(obs.to_move, kMaxSeats);
  put.section("turn", {2}, 0, 3, "actions left this turn; 1 once the end is triggered");
  out.push_back(obs.actions_left);
  out.push_back(obs.end_triggered ? 1.f : 0.f);
  put.section("cells", {kCells, kMaxSeats + kNumTileKinds + 2}, 0, 1,
              "per cell of the 7x7 board, row by row: the sheep's owner one-hot (none: empty); the tile one-hot "
              "(hidden, start space, then each tile kind)");
  // The whole board at once: zeroed in one step, then a 1 per group (98 groups of one-hots otherwise
  // cost most of a vector env's step).
  constexpr std::size_t kCellWidth = kMaxSeats + kNumTileKinds + 2;
  const std::size_t board = out.size();
  out.resize(board + kCells * kCellWidth, 0.f);
  for (int cell = 0; cell < kCells; ++cell) {
    float* slots = out.data() + board + static_cast<std::size_t>(cell) * kCellWidth;
    if (obs.sheep[cell] >= 0 && obs.sheep[cell] < kMaxSeats) slots[obs.sheep[cell]] = 1.f;
    const int tile = obs.tile[cell] + 2;
    if (tile >= 0 && tile < kNumTileKinds + 2) slots[kMaxSeats + tile] = 1.f;
  }
  put.section("to_place", {kMaxSeats}, 0, kMaxSheepPerPlayer, "sheep each seat has still to place");
  put.counts(obs.to_place);
  put.section("barnyard", {kMaxSeats}, 0, kMaxSheepPerPlayer, "sheep of each seat in the barnyard");
  put.counts(obs.barnyard);
  put.section("graveyard", {kMaxSeats}, 0, kMaxSheepPerPlayer, "sheep of each seat in the graveyard");
  put.counts(obs.graveyard);
  put.section("hand_size", {kMaxSeats}, 0, kMaxHand, "cards in each seat's hand");
  put.counts(obs.hand_size);
  put.section("barn", {kMaxSeats, kMaxSeats}, 0, kMaxSheepPerPlayer, "per seat's barn, the sheep of each seat in it");
  for (const auto& row : obs.barn) put.counts(row);
  put.section("needs_refill", {kMaxSeats}, 0, 1, "1 for each seat that refills its hand at the end of its turn");
  for (bool b : obs.needs_refill) out.push_back(b ? 1.f : 0.f);
  put.section("own_hand", {kNumCardTypes}, 0, 4, "the viewer's hand: cards of each type");
  put.counts(obs.own_hand);
  put.section("discards", {kNumCardTypes}, 0, 4, "discarded cards of each type");
  put.counts(obs.discards);
  put.section("draw_pile_size", {1}, 0, kDefaultDeck, "cards in the draw pile");
  out.push_back(obs.draw_pile_size);
  put.section("move_from", {kCells}, 0, 1, "the open question's moving sheep's cell, one-hot");
  put.one_hot(obs.move_from, kCells);
  put.section("move_dir", {8}, 0, 1, "its direction, one-hot");
  put.one_hot(obs.move_dir, 8);
  put.section("mine_cell", {kCells}, 0, 1, "the cell of a land mine just revealed, one-hot");
  put.one_hot(obs.mine_cell, kCells);
  put.section("card_player", {kMaxSeats}, 0, 1, "the seat that played the card being answered, one-hot");
  put.one_hot(obs.card_player, kMaxSeats);
  put.section("card_played", {kNumCardTypes}, 0, 1, "the card type being answered, one-hot");
  put.one_hot(obs.card_played, kNumCardTypes);
  put.section("no_depth", {1}, 0, 2 * kColours, "EIEI...No cards played on the card so far (8 in the default deck)");
  out.push_back(obs.no_depth);
}

}  // namespace bw::boom_bah
