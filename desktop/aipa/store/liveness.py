"""Is a process id still alive? Used to tell a running run from an interrupted one."""

from __future__ import annotations

import os
import sys


def pid_alive(pid: int) -> bool:
    """True unless the process is certainly gone. Our own pid is always alive."""
    if pid == os.getpid():
        return True
    if pid <= 0:
        return False
    if sys.platform == "win32":
        return _windows_pid_alive(pid)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # exists, owned by someone else
        return True
    except OSError:
        return True
    return not _zombie(pid)


def _zombie(pid: int) -> bool:
    """A killed process whose parent has not reaped it yet still answers kill(pid, 0)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            return stat.read().rsplit(b")", 1)[1].split()[0] == b"Z"
    except (OSError, IndexError):
        return False


if sys.platform == "win32":  # Windows-only ctypes names; type-checked on that platform only

    def _windows_pid_alive(pid: int) -> bool:
        # os.kill(pid, 0) on Windows would send CTRL_C_EVENT; ask the kernel instead.
        import ctypes
        from ctypes import wintypes

        process_query_limited_information = 0x1000
        still_active = 259
        error_access_denied = 5
        kernel32 = ctypes.WinDLL("kernel32", use_last_error=True)
        kernel32.OpenProcess.restype = wintypes.HANDLE
        handle = kernel32.OpenProcess(process_query_limited_information, False, pid)
        if not handle:
            return ctypes.get_last_error() == error_access_denied
        try:
            code = wintypes.DWORD()
            if not kernel32.GetExitCodeProcess(handle, ctypes.byref(code)):
                return True
            return code.value == still_active
        finally:
            kernel32.CloseHandle(handle)
