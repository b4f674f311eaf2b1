# The WebAssembly package `siege-rules` (issue 42; README "In the browser"):
#
#   cmake --preset wasm && cmake --build --preset wasm
#
# builds with Debian's emscripten the command objects of src/ (every folder
# but the terminal's front ends: cli, batch, play, serve, app) and the
# package's own front end src/wasm/, and writes the npm package in
# build/wasm/npm/: its ES module (the WebAssembly inlined, one file that
# works in node and in a browser), index.d.ts (written from the command
# objects' declarations by the module itself), README, LICENSE and
# package.json. `npm pack` in that folder makes the tarball.
#
# The default tables are compiled into C++ as in the program's build, by
# tools/tablegen.cpp built for WebAssembly and run by node (the toolchain's
# CMAKE_CROSSCOMPILING_EMULATOR), with the real file system (NODERAWFS).

set(SIEGE_GENERATED ${CMAKE_CURRENT_BINARY_DIR}/generated)
set(SIEGE_NPM ${CMAKE_CURRENT_BINARY_DIR}/npm)

# C++ exceptions as WebAssembly's own (every error of the rules is one);
# node 20 and every current browser run them.
add_compile_options(-fwasm-exceptions)
add_link_options(-fwasm-exceptions)

add_executable(siege_tablegen tools/tablegen.cpp)
target_link_libraries(siege_tablegen PRIVATE siege::siege siege_warnings)
target_compile_options(siege_tablegen PRIVATE -O0)
target_link_options(siege_tablegen PRIVATE -sNODERAWFS=1 -sALLOW_MEMORY_GROWTH=1 -sENVIRONMENT=node
  -sSINGLE_FILE=1)  # node 20 cannot fetch a .wasm beside the script by its path

file(GLOB_RECURSE SIEGE_WASM_SOURCES CONFIGURE_DEPENDS
     ${CMAKE_CURRENT_SOURCE_DIR}/src/state/*.cpp ${CMAKE_CURRENT_SOURCE_DIR}/src/print/*.cpp
     ${CMAKE_CURRENT_SOURCE_DIR}/src/commands/*.cpp ${CMAKE_CURRENT_SOURCE_DIR}/src/front/*.cpp)
siege_generated(siege_tablegen " (the package's: tablegen under node)" ${SIEGE_WASM_SOURCES})

# The module: its exports are src/wasm/api.hpp's functions.
set(SIEGE_WASM_EXPORTS _siege_configure _siege_resolve _siege_apply _siege_odds _siege_inputs _siege_output
    _siege_version _malloc _free)
list(JOIN SIEGE_WASM_EXPORTS "," SIEGE_WASM_EXPORT_LIST)
add_executable(siege_wasm ${SIEGE_WASM_SOURCES} src/wasm/api.cpp ${SIEGE_GENERATED}/builtin_tables.cpp
               ${SIEGE_GENERATED}/registry.cpp)
target_include_directories(siege_wasm PRIVATE src ${SIEGE_GENERATED})
target_link_libraries(siege_wasm PRIVATE siege::siege siege_warnings)
siege_unity_groups(siege_wasm)
set_target_properties(siege_wasm PROPERTIES OUTPUT_NAME siege-core SUFFIX .mjs)
target_link_options(siege_wasm PRIVATE
  -sMODULARIZE=1 -sEXPORT_ES6=1 -sEXPORT_NAME=createSiegeCore
  # One file, the WebAssembly inlined: nothing to fetch, from file:// as
  # from a server, in node as in a browser.
  -sSINGLE_FILE=1 -sENVIRONMENT=web
  -sEXPORTED_FUNCTIONS=${SIEGE_WASM_EXPORT_LIST} -sEXPORTED_RUNTIME_METHODS=UTF8ToString,stringToUTF8,lengthBytesUTF8
  # Memory grows as a question needs, to 1 GiB; past that an allocation
  # fails (a std::bad_alloc the package reports), instead of an abort.
  -sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=1073741824 -sABORTING_MALLOC=0
  -sFILESYSTEM=1)

# The npm package's folder.
find_program(SIEGE_NODE NAMES node nodejs REQUIRED)
set(SIEGE_NPM_FILES ${SIEGE_NPM}/siege-core.mjs ${SIEGE_NPM}/index.mjs ${SIEGE_NPM}/index.d.ts
    ${SIEGE_NPM}/package.json ${SIEGE_NPM}/README.md ${SIEGE_NPM}/LICENSE)
add_custom_command(
  OUTPUT ${SIEGE_NPM_FILES}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${SIEGE_NPM}
  COMMAND ${CMAKE_COMMAND} -E copy $<TARGET_FILE:siege_wasm> ${SIEGE_NPM}/siege-core.mjs
  COMMAND ${CMAKE_COMMAND} -E copy ${CMAKE_CURRENT_SOURCE_DIR}/src/wasm/js/index.mjs
          ${CMAKE_CURRENT_SOURCE_DIR}/src/wasm/js/README.md ${SIEGE_NPM}/
  COMMAND ${CMAKE_COMMAND} -E copy ${CMAKE_CURRENT_SOURCE_DIR}/LICENSE ${SIEGE_NPM}/LICENSE
  COMMAND ${SIEGE_NODE} ${CMAKE_CURRENT_SOURCE_DIR}/tools/wasm-package.mjs ${SIEGE_NPM} ${PROJECT_VERSION}
  DEPENDS siege_wasm src/wasm/js/index.mjs src/wasm/js/README.md tools/wasm-package.mjs LICENSE
  COMMENT "Writing the npm package siege-rules in ${SIEGE_NPM}")
add_custom_target(siege_npm ALL DEPENDS ${SIEGE_NPM_FILES})
