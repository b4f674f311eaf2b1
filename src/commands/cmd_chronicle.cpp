// `siege --state FILE chronicle [-o FILE]`: the whole siege as one page,
// HTML (the default) or Markdown (--format markdown). It only reads the
// state file: no lock, nothing logged. The page goes to standard output, or
// with -o to a file written atomically; with --json (and -o) one object
// says what was written. See chronicle.hpp for what the page holds.
#include "commands/actions.hpp"
#include "commands/chronicle.hpp"
#include "commands/command.hpp"
#include "commands/view.hpp"
#include "print/json.hpp"
#include "print/render.hpp"
#include "print/text.hpp"
#include "siege/scene.hpp"
#include "state/state_file.hpp"

namespace siege::cli {

namespace {

struct ChronicleRequest {
  std::string output;
  Given<int> scenes = evening_scenes;
  bool force = false;
  Given<std::string> view = std::string(view_names[1]);  // referee
};

void chronicle_inputs(Fields& f, ChronicleRequest& r) {
  f.text({.key = "output",
          .help = "Write the page to FILE (replaced atomically) instead of standard output; - is standard output",
          .value_name = "FILE",
          .also = "-o",
          .path = true},
         r.output);
  f.number({"scenes", "Coming scenes the outlook looks at (as odds scene --scenes)"}, r.scenes, 1,
           chronicle_max_scenes);
  f.flag({"force", "With -o: replace FILE even when it holds a siege state file"}, r.force);
  f.text({.key = "view",
          .help = "Whose page: referee (the whole siege, the default) or players (what serve shows them: no "
                  "gallery not yet found, no private note, no outlook)",
          .value_name = "VIEW",
          .choices = view_names},
         r.view);
}

// The page's format: html (the default) or markdown; the table formats are
// refused (--format json is --json: the page as html, and the object).
Format page_format(const Globals& g) {
  if (g.format == "json") return Format::html;
  const Format f = parse_format(g.format);
  if (f == Format::html || f == Format::markdown) return f;
  if (f == Format::text && !g.format_given) return Format::html;
  fail_input("bad-format", "format", g.format, "the chronicle is a page, html (the default) or markdown");
}

void run_chronicle(const ChronicleRequest& r, Context& ctx) {
  require_state(ctx, "chronicle");
  const Globals& g = ctx.globals;
  const Format f = page_format(g);
  const bool to_stdout = r.output.empty() || names_standard_output(r.output);
  if (g.json && to_stdout)
    fail_usage("bad-usage", "chronicle: --json goes with -o FILE: the page itself is not JSON (with -o, --json "
                            "prints what was written)");
  StateFile file(g.state_file, StateFile::Access::read);
  // Refused before the page is made: the state file, a read-only file, another siege (without --force).
  const OutputFile out(r.output, {.key = "output",
                                  .replace = r.force ? OutputFile::Replace::even_a_siege : OutputFile::Replace::not_a_siege,
                                  .state_file = file.target(),
                                  .wait = ctx.lock_wait()});
  const SiegeState st = load_state(file, ctx);
  // Messages on the page name the file without its folder: no path on the page.
  const auto slash = file.path().rfind('/');
  const std::string name = slash == std::string::npos ? file.path() : file.path().substr(slash + 1);
  const View v = view_named(*r.view);
  const Chronicle c = gather_chronicle(st, ctx, name, *r.scenes, v);
  const std::string page = f == Format::markdown ? chronicle_markdown(c) : chronicle_html(c);
  if (out.standard_output()) return ctx.write(page);

  out.write(page);
  std::vector<std::string> notes;
  if (!c.replay_note.empty()) notes.push_back("The log does not replay to its end: " + c.replay_note);
  if (!c.outlook) notes.push_back("The outlook is left out: " + c.outlook_note);
  const std::string format = f == Format::markdown ? "markdown" : "html";
  // What was written counts the view's entries (R44: a private note is not on the players' page).
  const SiegeState& shown = *c.state;
  ctx.emit(print::json_text(print::write_chronicle_written, shown, file.path(), r.output, format, page.size(),
                            c.outlook.has_value(), notes),
           print::chronicle_written_text(shown, r.output, format, page.size(), notes));
}

}  // namespace

namespace {

// What the references say of `chronicle` (tools/gen-refs writes docs/siege.1, README.md,
// docs/state.md and the outcome schema from it).
CommandDoc chronicle_doc() {
  return {
      .synopsis = R"doc(`siege --state` *FILE* [`--format` `html`|`markdown`] `chronicle` [`-o` *OUT* [`--force`]] [`--scenes` *N*] [`--view` `referee`|`players`])doc",
      .about = R"doc(The whole siege as one page, from the state file and its log alone: who holds what; a schematic
plan of the castle (the sections around a ring in their states, the engines with an arrow to
each target, the camp, the units where they stand); every section with a bar of its Hull
suffered and its ladder state, the engines of both sides, the camp, the units and armies
(figures, order, place, killed against the one-third mark); a chart of each section's and each
engine's Hull suffered after every log entry, with the lines where it cracks, is breached or is
knocked out; every log entry in the order played, grouped by scene, with the whole command that
plays it again (the state file's name, its seed and inputs, quoted for the shell), its one-line
outcome, its dice and rule ids, the attacks it holds, and what it changed, breaches and
knock-outs marked; the outlook of `odds scene` (the chance each section is breached by the end
of each coming scene, left out with a note when that question is too large); and the rules
cited. The log is replayed to draw the charts; an entry that no longer replays is shown as
logged, with a note.

The HTML page is one self-contained file: inline CSS and SVG, no script, nothing fetched, the
system's fonts, a print stylesheet for A4; on a screen narrower than 600 pixels each table row
is a card, one line for each column with its name and value. Every text from the state file is
escaped. With `--format markdown` the same content as Markdown tables, without the charts. The
same file always gives the same bytes: the page holds no date and no path. It only reads the
state file.)doc",
      .inputs = R"doc(@output: Write the page to *OUT* (a temp file beside it, then renamed over it: never a torn page) instead
of standard output; `-` and */dev/stdout* are standard output, and a character device or a pipe
(*/dev/null*, a terminal) is written in place. Refused with status 2, before anything is
written: the state file itself; a file the state file's rule holds read-only (no write bit, or
no write permission for this user); a siege state file (it holds `"format": "siege-state"`),
unless `--force` is given; a folder. A failed write is status 5. With `--json` (which needs
`-o`) one object says what was written: the file, its format, its bytes.
@scenes: Coming scenes the outlook looks at, as `odds scene --scenes`.
@force: With `-o`: replace *OUT* even when it holds a siege state file (never the one of
`--state`, nor a read-only file).
@view: Whose page: `referee` (the whole siege, private notes marked private, the outlook) or
`players` (the page `serve` shows them: no gallery not yet found, no private note,
entries numbered without them, no outlook).)doc",
      .example = R"doc(Example:

