# CPack: `cpack -G DEB` in the build folder makes two Debian packages, one
# for each install component (CMakeLists.txt):
#   siege      the program, its man page, shell completions, tables and
#              schemas ("runtime");
#   siege-dev  the header-only rules core and its CMake package ("dev"),
#              depending on the packages whose headers it includes.
# tests/install/check_deb.sh builds them and holds them to lintian.
#
# The program is linked statically (SIEGE_STATIC, the default), so siege
# depends on nothing. With SIEGE_STATIC=OFF it needs the C and C++ runtime,
# which dpkg-shlibdeps then works out.

set(SIEGE_PACKAGE_MAINTAINER "The siege authors <maintainers@users.noreply.a-seed-ed13263e.example>"
    CACHE STRING "Maintainer field of the Debian packages")

set(CPACK_PACKAGE_NAME siege)
set(CPACK_PACKAGE_VENDOR "The siege authors")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_PACKAGE_CONTACT "${SIEGE_PACKAGE_MAINTAINER}")
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
# Installed programs lose their symbol tables (Debian policy 10.1).
set(CPACK_STRIP_FILES ON)

set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_ALL dev)
if(SIEGE_BUILD_CLI)
  list(PREPEND CPACK_COMPONENTS_ALL runtime)
endif()
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${SIEGE_PACKAGE_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)

# Each package's description: its summary line, then the text. (CPackDeb
# would put CPACK_PACKAGE_DESCRIPTION_SUMMARY above both unless it is left
# at CPack's own default, which is what this line sets.)
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${CMAKE_PROJECT_NAME} built using CMake")

set(CPACK_DEBIAN_RUNTIME_PACKAGE_NAME siege)
set(CPACK_DEBIAN_RUNTIME_PACKAGE_SECTION utils)
set(CPACK_DEBIAN_RUNTIME_DESCRIPTION "command-line siege rules adjudicator
siege resolves the siege rules of a tabletop game at the table: attacks on
wall sections with the Armor arithmetic step by step, the breach ladder,
dice checks, exact odds, and the troop rules of a breach (holding it, routs,
casualties, abatis). Every number comes from JSON tables that a referee can
extend, and every outcome can be printed as JSON for scripts.")
if(NOT SIEGE_STATIC)
  set(CPACK_DEBIAN_RUNTIME_PACKAGE_SHLIBDEPS ON)
endif()

# The headers include nlohmann/json (siege.hpp) and Boost.Multiprecision
# (the odds headers), as cmake/siegeConfig.cmake.in finds them.
set(CPACK_DEBIAN_DEV_PACKAGE_NAME siege-dev)
set(CPACK_DEBIAN_DEV_PACKAGE_SECTION libdevel)
set(CPACK_DEBIAN_DEV_PACKAGE_ARCHITECTURE all)
set(CPACK_DEBIAN_DEV_PACKAGE_DEPENDS "nlohmann-json3-dev (>= 3.10), libboost-dev (>= 1.70)")
set(CPACK_DEBIAN_DEV_DESCRIPTION "header-only siege rules core for C++20 (development files)
The rules core of siege(1) as C++20 headers: attacks on wall sections with
the Armor arithmetic, the breach ladder, dice checks, exact odds, troops in
a breach, and the loading of the JSON tables. A CMake package comes with
it: find_package(siege) gives the target siege::siege, and the component
odds gives siege::odds for the exact odds headers.")

include(CPack)
