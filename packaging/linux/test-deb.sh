#!/usr/bin/env bash
# The installers' test (issue 9; `make package-test`, run by .ci/run after `make test`).
# As root: make a minimal Debian of the host's own release with debootstrap (from the
# host's own apt mirror), install dist/aipa_*.deb there with apt-get (so its Depends
# are resolved from Debian's packages, nothing from this machine), and run inside it,
# with no network, the installed `aipa --smoke` offscreen and a headless dry run; then
# remove the package and check the user's data is still there. Then unpack the
# portable tar.gz on the host and run the same smoke (offscreen, and on X11 under Xvfb
# when xvfb-run is there). A missing library or data file
# fails here. Nothing is cached between runs.
set -euo pipefail
cd "$(dirname "$0")/../.."
PYTHON=${PYTHON:-.venv/bin/python}  # has PySide6: it checks the screenshots
SMOKE="Plan a team offsite"
HEADLESS="Compare three note-taking apps"
start=$SECONDS

if [ "$(id -u)" -ne 0 ]; then  # debootstrap and chroot need root
  command -v sudo >/dev/null || { echo "test-deb: run it as root (debootstrap, chroot)" >&2; exit 2; }
  exec sudo env PYTHON="$PYTHON" bash "$0" "$@"
fi
command -v debootstrap >/dev/null || { echo "test-deb: needs debootstrap (apt-get install debootstrap)" >&2; exit 2; }
deb=$(ls dist/aipa_*.deb | head -n1)
tarball=$(ls dist/aipa-*-linux-*.tar.gz | head -n1)

# The host's release and the first apt mirror that serves it (never a hard-coded host).
suite=$(. /etc/os-release && echo "$VERSION_CODENAME")
mirror=$(python3 - "$suite" <<'PY'
import glob, re, sys
suite = sys.argv[1]
for path in ["/etc/apt/sources.list", *sorted(glob.glob("/etc/apt/sources.list.d/*.list"))]:
    for line in open(path, errors="replace") if glob.os.path.exists(path) else []:
        m = re.match(r"\s*deb\s+(?:\[[^]]*\]\s+)?(\S+)\s+(\S+)", line)
        if m and m.group(2) == suite:
            sys.exit(print(m.group(1)))
for path in sorted(glob.glob("/etc/apt/sources.list.d/*.sources")):
    for stanza in re.split(r"\n\s*\n", open(path, errors="replace").read()):
        fields = dict(re.findall(r"^(\w[\w-]*):\s*(.*)$", stanza, re.M))
        if "deb" in fields.get("Types", "").split() and suite in fields.get("Suites", "").split():
            sys.exit(print(fields["URIs"].split()[0]))
sys.exit(f"no apt source for {suite} in /etc/apt")
PY
)

work=$(mktemp -d /var/tmp/aipa-test-deb.XXXXXX)
root="$work/root"
cleanup() {
  for m in dev/shm dev sys proc; do mountpoint -q "$root/$m" 2>/dev/null && umount -l "$root/$m"; done
  rm -rf "$work"
}
trap cleanup EXIT

png_ok() {  # PNG is there, not tiny, and not one flat colour
  QT_QPA_PLATFORM=offscreen "$PYTHON" - "$1" <<'PY'
import sys
from PySide6.QtGui import QImage
image = QImage(sys.argv[1])
colours = {image.pixel(x, y) for x in range(0, image.width(), 7) for y in range(0, image.height(), 7)}
print(f"PNG {image.width()}x{image.height()}, {len(colours)} colours")
sys.exit(0 if image.width() >= 400 and image.height() >= 300 and len(colours) >= 16 else 1)
PY
}

echo "== debootstrap --variant=minbase $suite (mirror from /etc/apt)"
t=$SECONDS
debootstrap --variant=minbase "$suite" "$root" "$mirror" >"$work/debootstrap.log" 2>&1 \
  || { tail -n 20 "$work/debootstrap.log"; exit 1; }
echo "   done in $((SECONDS - t)) s"
mount -t proc proc "$root/proc"
mount -t sysfs sys "$root/sys"
mount --bind /dev "$root/dev"
mount --bind /dev/shm "$root/dev/shm"
cp "$deb" "$root/tmp/"
in_root() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root DEBIAN_FRONTEND=noninteractive "$@"; }

