// `siege init`: a new state file from a description of the siege.
#include <sys/stat.h>
#include <unistd.h>

#include "commands/cmd_state.hpp"
#include "commands/actions.hpp"
#include "commands/command.hpp"
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
};

SiegeState run_init(const InitRequest& r, Context& ctx) {
  if (r.from.empty())
    fail_usage("no-description", "init: give --from DESCRIPTION.json (sections and engines; see "
                                 "examples/castle-siege.json), or --from - to read it from standard input");
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
}

void init_siege(const InitRequest& req, Context& ctx) {
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
  const std::string text = checked_state_text(st, path, ctx.tables());
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
      .synopsis = "`siege init` *FILE* `--from` *DESCRIPTION* [`--force`]",
      .about = R"doc(Write a new state file from a description of the siege: a JSON object with its *sections*, the
*besiegers* and *defenders* engines (with their crew pools and targets), and optionally a
*name*, a *scene_length* (`day` or `week`), the *units* of both sides (id, side, figures, and
order, hero and where they start) and the *armies* (their strength, and whether the defenders
hold a castle); see *docs/state.md*.)doc",
      .inputs = R"doc(@file: The state file to write (it may be given as `--state` *FILE* instead).
@from: The description file, a regular file of at most 16 MiB; `-` reads it from standard input (at
most 16 MiB too).
@force: Replace *FILE* if it exists (without it, that is refused).)doc",
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
    .example = "siege init siege.json --from examples/castle-siege.json",
    .doc = init_doc});

}  // namespace siege::cli
