// The command line read against the command objects (parse.hpp).
#include "front/parse.hpp"

#include <algorithm>
#include <optional>

#include "front/globals.hpp"
#include "commands/hint.hpp"
#include "front/words.hpp"
#include "print/render.hpp"
#include "siege/detail/suggest.hpp"
#include "siege/text.hpp"

namespace siege::cli {

namespace {

// One input as the command line names it.
struct Shape {
  In in;
  bool flag = false;
  bool many = false;  // texts: given again, it adds values
  std::string value_name;
};

struct Shapes final : FieldsOf<Shapes> {
  std::vector<Shape> out;
  template <typename V>
  void on(const In& in, V&, int, int) {
    out.push_back({in, std::is_same_v<V, bool>, std::is_same_v<V, std::vector<std::string>>,
                   std::string(value_name_of<V>(in))});
  }
};

std::vector<Shape> shapes_of(const Command& c) {
  Shapes s;
  if (c.inputs != nullptr) c.inputs(s);
  return std::move(s.out);
}

// The name an input is written by on the command line: "--weapon", or a
// positional's "TABLE".
std::string name_of(const Shape& s) { return s.in.positional ? positional_name(s.in) : "--" + std::string(s.in.key); }

bool names(const Shape& s, std::string_view word) {
  if (s.in.positional) return !s.in.also.empty() && s.in.also == word;  // note TEXT is also --text
  return word == "--" + std::string(s.in.key) || (!s.in.also.empty() && s.in.also == word);
}

const Shape* find_shape(const std::vector<Shape>& shapes, std::string_view word) {
  for (const auto& s : shapes)
    if (names(s, word)) return &s;
  return nullptr;
}

// "one value", "2 values".
std::string values_word(int n) { return n == 1 ? "one value" : std::to_string(n) + " values"; }

std::string shell_words_of(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) {
    if (!out.empty()) out += ' ';
    out += shell_word(w);
  }
  return out;
}

// The reading of one line.
class Reader {
 public:
  Reader(const std::vector<std::string_view>& words, Globals& g) : words_(words), g_(g) {}

  CommandLine read() {
    for (at_ = 0; at_ < words_.size(); ++at_) {
      const std::string_view w = words_[at_];
      if (dashes_) {
        positional(w);
      } else if (w == "--") {
        dashes_ = true;
      } else if (w.size() > 1 && w[0] == '-') {
        option(w);
        if (line_.help || line_.version) {
          // What is asked for is known; only --json still changes its form.
          for (std::size_t k = at_ + 1; k < words_.size() && words_[k] != "--"; ++k)
            if (words_[k] == "--json") g_.json = true;
          return line_;
        }
      } else {
        plain(w);
      }
    }
    finish();
    return line_;
  }

 private:
  // "attack: ", "odds attack: ", or "" when the line names no command (one
  // named further on is named already: "list: unknown option --jsn").
  [[nodiscard]] std::string where() const {
    if (line_.command == nullptr) {
      for (std::size_t i = at_ + 1; i < words_.size(); ++i)
        if (words_[i] == "--") break;
        else if (!words_[i].empty() && words_[i][0] != '-')
          if (const Command* c = find_top_command(words_[i])) return std::string(c->name) + ": ";
      return {};
    }
    return line_.path().append(": ");
  }
  [[noreturn]] void fail(const std::string& message) const { fail_usage("bad-usage", where() + message); }

  // The spellings an unknown option is held against, as typed.
  [[nodiscard]] std::vector<std::string> spellings() const {
    std::vector<std::string> out;
    const auto add = [&out](std::string n) {
      if (std::find(out.begin(), out.end(), n) == out.end()) out.push_back(std::move(n));
    };
    for (const auto* shapes : {&sub_shapes_, &own_shapes_})
      for (const auto& s : *shapes) {
        if (!s.in.positional) add("--" + std::string(s.in.key));
        if (!s.in.also.empty()) add(std::string(s.in.also));
      }
    for (const auto& o : global_options())
      for (const auto& n : option_names(o)) add(n);
    return out;
  }

  void plain(std::string_view w) {
    if (line_.command == nullptr) {
      const Command* c = find_top_command(w);
      if (c == nullptr)
        fail_usage("unknown-command", "unknown command '" + std::string(w) + "'" +
                                          siege::did_you_mean(w, command_names()) + "; run 'siege --help' for the list");
      line_.command = c;
      own_shapes_ = shapes_of(*c);
      return;
    }
    if (line_.sub == nullptr && has_subcommands(*line_.command) && !takes_positional(own_shapes_)) {
      const Command* sub = find_command(subcommands_of(*line_.command), w);
      if (sub == nullptr) unknown_subcommand(w);
      line_.sub = sub;
      sub_shapes_ = shapes_of(*sub);
      return;
    }
    positional(w);
  }

