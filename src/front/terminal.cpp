// Standard output, the terminal's width, and errors as one line.
#include "front/terminal.hpp"

#include <fcntl.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <fmt/core.h>

#include "print/render.hpp"
#include "siege/detail/json_writer.hpp"
#include "siege/text.hpp"

namespace siege::cli {

namespace {

[[noreturn]] void fail_write(int error) {
  fail_output("write-error", std::string("write error: ") + std::strerror(error != 0 ? error : EIO));
}

bool stdin_was_closed = false;

}  // namespace

void finish_stdout() {
  errno = 0;
  if (std::fflush(stdout) != 0 || std::ferror(stdout) != 0) fail_write(errno);
  if (::close(STDOUT_FILENO) != 0) fail_write(errno);
}

void guard_standard_descriptors() {
  for (int fd = 0; fd <= 2; ++fd) {
    if (::fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
    if (fd == STDIN_FILENO) stdin_was_closed = true;
    const int opened = ::open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY);
    if (opened < 0) continue;
    if (opened != fd) {
      ::dup2(opened, fd);
      ::close(opened);
    }
  }
}

bool standard_input_closed() { return stdin_was_closed || ::fcntl(STDIN_FILENO, F_GETFD) == -1; }

void write_stdout(std::string_view bytes) {
  if (bytes.empty()) return;
  errno = 0;
  if (std::fwrite(bytes.data(), 1, bytes.size(), stdout) != bytes.size()) fail_write(errno);
}

void flush_stdout() {
  errno = 0;
  if (std::fflush(stdout) != 0) fail_write(errno);
}

std::size_t output_width() {
  constexpr std::size_t not_a_terminal = 80;
  if (::isatty(STDOUT_FILENO) == 0) return not_a_terminal;
  winsize ws{};
  if (::ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) return ws.ws_col;
  if (const char* c = std::getenv("COLUMNS"))
    if (const long n = std::atol(c); n > 0) return static_cast<std::size_t>(n);
  return not_a_terminal;
}

void StdoutOutput::committed() {
  std::signal(SIGPIPE, SIG_IGN);  // a closed pipe is EPIPE now: write_stdout names the commit
}

std::string one_line(std::string_view message) {
  std::string out;
  out.reserve(message.size());
  for (std::size_t i = 0; i < message.size();) {
    const auto c = static_cast<unsigned char>(message[i]);
    std::size_t n = 1;
    if (c >= 0x20 && c < 0x7f) {
      out += static_cast<char>(c);
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c < 0x80) {
      out += fmt::format("\\u{:04x}", static_cast<unsigned>(c));  // the other C0 controls and DEL
    } else {
      char32_t cp = 0;
      n = utf8_at(message, i, cp);
      if (n == 0) {
        out += fmt::format("\\x{:02x}", static_cast<unsigned>(c));
        n = 1;
      } else if (cp <= 0x9f || cp == 0x2028 || cp == 0x2029) {
        out += fmt::format("\\u{:04x}", static_cast<unsigned>(cp));  // C1 controls, line breaks
      } else if (text::is_format_char(cp)) {
        out += text::shown_format_char(cp);  // R42: nothing reverses or hides the message
      } else {
        out.append(message.substr(i, n));
      }
    }
    i += n;
  }
  return out;
}

std::string error_object(int code, std::string_view id, const std::string& message, std::string_view input,
                         const Error* with_others) {
  const std::string text = one_line(message);
  std::string out;
  siege::JsonWriter w(out);
  w.begin_object().key("error").begin_object();
  w.field("code", code).field("id", id).field("message", text);
  if (!input.empty()) w.field("input", input);
  if (with_others != nullptr && !with_others->others().empty()) {
    auto item = [&](const Error& x, const std::string& shown) {
      w.begin_object().field("id", x.id()).field("message", shown);
      w.field("pointer", x.place().where).end_object();
    };
    w.key("errors").begin_array();
    item(*with_others, text);
    for (const Error& x : with_others->others()) item(x, one_line(x.what()));
    w.end_array();
    w.field("errors_total", static_cast<unsigned long long>(1 + with_others->others().size() +
                                                           with_others->others_not_kept()));
  }
  w.end_object().end_object();
  return out;
}

// Prints one error: one line on stderr (control bytes quoted, one_line) and,
// with --json, the error object with the same text on stdout. Never throws:
// it runs when memory or the output may be gone.
void print_error(const Globals& g, int code, std::string_view id, const std::string& message,
                 std::string_view input, const Error* with_others) noexcept {
  try {
    const std::string text = one_line(message);
    std::fprintf(stderr, "siege: error: %s\n", text.c_str());
    const bool several = with_others != nullptr && !with_others->others().empty();
    if (several) {
      for (const Error& x : with_others->others())
        std::fprintf(stderr, "siege: error: %s\n", one_line(x.what()).c_str());
      if (const std::size_t n = with_others->others_not_kept(); n > 0)
        std::fprintf(stderr, "siege: error: and %zu more error%s, not shown\n", n, n == 1 ? "" : "s");
    }
    if (g.json) std::fprintf(stdout, "%s\n", error_object(code, id, text, input, with_others).c_str());
  } catch (...) {
    std::fputs("siege: error: out of memory\n", stderr);
  }
}

int print_failure(const Globals& g, const Error& e) {
  print_error(g, e.exit_code(), e.id(), e.what(), e.input(), &e);
  return e.exit_code();
}

}  // namespace siege::cli
