// The entry points of the WebAssembly package (src/wasm/api.cpp says how
// they are called; src/wasm/js/index.mjs calls them). Each returns an exit
// status: 0, or the one the command line would exit with; siege_output(0)
// then holds the outcome or the JSON error object (empty after an
// out-of-memory), siege_output(1) the new state file's text (apply).
#pragma once

extern "C" {

// Table files' texts over the built-in tables, as --data DIR merges them:
// a JSON object {"weapons.json": "<the file's text>", ...}; empty: the
// built-in tables alone.
int siege_configure(const char* tables_json);
// One batch line (a JSON object with "action" and, if wanted, "seed"): the
// outcome `siege batch` writes for it, without its "line".
int siege_resolve(const char* line);
// One action on a siege (the state file's text), as `siege --state FILE
// ACTION ...` runs and logs it: the outcome, and the file's new text.
// `file`: the name the hints and messages give the state file (a plain
// name; null or empty: "siege.json").
int siege_apply(const char* state, const char* line, const char* file);
// `siege --json odds OF ...`: {"of": "attack", ...inputs}; `state` (the
// state file's text, or empty) for `odds scene`, named `file` as in apply.
int siege_odds(const char* request, const char* state, const char* file);
// Any command that is not an action, `words` its name ("status", "odds
// scene", "undo"), as `siege --json WORDS ...` runs it with the `inputs`
// (a JSON object of its keys) on `state` (as in odds): the outcome, and
// the state file's text after it (undo and redo change it).
int siege_command(const char* words, const char* inputs, const char* state, const char* file);
// `siege help --inputs --json` of the commands the package holds.
int siege_inputs();
// From here on (on: 1) the calls print the referee's text, as the command
// line prints without --json, instead of JSON; resolve's output 1 is then
// the outcome's text beside its JSON (the calculator page shows both).
void siege_text(int on);
// The outputs of the last call (part 0 or 1), valid up to the next call.
const char* siege_output(int part);
// The version as `siege --json --version` prints it (one JSON object).
const char* siege_version();

}
