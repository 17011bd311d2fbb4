#pragma once
// 64-bit FNV-1a: simple, fixed, the same on every machine. For keys and
// fingerprints (bench signatures, search keys), never for security.
#include <cstddef>
#include <cstdint>
#include <string>

namespace bw {

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

}  // namespace bw