  [[nodiscard]] bool takes_positional(const std::vector<Shape>& shapes) const {
    return std::any_of(shapes.begin(), shapes.end(), [](const Shape& s) { return s.in.positional; });
  }

  [[noreturn]] void unknown_subcommand(std::string_view w) const {
    std::vector<std::string> subs;
    for (const auto& s : subcommands_of(*line_.command)) subs.emplace_back(s.name);
    const std::string suggestion = siege::did_you_mean(w, subs);
    const std::vector<std::string_view> names(subs.begin(), subs.end());
    fail("unknown subcommand " + shell_word(w) +
         (!suggestion.empty() ? suggestion : "; " + std::string(line_.command->name) + " takes " + ors(names)));
  }

  // The shapes the words after the command go to: the subcommand's, once
  // one is named.
  [[nodiscard]] const std::vector<Shape>& current() const { return line_.sub != nullptr ? sub_shapes_ : own_shapes_; }
  [[nodiscard]] const Command* current_command() const { return line_.target(); }

  void positional(std::string_view w) {
    if (line_.command == nullptr) {
      // `siege -- attack`: after "--" a word is an argument, and no command was named.
      return;
    }
    const auto& shapes = current();
    std::size_t n = 0;
    for (const auto& s : shapes) {
      if (!s.in.positional) continue;
      if (n++ < positionals_) continue;
      ++positionals_;
      give(current_command(), s, std::string(w));
      return;
    }
    extras_.emplace_back(w);
  }

  void give(const Command* of, const Shape& s, std::string value) {
    for (auto& g : line_.inputs)
      if (g.of == of && g.key == s.in.key) {
        g.values.push_back(std::move(value));
        return;
      }
    line_.inputs.push_back({of, std::string(s.in.key), {std::move(value)}});
  }

  // The value of an option that takes one: the word after it, unless that
  // word is one of the command's own options.
  std::string value_after(const std::string& name, const Shape* s, const std::string& value_name) {
    if (at_ + 1 >= words_.size()) fail(name + " needs one value (" + value_name + ") after it");
    const std::string_view next = words_[at_ + 1];
    if (s != nullptr && next.size() > 1 && next[0] == '-' &&
        find_shape(current(), next.substr(0, next.find('='))) != nullptr)
      fail(name + " needs one value (" + value_name + ") after it");
    ++at_;
    return std::string(next);
  }

  void option(std::string_view w) {
    // "--name=value", "-Xvalue".
    std::string name(w);
    std::optional<std::string> inline_value;
    if (w.rfind("--", 0) == 0) {
      if (const auto eq = w.find('='); eq != std::string_view::npos) {
        name = std::string(w.substr(0, eq));
        inline_value = std::string(w.substr(eq + 1));
      }
    } else if (w.size() > 2) {
      name = std::string(w.substr(0, 2));
      inline_value = std::string(w.substr(2));
    }
    // A command's own option first, then (odds') the parent's, then the globals.
    if (line_.command != nullptr) {
      if (const Shape* s = find_shape(current(), name)) return input(current_command(), *s, name, inline_value);
      if (line_.sub != nullptr)
        if (const Shape* s = find_shape(own_shapes_, name)) {
          own_after_sub_.push_back(name);
          return input(line_.command, *s, name, inline_value);
        }
    }
    if (name == "-h" || name == "--help") {
      if (inline_value) fail(name + " is a flag: it takes no value, given '" + *inline_value + "'");
      line_.help = true;
      return;
    }
    if (name == "--version") {
      if (inline_value) fail(name + " is a flag: it takes no value, given '" + *inline_value + "'");
      line_.version = true;
      return;
    }
    for (const auto& o : global_options())
      for (const auto& n : option_names(o))
        if (n == name) return global(o, name, inline_value);
    fail("unknown option " + shell_word(name) + siege::did_you_mean(name, spellings()));
  }

  // A flag's "=value": set, left as it was, or refused.
  bool flag_value(const std::string& name, const std::optional<std::string>& v) const {
    if (!v) return true;
    static constexpr std::string_view yes[] = {"true", "1", "yes", "on"};
    static constexpr std::string_view no[] = {"false", "0", "no", "off"};
    if (std::find(std::begin(yes), std::end(yes), *v) != std::end(yes)) return true;
    if (std::find(std::begin(no), std::end(no), *v) != std::end(no)) return false;
    fail(name + " is a flag: it takes no value, given '" + *v + "'");
  }

