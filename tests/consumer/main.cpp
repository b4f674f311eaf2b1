// Uses the installed core: a section of Hull 20 that has suffered 10 is
// cracked; and the odds headers (Boost.Multiprecision): 2 ways in 4 is 1/2.
#include <cstdio>
#include <string>

#include <siege/odds.hpp>
#include <siege/siege.hpp>

int main() {
  const std::string state(siege::name_of(siege::ladder_state(10, 20)));
  const std::string half = siege::odds::fraction_text(siege::odds::ratio(2, 4));
  std::printf("%s %s\n", state.c_str(), half.c_str());
  return state == "cracked" && half == "1/2" ? 0 : 1;
}
