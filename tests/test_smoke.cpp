#include <catch2/catch.hpp>
#include "siege/siege.hpp"
TEST_CASE("placeholder") { REQUIRE(siege::ladder_state(10, 20) == siege::BreachState::cracked); }
