"""Worker processes that must not outlive the program that started them (the
arena's pool, the server's analysis worker): a program killed outright
(SIGKILL, an OOM kill) runs no clean-up, and its spawned workers, holding both
ends of their job queue, would otherwise wait — or play queued jobs — forever.
"""

from __future__ import annotations

import os
import threading
import time


def exit_when_orphaned(parent: int, every: float = 1.0) -> None:
    """End this process (exit status 1) once ``parent``, the pid that started it,
    is no longer its parent: checked at once, then every ``every`` seconds by a
    daemon thread (between compiled calls: numba code holds the GIL).  Call it
    from a pool initializer with ``os.getpid()`` of the starting process."""
    if os.getppid() != parent:
        os._exit(1)

    def watch() -> None:
        while True:
            time.sleep(every)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, name="exit-when-orphaned", daemon=True).start()
