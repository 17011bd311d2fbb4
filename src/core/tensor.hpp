#pragma once
// Observation tensors for learning: each game writes its observation as a
// fixed layout of floats (the same length for every state of a game).
#include <cstdint>
#include <vector>

namespace bw {

class TensorWriter {
 public:
  explicit TensorWriter(std::vector<float>& out) : out_(out) {}

  // `size` slots, a 1 at `value` (none when value is outside, e.g. -1 for "nobody").
  void one_hot(int value, int size) {
    for (int i = 0; i < size; ++i) out_.push_back(i == value ? 1.f : 0.f);
  }
  // One slot per element, as a number.
  template <class Values>
  void counts(const Values& values) {
    for (auto n : values) out_.push_back(static_cast<float>(n));
  }
  // The low `n` bits of `mask`, one slot each.
  void bits(std::uint64_t mask, int n) {
    for (int i = 0; i < n; ++i) out_.push_back(static_cast<float>((mask >> i) & 1u));
  }

 private:
  std::vector<float>& out_;
};

}  // namespace bw