    $ siege --state siege.json chronicle -o siege.html
    Chronicle of The siege of Harrowmere (4 log entries, 3 scenes): 40514
    bytes of html written to siege.html
    $ siege --state siege.json --format markdown chronicle > siege.md
    $ siege --state siege.json chronicle --view players -o table.html)doc",
      .with_state = R"doc(the whole siege as one page, HTML (the default) or with `--format markdown` Markdown (below); reads the file only)doc",
      .outcome = R"json({
  "chronicle_outcome": {
    "description": "`chronicle -o FILE --json`: what was written (the page itself is HTML or Markdown).",
    "allOf": [{"$ref": "#/$defs/base"}],
    "properties": {
      "action": {"const": "chronicle"},
      "file": {"type": "string"},
      "output": {"type": "string", "minLength": 1},
      "format": {"enum": ["html", "markdown"]},
      "bytes": {"$ref": "#/$defs/count"},
      "log_entries": {"$ref": "#/$defs/count"},
      "scene": {"$ref": "#/$defs/count"},
      "outlook": {"type": "boolean"}
    },
    "required": ["file", "output", "format", "bytes", "log_entries", "scene", "outlook"],
    "unevaluatedProperties": false
  }
})json"};
}

}  // namespace

SIEGE_COMMAND(chronicle) = plain_command<ChronicleRequest, chronicle_inputs, run_chronicle>({
    .name = "chronicle",
    .rank = 340,
    .summary = "With --state: the whole siege as one page (HTML, or --format markdown)",
    .example = "siege --state siege.json chronicle -o siege.html\n"
      "  siege --state siege.json --format markdown chronicle > siege.md",
    .page = true,
    .doc = chronicle_doc});

}  // namespace siege::cli
