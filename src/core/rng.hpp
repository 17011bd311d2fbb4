#pragma once
// PCG32 (O'Neill 2014): 16 bytes, trivially copyable, with 2^63 independent
// streams, so a parallel simulation gives game i its own stream of one master
// seed and gets the same results whatever the thread count.
#include <cstdint>

namespace bw {

class Rng {
 public:
  constexpr Rng() : Rng(0x853c49e6748fea9bULL, 0) {}
  constexpr Rng(std::uint64_t seed, std::uint64_t stream) : state_(0), inc_((stream << 1u) | 1u) {
    next();
    state_ += seed;
    next();
  }

  // Stream `index` of `master_seed`: the generator for game `index` of a run.
  static constexpr Rng stream(std::uint64_t master_seed, std::uint64_t index) {
    return Rng(mix(master_seed ^ mix(index + 0x9e3779b97f4a7c15ULL)), index);
  }

  constexpr std::uint32_t next() {
    std::uint64_t old = state_;
    state_ = old * 6364136223846793005ULL + inc_;
    auto xorshifted = static_cast<std::uint32_t>(((old >> 18u) ^ old) >> 27u);
    auto rot = static_cast<std::uint32_t>(old >> 59u);
    return (xorshifted >> rot) | (xorshifted << ((-rot) & 31u));
  }

  constexpr std::uint64_t next64() { return (std::uint64_t{next()} << 32) | next(); }

  // Uniform integer in [0, n), n > 0, without modulo bias (Lemire's method).
  constexpr std::uint32_t below(std::uint32_t n) {
    std::uint64_t m = std::uint64_t{next()} * n;
    auto low = static_cast<std::uint32_t>(m);
    if (low < n) {
      std::uint32_t threshold = (0u - n) % n;
      while (low < threshold) {
        m = std::uint64_t{next()} * n;
        low = static_cast<std::uint32_t>(m);
      }
    }
    return static_cast<std::uint32_t>(m >> 32);
  }

  // Fisher-Yates over any random-access range.
  template <class Range>
  constexpr void shuffle(Range& items) {
    for (auto i = static_cast<std::uint32_t>(items.size()); i > 1; --i) {
      std::uint32_t j = below(i);
      auto tmp = items[i - 1];
      items[i - 1] = items[j];
      items[j] = tmp;
    }
  }

  constexpr bool operator==(const Rng&) const = default;

 private:
  static constexpr std::uint64_t mix(std::uint64_t z) {  // SplitMix64 finaliser
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  std::uint64_t state_;
  std::uint64_t inc_;
};

}  // namespace bw
