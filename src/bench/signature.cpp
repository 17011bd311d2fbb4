#include "bench/signature.hpp"

#include "core/game.hpp"
#include "core/params.hpp"
#include "games/catalog.hpp"

namespace bw {

namespace {

constexpr int kSeedsPerSetup = 8;

// 64-bit FNV-1a: simple, fixed, the same on every machine.
class Fnv1a {
 public:
  void add_bytes(const void* bytes, std::size_t size) {
    const auto* p = static_cast<const unsigned char*>(bytes);
    for (std::size_t i = 0; i < size; ++i) {
      hash_ ^= p[i];
      hash_ *= 0x100000001b3ULL;
    }
  }
  void add(std::uint64_t value) {
    unsigned char little_endian[8];
    for (int i = 0; i < 8; ++i) little_endian[i] = static_cast<unsigned char>(value >> (8 * i));
    add_bytes(little_endian, sizeof little_endian);
  }
  void add(const std::string& text) {
    add(text.size());
    add_bytes(text.data(), text.size());
  }
  std::uint64_t value() const { return hash_; }

 private:
  std::uint64_t hash_ = 0xcbf29ce484222325ULL;
};

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
        for (int p = 0; p < players; ++p) hash.add(static_cast<std::uint64_t>(static_cast<std::int64_t>(scores[p] * 1000)));
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