t=$SECONDS
in_root apt-get update -qq
set +e
in_root sh -c "cd /tmp && apt-get install -y -q --no-install-recommends ./$(basename "$deb")" >"$work/install.log" 2>&1
rc=$?
set -e
echo "== install: apt-get install -y ./$(basename "$deb") → exit $rc ($(grep -oE '[0-9]+ newly installed' "$work/install.log" || echo '?') in $((SECONDS - t)) s)"
[ $rc -eq 0 ] || { tail -n 30 "$work/install.log"; exit 1; }

# No network inside: the app must not reach for it at start (unshare: a fresh, empty
# network namespace, where the kernel allows it).
nonet=""
unshare --net true 2>/dev/null && nonet="unshare --net"
run_env=(env -i PATH=/usr/bin:/bin HOME=/root LANG=C.UTF-8 XDG_RUNTIME_DIR=/tmp/xdg AIPA_HOME=/tmp/aipa-home QT_QPA_PLATFORM=offscreen)
in_root install -d -m700 /tmp/xdg

set +e
$nonet chroot "$root" "${run_env[@]}" aipa --smoke "$SMOKE" --screenshot /tmp/smoke.png >"$work/smoke.log" 2>&1
rc=$?
set -e
echo "== smoke (.deb${nonet:+, no network}): aipa --smoke \"$SMOKE\" --screenshot /tmp/smoke.png → exit $rc"
cat "$work/smoke.log"
[ $rc -eq 0 ] && png_ok "$root/tmp/smoke.png"
cp "$root/tmp/smoke.png" dist/test-deb-smoke.png  # for a look: the installed app's window

set +e
$nonet chroot "$root" "${run_env[@]}" aipa run --dry-run --yes --json "$HEADLESS" >"$work/run.json" 2>"$work/run.log"
rc=$?
set -e
verdict=$("$PYTHON" -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["run_id"], d["verdict"])' "$work/run.json" 2>/dev/null || echo "no JSON")
echo "== headless (.deb): aipa run --dry-run --yes --json \"$HEADLESS\" → exit $rc ($verdict)"
[ $rc -eq 0 ] || { tail -n 20 "$work/run.log"; exit 1; }

in_root apt-get purge -y -q aipa >"$work/purge.log" 2>&1
[ ! -e "$root/opt/aipa" ] && [ ! -e "$root/usr/bin/aipa" ] && [ -f "$root/tmp/aipa-home/aipa.db" ] \
  || { echo "purge left the program or removed the user's data" >&2; exit 1; }
echo "== uninstall: apt-get purge aipa → /opt/aipa gone, the user's data folder kept"

t=$SECONDS
mkdir -p "$work/portable" "$work/portable-home"
tar -C "$work/portable" -xzf "$tarball"
# the window's translations and Qt's own for the same languages (ui/i18n.py loads both)
for qm in window_de.qm core_zh_CN.qm dialogs_he.qm qtbase_de.qm qtbase_zh_CN.qm qtbase_he.qm; do
  [ -n "$(find "$work/portable/aipa" -name "$qm" -print -quit)" ] || { echo "the bundle has no $qm" >&2; exit 1; }
done
echo "== translations: window/core/dialogs .qm and qtbase_*.qm in the bundle"
set +e
XDG_RUNTIME_DIR=$work AIPA_HOME="$work/portable-home" QT_QPA_PLATFORM=offscreen \
  "$work/portable/aipa/aipa" --smoke "$SMOKE" --screenshot "$work/portable.png" >"$work/portable.log" 2>&1
rc=$?
set -e
echo "== smoke (tar.gz on the host): aipa/aipa --smoke \"$SMOKE\" → exit $rc"
cat "$work/portable.log"
[ $rc -eq 0 ] && png_ok "$work/portable.png"
if command -v xvfb-run >/dev/null; then  # and on a real X server: the bundle's xcb plugin and libraries
  set +e
  XDG_RUNTIME_DIR=$work AIPA_HOME="$work/portable-home" QT_QPA_PLATFORM=xcb xvfb-run -a -s "-screen 0 1400x1000x24" \
    "$work/portable/aipa/aipa" --smoke "$SMOKE" --screenshot "$work/portable-x11.png" >"$work/portable-x11.log" 2>&1
  rc=$?
  set -e
  echo "== smoke (tar.gz on the host, X11 under Xvfb): aipa/aipa --smoke \"$SMOKE\" → exit $rc"
  cat "$work/portable-x11.log"
  [ $rc -eq 0 ] && png_ok "$work/portable-x11.png"
fi
echo "== installers test passed in $((SECONDS - start)) s"
