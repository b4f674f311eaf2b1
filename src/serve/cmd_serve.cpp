// `siege serve FILE [--listen ADDR:PORT] [--view players|referee]`: the
// players' screen. A small read-only HTTP server (Boost.Beast reads the
// requests; this is the one file that includes it) in one event loop: it
// watches the file, has the view's page and JSON rendered once per change
// of it (serve.hpp) in a thread of their own (Reader), so that no request
// waits for them, shares those bytes with every connection, and tells every
// open page through an event stream.
//
// Closed and bounded: three paths, GET and HEAD only, the Host header held
// to the listening address, at most max_connections at once (the next one
// gets 503), of which event streams hold at most max_streams (the next
// stream asked for gets 503), a request's head at most header_bytes and
// request_seconds (its body is never read: any method but GET and HEAD is
// 405, a GET or HEAD with a body 413, and the connection then closed); an
// event stream only ever owes its client the latest version, and one that
// takes longer than stall_seconds to take a write is dropped.

// Asio in one thread: its thread-local call stacks become plain pointers,
// its locks nothing, and nothing of Asio runs before main(). The Reader's
// thread therefore never touches an Asio object: it hands a version over
// under a mutex of its own and says so on an eventfd, which the loop reads
// as it reads a socket.
#define BOOST_ASIO_DISABLE_THREADS 1

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <signal.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <exception>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/posix/stream_descriptor.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/empty_body.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/read.hpp>

#include "commands/actions.hpp"
#include "commands/command.hpp"
#include "front/terminal.hpp"
#include "serve/serve.hpp"
#include "state/state_file.hpp"

