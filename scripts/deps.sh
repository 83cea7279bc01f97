#!/bin/sh
# Installs the Debian packages bislide needs, when they are missing.
set -e
need=""
pkg-config --exists libxxhash 2>/dev/null || need="$need libxxhash-dev"
pkg-config --exists criterion 2>/dev/null || need="$need libcriterion-dev"
command -v pkg-config >/dev/null 2>&1 || need="$need pkg-config"
[ -z "$need" ] && exit 0
echo "deps: installing$need" >&2
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO=sudo
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $need >&2