  void input(const Command* of, const Shape& s, const std::string& name, const std::optional<std::string>& v) {
    if (line_.sub == nullptr && has_subcommands(*line_.command)) own_before_sub_.push_back(name);
    if (s.flag) {
      if (flag_value(name, v)) give(of, s, {});
      return;
    }
    const int arity = std::max(s.in.arity, 1);
    // A positional given by its option name (note --text) is named as typed.
    const std::string said = s.in.positional ? name : name_of(s);
    for (int k = 0; k < arity; ++k) give(of, s, k == 0 && v ? *v : value_after(said, &s, s.value_name));
  }

  void global(const GlobalOption& o, const std::string& name, const std::optional<std::string>& v) {
    if (o.value.empty()) {
      if (flag_value(name, v)) set_global(o, {});
      return;
    }
    const std::vector<std::string> spellings = option_names(o);
    std::string value = v ? *v : value_after(spellings.back(), nullptr, std::string(o.value));
    auto seen = std::find_if(globals_given_.begin(), globals_given_.end(),
                             [&spellings](const auto& g) { return g.first == spellings.back(); });
    if (seen == globals_given_.end()) {
      globals_given_.push_back({spellings.back(), {}});
      seen = std::prev(globals_given_.end());
    }
    seen->second.push_back(value);
    set_global(o, value);
  }

  void set_global(const GlobalOption& o, const std::string& value) { apply_global(g_, o, value); }

  // What only the whole line can tell.
  void finish() {
    if (line_.command == nullptr) fail_usage("bad-usage", "a command is required; run 'siege --help' for the list");
    for (const auto& [name, values] : globals_given_)
      if (values.size() > 1)
        fail(name + " takes one value, given " + std::to_string(values.size()) + ": " +
             shell_words_of(values));
    if (!extras_.empty()) {
      std::vector<std::string> positionals;
      for (const auto& s : current())
        if (s.in.positional) positionals.push_back(name_of(s));
      std::string takes = "options only";
      if (!positionals.empty()) {
        takes.clear();
        for (const auto& p : positionals) takes += (takes.empty() ? "one " : " and one ") + p;
        takes += " and options";
      }
      fail((extras_.size() == 1 ? "unexpected argument: " : "unexpected arguments: ") + shell_words_of(extras_) +
           " (" + line_.path() + " takes " + takes + ")");
    }
    // A command with subcommands: its own options go with its own question
    // (odds --compare), not with a subcommand, before it or after it.
    if (line_.sub != nullptr) {
      std::vector<std::string> own = own_before_sub_;
      own.insert(own.end(), own_after_sub_.begin(), own_after_sub_.end());
      if (!own.empty()) refuse_own(own.front());
    }
  }

  [[noreturn]] void refuse_own(const std::string& name) const {
    const std::string cmd = "siege " + std::string(line_.command->name);
    const std::string cmd_sub = cmd + " " + std::string(line_.sub->name);
    std::string question;
    for (const auto& s : own_shapes_)
      if (s.flag) {
        question = "--" + std::string(s.in.key);
        break;
      }
    if (name == question)
      fail_usage("bad-usage",
                 name + " is a question of its own: '" + cmd + " " + name + "' or '" + cmd_sub + " ...', not both");
    if (find_shape(sub_shapes_, name) != nullptr) {
      std::string value;
      for (const auto& g : line_.inputs)
        if (g.of == line_.command && find_shape(own_shapes_, name) != nullptr &&
            g.key == find_shape(own_shapes_, name)->in.key && !g.values.empty())
          value = g.values.front();
      fail_usage("bad-usage", name + " goes after the subcommand: " + cmd_sub + " " + name + " " + value);
    }
    fail_usage("bad-usage", name + " is an option of '" + cmd + " " + question + "', not of '" + cmd_sub + "'");
  }

  const std::vector<std::string_view>& words_;
  Globals& g_;
  CommandLine line_;
  std::vector<Shape> own_shapes_, sub_shapes_;
  std::vector<std::string> extras_;
  std::vector<std::string> own_before_sub_, own_after_sub_;
  std::vector<std::pair<std::string, std::vector<std::string>>> globals_given_;  // by spelling
  std::size_t at_ = 0;
  std::size_t positionals_ = 0;
  bool dashes_ = false;
};

}  // namespace

std::string CommandLine::path() const {
  if (command == nullptr) return {};
  std::string out(command->name);
  if (sub != nullptr) out.append(" ").append(sub->name);
  return out;
}

std::vector<std::string> command_names() {
  std::vector<std::string> out;
  for (const auto& c : commands()) out.emplace_back(c.name);
  out.emplace_back("help");
  return out;
}

CommandLine parse_command_line(const std::vector<std::string_view>& words, Globals& g) {
  try {
    return Reader(words, g).read();
  } catch (const Error&) {
    // The error goes out as JSON too when --json stands anywhere in the line
    // as an option: its place is not read yet.
    bool dashes = false;
    for (const auto w : words) {
      dashes = dashes || w == "--";
      if (!dashes && w == "--json") g.json = true;
    }
    throw;
  }
}

