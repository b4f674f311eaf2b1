// siege/siege.hpp - umbrella header of the siege rules core.
#pragma once

#include "siege/army.hpp"
#include "siege/breach.hpp"
#include "siege/demolition.hpp"
#include "siege/dice.hpp"
#include "siege/dice_expr.hpp"
#include "siege/error.hpp"
#include "siege/escalade.hpp"
#include "siege/mine.hpp"
#include "siege/morale.hpp"
#include "siege/report.hpp"
#include "siege/rules.hpp"
#include "siege/scene.hpp"
#include "siege/state.hpp"
#include "siege/structure.hpp"
#include "siege/tables.hpp"
#include "siege/tables_json.hpp"
