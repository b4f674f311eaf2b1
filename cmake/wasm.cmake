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
# The same bytes from any folder (the calculator page is checked current
# from a clean clone): paths that __FILE__ puts in (Boost's exceptions)
# named as the system and the tree name them.
add_compile_options(-fmacro-prefix-map=${SIEGE_WASM_INCLUDE}=/usr/include -fmacro-prefix-map=${PROJECT_SOURCE_DIR}/=)

add_executable(siege_tablegen tools/tablegen.cpp)
target_link_libraries(siege_tablegen PRIVATE siege::siege siege_warnings)
target_compile_options(siege_tablegen PRIVATE -O0)
target_link_options(siege_tablegen PRIVATE -sNODERAWFS=1 -sALLOW_MEMORY_GROWTH=1 -sENVIRONMENT=node
  -sSINGLE_FILE=1)  # node 20 cannot fetch a .wasm beside the script by its path

file(GLOB_RECURSE SIEGE_WASM_SOURCES CONFIGURE_DEPENDS
     ${CMAKE_CURRENT_SOURCE_DIR}/src/state/*.cpp ${CMAKE_CURRENT_SOURCE_DIR}/src/print/*.cpp
     ${CMAKE_CURRENT_SOURCE_DIR}/src/commands/*.cpp ${CMAKE_CURRENT_SOURCE_DIR}/src/front/*.cpp)
siege_generated(siege_tablegen " (the package's: tablegen under node)" ${SIEGE_WASM_SOURCES})

# The command objects and their front end, compiled once for both modules.
add_library(siege_wasm_objects OBJECT ${SIEGE_WASM_SOURCES} src/wasm/api.cpp ${SIEGE_GENERATED}/builtin_tables.cpp)
target_include_directories(siege_wasm_objects PUBLIC src ${SIEGE_GENERATED})
target_link_libraries(siege_wasm_objects PUBLIC siege::siege PRIVATE siege_warnings)
siege_unity_groups(siege_wasm_objects)
# What both modules link with: memory
# that grows as a question needs, to 1 GiB, past which an allocation fails
# (a std::bad_alloc the package reports) instead of an abort.
set(SIEGE_WASM_LINK -sMODULARIZE=1 -sEXPORT_NAME=createSiegeCore -sENVIRONMENT=web
    -sEXPORTED_RUNTIME_METHODS=UTF8ToString,stringToUTF8,lengthBytesUTF8
    -sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=1073741824 -sABORTING_MALLOC=0)

# The package's module, an ES module: every command of the package, its
# exports src/wasm/api.hpp's functions; one file, the WebAssembly inlined
# (nothing to fetch, from file:// as from a server, in node as in a browser).
set(SIEGE_WASM_EXPORTS _siege_configure _siege_resolve _siege_apply _siege_odds _siege_command _siege_inputs
    _siege_output _siege_version _malloc _free)
list(JOIN SIEGE_WASM_EXPORTS "," SIEGE_WASM_EXPORT_LIST)
add_executable(siege_wasm ${SIEGE_GENERATED}/registry.cpp src/wasm/lines.cpp)
target_link_libraries(siege_wasm PRIVATE siege_wasm_objects)
set_target_properties(siege_wasm PROPERTIES OUTPUT_NAME siege-core SUFFIX .mjs)
target_link_options(siege_wasm PRIVATE ${SIEGE_WASM_LINK} -sSINGLE_FILE=1 -sEXPORT_ES6=1 -sEXPORTED_FUNCTIONS=${SIEGE_WASM_EXPORT_LIST}
  -sFILESYSTEM=1)  # a state file that a command reads by its name (odds scene, status, undo)

# The calculator page's module (examples/calculator.html, tools/make-calculator.mjs):
# a classic script inlined in the page, with the commands the page asks
# (attack, demolish, their odds, list) in its registry, so that the linker
# leaves out every other command and the state file's code.
siege_registry(${SIEGE_GENERATED}/calculator_registry.cpp " (the calculator's)" ON
  ${CMAKE_CURRENT_SOURCE_DIR}/src/commands/cmd_attack.cpp ${CMAKE_CURRENT_SOURCE_DIR}/src/commands/cmd_demolish.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/src/commands/cmd_odds.cpp ${CMAKE_CURRENT_SOURCE_DIR}/src/commands/cmd_odds_works.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/src/commands/cmd_tables.cpp)
add_executable(siege_calculator ${SIEGE_GENERATED}/calculator_registry.cpp)
target_link_libraries(siege_calculator PRIVATE siege_wasm_objects)
set_target_properties(siege_calculator PROPERTIES OUTPUT_NAME siege-calculator SUFFIX .js)
# No file system (the page reads no state), and the smaller allocator. Its
# WebAssembly is written beside it (no -sSINGLE_FILE): the page holds it
# gzipped (tools/make-calculator.mjs).
target_link_options(siege_calculator PRIVATE ${SIEGE_WASM_LINK} -Oz -sFILESYSTEM=0 -sMALLOC=emmalloc
  -sEXPORTED_FUNCTIONS=_siege_resolve,_siege_odds,_siege_command,_siege_text,_siege_output,_siege_version,_malloc,_free)

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

# The calculator page, written here as the tool writes examples/calculator.html
# (tools/test-all checks that the committed page is this one).
add_custom_command(
  OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/calculator.html
  COMMAND ${SIEGE_NODE} ${CMAKE_CURRENT_SOURCE_DIR}/tools/make-calculator.mjs $<TARGET_FILE:siege_calculator>
          ${PROJECT_VERSION} ${CMAKE_CURRENT_BINARY_DIR}/calculator.html
  DEPENDS siege_calculator src/wasm/calculator/page.html tools/make-calculator.mjs
  COMMENT "Writing the calculator page")
add_custom_target(siege_calculator_page ALL DEPENDS ${CMAKE_CURRENT_BINARY_DIR}/calculator.html)
