// The C++ side of the ratings oracle (openskill_oracle.mjs): games as JSON on
// standard input, each rated by bw::ratings, the results as JSON on standard
// output. Numbers go through JSON unchanged both ways (nlohmann writes the
// shortest text that reads back to the same double, as JavaScript does).
//
//   in:  {"model": {"beta": B, "kappa": K, "tau": T},
//         "games": [{"before": [[mu, sigma], ...], "ranks": [1, 2, ...]}, ...]}
//   out: {"after": [[[mu, sigma], ...], ...]}
#include <exception>
#include <iostream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "core/strict_json.hpp"
#include "ratings/ratings.hpp"

namespace {

using bw::ratings::Rating;

nlohmann::json rate_all(const nlohmann::json& input) {
  bw::ratings::RatingModel model;
  const nlohmann::json& settings = input.at("model");
  model.beta = settings.at("beta").get<double>();
  model.kappa = settings.at("kappa").get<double>();
  model.tau = settings.at("tau").get<double>();
  nlohmann::json all = nlohmann::json::array();
  std::vector<Rating> before;
  for (const nlohmann::json& game : input.at("games")) {
    before.clear();
    for (const nlohmann::json& rating : game.at("before")) {
      before.push_back({rating.at(0).get<double>(), rating.at(1).get<double>()});
    }
    const auto ranks = game.at("ranks").get<std::vector<int>>();
    nlohmann::json after = nlohmann::json::array();
    for (const Rating r : model.rate(before, ranks)) after.push_back({r.mu, r.sigma});
    all.push_back(std::move(after));
  }
  return {{"after", std::move(all)}};
}

}  // namespace

int main() {
  try {
    const std::string text{std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>()};
    std::cout << rate_all(bw::parse_strict_json(text, "standard input")).dump() << '\n';
    return std::cout.flush() ? 0 : 1;
  } catch (const std::exception& error) {
    std::cerr << "rate_json: " << error.what() << '\n';
    return 1;
  }
}