namespace siege::cli {

namespace {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = net::ip::tcp;
using serve::Listen;
using serve::Rendered;

// The bounds (README, docs/siege.1).
constexpr std::size_t max_connections = 256;
// Event streams open at once: the other 64 connections are left to the
// page and the JSON, so that no client holding streams locks them out.
constexpr std::size_t max_streams = 192;
constexpr std::size_t max_refusing = 64;  // 503s being written at once; past that, closed at once
constexpr std::uint32_t header_bytes = 8 * 1024;
constexpr auto request_seconds = std::chrono::seconds(10);
constexpr auto stall_seconds = std::chrono::seconds(30);
constexpr auto ping_every = std::chrono::seconds(15);
constexpr auto watch_every = std::chrono::milliseconds(250);
constexpr auto linger = std::chrono::seconds(2);

struct ServeRequest {
  std::string file;
  Given<std::string> listen = std::string(serve::default_listen);
  Given<std::string> view = std::string("players");
};

void serve_inputs(Fields& f, ServeRequest& r) {
  static const std::string file_help = "The state file to show (made with '" + hint({"init"}) + "')";
  f.text({.key = "file",
          .help = file_help,
          .value_name = "FILE",
          .need = Need::required,
          .positional = true,
          .path = true},
         r.file);
  f.text({.key = "listen",
          .help = "The address and port to listen on: 0.0.0.0:PORT for every address (players' phones), "
                  "port 0 for any free one",
          .value_name = "ADDR:PORT"},
         r.listen);
  f.text({.key = "view",
          .help = "What the page shows: players (no gallery not yet found, no outlook) or referee (the "
                  "whole chronicle)",
          .value_name = "VIEW",
          .choices = view_names},
         r.view);
}

// What changes when the file is replaced or written: a new reading is due.
struct Stamp {
  bool exists = false;
  dev_t dev = 0;
  ino_t ino = 0;
  off_t size = 0;
  timespec mtime{}, ctime{};
  bool operator==(const Stamp& o) const {
    return exists == o.exists && dev == o.dev && ino == o.ino && size == o.size &&
           mtime.tv_sec == o.mtime.tv_sec && mtime.tv_nsec == o.mtime.tv_nsec &&
           ctime.tv_sec == o.ctime.tv_sec && ctime.tv_nsec == o.ctime.tv_nsec;
  }
};

Stamp stamp_of(const std::string& path) {
  struct stat s {};
  Stamp out;
  if (::stat(path.c_str(), &s) != 0) return out;
  out = {true, s.st_dev, s.st_ino, s.st_size, s.st_mtim, s.st_ctim};
  return out;
}

// `path` without its folder.
std::string file_name(const std::string& path) {
  const auto slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// The file read and laid out off the event loop, so that no answer waits
// for it (a 13 MB file takes half a second and more): one reading at a
// time, in a thread of its own with a Context of its own, each new version
// handed to the loop. Asked again during a reading, it reads once more
// after it: the newest wins. The thread shares with the loop only what is
// under mutex_, and the bytes it hands over, which nobody changes.
class Reader {
 public:
  // A version as the loop serves it: its number, its page and JSON.
  struct Version {
    std::uint64_t number = 0;
    std::shared_ptr<const Rendered> bytes;
  };

  // `globals`: the command's (--data applies to the reading).
  Reader(const Globals& globals, std::string path, View view)
      : path_(std::move(path)), name_(file_name(path_)), view_(view) {
    ctx_.globals = globals;
  }
  Reader(const Reader&) = delete;
  Reader& operator=(const Reader&) = delete;
  // Ends the thread, once the reading under way (if any) is done.
  ~Reader() {
    {
      const std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    wake_.notify_one();
    if (thread_.joinable()) thread_.join();
  }

  // Version 0, read and rendered on the caller's thread before start(): an
  // error is the command's (a file missing or damaged at start).
  [[nodiscard]] Version first() {
    const StateFile file(path_, StateFile::Access::read);
    text_ = file.text();
    last_ = load_state(file, ctx_);
    shown_ = std::make_shared<const Rendered>(serve::render(&*last_, ctx_, name_, view_, version_, {}));
    return {version_, shown_};
  }

  // Starts the thread. Each version it hands over from then on adds 1 to
  // the counter of eventfd `ready` (which outlives the thread): the loop
  // reads it, then take()s. The thread takes no signal but a fault of its
  // own: SIGINT and SIGTERM go to the loop's.
  void start(int ready) {
    ready_ = ready;
    sigset_t all, before;
    sigfillset(&all);
    for (const int fault : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGABRT}) sigdelset(&all, fault);
    pthread_sigmask(SIG_SETMASK, &all, &before);
    thread_ = std::thread([this] { run(); });
    pthread_sigmask(SIG_SETMASK, &before, nullptr);
  }

  // Asks for a reading (the file's stamp changed): at once, or after the
  // one under way; several asked meanwhile make one.
  void ask() {
    {
      const std::lock_guard lock(mutex_);
      due_ = true;
    }
    wake_.notify_one();
  }

  // The newest version handed over since the last call (one not taken in
  // time is passed over), or nothing; what ended the thread, rethrown.
  [[nodiscard]] std::optional<Version> take() {
    const std::lock_guard lock(mutex_);
    if (failed_) std::rethrow_exception(failed_);
    return std::exchange(handed_, std::nullopt);
  }

 private:
  void run() {
    try {
      while (true) {
        {
          std::unique_lock lock(mutex_);
          wake_.wait(lock, [this] { return due_ || stopping_; });
          if (stopping_) return;
          due_ = false;
        }
        if (!read()) continue;
        {
          const std::lock_guard lock(mutex_);
          handed_ = Version{version_, shown_};
        }
        announce();
      }
    } catch (...) {  // the fallback page's own failure, or out of memory: the loop's to report
      {
        const std::lock_guard lock(mutex_);
        failed_ = std::current_exception();
      }
      announce();
    }
  }

  void announce() const {
    const std::uint64_t one = 1;
    (void)!::write(ready_, &one, sizeof one);  // a counter: it does not fill
  }

  // A reading of the file: whether it made a new version (shown_, numbered
  // version_). A file that cannot be read keeps the siege as last read,
  // under a banner that says why.
  bool read() {
    std::string problem;
    std::string text = text_;
    try {
      const StateFile file(path_, StateFile::Access::read);
      text = file.text();
      if (text != text_ || !problem_.empty()) last_ = load_state(file, ctx_);
    } catch (const Error& e) {
      problem = e.spelled(front_end_spelling()).what();
    } catch (const std::exception& e) {
      problem = std::string("the file cannot be read: ") + e.what();
    }
    if (text == text_ && problem == problem_) return false;
    text_ = std::move(text);
    problem_ = std::move(problem);
    std::shared_ptr<const Rendered> next;
    try {
      next = std::make_shared<const Rendered>(
          serve::render(&*last_, ctx_, name_, view_, version_ + 1, problem_));
    } catch (const std::exception& e) {
      next = std::make_shared<const Rendered>(
          serve::render(nullptr, ctx_, name_, view_, version_ + 1,
                        std::string("the siege cannot be laid out: ") + e.what()));
    }
    // A change the view does not show (a players' view and a gallery still
    // hidden, or another reason the players are not told) is no new version:
    // an event then would tell the table that something happened out of its
    // sight.
    if (serve::same_but_version(*next, *shown_)) return false;
    shown_ = std::move(next);
    ++version_;
    return true;
  }

  // The thread's (before start(), the caller's).
  const std::string path_, name_;
  const View view_;
  Context ctx_;
  std::string text_;                // the file's bytes as last read
  std::optional<SiegeState> last_;  // the siege as last read
  std::string problem_;             // why the last reading failed; "" when it did not
  std::uint64_t version_ = 0;
  std::shared_ptr<const Rendered> shown_;  // version_'s bytes
  // Shared with the loop, under mutex_.
  std::mutex mutex_;
  std::condition_variable wake_;
  bool due_ = false, stopping_ = false;
  std::optional<Version> handed_;
  std::exception_ptr failed_;
  // Set by start().
  int ready_ = -1;
  std::thread thread_;
};

class Connection;

// How many connections are open, shared with every connection (one may
// outlive the server, as a handler the event loop drops at its end).
struct Counts {
  std::size_t open = 0;      // counted against max_connections
  std::size_t refusing = 0;  // being told 503
  std::size_t streams = 0;   // of the open ones, event streams: counted against max_streams
};

class Server {
 public:
  Server(net::io_context& io, const Globals& globals, std::string path, View view, Listen listen)
      : io_(io),
        path_(std::move(path)),
        listen_(std::move(listen)),
        acceptor_(io),
        watch_(io),
        ping_(io),
        retry_(io),
        signals_(io, SIGINT, SIGTERM),
        ready_(io),
        reader_(globals, path_, view) {}

  // Reads the file (an error at start is the command's error), listens
  // (an address it cannot listen on is a usage error naming --listen) and
  // returns the port it got.
  void open() {
    stamp_ = stamp_of(path_);  // before reading: a change after it is seen
    Reader::Version v = reader_.first();
    version_ = v.number;
    rendered_ = std::move(v.bytes);
    const int ready = ::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    if (ready < 0) throw std::system_error(errno, std::generic_category(), "serve: cannot make an eventfd");
    ready_.assign(ready);
    beast::error_code ec;
    const auto address = net::ip::make_address(listen_.address, ec);
    if (ec) fail_input("bad-listen", "listen", serve::authority(listen_), "not an address: " + ec.message());
    const tcp::endpoint at(address, listen_.port);
    const auto failed = [&](std::string_view what) {
      fail_input("bad-listen", "listen", serve::authority(listen_),
                 "cannot " + std::string(what) + ": " + ec.message());
    };
    if (acceptor_.open(at.protocol(), ec)) failed("open a socket");
    if (acceptor_.set_option(net::socket_base::reuse_address(true), ec)) failed("set SO_REUSEADDR");
    if (acceptor_.bind(at, ec)) failed("listen there");
    if (acceptor_.listen(net::socket_base::max_listen_connections, ec)) failed("listen there");
    listen_.port = acceptor_.local_endpoint().port();
  }

  void run() {
    reader_.start(ready_.native_handle());
    await_version();
    accept();
    watch();
    ping();
    signals_.async_wait([this](const beast::error_code&, int) { stop(); });
    io_.run();
  }

  [[nodiscard]] const Listen& listen() const { return listen_; }
  [[nodiscard]] std::shared_ptr<const Rendered> rendered() const { return rendered_; }
  [[nodiscard]] std::uint64_t version() const { return version_; }
  void watch_events(const std::shared_ptr<Connection>& c) { watchers_.push_back(c); }

  std::shared_ptr<Counts> counts = std::make_shared<Counts>();

 private:
  void accept();
  void watch();
  void ping();
  void reload();
  void await_version();
  // Calls `act` on every event stream still open, and forgets the others.
  void each_watcher(void (Connection::*act)());
  void stop() {
    beast::error_code ec;
    acceptor_.close(ec);
    io_.stop();
  }

  net::io_context& io_;
  std::string path_;
  Listen listen_;
  tcp::acceptor acceptor_;
  net::steady_timer watch_, ping_, retry_;
  net::signal_set signals_;
  Stamp stamp_;
  std::uint64_t version_ = 0;                 // the version served
  std::shared_ptr<const Rendered> rendered_;  // its bytes
  std::vector<std::weak_ptr<Connection>> watchers_;
  // The eventfd the reader's thread writes, declared before the reader so
  // that it is closed after the thread has ended.
  net::posix::stream_descriptor ready_;
  std::uint64_t ready_count_ = 0;
  Reader reader_;
};

// One client connection: requests one after another (keep-alive), until it
// asks for the event stream, which it then holds.
class Connection : public std::enable_shared_from_this<Connection> {
 public:
  Connection(tcp::socket socket, Server& server, bool counted)
      : stream_(std::move(socket)),
        server_(server),
        counts_(server.counts),
        counted_(counted),
        stall_(stream_.get_executor()) {
    ++(counted_ ? counts_->open : counts_->refusing);
  }
  ~Connection() {
    --(counted_ ? counts_->open : counts_->refusing);
    if (streaming_) --counts_->streams;
  }
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // Reads a request's head. Its body, if it has one, is never read,
  // whatever its length: the request is answered, and the connection then
  // closed. (The parser is given no limit, since it reads none of the
  // body; Boost 1.74's Beast takes boost::none for a limit below any.)
  void read_request() {
    parser_.emplace();
    parser_->header_limit(header_bytes);
    parser_->body_limit(std::numeric_limits<std::uint64_t>::max());
    stream_.expires_after(request_seconds);
    http::async_read_header(
        stream_, buffer_, *parser_,
        [self = shared_from_this()](const beast::error_code& ec, std::size_t) { self->on_request(ec); });
  }

  // Writes `bytes` (a whole response) and closes.
  void refuse(std::string bytes) {
    out_ = std::move(bytes);
    stream_.expires_after(request_seconds);
    net::async_write(stream_, net::buffer(out_),
                     [self = shared_from_this()](const beast::error_code& ec, std::size_t) {
                       if (!ec) self->close_gently();
                     });
  }

  // A new version to tell the event stream's client: sent now, or once the
  // write under way is done (only the latest is ever sent).
  void tell() {
    if (!streaming_ || writing_ || closed_) return;
    const std::uint64_t v = server_.version();
    if (v == sent_) return;
    send_event(fmt::format("data: {}\n\n", v), v);
  }

  // A comment on the event stream, so that a client gone without a word is
  // found out (its writes fail or stall).
  void ping() {
    if (streaming_ && !writing_ && !closed_) send_event(": ping\n\n", sent_);
  }

 private:
  void on_request(const beast::error_code& ec) {
    if (ec == http::error::end_of_stream || ec == beast::error::timeout || ec == net::error::eof ||
        ec == net::error::connection_reset || ec == net::error::operation_aborted)
      return;  // gone, or too slow: the socket is closed
    if (ec == http::error::header_limit || ec == http::error::buffer_overflow)
      return refuse(serve::error_response(431));
    if (ec) return refuse(serve::error_response(400));
    const auto& req = parser_->get();
    // RFC 9112 §3.2: one Host header, and an HTTP/1.1 request has one; an
    // absolute-form target's authority stands for it (§3.2.2).
    const std::size_t hosts = req.count(http::field::host);
    if (hosts > 1 || (hosts == 0 && req.version() >= 11)) return refuse(serve::error_response(400));
    const serve::Target t = serve::split_target(std::string_view(req.target().data(), req.target().size()));
    if (t.form == serve::TargetForm::bad) return refuse(serve::error_response(400));
    const auto host_field = req[http::field::host];
    const std::string_view host = t.form == serve::TargetForm::absolute
                                      ? t.authority
                                      : std::string_view(host_field.data(), host_field.size());
    if (!serve::host_allowed(host, server_.listen())) return refuse(serve::error_response(421));
    const auto method = req.method_string();
    const serve::Route r = serve::route(std::string_view(method.data(), method.size()), t.path);
    const bool head_only = req.method() == http::verb::head;
    // A body left unread ends the connection after the answer: what
    // follows the head is no request.
    const bool unread_body = !parser_->is_done();
    const bool keep_alive = req.keep_alive() && !unread_body;
    if (r == serve::Route::not_found) return respond_error(404, keep_alive);
    if (r == serve::Route::method_not_allowed) return respond_error(405, keep_alive);
    if (unread_body) return refuse(serve::error_response(413));  // a GET or HEAD with a body
    if (r == serve::Route::events) return start_events(head_only);
    hold_ = server_.rendered();
    const std::string& body = r == serve::Route::page ? hold_->page : hold_->json;
    out_ = serve::response_head(
        {.status = 200,
         .type = r == serve::Route::page ? "text/html; charset=utf-8" : "application/json",
         .length = body.size(),
         .csp = r == serve::Route::page ? std::string_view(hold_->csp) : std::string_view(),
         .keep_alive = keep_alive});
    const std::array<net::const_buffer, 2> bufs{net::buffer(out_),
                                                net::buffer(head_only ? std::string_view() : body)};
    stream_.expires_after(stall_seconds);
    net::async_write(stream_, bufs,
                     [self = shared_from_this(), keep_alive](const beast::error_code& e, std::size_t) {
                       self->hold_.reset();
                       if (e) return;
                       if (keep_alive)
                         self->read_request();
                       else
                         self->close_gently();
                     });
  }

  void respond_error(int status, bool keep_alive) {
    if (!keep_alive) return refuse(serve::error_response(status));
    out_ = serve::error_response(status, true);
    stream_.expires_after(request_seconds);
    net::async_write(stream_, net::buffer(out_),
                     [self = shared_from_this()](const beast::error_code& e, std::size_t) {
                       if (!e) self->read_request();
                     });
  }

  void start_events(bool head_only) {
    // Connection: close, whatever was asked: the stream has no length and
    // ends only when the connection does (RFC 9112 §6.3).
    out_ = serve::response_head({.status = 200, .type = "text/event-stream"});
    if (head_only) return refuse(out_);
    if (counts_->streams == max_streams) return refuse(serve::error_response(503));
    streaming_ = true;
    ++counts_->streams;
    stream_.expires_never();
    server_.watch_events(shared_from_this());
    sent_ = server_.version();
    send_event(out_ + fmt::format("retry: 2000\ndata: {}\n\n", sent_), sent_);
    // Whatever the client sends now is read and dropped; the read ends when it goes.
    stream_.socket().async_read_some(
        net::buffer(sink_),
        [self = shared_from_this()](const beast::error_code& e, std::size_t) { self->drain(e); });
  }

  void drain(const beast::error_code& ec) {
    if (ec) return close();
    stream_.socket().async_read_some(
        net::buffer(sink_),
        [self = shared_from_this()](const beast::error_code& e, std::size_t) { self->drain(e); });
  }

  void send_event(std::string bytes, std::uint64_t version) {
    writing_ = true;
    sent_ = version;
    out_ = std::move(bytes);
    stall_.expires_after(stall_seconds);
    stall_.async_wait([self = shared_from_this()](const beast::error_code& e) {
      if (!e) self->close();  // it stopped taking what is written
    });
    net::async_write(stream_.socket(), net::buffer(out_),
                     [self = shared_from_this()](const beast::error_code& e, std::size_t) {
                       self->writing_ = false;
                       self->stall_.cancel();
                       if (e) return self->close();
                       self->tell();
                     });
  }

  // Ends the connection after a response: no more to send, and what the
  // client still sends read for a moment, so that closing does not reset
  // the connection before the client has read the response.
  void close_gently() {
    beast::error_code ec;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
    stream_.expires_after(linger);
    stream_.async_read_some(net::buffer(sink_),
                            [self = shared_from_this()](const beast::error_code& e, std::size_t) {
                              if (!e) self->close_gently_more();
                            });
  }
  void close_gently_more() {
    stream_.async_read_some(net::buffer(sink_),
                            [self = shared_from_this()](const beast::error_code& e, std::size_t) {
                              if (!e) self->close_gently_more();
                            });
  }

  void close() {
    if (closed_) return;
    closed_ = true;
    beast::error_code ec;
    stall_.cancel();
    stream_.socket().shutdown(tcp::socket::shutdown_both, ec);
    stream_.socket().close(ec);
  }

  beast::tcp_stream stream_;
  Server& server_;
  std::shared_ptr<Counts> counts_;
  bool counted_;
  net::steady_timer stall_;
  beast::flat_buffer buffer_{header_bytes + 1024};
  std::optional<http::request_parser<http::empty_body>> parser_;
  std::string out_;
  std::shared_ptr<const Rendered> hold_;  // the bytes being written, kept alive
  std::array<char, 1024> sink_{};
  bool streaming_ = false, writing_ = false, closed_ = false;
  std::uint64_t sent_ = 0;
};

void Server::accept() {
  acceptor_.async_accept([this](const beast::error_code& ec, tcp::socket socket) {
    if (ec == net::error::operation_aborted) return;
    if (ec) {  // out of descriptors, or the like: try again shortly
      retry_.expires_after(std::chrono::milliseconds(100));
      retry_.async_wait([this](const beast::error_code& e) {
        if (!e) accept();
      });
      return;
    }
    // A peer that stops acknowledging (a phone gone to sleep) fails its
    // connection after stall_seconds, instead of the system's quarter hour.
    const unsigned int give_up_ms = std::chrono::milliseconds(stall_seconds).count();
    (void)::setsockopt(socket.native_handle(), IPPROTO_TCP, TCP_USER_TIMEOUT, &give_up_ms, sizeof give_up_ms);
    if (counts->open < max_connections) {
      std::make_shared<Connection>(std::move(socket), *this, true)->read_request();
    } else if (counts->refusing < max_refusing) {
      std::make_shared<Connection>(std::move(socket), *this, false)->refuse(serve::error_response(503));
    }  // else: the socket closes here
    accept();
  });
}

void Server::watch() {
  watch_.expires_after(watch_every);
  watch_.async_wait([this](const beast::error_code& ec) {
    if (ec) return;
    reload();
    watch();
  });
}

void Server::ping() {
  ping_.expires_after(ping_every);
  ping_.async_wait([this](const beast::error_code& ec) {
    if (ec) return;
    each_watcher(&Connection::ping);
    ping();
  });
}

// A new reading asked of the reader when the file's stamp changed.
void Server::reload() {
  const Stamp now = stamp_of(path_);
  if (now == stamp_) return;
  stamp_ = now;
  reader_.ask();
}

// A new version once the reader hands one over: served from then on, and
// told to every event stream. Until then every request is answered at once
// from the version before.
void Server::await_version() {
  ready_.async_read_some(net::buffer(&ready_count_, sizeof ready_count_),
                         [this](const beast::error_code& ec, std::size_t) {
                           if (ec) return;
                           if (auto v = reader_.take()) {
                             version_ = v->number;
                             rendered_ = std::move(v->bytes);
                             each_watcher(&Connection::tell);
                           }
                           await_version();
                         });
}

void Server::each_watcher(void (Connection::*act)()) {
  std::vector<std::weak_ptr<Connection>> alive;
  for (auto& w : watchers_)
    if (auto c = w.lock()) {
      ((*c).*act)();
      alive.push_back(w);
    }
  watchers_ = std::move(alive);
}

void run_serve(const ServeRequest& r, Context& ctx) {
  const Globals& g = ctx.globals;
  if (!g.state_file.empty())
    fail_usage("bad-option", "serve: FILE names the siege to show; leave out --state (" + g.state_file + ")");
  if (g.json)
    fail_usage("bad-option",
               "serve: --json does not apply: the server's JSON is at " + std::string(serve::json_path));
  if (g.seed || g.dry_run || g.format_given)
    fail_usage("bad-option",
               std::string("serve: ") +
                   (g.seed      ? "--seed"
                    : g.dry_run ? "--dry-run"
                                : "--format") +
                   " does not apply: the server rolls nothing, writes nothing and serves one page");
  const View view = view_named(*r.view);
  net::io_context io;
  Server server(io, ctx.globals, r.file, view, serve::parse_listen(*r.listen));
  server.open();
  const Listen& l = server.listen();
  const std::string here = serve::listens_everywhere(l)
                               ? fmt::format("{}:{}", l.v6 ? "[::1]" : "127.0.0.1", l.port)
                               : serve::authority(l);
  std::string text =
      fmt::format("Serving {} ({} view) at http://{}/ (JSON at {}, events at {}); Ctrl-C ends.\n",
                  one_line(r.file), name_of(view), here, serve::json_path, serve::events_path);
  if (serve::listens_everywhere(l))
    text += fmt::format(
        "Listening on every address: players open http://ADDRESS:{}/ with this machine's IP "
        "address (a name other than localhost is refused).\n",
        l.port);
  // Out before serving: nobody learns the address from a line that could
  // not be written (a full disk, a closed pipe), so the server does not run.
  write_stdout(text);
  flush_stdout();
  server.run();
}

}  // namespace

namespace {

// What the references say of `serve` (tools/gen-refs writes docs/siege.1, README.md,
// docs/state.md and the outcome schema from it).
CommandDoc serve_doc() {
  return {
      .synopsis = "`siege serve` *FILE* [`--listen` *ADDR:PORT*] [`--view` `players`|`referee`]",
      .about = R"doc(The players' screen: a small read-only HTTP server that shows the siege's page (the chronicle's,
see `chronicle`) and keeps it current. When *FILE* changes, by any writer, every open page
updates within a second without a reload (one inline script and an event stream); with scripts
off the page reloads itself every 5 seconds. The file is read without a lock, as `status` reads
it, once per change (it is looked at every 250 ms), and the page is laid out once per change, not
once per client, in a thread of its own: while a large file is read and laid out anew (a 13 MB one
takes half a second and more), every request is answered at once from the version before. At start
it prints the URL to open and the view it serves, and runs until Ctrl-C or SIGTERM (status 0). Of
the global options, `--data` applies; `--state`, `--json`, `--seed`, `--dry-run` and `--format`
are refused (status 2).

Three paths, by GET or HEAD only (a query string is ignored):

- `/`: The page (HTML).
- `/state.json`: What `status --json` gives, less what the view hides, with `view ,` `version`
  (the number of changes served) and `error` (null, or an object whose `message` says why the
  file cannot be read just now; on the players' view only that it cannot, since the reason may
  quote the file).
- `/events`: An event stream: one event whose data is the version at each change, a comment
  every 15 s.

Any other path is 404 (no path reaches a file), any other method 405. The Host header must name
the listening address and port (or `localhost` at that port, on a loopback address); listening
on every address (0.0.0.0 or [::]), any IP address at that port is taken, since the players type
the address of the referee's machine, but never a name other than `localhost` (a name that is
not the server's is how DNS rebinding reaches a local server): any other Host is 421. A request
target in absolute form (`http://127.0.0.1:8080/state.json`) is taken, and its address and port
stand for the Host header, held to the same rule; two Host headers, or none in an HTTP/1.1
request, are 400. A request with `Connection: close` (or an HTTP/1.0 one without keep-alive) is
answered with `Connection: close` and the connection closed after the response. The page's
Content-Security-Policy allows only its own inline script and styles (by their SHA-256) and
requests to itself; every response is no-store, nosniff, no referrer, never framed.

Bounds: at most 256 connections at once (the next is answered 503 and closed), of which event
streams hold at most 192 (the next asked is answered 503 and closed), so that 64 are always left
to the page and the JSON, whoever holds the streams; a request's head at most 8 KiB (431) and 10
seconds (the connection is closed); a body is never read, whatever its length: any method but GET
and HEAD is 405 with a body or without, a GET or HEAD with one is 413, and the connection is
closed after the answer. The connections are served in one event loop: a client that goes, or
reads slowly, costs the others nothing; an event stream only ever owes its client the latest
version, and one that has not taken a write for 30 seconds is dropped. A file that cannot be read,
or is damaged, or gone, shows a banner on the page (and `error` in the JSON) over the siege as
last read, until it reads again: on the referee's view with the reason, on the players' view
without it (a half-written file may name a gallery not yet found).)doc",
      .inputs = R"doc(@file: The state file to show (made with `siege init`); it must exist and read at start, or nothing
starts (status 4).
@listen: The address and port to listen on: an IPv4 address, or an IPv6 one in brackets (`[::1]:8080`),
not a name; `0.0.0.0:PORT` for every address, so that players open it on their phones; port 0
for any free one (the one chosen is printed). An address it cannot listen on (a port in use, an
address not this machine's) is status 2.
@view: What the page and the JSON show: `players` is the chronicle less what the defenders' side at the
table would not know: a gallery not yet found (its days dug, and the log entries that dug it
unseen) and the outlook. It is the view of the siege without those entries, however long the
log: its entries are numbered and its charts drawn from the others alone, and an entry it leaves
out makes no new version and no event. `referee` is the whole chronicle.)doc",
      .example = R"doc(Example:

    $ siege serve siege.json --listen 0.0.0.0:8080
    Serving siege.json (players view) at http://127.0.0.1:8080/ ...)doc"};
}

}  // namespace

SIEGE_COMMAND(serve) = plain_command<ServeRequest, serve_inputs, run_serve>({
    .name = "serve",
    .rank = 360,
    .summary = "The players' screen: the siege's page, live, read-only, over HTTP",
    .example = "siege serve siege.json --listen 0.0.0.0:8080",
    .doc = serve_doc});

}  // namespace siege::cli
