#pragma once
// Flat byte buffers for MPI messages and the checkpoint's tallies: numbers in
// this machine's byte order (a cluster's ranks share one architecture; the
// tally's first word says which), and a reader that refuses, with a message,
// anything short or inconsistent instead of reading past the end.
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "core/errors.hpp"

namespace bw::mpi {

using Bytes = std::vector<std::uint8_t>;

struct BadBytes : Error {
  using Error::Error;
};

class ByteWriter {
 public:
  template <class T>
    requires std::is_arithmetic_v<T>
  ByteWriter& put(T value) {
    const auto* p = reinterpret_cast<const std::uint8_t*>(&value);
    bytes_.insert(bytes_.end(), p, p + sizeof value);
    return *this;
  }
  ByteWriter& put_bytes(const Bytes& more) {
    bytes_.insert(bytes_.end(), more.begin(), more.end());
    return *this;
  }
  ByteWriter& put_text(const std::string& text) {
    put<std::uint64_t>(text.size());
    bytes_.insert(bytes_.end(), text.begin(), text.end());
    return *this;
  }
  Bytes take() { return std::move(bytes_); }

 private:
  Bytes bytes_;
};

class ByteReader {
 public:
  ByteReader(const std::uint8_t* data, std::size_t size, std::string what)
      : p_(data), end_(data + size), what_(std::move(what)) {}
  explicit ByteReader(const Bytes& bytes, std::string what) : ByteReader(bytes.data(), bytes.size(), std::move(what)) {}

  template <class T>
    requires std::is_arithmetic_v<T>
  T get() {
    need(sizeof(T));
    T value;
    std::memcpy(&value, p_, sizeof value);
    p_ += sizeof value;
    return value;
  }
  // A count of items of `item_bytes` each that must fit in what is left.
  std::uint64_t get_count(std::size_t item_bytes) {
    auto n = get<std::uint64_t>();
    if (item_bytes > 0 && n > left() / item_bytes) fail("a count larger than the data");
    return n;
  }
  std::string get_text() {
    auto n = get_count(1);
    std::string text(reinterpret_cast<const char*>(p_), n);
    p_ += n;
    return text;
  }
  Bytes rest() {
    Bytes out(p_, end_);
    p_ = end_;
    return out;
  }
  std::size_t left() const { return static_cast<std::size_t>(end_ - p_); }
  [[noreturn]] void fail(const std::string& problem) const { throw BadBytes(what_ + " is damaged: " + problem); }

 private:
  void need(std::size_t n) const {
    if (left() < n) fail("it ends too early");
  }
  const std::uint8_t* p_;
  const std::uint8_t* end_;
  std::string what_;
};

}  // namespace bw::mpi
