#include "bench/signature.hpp"

#include "core/fnv1a.hpp"
#include "core/game.hpp"
#include "core/params.hpp"
#include "games/catalog.hpp"

namespace bw {

namespace {

constexpr int kSeedsPerSetup = 8;

// The defaults, then each variant by itself: an on/off parameter switched
// over, each other value of a choice.
template <Game S>
std::vector<typename S::Params> setups() {
  std::vector<ParamSpec> specs = S::param_specs();
  std::vector<typename S::Params> out{S::Params::from(validate_params(specs, {}))};
  auto add = [&](const std::string& name, const std::string& value) {
    out.push_back(S::Params::from(validate_params(specs, {{name, value}})));
  };
  for (const ParamSpec& spec : specs) {
    if (spec.type == ParamType::Bool) add(spec.name, spec.default_value == "true" ? "false" : "true");
    if (spec.type == ParamType::Choice)
      for (const std::string& choice : spec.choices)
        if (choice != spec.default_value) add(spec.name, choice);
  }
  return out;
}

template <Game S>
GameSignature sign_game() {
  GameSignature sig{std::string(S::kId)};
  Fnv1a hash;
  for (const auto& params : setups<S>()) {
    for (int players = S::kMinPlayers; players <= S::kMaxPlayers; ++players) {
      for (std::uint64_t seed = 1; seed <= kSeedsPerSetup; ++seed) {
        S state = S(params, players, seed);
        Rng rng(seed, 0x5167);
        ActionList legal;
        while (!state.is_terminal()) {
          // Who decides, among what, and what is chosen: the rules, not their presentation.
          hash.add(static_cast<std::uint64_t>(state.current_player()));
          state.legal_actions(legal);
          for (Action a : legal) hash.add(a);
          Action action = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
          hash.add(action);
          state.apply(action);
          ++sig.actions;
        }
        Scores scores = state.scores();
        for (int p = 0; p < players; ++p)
          hash.add(static_cast<std::uint64_t>(static_cast<std::int64_t>(scores[p] * 1000)));
        for (Player p : state.winners()) hash.add(static_cast<std::uint64_t>(p));
        ++sig.games;
      }
    }
  }
  sig.hash = hash.value();
  return sig;
}

}  // namespace

Signature rules_signature() {
  Signature out;
  Fnv1a combined;
  for_each_game_type([&]<class S>() {
    GameSignature sig = sign_game<S>();
    out.actions += sig.actions;
    combined.add(sig.hash);
    out.per_game.push_back(std::move(sig));
  });
  out.hash = combined.value();
  return out;
}

}  // namespace bw
