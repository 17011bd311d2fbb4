#include "sim/report.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <numeric>

namespace bw {

namespace {

double total(const ValueCounts& xs) {
  std::uint64_t n = 0;
  for (const auto& [value, count] : xs) n += count;
  return static_cast<double>(n);
}
double mean(const ValueCounts& xs) {
  double sum = 0;
  for (const auto& [value, count] : xs) sum += value * static_cast<double>(count);
  return xs.empty() ? 0 : sum / total(xs);
}
double variance(const ValueCounts& xs) {
  double n = total(xs);
  if (n < 2) return 0;
  double m = mean(xs), sum = 0;
  for (const auto& [value, count] : xs) sum += (value - m) * (value - m) * static_cast<double>(count);
  return sum / (n - 1);
}
double normal_two_sided_p(double z) { return std::erfc(std::fabs(z) / std::sqrt(2.0)); }

std::string escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '&': out += "&amp;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

const char* kColours[] = {"#1b6ca8", "#e07b39", "#3a9e5c", "#b8405e", "#7d5ba6", "#8c6d31", "#17becf", "#7f7f7f"};

// Grouped bars (group = seat, bar = variant) with 95% interval whiskers.
std::string win_rate_chart(const std::vector<VariantResult>& variants) {
  const int players = variants.front().summary.players;
  // The right margin holds the "fair share" label, so no text sits over a bar.
  const double width = 700, height = 300, left = 50, right = 80, bottom = 40, top = 20;
  const double plot_w = width - left - right, plot_h = height - bottom - top;
  double max_rate = 0;
  for (const auto& v : variants)
    for (const auto& s : v.summary.seat_stats) max_rate = std::max(max_rate, s.ci_high);
  max_rate = std::min(1.0, std::ceil(max_rate * 10 + 0.5) / 10);
  auto y = [&](double rate) { return top + plot_h * (1 - rate / max_rate); };
  std::string svg = fmt::format(
      "<svg class=\"chart\" data-metric=\"seat-win-rate\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" "
      "height=\"{}\" role=\"img\"><title>Win rate by seat</title>\n",
      width, height);
  for (int tick = 0; tick <= 5; ++tick) {
    double rate = max_rate * tick / 5;
    svg += fmt::format("<line x1=\"{}\" x2=\"{}\" y1=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"#ddd\"/>", left, left + plot_w,
                       y(rate), y(rate));
    svg += fmt::format("<text x=\"{}\" y=\"{:.1f}\" font-size=\"11\" text-anchor=\"end\">{:.0f}%</text>\n", left - 4,
                       y(rate) + 4, 100 * rate);
  }
  double fair = 1.0 / players;
  svg += fmt::format(
      "<line x1=\"{}\" x2=\"{}\" y1=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"#555\" stroke-dasharray=\"4 3\"/>"
      "<text x=\"{}\" y=\"{:.1f}\" font-size=\"11\" text-anchor=\"start\">fair share</text>\n",
      left, left + plot_w, y(fair), y(fair), left + plot_w + 6, y(fair) + 4);
  double group_w = plot_w / players, bar_w = group_w * 0.8 / static_cast<double>(variants.size());
  for (int seat = 0; seat < players; ++seat) {
    for (std::size_t v = 0; v < variants.size(); ++v) {
      const auto& s = variants[v].summary.seat_stats[seat];
      double x = left + seat * group_w + group_w * 0.1 + static_cast<double>(v) * bar_w;
      svg += fmt::format(
          "<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" fill=\"{}\"><title>{} P{}: "
          "{:.1f}% [{:.1f}%, {:.1f}%]</title></rect>",
          x, y(s.win_rate), bar_w * 0.9, top + plot_h - y(s.win_rate), kColours[v % 8], escape(variants[v].label),
          seat + 1, 100 * s.win_rate, 100 * s.ci_low, 100 * s.ci_high);
      double cx = x + bar_w * 0.45;
      svg += fmt::format("<line x1=\"{:.1f}\" x2=\"{:.1f}\" y1=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"#000\"/>\n", cx, cx,
                         y(s.ci_low), y(s.ci_high));
    }
    svg += fmt::format("<text x=\"{:.1f}\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\">P{}</text>\n",
                       left + (seat + 0.5) * group_w, height - bottom + 16, seat + 1);
  }
  return svg + "</svg>\n";
}

// The share of games in each bin, per variant. Whole-number data with few
// distinct values get one bin per value from lo to hi (drawn as bars), the
// rest 30 equal bins over the range (drawn as lines).
struct Binned {
  bool bars = false;
  int bins = 0;
  double lo = 0, span = 0, max_share = 0;
  std::vector<std::vector<double>> share;  // [variant][bin]
};
Binned bin_shares(const std::vector<ValueCounts>& values) {
  double lo = 1e300, hi = -1e300;
  bool whole_numbers = true;
  for (const auto& counts : values)
    for (const auto& [x, count] : counts) {
      lo = std::min(lo, x);
      hi = std::max(hi, x);
      whole_numbers &= x == std::floor(x);
    }
  if (lo > hi) lo = hi = 0;
  Binned out;
  out.bars = whole_numbers && hi - lo <= 40;
  out.bins = out.bars ? static_cast<int>(hi - lo) + 1 : 30;
  out.lo = lo;
  out.span = out.bars ? static_cast<double>(out.bins) : std::max(hi - lo, 1.0);
  auto bin_of = [&](double x) {
    return out.bars ? static_cast<int>(x - lo)
                    : std::min(out.bins - 1, static_cast<int>((x - lo) / out.span * out.bins));
  };
  out.share.assign(values.size(), std::vector<double>(out.bins, 0));
  for (std::size_t v = 0; v < values.size(); ++v) {
    for (const auto& [x, count] : values[v]) out.share[v][bin_of(x)] += static_cast<double>(count);
    for (double& s : out.share[v]) {
      s /= std::max(1.0, total(values[v]));
      out.max_share = std::max(out.max_share, s);
    }
  }
  return out;
}

// The share of games at each value of `values`, one series per variant, with
// both axes labelled. Whole-number data with few distinct values (scores) are
// bars, one per value and variant side by side; anything else (game lengths)
// is one line per variant over 30 bins.
std::string distribution_chart(const std::vector<VariantResult>& variants, const char* metric, const char* title,
                               const std::vector<ValueCounts>& values, const char* x_label, const char* y_label) {
  const double width = 700, height = 320, left = 64, right = 20, bottom = 44, top = 20;
  const double plot_w = width - left - right, plot_h = height - bottom - top;
  const Binned binned = bin_shares(values);
  const bool bars = binned.bars;
  const int bins = binned.bins;
  const double lo = binned.lo, span = binned.span, max_share = binned.max_share;
  const auto& share = binned.share;
  // The y axis runs to the next tenth (or hundredth) above the tallest share.
  double y_max = max_share > 0.1 ? std::ceil(max_share * 10) / 10 : std::ceil(std::max(max_share, 1e-3) * 100) / 100;
  auto y = [&](double share_of_games) { return top + plot_h * (1 - share_of_games / y_max); };

  std::string svg = fmt::format(
      "<svg class=\"chart\" data-metric=\"{}\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" "
      "role=\"img\"><title>{}</title>\n",
      metric, width, height, title);
  for (int tick = 0; tick <= 4; ++tick) {
    double share_of_games = y_max * tick / 4;
    svg += fmt::format("<line x1=\"{}\" x2=\"{}\" y1=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"{}\"/>", left, left + plot_w,
                       y(share_of_games), y(share_of_games), tick == 0 ? "#999" : "#eee");
    svg += fmt::format("<text x=\"{}\" y=\"{:.1f}\" font-size=\"11\" text-anchor=\"end\">{:.{}f}%</text>\n", left - 4,
                       y(share_of_games) + 4, 100 * share_of_games, y_max >= 0.1 ? 0 : 1);
  }
  svg += fmt::format(
      "<text transform=\"translate(14,{:.1f}) rotate(-90)\" font-size=\"12\" text-anchor=\"middle\">{}</text>\n",
      top + plot_h / 2, y_label);
  const double bin_w = plot_w / bins;
  if (bars) {
    // A label under every value when they fit, else under every few.
    const int label_every = std::max(1, static_cast<int>(std::ceil(bins / 20.0)));
    for (int b = 0; b < bins; b += label_every)
      svg += fmt::format("<text x=\"{:.1f}\" y=\"{}\" font-size=\"11\" text-anchor=\"middle\">{:.0f}</text>",
                         left + bin_w * (b + 0.5), top + plot_h + 14, lo + b);
    const double bar_w = bin_w * 0.8 / static_cast<double>(values.size());
    for (std::size_t v = 0; v < values.size(); ++v)
      for (int b = 0; b < bins; ++b) {
        if (share[v][b] <= 0) continue;
        double x = left + bin_w * b + bin_w * 0.1 + bar_w * static_cast<double>(v);
        svg += fmt::format(
            "<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" fill=\"{}\"><title>{}: {:.0f} in "
            "{:.1f}%</title></rect>\n",
            x, y(share[v][b]), bar_w * 0.9, top + plot_h - y(share[v][b]), kColours[v % 8], escape(variants[v].label),
            lo + b, 100 * share[v][b]);
      }
  } else {
    // Enough decimals that the five ticks read apart (a range of 0..1 needs two).
    const int decimals = span >= 20 ? 0 : span >= 2 ? 1 : 2;
    for (int tick = 0; tick <= 4; ++tick)
      svg += fmt::format("<text x=\"{:.1f}\" y=\"{}\" font-size=\"11\" text-anchor=\"middle\">{:.{}f}</text>",
                         left + plot_w * tick / 4, top + plot_h + 14, lo + span * tick / 4, decimals);
    for (std::size_t v = 0; v < values.size(); ++v) {
      std::string points;
      for (int b = 0; b < bins; ++b) points += fmt::format("{:.1f},{:.1f} ", left + bin_w * (b + 0.5), y(share[v][b]));
      svg += fmt::format(
          "<polyline fill=\"none\" stroke=\"{}\" stroke-width=\"2\" points=\"{}\"><title>{}</title></polyline>\n",
          kColours[v % 8], points, escape(variants[v].label));
    }
  }
  svg += fmt::format("<text x=\"{:.1f}\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\">{}</text>\n",
                     left + plot_w / 2, height - 6, x_label);
  return svg + "</svg>\n";
}

std::string legend(const std::vector<VariantResult>& variants) {
  std::string out = "<p class=\"legend\">";
  for (std::size_t v = 0; v < variants.size(); ++v)
    out += fmt::format("<span><i style=\"background:{}\"></i>{}</span> ", kColours[v % 8], escape(variants[v].label));
  return out + "</p>\n";
}

// Rows of figures, with the marks that tell what is significant.
struct Row {
  std::string label;
  std::vector<std::string> cells;
};

// Every significance test of a report goes into one of two families, so that
// the marks can be corrected for how many tests were made: seat advantage
// (each seat of each variant against the fair share) and differences from the
// first variant (length, and each seat's win rate and mean score).
struct PendingMark {
  std::size_t row, cell;
  bool advantage;    // else a difference from the first variant
  std::size_t test;  // index in its family
};

std::vector<Row> table_rows(const std::vector<VariantResult>& variants, std::vector<std::string>& header,
                            std::string& footnote) {
  const auto& base = variants.front();
  const int players = base.summary.players;
  const double fair = 1.0 / players;
  header = {"variant", "games", "mean length"};
  for (int p = 0; p < players; ++p) header.push_back(fmt::format("P{} win %", p + 1));
  for (int p = 0; p < players; ++p) header.push_back(fmt::format("P{} mean score", p + 1));

  std::vector<double> advantage_p, difference_p;
  std::vector<PendingMark> marks;
  std::vector<Row> rows;
  auto test = [&](std::size_t row, std::size_t cell, bool advantage, double p) {
    auto& family = advantage ? advantage_p : difference_p;
    marks.push_back({row, cell, advantage, family.size()});
    family.push_back(p);
  };
  for (std::size_t v = 0; v < variants.size(); ++v) {
    const auto& summary = variants[v].summary;
    Row row{variants[v].label, {}};
    row.cells.push_back(std::to_string(summary.games));
    row.cells.push_back(fmt::format("{:.1f}", summary.mean_actions));
    if (v > 0) test(v, 1, false, welch_p(summary.length_counts, base.summary.length_counts));
    for (int p = 0; p < players; ++p) {
      const auto& s = summary.seat_stats[p];
      const auto& b = base.summary.seat_stats[p];
      row.cells.push_back(fmt::format("{:.1f} [{:.1f}, {:.1f}]", 100 * s.win_rate, 100 * s.ci_low, 100 * s.ci_high));
      test(v, row.cells.size() - 1, true, one_proportion_p(s.wins, s.games, fair));
      if (v > 0) test(v, row.cells.size() - 1, false, two_proportion_p(s.wins, s.games, b.wins, b.games));
    }
    for (int p = 0; p < players; ++p) {
      row.cells.push_back(fmt::format("{:.2f}", summary.seat_stats[p].mean_score));
      if (v > 0) test(v, row.cells.size() - 1, false, welch_p(summary.score_counts[p], base.summary.score_counts[p]));
    }
    rows.push_back(row);
  }
  const std::vector<double> advantage = holm_adjusted(advantage_p), difference = holm_adjusted(difference_p);
  for (const PendingMark& m : marks)
    if ((m.advantage ? advantage : difference)[m.test] < 0.05) rows[m.row].cells[m.cell] += m.advantage ? " *" : " †";
  footnote = fmt::format(
      "* the seat's win rate differs from the fair share 1/players (a seat advantage; one-proportion z-test). "
      "† differs from the first variant (two-proportion z-test for win rates, Welch's t-test for means). Both "
      "marks hold at a family-wise error of 5%: the p-values are Holm–Bonferroni-corrected over the {} "
      "seat-advantage tests and, separately, over the {} comparisons with the first variant. The intervals are "
      "plain 95% Wilson intervals, not corrected. A win shared by k seats counts 1/k to each.",
      advantage_p.size(), difference_p.size());
  return rows;
}

}  // namespace

std::vector<double> holm_adjusted(const std::vector<double>& p_values) {
  // Sorted ascending, the i-th smallest (from 0) is multiplied by m - i; the
  // running maximum keeps the adjusted values in the same order as the raw ones.
  const std::size_t m = p_values.size();
  std::vector<std::size_t> order(m);
  std::iota(order.begin(), order.end(), std::size_t{0});
  // Ties by index, as a stable sort would keep them (stable_sort's buffer is deprecated under clang 19).
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return p_values[a] != p_values[b] ? p_values[a] < p_values[b] : a < b;
  });
  std::vector<double> adjusted(m);
  double running = 0;
  for (std::size_t i = 0; i < m; ++i) {
    running = std::max(running, std::min(1.0, static_cast<double>(m - i) * p_values[order[i]]));
    adjusted[order[i]] = running;
  }
  return adjusted;
}

