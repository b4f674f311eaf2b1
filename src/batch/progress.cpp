#include "batch/progress.hpp"

#include <unistd.h>

#include <cerrno>
#include <utility>

namespace siege::cli {

namespace {

// How often the line is redrawn at most.
constexpr auto redraw_every = std::chrono::milliseconds(250);

// Writes all of `s`; a failed write is ignored (progress is a courtesy).
void write_all(int fd, std::string_view s) noexcept {
  while (!s.empty()) {
    const ssize_t n = ::write(fd, s.data(), s.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    s.remove_prefix(static_cast<std::size_t>(n));
  }
}

}  // namespace

Progress::Progress(int fd, std::string label, std::string unit, Show show, std::chrono::milliseconds delay)
    : fd_(fd),
      label_(std::move(label)),
      unit_(std::move(unit)),
      active_(show == Show::if_terminal && ::isatty(fd) == 1),
      delay_(delay),
      start_(Clock::now()) {}

Progress::~Progress() { clear(); }

std::string Progress::grouped(std::uint64_t n) {
  std::string digits = std::to_string(n);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i != 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

void Progress::update(std::uint64_t done, Clock::time_point now) {
  if (!active_ || now - start_ < delay_) return;
  if (shown_width_ != 0 && now - drawn_at_ < redraw_every) return;
  drawn_at_ = now;
  const double seconds = std::chrono::duration<double>(now - start_).count();
  const auto rate = static_cast<std::uint64_t>(static_cast<double>(done) / (seconds > 0 ? seconds : 1));
  std::string text = label_ + ": " + grouped(done) + " " + unit_ + ", " + grouped(rate) + " " + unit_ + "/s";
  const std::size_t width = text.size();
  // Blank what a longer previous line left beyond this one.
  if (width < shown_width_) text.append(shown_width_ - width, ' ');
  write_all(fd_, "\r" + text);
  shown_width_ = width;
}

void Progress::clear() noexcept {
  if (shown_width_ == 0) return;
  try {
    std::string blank(shown_width_ + 2, ' ');  // "\r", the blanks, "\r"
    blank.front() = '\r';
    blank.back() = '\r';
    write_all(fd_, blank);
  } catch (...) {  // out of memory for the blanks: leave the line
  }
  shown_width_ = 0;
}

}  // namespace siege::cli
