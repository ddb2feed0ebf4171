#!/usr/bin/env bash
# Installs the system libraries Qt needs (offscreen and X11), Xvfb for the
# screenshot test, and gnome-keyring + dbus-x11 for the test against a real Secret
# Service, and at-spi2-core + python3-pyatspi for the accessibility test (the AT-SPI
# registry a screen reader reads, tests/ui/window/test_accessibility.py), and fonts-wqy-microhei
# (the Chinese translation's glyphs, tests/ui/test_translations.py; DejaVu has the Hebrew), and
# openbox + xdotool (a small real window manager and a pointer click under Xvfb: the AT-SPI
# probe opens a talk with the recruiter, tests/ui/window/atspi_probe.py), on Debian/Ubuntu. Idempotent: does nothing when all are present.
# Elsewhere (macOS, Windows, other distros) the PySide6 wheels bring what they need.
set -euo pipefail
command -v dpkg >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1 || exit 0

pkgs=(libgl1 libegl1 libxkbcommon0 libxkbcommon-x11-0 libfontconfig1 libdbus-1-3 libglib2.0-0
      libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-image0 libxcb-render-util0 libxcb-shape0
      libxcb-xinerama0 libxcb-randr0 libxcb-xfixes0 libxcb-xkb1 libxrender1 libxi6
      xvfb xauth fonts-dejavu-core fonts-wqy-microhei gnome-keyring dbus-x11 at-spi2-core python3-pyatspi
      openbox xdotool)
missing=()
for p in "${pkgs[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
    echo "Missing system packages: ${missing[*]}" >&2
    echo "Install them as root: apt-get install ${missing[*]}" >&2
    exit 1
  fi
fi
echo "Installing system packages: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