double one_proportion_p(double wins, double n, double expected_rate) {
  if (n <= 0 || expected_rate <= 0 || expected_rate >= 1) return 1;
  double se = std::sqrt(expected_rate * (1 - expected_rate) / n);
  return normal_two_sided_p((wins / n - expected_rate) / se);
}

double two_proportion_p(double wins_a, double n_a, double wins_b, double n_b) {
  if (n_a <= 0 || n_b <= 0) return 1;
  double pooled = (wins_a + wins_b) / (n_a + n_b);
  double se = std::sqrt(pooled * (1 - pooled) * (1 / n_a + 1 / n_b));
  if (se == 0) return wins_a / n_a == wins_b / n_b ? 1 : 0;
  return normal_two_sided_p((wins_a / n_a - wins_b / n_b) / se);
}

double welch_p(const ValueCounts& a, const ValueCounts& b) {
  if (total(a) < 2 || total(b) < 2) return 1;
  double se = std::sqrt(variance(a) / total(a) + variance(b) / total(b));
  if (se == 0) return mean(a) == mean(b) ? 1 : 0;
  // Large samples: the t distribution is close enough to the normal one.
  return normal_two_sided_p((mean(a) - mean(b)) / se);
}

std::string report_html(const std::string& title, const std::string& command,
                        const std::vector<VariantResult>& variants) {
  std::string html = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" + escape(title) +
                     "</title>\n<style>\n"
                     "body{font-family:system-ui,sans-serif;max-width:980px;margin:2em auto;color:#222}\n"
                     "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:4px 8px;"
                     "text-align:right}th:first-child,td:first-child{text-align:left}\n"
                     ".legend span{margin-right:1.5em}.legend i{display:inline-block;width:12px;height:12px;"
                     "margin-right:4px}\ncode{background:#f4f4f4;padding:2px 4px}\n"
                     "</style>\n</head>\n<body>\n";
  html += "<h1>" + escape(title) + "</h1>\n<p>Produced by <code>" + escape(command) + "</code></p>\n";
  const auto& base = variants.front().summary;
  std::string lineup;
  for (const auto& s : base.seats) lineup += (lineup.empty() ? "" : ", ") + s;
  html += fmt::format("<p>{} players; line-up (rotated through the seats): {}; master seed {}.</p>\n", base.players,
                      escape(lineup), base.seed);
  html += legend(variants);
  html += "<h2>Seat advantage: win rate by seat</h2>\n" + win_rate_chart(variants);
  std::vector<ValueCounts> lengths, winner_scores;
  for (const auto& v : variants) {
    lengths.push_back(v.summary.length_counts);
    ValueCounts all;
    for (const auto& seat : v.summary.score_counts)
      for (const auto& [value, count] : seat) all[value] += count;
    winner_scores.push_back(all);
  }
  html += "<h2>Game length</h2>\n" + distribution_chart(variants, "game-length", "Game length (actions)", lengths,
                                                        "actions per game", "share of games");
  html += "<h2>Score distribution</h2>\n" + distribution_chart(variants, "score", "Final scores (all seats)",
                                                               winner_scores, "final score", "share of seats' results");
  std::vector<std::string> header;
  std::string footnote;
  auto rows = table_rows(variants, header, footnote);
  html += "<h2>Figures</h2>\n<table>\n<tr>";
  for (const auto& h : header) html += "<th>" + escape(h) + "</th>";
  html += "</tr>\n";
  for (const auto& row : rows) {
    html += "<tr><td>" + escape(row.label) + "</td>";
    for (const auto& cell : row.cells) html += "<td>" + cell + "</td>";
    html += "</tr>\n";
  }
  html += "</table>\n<p>" + escape(footnote) + "</p>\n</body>\n</html>\n";
  return html;
}

std::string report_markdown(const std::string& title, const std::string& command,
                            const std::vector<VariantResult>& variants) {
  std::string md = "# " + title + "\n\nProduced by `" + command + "`\n\n";
  std::vector<std::string> header;
  std::string footnote;
  auto rows = table_rows(variants, header, footnote);
  md += "|";
  for (const auto& h : header) md += " " + h + " |";
  md += "\n|";
  for (std::size_t i = 0; i < header.size(); ++i) md += i == 0 ? "---|" : "---:|";
  md += "\n";
  for (const auto& row : rows) {
    md += "| " + row.label + " |";
    for (const auto& cell : row.cells) md += " " + cell + " |";
    md += "\n";
  }
  return md + "\n" + footnote + "\n";
}

}  // namespace bw
