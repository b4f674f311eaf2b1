// The tables compiled into the binary from data/*.json (tools/tablegen.cpp).
#pragma once

#include "siege/tables.hpp"

namespace siege::cli {

[[nodiscard]] const Tables& builtin_tables();

}  // namespace siege::cli
