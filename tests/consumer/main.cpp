// Uses the installed core: a section of Hull 20 that has suffered 10 is cracked.
#include <cstdio>

#include <siege/siege.hpp>

int main() {
  std::puts(std::string(siege::name_of(siege::ladder_state(10, 20))).c_str());
  return siege::ladder_state(10, 20) == siege::BreachState::cracked ? 0 : 1;
}
