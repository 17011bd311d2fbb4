#pragma once
// The bookkeeping every game's State carries, written once: the seat count
// checked at set-up, the state's own RNG, the events of the last apply() and
// the winners, and apply() itself. A game derives from StateBase<State, its
// EventKind> (CRTP: no virtual call); the base is plain data, so the State
// stays trivially copyable and its copy one memcpy.
#include <cassert>

#include "core/game.hpp"
#include "core/rng.hpp"
#include "core/setup.hpp"

namespace bw {

template <class Derived, class EventKindT>
class StateBase {
 public:
  // Applies an action already known to be legal (fronts check with is_legal
  // first). Every game's apply: the legality check, a fresh event log, then
  // the game's own apply_legal() (which a game declares private, with
  // `friend StateBase;`).
  void apply(Action action) {
    Derived& self = static_cast<Derived&>(*this);
    assert(self.is_legal(action));
    events_.clear();  // the event log holds only what this action did
    self.apply_legal(action);
  }

  int num_players() const { return num_players_; }
  PlayerList winners() const { return winners_; }
  const EventLog& events() const { return events_; }

  bool operator==(const StateBase&) const = default;

  // Plain data, so that tests can set up any rule situation. (The RNG first:
  // with its 8-byte alignment there, no State grows by padding.)
  Rng rng;
  PlayerList winners_;
  EventLog events_;

 protected:
  StateBase() = default;
  // The set-up check every game makes before dealing (core/setup.hpp), then the seat count kept.
  StateBase(std::string_view game_name, int min_players, int max_players, int num_players, int start_player) {
    check_seats_and_start_player(game_name, min_players, max_players, num_players, start_player);
    num_players_ = static_cast<std::int8_t>(num_players);
  }

  void log(EventKindT kind, int a = 0, int b = 0, int c = 0, int d = 0) { add_event(events_, kind, a, b, c, d); }
  // determinize() starts here: the state's RNG is reseeded from the searcher's,
  // so a search cannot learn the real future blind draws.
  void reseed(Rng& source) { rng = Rng(source.next64(), source.next64()); }
  // One point to each winner, nothing to the rest (games scored by winning only).
  Scores winner_scores() const {
    Scores out{};
    for (Player p : winners_) out[p] = 1.0;
    return out;
  }

  std::int8_t num_players_ = 0;
};

}  // namespace bw
