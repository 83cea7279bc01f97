#!/bin/sh
# Installs the Debian packages bislide needs, when they are missing.
# Optional words add the tools of one target: `fuzz` (clang and libFuzzer,
# for make fuzz), `valgrind` (for make valgrind), `plot` (gnuplot, for
# scripts/plot-bench.sh).
set -e
need=""
pkg-config --exists libxxhash 2>/dev/null || need="$need libxxhash-dev"
pkg-config --exists criterion 2>/dev/null || need="$need libcriterion-dev"
command -v pkg-config >/dev/null 2>&1 || need="$need pkg-config"
# The tests: GNU parallel runs the shard test's shards (moreutils has
# another `parallel`), groff checks the man page for warnings, tmux is the
# terminal on which test_show watches `bislide show` animate. Scale-out:
# parallel's --transferfile and --return copy files with rsync, which
# docs/scale-out.md asks of every host.
parallel --version 2>/dev/null | grep -q 'GNU parallel' || need="$need parallel"
command -v rsync >/dev/null 2>&1 || need="$need rsync"
command -v tmux >/dev/null 2>&1 || need="$need tmux"
command -v groff >/dev/null 2>&1 || need="$need groff-base"
for extra in "$@"; do
  case $extra in
  fuzz)
    command -v clang-14 >/dev/null 2>&1 || need="$need clang-14"
    ls /usr/lib/llvm-14/lib/clang/*/lib/linux/libclang_rt.fuzzer-*.a >/dev/null 2>&1 ||
      need="$need libclang-rt-14-dev"
    ;;
  valgrind) command -v valgrind >/dev/null 2>&1 || need="$need valgrind" ;;
  plot) command -v gnuplot >/dev/null 2>&1 || need="$need gnuplot-nox" ;;
  *) echo "deps: unknown extra '$extra' (fuzz, valgrind, plot)" >&2; exit 2 ;;
  esac
done
[ -z "$need" ] && exit 0
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if ! command -v sudo >/dev/null 2>&1; then
    echo "deps: missing$need; install them as root (there is no sudo here)" >&2
    exit 1
  fi
  SUDO=sudo
fi
echo "deps: installing$need" >&2
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $need >&2
