#include "server/names/name_key.hpp"

#include <algorithm>
#include <array>
#include <memory>
#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/uspoof.h>
#include <utility>

#include "core/errors.hpp"

namespace bw::server {

namespace {

// ICU could not load its data: the server cannot tell names apart, so it must not accept any.
[[noreturn]] void icu_failed(const char* what, UErrorCode status) {
  throw Error(std::string("comparing names: ") + what + " failed (" + u_errorName(status) + ")");
}

const icu::Normalizer2& nfkc_casefold() {
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* normalizer = icu::Normalizer2::getNFKCCasefoldInstance(status);
  if (U_FAILURE(status)) icu_failed("loading NFKC_Casefold", status);
  return *normalizer;
}

// Opened once and only read afterwards, which ICU allows from several threads at once.
const USpoofChecker& spoof_checker() {
  static const std::unique_ptr<USpoofChecker, void (*)(USpoofChecker*)> checker = [] {
    UErrorCode status = U_ZERO_ERROR;
    USpoofChecker* opened = uspoof_open(&status);
    if (U_FAILURE(status)) icu_failed("opening the spoof checker", status);
    return std::unique_ptr<USpoofChecker, void (*)(USpoofChecker*)>(opened, uspoof_close);
  }();
  return *checker;
}

icu::UnicodeString folded(const icu::UnicodeString& text) {
  UErrorCode status = U_ZERO_ERROR;
  icu::UnicodeString out = nfkc_casefold().normalize(text, status);
  if (U_FAILURE(status)) icu_failed("case folding", status);
  return out;
}

icu::UnicodeString skeleton(const icu::UnicodeString& text) {
  UErrorCode status = U_ZERO_ERROR;
  icu::UnicodeString out;
  uspoof_getSkeletonUnicodeString(&spoof_checker(), 0, text, out, &status);
  if (U_FAILURE(status)) icu_failed("the confusable skeleton", status);
  return out;
}

// Spaces people cannot see apart: none at either end, one for a run.
icu::UnicodeString one_space_runs(const icu::UnicodeString& text) {
  icu::UnicodeString out;
  bool space = false;
  for (int32_t i = 0; i < text.length(); i = text.moveIndex32(i, 1)) {
    const UChar32 c = text.char32At(i);
    if (u_isUWhiteSpace(c)) {
      space = !out.isEmpty();
      continue;
    }
    if (std::exchange(space, false)) out.append(UChar32{' '});
    out.append(c);
  }
  return out;
}

}  // namespace

std::string name_key(std::string_view name) {
  const icu::UnicodeString text =
      icu::UnicodeString::fromUTF8(icu::StringPiece(name.data(), static_cast<int32_t>(name.size())));
  // A skeleton may hold capitals ("0" becomes "O"): folded and skeletonised
  // once more, "R0B" meets "rob". The key is then where both steps stop.
  const icu::UnicodeString key = skeleton(folded(skeleton(folded(one_space_runs(text)))));
  std::string out;
  key.toUTF8String(out);
  return out;
}

bool is_reserved_name(std::string_view name) {
  static const std::array<std::string, 8> kReserved = [] {
    std::array<std::string, 8> keys;
    const std::array<const char*, 8> words = {"easy",      "medium", "hard",  "random",
                                              "heuristic", "ismcts", "human", "you"};
    std::transform(words.begin(), words.end(), keys.begin(), [](const char* word) { return name_key(word); });
    return keys;
  }();
  return std::find(kReserved.begin(), kReserved.end(), name_key(name)) != kReserved.end();
}

}  // namespace bw::server
