#pragma once
// Observation tensors for learning: each game writes its observation as a
// fixed layout of floats (the same length for every state of a game).
//
// The code that writes a tensor also names its parts: before each group of
// values it calls TensorWriter::section(). Writing with a TensorLayout
// attached records those sections (their offsets and sizes measured from what
// was really written), so the layout Python documents is the writer itself,
// not a second description that could drift from it.
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <iterator>
#include <string>
#include <vector>

namespace bw {

// The values one slot may take with the game's default parameters.
struct TensorRange {
  float low = 0, high = 1;
};

// How sure a section's high is: the rules bound it, or the counter has no
// bound in the rules and `high` is only a size to scale by (no game seen came
// near it).
enum class TensorBound { Rules, Typical };

// One named part of a tensor: `size` values from `offset`, read as an array of
// `shape` (row-major). `ranges` holds one range for the whole section, or one
// per index of its last dimension (a section whose rows mix kinds of values).
struct TensorSection {
  std::string name;
  std::string meaning;
  std::vector<int> shape;
  std::vector<TensorRange> ranges;
  TensorBound bound = TensorBound::Rules;
  int offset = 0, size = 0;
};

struct TensorLayout {
  std::vector<TensorSection> sections;
};

class TensorWriter {
 public:
  explicit TensorWriter(std::vector<float>& out, TensorLayout* layout = nullptr)
      : out_(out), layout_(layout), start_(out.size()) {}
  ~TensorWriter() { close_section(); }
  TensorWriter(const TensorWriter&) = delete;
  TensorWriter& operator=(const TensorWriter&) = delete;

  // Names the values written from here to the next section() (or the end of
  // the writer). Costs one branch when no layout is recorded.
  void section(const char* name, std::initializer_list<int> shape, float low, float high, const char* meaning,
               TensorBound bound = TensorBound::Rules) {
    if (layout_) open_section(name, shape, {TensorRange{low, high}}, meaning, bound);
  }
  // The same with one range per index of the last dimension.
  void section(const char* name, std::initializer_list<int> shape, std::initializer_list<TensorRange> columns,
               const char* meaning, TensorBound bound = TensorBound::Rules) {
    if (layout_) open_section(name, shape, columns, meaning, bound);
  }

  // `size` slots, a 1 at `value` (none when value is outside, e.g. -1 for "nobody").
  // Grown in one step and zero-filled: tensors are written once per step of a
  // vector env, and a push_back per slot was most of a step's cost.
  void one_hot(int value, int size) {
    const std::size_t at = out_.size();
    out_.resize(at + static_cast<std::size_t>(size), 0.f);
    if (value >= 0 && value < size) out_[at + static_cast<std::size_t>(value)] = 1.f;
  }
  // One slot per element, as a number.
  template <class Values>
  void counts(const Values& values) {
    const std::size_t at = out_.size();
    out_.resize(at + std::size(values));
    float* slot = out_.data() + at;
    for (auto n : values) *slot++ = static_cast<float>(n);
  }
  // The low `n` bits of `mask`, one slot each.
  void bits(std::uint64_t mask, int n) {
    for (int i = 0; i < n; ++i) out_.push_back(static_cast<float>((mask >> i) & 1u));
  }

 private:
  void open_section(const char* name, std::initializer_list<int> shape, std::initializer_list<TensorRange> ranges,
                    const char* meaning, TensorBound bound) {
    close_section();
    layout_->sections.push_back(TensorSection{name, meaning, shape, ranges, bound, written(), 0});
  }
  int written() const { return static_cast<int>(out_.size() - start_); }
  void close_section() {
    if (layout_ && !layout_->sections.empty() && layout_->sections.back().size == 0)
      layout_->sections.back().size = written() - layout_->sections.back().offset;
  }

  std::vector<float>& out_;
  TensorLayout* layout_;
  std::size_t start_;
};

}  // namespace bw
