#pragma once
// A vector with its capacity in the type: no heap, trivially copyable when T
// is, so a game state built from these copies with one memcpy.
#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace bw {

template <class T, std::size_t Capacity>
class FixedVector {
  static_assert(Capacity < 65536);

 public:
  using value_type = T;
  constexpr FixedVector() = default;

  constexpr std::size_t size() const { return size_; }
  constexpr bool empty() const { return size_ == 0; }
  constexpr bool full() const { return size_ == Capacity; }
  static constexpr std::size_t capacity() { return Capacity; }

  constexpr T& operator[](std::size_t i) {
    assert(i < size_);
    return items_[i];
  }
  constexpr const T& operator[](std::size_t i) const {
    assert(i < size_);
    return items_[i];
  }
  constexpr T& back() {
    assert(size_ > 0);
    return items_[size_ - 1];
  }
  constexpr const T& back() const {
    assert(size_ > 0);
    return items_[size_ - 1];
  }

  constexpr T* begin() { return items_.data(); }
  constexpr T* end() { return items_.data() + size_; }
  constexpr const T* begin() const { return items_.data(); }
  constexpr const T* end() const { return items_.data() + size_; }

  constexpr void push_back(const T& item) {
    assert(size_ < Capacity);
    items_[size_++] = item;
  }
  constexpr T pop_back() {
    assert(size_ > 0);
    return items_[--size_];
  }
  constexpr void clear() { size_ = 0; }
  // Removes item i by moving the last item into its place (order not kept).
  constexpr void swap_remove(std::size_t i) {
    assert(i < size_);
    items_[i] = items_[--size_];
  }
  // Removes item i keeping the order of the rest.
  constexpr void erase_at(std::size_t i) {
    assert(i < size_);
    for (std::size_t k = i + 1; k < size_; ++k) items_[k - 1] = items_[k];
    --size_;
  }
  // Removes every item `drop` accepts, keeping the order of the rest.
  template <class Pred>
  constexpr void erase_if(Pred drop) {
    std::size_t kept = 0;
    for (std::size_t i = 0; i < size_; ++i)
      if (!drop(items_[i])) items_[kept++] = items_[i];
    size_ = kept;
  }
  constexpr bool contains(const T& item) const {
    for (std::size_t i = 0; i < size_; ++i)
      if (items_[i] == item) return true;
    return false;
  }

  // Only the live items take part in comparisons.
  constexpr bool operator==(const FixedVector& other) const {
    if (size_ != other.size_) return false;
    for (std::size_t i = 0; i < size_; ++i)
      if (!(items_[i] == other.items_[i])) return false;
    return true;
  }

 private:
  // Slots past size_ are never read, so they are left uninitialised: an empty
  // ActionList in a hot loop then costs nothing instead of a 512-byte clear.
  std::array<T, Capacity> items_;
  // The size's type differs from the items' where it can: a store to an item
  // then cannot change the size under strict aliasing, so a loop of
  // push_back keeps the size in a register instead of reloading it after
  // every item (an action list is a vector of uint16_t).
  using Size = std::conditional_t<std::is_same_v<T, std::uint16_t>, std::uint32_t, std::uint16_t>;
  Size size_ = 0;
};

}  // namespace bw
