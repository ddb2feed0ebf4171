#!/usr/bin/env bash
# A .deb of the bundle: the program under /opt/aipa, the `aipa` command in /usr/bin, the
# menu entry, hicolor icons and AppStream metadata; Depends found from the bundle's ELF
# files (depends.py). Removing the package never touches the users' data folders.
#   packaging/linux/deb.sh BUNDLE VERSION OUTDIR
set -euo pipefail
bundle=$1 version=$2 out=$3
here=$(cd "$(dirname "$0")" && pwd)
resources="$here/../../resources"
arch=$(dpkg --print-architecture)
root=$(mktemp -d)
chmod 755 "$root"
trap 'rm -rf "$root"' EXIT

install -d "$root/opt" "$root/usr/bin" "$root/usr/share/applications" "$root/usr/share/metainfo" "$root/DEBIAN"
cp -a "$bundle" "$root/opt/aipa"
ln -s /opt/aipa/aipa "$root/usr/bin/aipa"
install -m644 "$resources/aipa.desktop" "$root/usr/share/applications/aipa.desktop"
install -m644 "$resources/io.github.aipa.Desktop.metainfo.xml" "$root/usr/share/metainfo/"
for png in "$resources"/icons/aipa-*.png; do
  size=$(basename "$png" .png); size=${size#aipa-}
  install -D -m644 "$png" "$root/usr/share/icons/hicolor/${size}x${size}/apps/aipa.png"
done
install -D -m644 "$resources/aipa.svg" "$root/usr/share/icons/hicolor/scalable/apps/aipa.svg"

cat >"$root/DEBIAN/control" <<CONTROL
Package: aipa
Version: $version
Architecture: $arch
Maintainer: AIPA Desktop developers <aipa@users.noreply.github.com>
Installed-Size: $(du -sk "$root" | cut -f1)
Depends: $(python3 "$here/depends.py" "$bundle")
Section: utils
Priority: optional
Description: local-first desktop agency of LLM agents
 You give a directive; a Chief of Staff agent routes it to lead agents that work
 in parallel, writes one deliverable, and an auditor agent gives a verdict.
 Runs offline with Ollama or the built-in llama.cpp engine.
CONTROL
# Menus and icon caches refresh when the tools are there; user data is never touched.
for script in postinst postrm; do
  cat >"$root/DEBIAN/$script" <<'SCRIPT'
#!/bin/sh
set -e
command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database -q /usr/share/applications || true
command -v gtk-update-icon-cache >/dev/null 2>&1 && gtk-update-icon-cache -q -t /usr/share/icons/hicolor || true
SCRIPT
  chmod 755 "$root/DEBIAN/$script"
done
mkdir -p "$out"
dpkg-deb --root-owner-group -Zzstd --build "$root" "$out/aipa_${version}_${arch}.deb" >/dev/null
echo "deb: $out/aipa_${version}_${arch}.deb"
echo "Depends: $(sed -n 's/^Depends: //p' "$root/DEBIAN/control")"
