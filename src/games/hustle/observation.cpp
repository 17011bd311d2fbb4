// Sheep Hustle: what each seat may know, and determinization.
// Everything is public except a bid between its laying and its reveal: others
// see how many cards lie face down (they lie in front of the seat, one per
// place) but not which, so a seat's hand and bid show as one set of cards
// (CLARIFICATIONS 3c.2: played cards are revealed, so hands are public).
#include <bit>
#include <nlohmann/json.hpp>

#include "core/seat_view.hpp"
#include "core/tensor.hpp"

#include "games/hustle/hustle.hpp"

namespace bw::hustle {

namespace {
bool bid_hidden_from(const State& s, Player p, Player viewer) {
  return viewer != kOmniscient && viewer != p && !s.revealed[p];
}
}  // namespace

Observation State::observation(Player viewer) const {
  auto obs = seat_view<Observation>(*this, viewer);
  obs.start_player = start_player;
  obs.round = round;
  obs.position = position;
  obs.at_start = at_start;
  obs.lifesavers = lifesavers;
  obs.discard = discard;
  obs.has_bid = has_bid;
  obs.revealed = revealed;
  obs.evaluated = evaluated;
  for (Player p = 0; p < num_players_; ++p) {
    obs.cards_laid[p] = bid_len[p];
    if (bid_hidden_from(*this, p, viewer)) {
      std::uint16_t cards = hand[p];
      for (int i = 0; i < bid_len[p]; ++i) cards = static_cast<std::uint16_t>(cards | (1u << bid[p][i]));
      obs.hand[p] = cards;
    } else {
      obs.hand[p] = hand[p];
      obs.bid_len[p] = bid_len[p];
      obs.bid[p] = bid[p];
      for (int i = bid_len[p]; i < 3; ++i) obs.bid[p][i] = 0;
      if (revealed[p]) obs.scope[p] = scope[p];
    }
  }
  obs.pad_where = pad_where;
  obs.pads = params.pads;
  obs.num_pads = static_cast<std::uint8_t>(params.num_pads);
  obs.imp = imp;
  obs.cherub = cherub;
  obs.run_back = run_back;
  obs.pending_change = pending_change;
  obs.side = side;
  obs.turned = turned;
  obs.out_moment = out_moment;
  for (int board = 0; board < 2; ++board) obs.water[board] = as_laid(params.water[side[board]], turned[board]);
  return obs;
}

// Resamples every bid hidden from `viewer`: the same number of cards (they
// lie face down in view), drawn from what the seat holds in hand and bid
// together. Samples depend only on what the viewer sees. The state's own RNG
// is reseeded.
void State::determinize(Player viewer, Rng& source) {
  reseed(source);
  if (viewer == kOmniscient || phase == Phase::GameOver) return;
  for (Player p = 0; p < num_players_; ++p) {
    if (!alive(p) || !bid_hidden_from(*this, p, viewer)) continue;
    if (!has_bid[p] && !(phase == Phase::Bid && active == p)) continue;  // has laid nothing yet
    std::uint16_t cards = hand[p];
    for (int i = 0; i < bid_len[p]; ++i) cards = static_cast<std::uint16_t>(cards | (1u << bid[p][i]));
    const int len = bid_len[p];
    bid_len[p] = 0;
    hand[p] = cards;
    for (int i = 0; i < len; ++i) {
      auto pick = source.below(static_cast<std::uint32_t>(std::popcount(hand[p])));
      int digit = 0;
      for (;; ++digit)
        if (((hand[p] >> digit) & 1u) && pick-- == 0) break;
      hand[p] = static_cast<std::uint16_t>(hand[p] & ~(1u << digit));
      bid[p][bid_len[p]++] = static_cast<std::uint8_t>(digit);
    }
  }
}

namespace {
const char* phase_name(Phase phase) {
  switch (phase) {
    case Phase::Bid: return "bid";
    case Phase::Pads: return "pads";
    case Phase::Delta: return "change-scope";
    case Phase::Relay: return "relay";
    case Phase::TakePad: return "take-pad";
    case Phase::GameOver: return "game-over";
  }
  return "?";
}

nlohmann::json cards_json(std::uint16_t mask) {
  nlohmann::json out = nlohmann::json::array();
  for (int d = 0; d < 10; ++d)
    if ((mask >> d) & 1u) out.push_back(d);
  return out;
}
}  // namespace

void to_json(nlohmann::json& out, const Observation& obs) {
  seat_view_json(out, obs, phase_name(obs.phase));
  out["round"] = obs.round;
  out["start_player"] = obs.start_player;
  out["imp"] = obs.imp;
  out["cherub"] = obs.cherub;
  out["boards"] = {side_name(obs.side[0]) + (obs.turned[0] ? " turned" : ""),
                   side_name(obs.side[1]) + (obs.turned[1] ? " turned" : "")};
  if (obs.phase == Phase::Pads || obs.phase == Phase::Delta) out["run_back"] = obs.run_back;
  if (obs.phase == Phase::Delta) out["pending_change"] = obs.pending_change;
  nlohmann::json supply = nlohmann::json::array();
  nlohmann::json seats = nlohmann::json::array();
  for (int i = 0; i < obs.num_pads; ++i)
    if (obs.pad_where[i] == kPadSupply) supply.push_back(pad_name(obs.pads[i]));
  out["pad_supply"] = supply;
  for (int p = 0; p < obs.num_players; ++p) {
    nlohmann::json seat = nlohmann::json::object();
    seat["square"] = obs.position[p];
    if (obs.position[p] < 0) seat["out_at"] = obs.out_moment[p];
    seat["lifesavers"] = obs.lifesavers[p];
    seat["hand"] = cards_json(obs.hand[p]);
    seat["discard"] = cards_json(obs.discard[p]);
    seat["has_bid"] = obs.has_bid[p];
    seat["cards_laid"] = obs.cards_laid[p];
    if (obs.bid_len[p] > 0) {
      std::string digits;
      for (int i = 0; i < obs.bid_len[p]; ++i) digits += static_cast<char>('0' + obs.bid[p][i]);
      seat["bid"] = digits;
    }
    if (obs.revealed[p]) seat["scope"] = obs.scope[p];
    nlohmann::json pads = nlohmann::json::array();
    for (int i = 0; i < obs.num_pads; ++i)
      if (obs.pad_where[i] == p) pads.push_back(pad_name(obs.pads[i]));
    seat["pads"] = pads;
    seats.push_back(seat);
  }
  out["seats"] = seats;
  nlohmann::json water = nlohmann::json::array();
  for (const WaterSide& board : obs.water) {
    nlohmann::json squares = nlohmann::json::array();
    for (int square = 0; square < kSquaresPerBoard; ++square)
      if (board.has(square)) squares.push_back(square);
    water.push_back(squares);
  }
  out["water"] = water;
}

// A fixed layout for learning: the same length for every state of a game.
void append_tensor(const Observation& obs, std::vector<float>& out, TensorLayout* layout) {
  TensorWriter put(out, layout);
  seat_view_tensor(put, obs, static_cast<int>(Phase::GameOver) + 1, kMaxSeats);
  put.section("to_move", {kMaxSeats}, 0, 1, "the seat to decide now, one-hot (none at the end)");
  put.one_hot(obs.to_move, kMaxSeats);
  put.section("start_player", {kMaxSeats}, 0, 1, "the round's start player, one-hot");
  put.one_hot(obs.start_player, kMaxSeats);
  put.section("imp", {kMaxSeats}, 0, 1, "the imp's holder, one-hot");
  put.one_hot(obs.imp, kMaxSeats);
  put.section("cherub", {kMaxSeats}, 0, 1, "the cherub's holder, one-hot");
  put.one_hot(obs.cherub, kMaxSeats);
  put.section("round", {1}, 0, 100, "the round number (no bound in the rules; games seen end far sooner)",
              TensorBound::Typical);
  out.push_back(static_cast<float>(obs.round));
  put.section("pending", {2}, 0, kMaxRunBack,
              "the Run Back total being played; the Change Scope value waiting for its direction");
  out.push_back(static_cast<float>(obs.run_back));
  out.push_back(static_cast<float>(obs.pending_change));
  put.section("boards", {2, kNumSides + 1}, 0, 1,
              "per board (rear, front): its side one-hot (A, B, C, D) and 1 if it lies turned");
  for (int b = 0; b < 2; ++b) {
    put.one_hot(obs.side[b], kNumSides);
    out.push_back(obs.turned[b] ? 1.f : 0.f);
  }
  constexpr TensorRange kFlag{0, 1};
  // clang-format off: the ranges in the order a seat's values are written below
  put.section("seats", {kMaxSeats, 33},
              {{-1, kDykeLength - 1}, kFlag, {0, 4},
               kFlag, kFlag, kFlag, kFlag, kFlag, kFlag, kFlag, kFlag, kFlag, kFlag,
               kFlag, kFlag, kFlag, kFlag, kFlag, kFlag, kFlag, kFlag, kFlag, kFlag,
               kFlag, {0, 3}, {0, 3}, {0, 9}, {0, 9}, {0, 9}, kFlag, kFlag,
               {-kMaxChange, 999 + kMaxChange}, {0, 2000}},
              "per seat: square (-1 out); 1 if on the start square; lifesavers; 10 bits of the cards in hand; "
              "10 bits of the discards; 1 if it has bid; the bid's length; cards laid; the bid's 3 digits; 1 if "
              "revealed; 1 if evaluated; the revealed scope; when it left (0: still in; a move counter with no "
              "bound in the rules)",
              TensorBound::Typical);
  // clang-format on
  for (int p = 0; p < kMaxSeats; ++p) {
    out.push_back(static_cast<float>(obs.position[p]));
    out.push_back(obs.at_start[p] ? 1.f : 0.f);
    out.push_back(static_cast<float>(obs.lifesavers[p]));
    put.bits(obs.hand[p], 10);
    put.bits(obs.discard[p], 10);
    out.push_back(obs.has_bid[p] ? 1.f : 0.f);
    out.push_back(static_cast<float>(obs.bid_len[p]));
    out.push_back(static_cast<float>(obs.cards_laid[p]));
    for (int i = 0; i < 3; ++i) out.push_back(static_cast<float>(obs.bid[p][i]));
    out.push_back(obs.revealed[p] ? 1.f : 0.f);
    out.push_back(obs.evaluated[p] ? 1.f : 0.f);
    out.push_back(static_cast<float>(obs.scope[p]));
    out.push_back(static_cast<float>(obs.out_moment[p]));
  }
  put.section("pads", {kMaxPads, kMaxSeats + 4}, 0, kMaxRunBack,
              "per clover pad: where it is, one-hot over the seats, the supply and gone (gone also for pads not "
              "in this game); 1 for a Change Scope pad (0: Run Back); its value");
  for (int i = 0; i < kMaxPads; ++i) {
    int where = obs.pad_where[i] == kPadSupply ? kMaxSeats
                : obs.pad_where[i] == kPadGone ? kMaxSeats + 1
                                               : obs.pad_where[i];
    put.one_hot(i < obs.num_pads ? where : kMaxSeats + 1, kMaxSeats + 2);
    out.push_back(obs.pads[i].kind == PadKind::Change ? 1.f : 0.f);
    out.push_back(static_cast<float>(obs.pads[i].value));
  }
}

}  // namespace bw::hustle
