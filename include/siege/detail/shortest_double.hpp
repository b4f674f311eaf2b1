// A double as std::to_chars writes it (plain format: the fewest characters
// that read back as the value, %f or %e, %f on a tie), for a standard
// library without to_chars for doubles (libc++ 14, the WebAssembly build's:
// the JSON writer). A test tagged [json] holds it to std::to_chars.
#pragma once

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace siege::detail {

// `digits` (no zeros at the end but a lone "0") times 10^(exp10 - digits + 1),
// laid out as %f and as %e would: the shorter, %f on a tie. `whole`: the
// value as a whole number, when it is one: %f writes its every digit (of
// the representations of its length, the nearest).
[[nodiscard]] inline std::string laid_out(bool negative, const std::string& digits, int exp10,
                                          const std::string& whole) {
  const int n = static_cast<int>(digits.size());
  std::string fixed = negative ? "-" : "";
  if (exp10 >= n - 1 && !whole.empty()) {
    fixed = whole;
  } else if (exp10 >= n - 1) {
    fixed += digits + std::string(static_cast<std::size_t>(exp10 - n + 1), '0');
  } else if (exp10 >= 0) {
    fixed += digits.substr(0, static_cast<std::size_t>(exp10 + 1)) + "." +
             digits.substr(static_cast<std::size_t>(exp10 + 1));
  } else {
    fixed += "0." + std::string(static_cast<std::size_t>(-exp10 - 1), '0') + digits;
  }
  std::string sci = negative ? "-" : "";
  sci += digits.substr(0, 1);
  if (n > 1) sci += "." + digits.substr(1);
  char tail[16];
  std::snprintf(tail, sizeof tail, "e%c%02d", exp10 < 0 ? '-' : '+', std::abs(exp10));
  sci += tail;
  return sci.size() < fixed.size() ? sci : fixed;
}

// Whether `digits` at `exp10` (as laid_out takes them) reads back as `d`.
[[nodiscard]] inline bool reads_back(bool negative, const std::string& digits, int exp10, double d) {
  std::string text = negative ? "-" : "";
  text += digits + "e" + std::to_string(exp10 - static_cast<int>(digits.size()) + 1);
  return std::strtod(text.c_str(), nullptr) == d;
}

// What std::to_chars(first, last, d) writes for a finite `d`.
[[nodiscard]] inline std::string shortest_double(double d) {
  if (d == 0) return std::signbit(d) ? "-0" : "0";
  std::string whole;
  if (d == std::trunc(d) && std::fabs(d) < 1e25) {
    char w[40];
    std::snprintf(w, sizeof w, "%.0f", d);
    whole = w;
  }
  // Every digit of d: a double's decimal expansion ends within 767 digits.
  static thread_local char exact[840];
  std::snprintf(exact, sizeof exact, "%.770e", d);
  const bool negative = exact[0] == '-';
  const char* e = std::strchr(exact, 'e');
  const int exp10 = std::atoi(e + 1);
  std::string all;
  for (const char* c = exact + (negative ? 1 : 0); c < e; ++c)
    if (*c != '.') all += *c;
  while (all.size() > 1 && all.back() == '0') all.pop_back();
  for (std::size_t k = 1; k <= 17; ++k) {
    if (k >= all.size()) return laid_out(negative, all, exp10, whole);  // exact in k digits
    std::string down = all.substr(0, k);
    std::string up = down;
    int up_exp = exp10;
    std::size_t i = k;
    while (i > 0 && up[i - 1] == '9') up[--i] = '0';
    if (i == 0) {
      up.insert(up.begin(), '1');
      up.pop_back();
      ++up_exp;
    } else {
      ++up[i - 1];
    }
    // Which of the two is nearer d: the digits after the k-th against 5000...
    const char first = all[k];
    int nearer_up = first > '5' ? 1 : first < '5' ? -1 : 0;
    if (nearer_up == 0 && all.find_first_not_of('0', k + 1) != std::string::npos) nearer_up = 1;
    if (nearer_up == 0) nearer_up = ((down.back() - '0') % 2 == 0) ? -1 : 1;  // a tie: to even
    const auto trimmed = [](std::string s) {
      while (s.size() > 1 && s.back() == '0') s.pop_back();
      return s;
    };
    const bool up_ok = reads_back(negative, up, up_exp, d);
    const bool down_ok = reads_back(negative, down, exp10, d);
    if (nearer_up > 0 ? up_ok : down_ok)
      return nearer_up > 0 ? laid_out(negative, trimmed(up), up_exp, whole) : laid_out(negative, trimmed(down), exp10, whole);
    if (up_ok) return laid_out(negative, trimmed(up), up_exp, whole);
    if (down_ok) return laid_out(negative, trimmed(down), exp10, whole);
  }
  return laid_out(negative, all.substr(0, 17), exp10, whole);
}

}  // namespace siege::detail