// ---------------------------------------------------------------- filling the request

namespace {

// A path input given as the empty word ("-o ''", a shell variable that was
// never set) is refused rather than read as not given.
void refuse_empty_path(const Shape& s, const std::string& value) {
  if (!value.empty()) return;
  const std::string reason = "an empty path: give a file";
  if (!s.in.positional) fail_input("empty-path", std::string(s.in.key), {}, reason);
  throw Error(ErrorKind::usage, "empty-path", name_of(s) + ": " + reason).about(std::string(s.in.key));
}

class Filler final : public FieldsOf<Filler> {
 public:
  Filler(const CommandLine& line, const Command* of) : line_(line), of_(of) {}

  template <typename V>
  void on(const In& in, V& v, int lo, int hi) {
    const std::vector<std::string>* given = nullptr;
    for (const auto& g : line_.inputs)
      if (g.of == of_ && g.key == in.key) given = &g.values;
    if (given == nullptr) return;
    Shape s{in, std::is_same_v<V, bool>, std::is_same_v<V, std::vector<std::string>>, {}};
    if constexpr (std::is_same_v<V, bool>) {
      v = true;
    } else {
      const int most = std::max(in.arity, 1);
      if constexpr (!std::is_same_v<V, std::vector<std::string>>) {
        if (static_cast<int>(given->size()) > most)
          fail_usage("bad-usage", where() + name_of(s) + " takes " + values_word(most) + ", given " +
                                      std::to_string(given->size()) + ": " + shell_words_of(*given));
      }
      for (const auto& word : *given) {
        if constexpr (kind_of<V>() == "number") {
          const int n = static_cast<int>(parse_int(word, lo, hi, name_of(s)));
          if constexpr (has_default<V>)
            v.set(n);
          else
            v = n;
        } else {
          if (in.path)
            refuse_empty_path(s, word);
          else
            text::check_text_input(in.key, word, text::TextFrom::typed);
          if constexpr (std::is_same_v<V, std::vector<std::string>>)
            v.push_back(word);
          else if constexpr (has_default<V>)
            v.set(word);
          else
            v = word;
        }
      }
    }
  }

 private:
  [[nodiscard]] std::string where() const { return line_.path().append(": "); }
  const CommandLine& line_;
  const Command* of_;
};

}  // namespace

void fill_inputs(const CommandLine& line, Invocation& run) {
  Filler f(line, line.target());
  run.inputs(f);
}

StateLine read_state_line(std::string_view text) {
  const std::vector<std::string> words = split_words(text);
  const std::string examples = " (target, add, remove, repair, scene --seed N ...)";
  if (words.empty()) fail_usage("bad-line", "an empty line: give an action as typed at the prompt of play" + examples);
  if (words.front() == "siege")
    fail_usage("bad-line", "give the line as typed at the prompt of play, without 'siege'");
  Globals g;
  const std::vector<std::string_view> views(words.begin(), words.end());
  const CommandLine line = parse_command_line(views, g);
  if (line.help || line.version) fail_usage("bad-line", "--help and --version change no siege" + examples);
  const Globals plain;
  for (const auto& [given, name] : {std::pair{!g.state_file.empty(), "--state"}, {!g.data_dir.empty(), "--data"},
                                    {g.json, "--json"}, {g.dry_run, "--dry-run"},
                                    {g.lock_wait != plain.lock_wait, "--lock-wait"}, {g.format_given, "--format"},
                                    {g.color != plain.color, "--color"}})
    if (given)
      fail_usage("bad-line", std::string(name) + " is not taken on the line: it plays on a copy of the siege of " +
                                 "--state, and takes --seed alone of the global options");
  if (line.command == nullptr) fail_usage("bad-line", "the line names no command: give an action" + examples);
  const Command& c = *line.target();
  if (c.act == nullptr)
    fail_usage("not-an-action", "'" + line.path() + "' is not an action (an entry of the log): give one" + examples);
  const std::unique_ptr<Invocation> run = c.invoke(c);
  fill_inputs(line, *run);
  try {
    return {&c, run->action_inputs(), g.seed};
  } catch (const Error& e) {
    throw reported(e, line.path());
  }
}

std::vector<InputName> input_names(const Command& c) {
  std::vector<InputName> out;
  for (const auto& s : shapes_of(c)) {
    out.push_back({name_of(s), std::string(s.in.key), s.in.positional, !s.flag});
    if (!s.in.also.empty()) out.push_back({std::string(s.in.also), std::string(s.in.key), false, !s.flag});
  }
  return out;
}

}  // namespace siege::cli
