// `siege init`: a new state file from a description of the siege.
#include <sys/stat.h>
#include <unistd.h>

#include "commands/cmd_state.hpp"
#include "commands/actions.hpp"
#include "commands/command.hpp"
#include "print/description.hpp"
#include "print/json.hpp"
#include "print/text.hpp"
#include "state/read_file.hpp"
#include "state/state_file.hpp"

namespace siege::cli {

namespace {

// `init`: a new state file from a description.
struct InitRequest {
  std::string file;  // FILE, or --state
  std::string from;  // the description; "-" reads standard input
  bool force = false;
  std::string name;          // R43: an empty siege, built with `add` ...
  std::string scene_length;  // ... and its scenes' length
  bool print_template = false;  // prints a starter description
  bool print_schema = false;    // prints the description's schema
};

SiegeState run_init(const InitRequest& r, Context& ctx) {
  if (!r.from.empty())
    for (const char* key : {"name", "scene-length"})
      if (key == std::string_view("name") ? !r.name.empty() : !r.scene_length.empty())
        refuse_input("bad-option", key,
                     "goes without " + input_word("from") + " (a description gives its own \"" +
                         (key == std::string_view("name") ? "name" : "scene_length") + "\")");
  if (r.from.empty() && !r.name.empty()) {  // R43: no sections, engines or units yet
    SiegeState st;
    st.name = r.name;
    if (!r.scene_length.empty())
      st.scene_length = r.scene_length == "week" ? SceneLength::week : SceneLength::day;
    return st;
  }
  if (r.from.empty())
    fail_usage("no-description",
               "init: give --from DESCRIPTION.json (see examples/castle-siege.json, or '" +
                   hint({"init", input_word("template")}) +
                   "'), --from - to read it from standard input, or --name NAME for a siege with no castle yet, "
                   "built with '" +
                   hint({"add", input_word("section"), "ID", input_word("structure"), "S"}) + "'");
  // A regular file, or standard input with -; at most max_input_bytes.
  const FailAs as{ErrorKind::usage, "bad-description"};
  const std::string text = r.from == "-" ? read_stream(STDIN_FILENO, "--from -", as)
                                         : *read_regular_file(r.from, "--from " + r.from, as, IfMissing::fail);
  const siege::JsonSource src{r.from == "-" ? "<stdin>" : r.from, ErrorKind::usage};
  return read_description(text, src, ctx.tables());
}

void init_inputs(Fields& f, InitRequest& r) {
  f.text({.key = "file", .help = "The state file to write (or --state FILE)", .value_name = "FILE", .positional = true,
          .path = true},
         r.file);
  f.text({.key = "from",
          .help = "The description of the siege (JSON; - reads standard input)",
          .value_name = "DESCRIPTION",
          .path = true},
         r.from);
  f.flag({"force", "Replace FILE if it exists"}, r.force);
  f.text({"name", "Without --from: the name of a siege with no castle yet (R43: built with add)", "NAME"}, r.name);
  f.text({.key = "scene-length",
          .help = "With --name: how long a scene lasts (default day)",
          .value_name = "LENGTH",
          .choices = scene_length_names},
         r.scene_length);
  f.flag({"template", "Print a starter description (every kind of entry) and write nothing"}, r.print_template);
  f.flag({"schema", "Print the description's JSON Schema, with the ids of the tables in use, and write nothing"},
         r.print_schema);
}

// --template, --schema: a document printed, nothing else given or written.
void print_document(const InitRequest& r, Context& ctx) {
  const char* key = r.print_template ? "template" : "schema";
  if (r.print_template && r.print_schema) refuse_input("bad-option", "schema", "goes without " + input_word("template"));
  for (const auto& [other, given] : {std::pair<const char*, bool>{"from", !r.from.empty()},
                                     {"name", !r.name.empty()},
                                     {"scene-length", !r.scene_length.empty()},
                                     {"force", r.force}})
    if (given) refuse_input("bad-option", other, "goes without " + input_word(key) + ", which writes no file");
  if (!r.file.empty() || !ctx.globals.state_file.empty())
    refuse_input("bad-option", key, "prints to standard output and writes no FILE; redirect it: '" +
                                        hint({"init", input_word(key)}) + " > castle.json'");
  const std::string doc = r.print_template ? print::description_template() : print::description_schema(ctx.tables());
  ctx.text_or_json_only("init");
  ctx.write(doc);  // as it is, not fitted to the width: a file to save
}

void init_siege(const InitRequest& req, Context& ctx) {
  if (req.print_template || req.print_schema) {
    print_document(req, ctx);
    return;
  }
  const InitRequest* r = &req;
  std::string path = r->file;
  const std::string& state = ctx.globals.state_file;
  if (!state.empty() && !path.empty() && state != path)
    fail_usage("bad-option", "init: FILE (" + path + ") and --state (" + state + ") name different files");
  if (path.empty()) path = state;
  if (path == "-")
    fail_usage("bad-option", "init: FILE '-': a state file must be a file that can be replaced, not standard "
                             "output (--from - reads the description from standard input)");
  if (path.empty()) fail_usage("no-state", "init: give the state FILE to write");
  refuse_sidecar_path(path, "a state file");  // before the description is read (and with --dry-run)
  const SiegeState st = run_init(*r, ctx);
  const siege::StateText text = checked_state_text(st, path, ctx.tables());
  auto refuse = [&] {
    fail_usage("state-exists", "init: " + path + " already exists; give --force to replace it");
  };
  if (ctx.globals.dry_run) {
    struct stat sb {};
    if (::stat(path.c_str(), &sb) == 0 && !r->force) refuse();
  } else {
    StateFile file(path, StateFile::Access::create, ctx.lock_wait());
    if (file.exists() && !r->force) refuse();
    file.commit(text);
    ctx.note_commit("the siege in " + path + " was written");
  }
  ctx.emit(with_fields(print::json_text(print::write_status, st, ctx.tables(), path, "init"), "init",
                       std::string("\"dry_run\":") + (ctx.globals.dry_run ? "true" : "false")),
           print::init_text(st, ctx.tables(), path, ctx.globals.dry_run));
}

}  // namespace

namespace {

// What the references say of `init` (tools/gen-refs writes docs/siege.1, README.md,
// docs/state.md and the outcome schema from it).
CommandDoc init_doc() {
  return {
      .synopsis = R"doc(`siege init` *FILE* `--from` *DESCRIPTION* [`--force`]
`siege init` *FILE* `--name` *NAME* [`--scene-length` *LENGTH*] [`--force`]
`siege init --template`
`siege init --schema`)doc",
      .about = R"doc(Write a new state file from a description of the siege: a JSON object with its *sections*, the
*besiegers* and *defenders* engines (with their crew pools and targets), and optionally a
*name*, a *scene_length* (`day` or `week`), the *units* of both sides (id, side, figures, and
order, hero and where they start) and the *armies* (their strength, and whether the defenders
hold a castle); see *docs/state.md*. Every error of a description is reported in one run (at most
20 lines, then a count of the rest), each naming its JSON pointer. With `--name` instead of
`--from` the siege starts with no sections, engines or units: the castle is built with `siege add
--section` (R43), and a scene is refused until it has a section. `--template` prints a starter
description and `--schema` the description's JSON Schema (draft 2020-12, with the ids of the tables
in use); neither writes a file.)doc",
      .inputs = R"doc(@file: The state file to write (it may be given as `--state` *FILE* instead).
@from: The description file, a regular file of at most 16 MiB; `-` reads it from standard input (at
most 16 MiB too).
@force: Replace *FILE* if it exists (without it, that is refused).
@name: Instead of `--from`: the name of a siege with no castle yet (R43).
@scene-length: With `--name`: how long one scene lasts.
@template: Print a starter description, one of every kind of entry, valid as it stands and naming
its schema in `"$schema"`; save it, edit it, and give it to `--from`.
@schema: Print the description's JSON Schema for an editor: a description on every key, and the
ids of the tables in use (with `--data`, those of *DIR*). The copy installed beside the outcome
schema (*description.schema.json*) suggests the built-in ids and accepts any well-formed one.)doc",
      .example = R"doc(Example:

    $ siege init siege.json --from castle-siege.json
    Siege     The siege of Harrowmere: 0 scenes played (a scene is one
              week)
    Sections
      north-wall      curtain-wall             [....................]
                      0/20  intact
    ...
    Wrote     siege.json; play a scene with:
              siege --state siege.json scene)doc",
      .with_state = R"doc(writes a new siege (FILE may also be given as `--state FILE`); refuses to replace an existing file without `--force` (exit 2); `--from -` reads standard input)doc"};
}

}  // namespace

SIEGE_COMMAND(init) = plain_command<InitRequest, init_inputs, init_siege>({
    .name = "init",
    .rank = 270,
    .summary = "Write a new siege state file from a description of the siege",
    .example = "siege init siege.json --from examples/castle-siege.json\n"
      "  siege init --template > castle.json\n"
      "  siege init siege.json --name 'The siege of Newtown'",
    .doc = init_doc});

}  // namespace siege::cli
