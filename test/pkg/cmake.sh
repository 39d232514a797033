#!/bin/sh
# make install puts down a CMake package: a project (test/pkg/cmake_app)
# configured against the install tree with find_package(twofold), its C
# program (and Fortran program, where gfortran and the modules are) built
# with twofold::twofold and run against the installed library; the same
# install tree moved elsewhere is found at its new place; versions that the
# version file must refuse are refused.
. "$TF_SRCDIR/test/lib.sh"
command -v cmake > /dev/null || skip "no cmake (build-aux/install-deps installs it)"
install_twofold
make_variable() { sed -n "s/^$1 = //p" "$TF_BUILDDIR/Makefile"; }
version=$(make_variable PACKAGE_VERSION)
config=$(find "$root" -name twofoldConfig.cmake)
[ -n "$config" ] || fail "twofoldConfig.cmake not installed"
[ -f "$(dirname "$config")/twofoldConfigVersion.cmake" ] || fail "twofoldConfigVersion.cmake not installed"
libdir=$(dirname "$(dirname "$(dirname "$config")")")
[ -f "$libdir/libtwofold.so" ] || fail "twofoldConfig.cmake is not in LIBDIR/cmake/twofold ($config)"
[ -f "$libdir/pkgconfig/twofold.pc" ] || fail "twofoldConfig.cmake is not beside twofold.pc ($config)"

fortran=OFF
if [ -z "$(find "$root" -name twofold.mod)" ]; then
	echo "no Fortran module installed (built without a Fortran compiler): C only"
elif ! command -v gfortran > /dev/null; then
	echo "twofold.mod installed; no gfortran here: C only"
else
	fortran=ON
fi

# configure BUILD PREFIX [CMAKE ARGUMENTS...]: the project in BUILD, with
# twofold searched for under PREFIX, as a user's CMAKE_PREFIX_PATH would.
configure() {
	build=$1 search=$2
	shift 2
	cmake -S "$TF_SRCDIR/test/pkg/cmake_app" -B "$build" -DCMAKE_PREFIX_PATH="$search" \
		-DWITH_FORTRAN=$fortran -DCMAKE_C_COMPILER=cc "$@" > "$build.log" 2>&1
}
# build_and_run BUILD TREE: builds the programs and runs them in dd mode;
# each must have been linked with the libtwofold under TREE.
build_and_run() {
	cmake --build "$1" > "$1.build.log" 2>&1 ||
		{ tail -20 "$1.build.log"; fail "the CMake project does not build against twofold::twofold"; }
	programs=c_app
	[ $fortran = OFF ] || programs="$programs fortran_app"
	for program in $programs; do
		resolved=$(ldd "$1/$program" | sed -n 's/^[[:space:]]*libtwofold\.so[^ ]* => \([^ ]*\).*/\1/p')
		case $resolved in
		"$2"/*) ;;
		*) fail "$program finds libtwofold at '$resolved', not in the install tree $2" ;;
		esac
		TWOFOLD_MODE=dd "$1/$program" || fail "$program (built with CMake) fails"
	done
}

configure "$work/build" "$root$prefix" ||
	{ tail -20 "$work/build.log"; fail "find_package(twofold 0.1 REQUIRED) against the install tree"; }
grep 'twofold [0-9]' "$work/build.log"
found=$(sed -n 's/^twofold_DIR:PATH=//p' "$work/build/CMakeCache.txt")
[ "$found" -ef "$(dirname "$config")" ] || fail "find_package found twofold in '$found', not $(dirname "$config")"
grep -q "twofold $version: " "$work/build.log" || fail "twofold_VERSION is not $version"
build_and_run "$work/build" "$root"
echo "find_package(twofold) at the install tree: C$( [ $fortran = OFF ] || echo ' and Fortran') built and run"

# The same files moved: the package finds them at their new place.
mv "$root" "$work/moved"
configure "$work/build-moved" "$work/moved$prefix" ||
	{ tail -20 "$work/build-moved.log"; fail "find_package(twofold) after the install tree moved"; }
grep -q "$work/moved" "$work/build-moved.log" || fail "the moved package does not name its new place"
build_and_run "$work/build-moved" "$work/moved"
echo "find_package(twofold) at the moved install tree: built and run"

# Versions the package must refuse, and one it must take.
for wanted in 0.0.1 0.2 1.0; do
	if configure "$work/build-$wanted" "$work/moved$prefix" -DTWOFOLD_WANTED=$wanted; then
		fail "find_package(twofold $wanted) accepts version $version"
	fi
	grep -q 'considered but not accepted' "$work/build-$wanted.log" ||
		{ tail -10 "$work/build-$wanted.log"; fail "find_package(twofold $wanted) fails but not for its version"; }
done
configure "$work/build-range" "$work/moved$prefix" -DTWOFOLD_WANTED=0.0.1...1.0 ||
	{ tail -10 "$work/build-range.log"; fail "find_package(twofold 0.0.1...1.0) refuses $version"; }
echo "version $version: 0.1 and 0.0.1...1.0 taken; 0.0.1, 0.2 and 1.0 refused (0.x: same minor version)"

# An install tree without the Fortran modules: COMPONENTS Fortran is
# refused, and says why; without the library: the package says so.
moved_config=$(find "$work/moved" -name twofoldConfig.cmake)
if [ $fortran = ON ]; then
	find "$work/moved" -name 'twofold*.mod' -exec rm {} +
	configure "$work/build-nomod" "$work/moved$prefix" &&
		fail "find_package(twofold COMPONENTS Fortran) accepts a tree without twofold.mod"
	tr '\n' ' ' < "$work/build-nomod.log" | tr -s ' ' | grep -q 'built without its Fortran modules' ||
		{ tail -10 "$work/build-nomod.log"; fail "COMPONENTS Fortran refused, but not for the missing modules"; }
	echo "COMPONENTS Fortran: refused where twofold.mod is not installed"
fi
rm "$(dirname "$(dirname "$(dirname "$moved_config")")")/libtwofold.so"
configure "$work/build-nolib" "$work/moved$prefix" &&
	fail "find_package(twofold) accepts a tree without libtwofold.so"
# (CMake wraps its messages: read as one line)
tr '\n' ' ' < "$work/build-nolib.log" | tr -s ' ' | grep -q 'does not find its files' ||
	{ tail -10 "$work/build-nolib.log"; fail "find_package(twofold) fails without libtwofold.so, but not saying so"; }
echo "an install tree without libtwofold.so: refused, naming the missing file"
