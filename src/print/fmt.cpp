// fmt's implementation, compiled once for the whole program.
//
// The CLI uses fmt's headers without FMT_HEADER_ONLY, so the other files
// only declare fmt's non-template functions (vformat, vprint, the float
// formatting...) and its few `extern template` instantiations, and this
// file defines them. Debian's libfmt-dev ships libfmt.so but no libfmt.a,
// and the program links as a static PIE, so the library is built here
// instead: the body of fmt 9.1's src/format.cc (the version the build
// finds; format-inl.h holds the definitions, the lines below instantiate
// what format.h declares `extern`).
#include <fmt/format-inl.h>

#if FMT_VERSION < 90000 || FMT_VERSION >= 100000
#error "src/print/fmt.cpp follows fmt 9's src/format.cc: update it for this fmt version"
#endif

FMT_BEGIN_NAMESPACE
namespace detail {

template FMT_API auto dragonbox::to_decimal(float x) noexcept -> dragonbox::decimal_fp<float>;
template FMT_API auto dragonbox::to_decimal(double x) noexcept -> dragonbox::decimal_fp<double>;

#ifndef FMT_STATIC_THOUSANDS_SEPARATOR
template FMT_API locale_ref::locale_ref(const std::locale& loc);
template FMT_API auto locale_ref::get<std::locale>() const -> std::locale;
#endif

template FMT_API auto thousands_sep_impl(locale_ref) -> thousands_sep_result<char>;
template FMT_API auto decimal_point_impl(locale_ref) -> char;
template FMT_API void buffer<char>::append(const char*, const char*);
template FMT_API void vformat_to(buffer<char>&, string_view, basic_format_args<FMT_BUFFER_CONTEXT(char)>,
                                 locale_ref);

template FMT_API auto thousands_sep_impl(locale_ref) -> thousands_sep_result<wchar_t>;
template FMT_API auto decimal_point_impl(locale_ref) -> wchar_t;
template FMT_API void buffer<wchar_t>::append(const wchar_t*, const wchar_t*);

}  // namespace detail
FMT_END_NAMESPACE
