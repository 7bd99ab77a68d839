#!/usr/bin/env bash
# Makes the README's pictures (docs/*.png): Notebook with its help sheet over it, dark too, F1
# context help and the terms on first launch, as people see them under a window manager
# (metacity on an Xvfb display of its own, grabbed from the screen: scripts/lib/notebook-pictures.sh);
# then the help dialog alone with the demo's --screenshot: loaded, loading, failed, with the find
# bar open, in dark mode and searching. Needs python3 for a local server that never answers (the
# loading picture). The --screenshot ones run under Xvfb when there is no display.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/setup.sh
source scripts/lib/notebook-pictures.sh
helpviewer_install_missing "${HELPVIEWER_PACKAGES[@]}"
swift build --product help-viewer-demo
# The benchmark is a package of its own (Benchmarks/): its --picture takes the screen grabs.
swift build --package-path Benchmarks --product help-viewer-bench
demo="$(swift build --show-bin-path)/help-viewer-demo"
notebook_pictures "$(swift build --package-path Benchmarks --show-bin-path)/help-viewer-bench" "$demo"
shot() { helpviewer_with_display "$demo" "$@" >/dev/null; }

# A server on 127.0.0.1 that accepts connections and never answers: the page stays loading.
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -c '
import socket, sys, time
s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("127.0.0.1", int(sys.argv[1]))); s.listen(8)
held = []
end = time.time() + 120
s.settimeout(1)
while time.time() < end:
    try: held.append(s.accept()[0])
    except socket.timeout: pass
' "$port" &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT

shot --show help --screenshot docs/dialog-loaded.png
shot --open "http://127.0.0.1:$port/help" --while-loading --screenshot docs/dialog-loading.png
# A port nothing listens on (the hanging server's, once it is gone, is not guaranteed free).
shot --open "http://127.0.0.1:$((port + 1))/help" --screenshot docs/dialog-failed.png
shot --show help --find offline --screenshot docs/find-in-page.png
shot --show help --dark --screenshot docs/dialog-dark.png
shot --show help --search "sync conflict" --screenshot docs/help-search.png
echo "Pictures in docs/: notebook-help, notebook-help-dark, notebook-context-help, notebook-terms, dialog-loaded, dialog-loading, dialog-failed, find-in-page, dialog-dark, help-search"
