"""The bundle's entry script: PyInstaller freezes a script, not a console-script entry
point. The frozen ``aipa`` answers the same commands as the installed one, and runs the
built-in engine when started as ``aipa --builtin-engine`` (aipa/__main__.py)."""

import sys

from aipa.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
