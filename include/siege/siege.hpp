// siege/siege.hpp - umbrella header of the siege rules core: every header
// of include/siege/ but the exact odds (siege/odds*.hpp, which need
// Boost.Multiprecision: include them on their own). Written by
// tools/gen-refs from the folder: a new header is in it without an edit.
#pragma once

#include "siege/army.hpp"
#include "siege/breach.hpp"
#include "siege/demolition.hpp"
#include "siege/description.hpp"
#include "siege/dice.hpp"
#include "siege/dice_expr.hpp"
#include "siege/error.hpp"
#include "siege/escalade.hpp"
#include "siege/gallery.hpp"
#include "siege/log.hpp"
#include "siege/mine.hpp"
#include "siege/morale.hpp"
#include "siege/note.hpp"
#include "siege/roster.hpp"
#include "siege/rule.hpp"
#include "siege/rules.hpp"
#include "siege/scene.hpp"
#include "siege/state.hpp"
#include "siege/state_json.hpp"
#include "siege/structure.hpp"
#include "siege/tables.hpp"
#include "siege/tables_json.hpp"
#include "siege/text.hpp"
#include "siege/units.hpp"
