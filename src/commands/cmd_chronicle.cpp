// `siege --state FILE chronicle [-o FILE]`: the whole siege as one page,
// HTML (the default) or Markdown (--format markdown). It only reads the
// state file: no lock, nothing logged. The page goes to standard output, or
// with -o to a file written atomically; with --json (and -o) one object
// says what was written. See chronicle.hpp for what the page holds.
#include "commands/actions.hpp"
#include "commands/chronicle.hpp"
#include "commands/command.hpp"
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
  const bool to_stdout = r.output.empty() || r.output == "-";
  if (g.json && to_stdout)
    fail_usage("bad-usage", "chronicle: --json goes with -o FILE: the page itself is not JSON (with -o, --json "
                            "prints what was written)");
  StateFile file(g.state_file, StateFile::Access::read);
  if (!to_stdout && same_file(r.output, file.target()))
    fail_usage("bad-usage", "chronicle: -o " + r.output + " is the state file itself; give another file");
  const SiegeState st = load_state(file, ctx);
  // Messages on the page name the file without its folder: no path on the page.
  const auto slash = file.path().rfind('/');
  const std::string name = slash == std::string::npos ? file.path() : file.path().substr(slash + 1);
  const Chronicle c = gather_chronicle(st, ctx, name, *r.scenes);
  const std::string page = f == Format::markdown ? chronicle_markdown(c) : chronicle_html(c);
  if (to_stdout) return ctx.write(page);

  write_file_atomically(r.output, page);
  std::vector<std::string> notes;
  if (!c.replay_note.empty()) notes.push_back("The log does not replay to its end: " + c.replay_note);
  if (!c.outlook) notes.push_back("The outlook is left out: " + c.outlook_note);
  const std::string format = f == Format::markdown ? "markdown" : "html";
  ctx.emit(print::json_text(print::write_chronicle_written, st, file.path(), r.output, format, page.size(),
                            c.outlook.has_value(), notes),
           print::chronicle_written_text(st, r.output, format, page.size(), notes));
}

}  // namespace

SIEGE_COMMAND(chronicle) = plain_command<ChronicleRequest, chronicle_inputs, run_chronicle>({
    .name = "chronicle",
    .rank = 340,
    .summary = "With --state: the whole siege as one page (HTML, or --format markdown)",
    .example = "siege --state siege.json chronicle -o siege.html\n"
      "  siege --state siege.json --format markdown chronicle > siege.md",
    .page = true});

}  // namespace siege::cli
