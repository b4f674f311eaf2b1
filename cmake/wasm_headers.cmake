# The header-only libraries the WebAssembly package compiles with, from the
# system's /usr/include (Debian's nlohmann-json3-dev, libfmt-dev,
# libboost-dev): each reached through a folder of links that holds it alone,
# so that no header of the system's C library comes before emscripten's.
set(SIEGE_WASM_INCLUDE ${CMAKE_BINARY_DIR}/system-headers)
file(MAKE_DIRECTORY ${SIEGE_WASM_INCLUDE})
foreach(lib nlohmann fmt boost)
  if(NOT EXISTS /usr/include/${lib})
    message(FATAL_ERROR "the WebAssembly build needs /usr/include/${lib} (tools/install-deps installs it)")
  endif()
  file(CREATE_LINK /usr/include/${lib} ${SIEGE_WASM_INCLUDE}/${lib} SYMBOLIC)
endforeach()
add_library(siege_system_headers INTERFACE)
target_include_directories(siege_system_headers SYSTEM INTERFACE ${SIEGE_WASM_INCLUDE})
add_library(nlohmann_json::nlohmann_json ALIAS siege_system_headers)
