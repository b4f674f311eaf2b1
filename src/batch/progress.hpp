// A progress line on a terminal for long work (batch lines, odds phases).
//
// Progress writes one status line to a file descriptor that is a terminal,
// "siege batch: 1,234,567 lines, 702,345 lines/s", rewritten in place (a
// carriage return, no newline) at most four times a second, and cleared
// (blanked, the cursor back at column 0) by clear() or the destructor.
// Nothing is written before `delay` has passed since construction, so short
// work stays silent, and nothing at all when the descriptor is not a
// terminal or the caller says Show::never (a pipe, a log file, the outcome
// itself going to the same screen).
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

namespace siege::cli {

class Progress {
 public:
  using Clock = std::chrono::steady_clock;

  enum class Show {
    if_terminal,  // when `fd` is a terminal
    never,
  };

  // `label` starts the line ("siege batch"), `unit` names what is counted
  // ("lines"). The clock starts now.
  Progress(int fd, std::string label, std::string unit, Show show,
           std::chrono::milliseconds delay = std::chrono::seconds(1));
  ~Progress();  // clear()
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  // Whether this progress writes anything at all (a terminal, not never).
  [[nodiscard]] bool active() const noexcept { return active_; }

  // `done` units are done. Cheap enough to call once per unit: it looks at
  // the clock only every 64th call.
  void tick(std::uint64_t done) {
    if (active_ && (++calls_ & 63U) == 0) update(done, Clock::now());
  }

  // The same, looking at the clock now (before waiting for more work).
  void poll(std::uint64_t done) {
    if (active_) update(done, Clock::now());
  }

  // `done` units are done at time `now`: draws the line once the delay has
  // passed and the last drawing is old enough.
  void update(std::uint64_t done, Clock::time_point now);

  // Blanks the line if one is shown; later updates draw it again.
  void clear() noexcept;

  // "1,234,567": `n` with its thousands grouped.
  [[nodiscard]] static std::string grouped(std::uint64_t n);

 private:
  int fd_;
  std::string label_;
  std::string unit_;
  bool active_;
  std::chrono::milliseconds delay_;
  Clock::time_point start_;
  Clock::time_point drawn_at_{};
  std::size_t shown_width_ = 0;  // the width of the line on screen; 0: none
  std::uint32_t calls_ = 0;
};

}  // namespace siege::cli
