#include "cli/styled_output.hpp"

#include <array>
#include <cctype>
#include <cstdlib>
#include <utility>

namespace bw::cli {

namespace {
std::string env(const char* name) {
  const char* value = std::getenv(name);
  return value ? value : "";
}

bool names_utf8(std::string locale) {
  for (char& c : locale) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return locale.find("utf-8") != std::string::npos || locale.find("utf8") != std::string::npos;
}

bool is_word_char(unsigned char c) { return std::isalnum(c) || c == '_' || c >= 0x80; }

// Seat i's colour: bold, then eight distinct hues (red and blue last, as card
// colours use them too).
constexpr std::array<const char*, 8> kSeatColours = {"\033[1;36m", "\033[1;33m", "\033[1;35m", "\033[1;32m",
                                                     "\033[1;96m", "\033[1;93m", "\033[1;31m", "\033[1;34m"};
constexpr const char* kReset = "\033[0m";
}  // namespace

TextStyle detect_style(bool is_terminal) {
  TextStyle style;
  if (!is_terminal) return style;  // files and pipes get the text as the program wrote it
  std::string term = env("TERM");
  style.colour = std::getenv("NO_COLOR") == nullptr && !term.empty() && term != "dumb";
  std::string locale = env("LC_ALL");
  if (locale.empty()) locale = env("LC_CTYPE");
  if (locale.empty()) locale = env("LANG");
  style.utf8 = names_utf8(locale);
  return style;
}

std::string ascii_fallback(std::string_view text) {
  static const std::pair<std::string_view, std::string_view> kSigns[] = {
      {"—", "-"},  {"–", "-"},   {"×", "x"}, {"±", "+/-"}, {"→", "->"}, {"↑", "^"}, {"↓", "v"},
      {"←", "<-"}, {"…", "..."}, {"·", "."}, {"’", "'"},   {"“", "\""}, {"”", "\""}};
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    auto byte = static_cast<unsigned char>(text[i]);
    if (byte < 0x80) {
      out += text[i++];
      continue;
    }
    bool known = false;
    for (auto [sign, ascii] : kSigns)
      if (text.substr(i).starts_with(sign)) {
        out += ascii;
        i += sign.size();
        known = true;
        break;
      }
    if (known) continue;
    // Another character: one '?' for its whole UTF-8 sequence.
    out += '?';
    ++i;
    while (i < text.size() && (static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) ++i;
  }
  return out;
}

namespace {
// The colours cards carry in the games (Boom Bah's sheep and cards), each
// word in its own colour; seat names take the seat colours above.
struct ColourWord {
  std::string_view word, colour;
};
constexpr std::array<ColourWord, 4> kCardColours = {
    {{"red", "\033[31m"}, {"blue", "\033[34m"}, {"green", "\033[32m"}, {"yellow", "\033[33m"}}};
}  // namespace

std::string coloured_names(std::string_view text, const std::vector<std::string>& names) {
  std::string out;
  // The word starting at i if it is whole (no word character right after it).
  auto whole_word_at = [&](std::size_t i, std::string_view word) {
    if (word.empty() || !text.substr(i).starts_with(word)) return false;
    std::size_t after = i + word.size();
    return after >= text.size() || !is_word_char(static_cast<unsigned char>(text[after]));
  };
  for (std::size_t i = 0; i < text.size();) {
    if (text[i] == '\033') {  // an escape sequence passes whole: ESC [ parameters final-letter
      std::size_t end = i + 1;
      if (end < text.size() && text[end] == '[') {
        ++end;
        while (end < text.size() && !std::isalpha(static_cast<unsigned char>(text[end]))) ++end;
      }
      end = std::min(end + 1, text.size());
      out.append(text.substr(i, end - i));
      i = end;
      continue;
    }
    std::string_view word, colour;
    if (i == 0 || !is_word_char(static_cast<unsigned char>(text[i - 1]))) {
      for (std::size_t s = 0; s < names.size() && s < kSeatColours.size() && word.empty(); ++s)
        if (whole_word_at(i, names[s])) word = names[s], colour = kSeatColours[s];
      for (const ColourWord& card : kCardColours)
        if (word.empty() && whole_word_at(i, card.word)) word = card.word, colour = card.colour;
    }
    if (word.empty()) {
      out += text[i++];
      continue;
    }
    out.append(colour).append(word).append(kReset);
    i += word.size();
  }
  return out;
}

bool StyledOutput::pass_on(std::size_t length) {
  std::string_view text(pending_.data(), length);
  std::string styled = style_.utf8 ? std::string(text) : ascii_fallback(text);
  if (style_.colour) styled = coloured_names(styled, names_);
  auto written = target_->sputn(styled.data(), static_cast<std::streamsize>(styled.size()));
  pending_.erase(0, length);
  return written == static_cast<std::streamsize>(styled.size());
}

StyledOutput::int_type StyledOutput::overflow(int_type c) {
  if (traits_type::eq_int_type(c, traits_type::eof())) return sync() == 0 ? traits_type::not_eof(c) : c;
  char ch = traits_type::to_char_type(c);
  return xsputn(&ch, 1) == 1 ? c : traits_type::eof();
}

std::streamsize StyledOutput::xsputn(const char* text, std::streamsize count) {
  pending_.append(text, static_cast<std::size_t>(count));
  std::size_t line_end = pending_.rfind('\n');
  if (line_end != std::string::npos && !pass_on(line_end + 1)) return 0;
  return count;
}

int StyledOutput::sync() {
  // Hold back a UTF-8 sequence cut in two, so that its halves are read together.
  std::size_t continuation = 0;
  auto byte = [&](std::size_t from_end) {
    return static_cast<unsigned char>(pending_[pending_.size() - 1 - from_end]);
  };
  while (continuation < pending_.size() && continuation < 3 && (byte(continuation) & 0xC0) == 0x80) ++continuation;
  std::size_t keep = 0;
  if (continuation < pending_.size()) {
    unsigned char lead = byte(continuation);
    std::size_t length = (lead & 0xE0) == 0xC0 ? 2 : (lead & 0xF0) == 0xE0 ? 3 : (lead & 0xF8) == 0xF0 ? 4 : 1;
    if (length > continuation + 1) keep = continuation + 1;
  }
  if (!pass_on(pending_.size() - keep)) return -1;
  return target_->pubsync();
}

}  // namespace bw::cli
