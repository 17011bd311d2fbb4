#pragma once
// The one place where the terminal's abilities shape the text: everything the
// CLI writes to a terminal goes through a StyledOutput, which colours the
// seats' names and, when the locale cannot show UTF-8, spells the few
// non-ASCII signs the games use in ASCII. Games and commands write plain UTF-8.
#include <streambuf>
#include <string>
#include <string_view>
#include <vector>

namespace bw::cli {

struct TextStyle {
  bool colour = false;  // ANSI colours for the seats
  bool utf8 = true;     // false: — × ± → ↑ … become ASCII, other non-ASCII '?'
};

// What a terminal on standard output can show, from the environment:
// colour unless NO_COLOR is set (to anything) or TERM is dumb or unset; UTF-8
// when the first set of LC_ALL, LC_CTYPE, LANG names UTF-8.
TextStyle detect_style(bool is_terminal);

// `text` in ASCII: "—" -> "-", "×" -> "x", "±" -> "+/-", "→" -> "->", "↑" -> "^", "…" -> "...".
std::string ascii_fallback(std::string_view text);

// `text` with each whole-word occurrence of names[i] in seat i's colour, and
// the card colours (red, blue, green, yellow) in theirs; escape sequences are
// left alone.
std::string coloured_names(std::string_view text, const std::vector<std::string>& names);

// A stream buffer that styles whole lines (and what is pending at a flush,
// such as a prompt) before passing them on to `target`.
class StyledOutput : public std::streambuf {
 public:
  StyledOutput(std::streambuf* target, TextStyle style) : target_(target), style_(style) {}
  ~StyledOutput() override { sync(); }
  StyledOutput(const StyledOutput&) = delete;
  StyledOutput& operator=(const StyledOutput&) = delete;

  const TextStyle& style() const { return style_; }
  // The names to colour from now on (seat i gets colour i); empty: none.
  void set_seat_names(std::vector<std::string> names) { names_ = std::move(names); }

 protected:
  int_type overflow(int_type c) override;
  std::streamsize xsputn(const char* text, std::streamsize count) override;
  int sync() override;

 private:
  bool pass_on(std::size_t length);  // styles and writes the first `length` pending bytes

  std::streambuf* target_;
  TextStyle style_;
  std::vector<std::string> names_;
  std::string pending_;
};

}  // namespace bw::cli
