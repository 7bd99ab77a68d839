#!/usr/bin/env bash
# Builds and tests HelpViewer on Debian 13 (GTK 4.18, WebKitGTK 2.52) from a Debian 12 machine:
# a chroot made with debootstrap, the host's Swift toolchain and this checkout bound into it.
# GTK 4.14 and later graft WebKit's accessibility tree into the app's (GtkAtSpiSocket), which a
# Debian 12 machine (GTK 4.8) cannot show; AtSpiPageTests reads it there (issue 34).
#
#   sudo bash scripts/check-trixie.sh                   # the accessibility tests
#   sudo bash scripts/check-trixie.sh 'TextViewTests'   # other tests (a --filter regex)
#   sudo bash scripts/check-trixie.sh ''                # the whole suite
#
# Needs root (debootstrap, mount, chroot) and Swift on PATH (sudo env "PATH=$PATH" …). The
# chroot is made once, in $TRIXIE_ROOT (/var/tmp/helpviewer-trixie), and kept (about 2 GB);
# the build goes to .build-trixie. The mounts live in a
# mount namespace of the run's own, and the tests in a network namespace of their own (their X
# displays apart from the host's), so nothing stays mounted and no display of the host is used.
# Everything runs at nice 19.
set -euo pipefail
cd "$(dirname "$0")/.."
filter="${1-AtSpiPageTests|AtSpiTests|AccessibilityTests|ScreenReaderTests|TextViewTests}"
root="${TRIXIE_ROOT:-/var/tmp/helpviewer-trixie}"
checkout="$PWD"
command -v swift >/dev/null || { echo 'swift is not on PATH: sudo env "PATH=$PATH" bash scripts/check-trixie.sh' >&2; exit 1; }
swift_bin="$(dirname "$(readlink -f "$(command -v swift)")")"
toolchain="$(dirname "$(dirname "$swift_bin")")"
[ "$(id -u)" -eq 0 ] || { echo "run as root (sudo): debootstrap, mount and chroot need it" >&2; exit 1; }

source scripts/lib/setup.sh
# What the tests use, and what the Swift toolchain needs from the system to build and link.
packages=("${HELPVIEWER_PACKAGES[@]}" dbus dbus-x11 libglib2.0-bin x11-xserver-utils binutils gcc g++ libc6-dev
  libstdc++-14-dev libcurl4t64 libedit2 libncurses6 git pkg-config tzdata zlib1g-dev ca-certificates
  fonts-dejavu-core fonts-cantarell libgl1-mesa-dri zenity gnome-user-docs xfonts-base)

if [ ! -x "$root/usr/bin/apt-get" ]; then
  command -v debootstrap >/dev/null || apt-get install -y -qq debootstrap
  nice -n 19 debootstrap --variant=minbase trixie "$root" http://deb.debian.org/debian
fi

# Runs the shell commands "$1" in the chroot, in this checkout, with the mounts it needs;
# "$2" = net: in a network namespace of its own (only the loopback).
in_chroot() {
  local script
  script="$(mktemp "$root/tmp/helpviewer.XXXXXX")"
  printf 'cd %q\n%s\n' "$checkout" "$1" >"$script"
  local unshare=(unshare --mount --propagation private)
  [ "${2:-}" = net ] && unshare+=(--net)
  local status=0
  nice -n 19 "${unshare[@]}" bash -euc '
    root=$1 checkout=$2 toolchain=$3 script=$4 net=$5
    [ "$net" = net ] && ip link set lo up
    mkdir -p "$root$checkout" "$root$toolchain"
    # The root a mount point: bubblewrap (WebKit'"'"'s sandbox) needs it.
    mount --rbind "$root" "$root"
    mount -t proc proc "$root/proc"
    mount --rbind /sys "$root/sys"
    mount --rbind /dev "$root/dev"
    mount --bind "$toolchain" "$root$toolchain"
    mount --bind "$checkout" "$root$checkout"
    cp /etc/resolv.conf "$root/etc/resolv.conf"
    exec chroot "$root" /usr/bin/env -i PATH="'"$swift_bin"':/usr/sbin:/usr/bin:/sbin:/bin" HOME=/root \
      LANG=C.UTF-8 bash "${script#"$root"}"
  ' in_chroot "$root" "$checkout" "$toolchain" "$script" "${2:-}" || status=$?
  rm -f "$script"
  return "$status"
}

in_chroot "export DEBIAN_FRONTEND=noninteractive
  missing=()
  for p in ${packages[*]}; do dpkg-query -W -f='\${Status}' \$p 2>/dev/null | grep -q 'ok installed' || missing+=(\$p); done
  if [ \${#missing[@]} -gt 0 ]; then apt-get update -qq && apt-get install -y -qq --no-install-recommends \${missing[*]}; fi
  dpkg-query -W -f='\${Package} \${Version}\n' libgtk-4-1 libwebkitgtk-6.0-4 at-spi2-core"
in_chroot "swift build --build-tests --scratch-path .build-trixie"
filter_arguments=""
[ -n "$filter" ] && filter_arguments="--filter '$filter'"
in_chroot "xvfb-run -a --server-args='-screen 0 1280x1024x24' dbus-run-session -- \
  swift test --skip-build --scratch-path .build-trixie $filter_arguments" net
