// siege/detail/suggest.hpp - "did you mean" for unknown ids.
#pragma once

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

namespace siege::detail {

[[nodiscard]] inline std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diag = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0u : 1u)});
      diag = up;
    }
  }
  return row[b.size()];
}

// The known ids nearest to `wanted`: those within a third of its length in
// edits (at least 2), or that contain it; at most three, nearest first.
[[nodiscard]] inline std::vector<std::string> nearest(std::string_view wanted,
                                                      const std::vector<std::string>& known) {
  std::vector<std::pair<std::size_t, std::string>> scored;
  const std::size_t limit = std::max<std::size_t>(2, wanted.size() / 3);
  for (const auto& k : known) {
    std::size_t d = edit_distance(wanted, k);
    if (!wanted.empty() && k.find(wanted) != std::string::npos) d = std::min<std::size_t>(d, 1);
    if (d <= limit) scored.emplace_back(d, k);
  }
  std::stable_sort(scored.begin(), scored.end(),
                   [](const auto& x, const auto& y) { return x.first < y.first; });
  std::vector<std::string> out;
  for (std::size_t i = 0; i < scored.size() && i < 3; ++i) out.push_back(scored[i].second);
  return out;
}

// " (did you mean a, b or c?)", or "" when nothing is near.
[[nodiscard]] inline std::string did_you_mean(std::string_view wanted,
                                              const std::vector<std::string>& known) {
  const auto near = nearest(wanted, known);
  if (near.empty()) return {};
  std::string s = " (did you mean ";
  for (std::size_t i = 0; i < near.size(); ++i) {
    if (i > 0) s += (i + 1 == near.size()) ? " or " : ", ";
    s += near[i];
  }
  return s + "?)";
}

}  // namespace siege::detail

// Public: what the program needs of this internal header, as siege:: names.
namespace siege {
using detail::did_you_mean;  // " (did you mean X?)" for the ids nearest an unknown one
using detail::nearest;  // the known ids nearest an unknown one
}  // namespace siege
