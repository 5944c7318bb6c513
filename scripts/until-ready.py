#!/usr/bin/env python3
"""until-ready.py CMD [ARGS...]

Runs CMD as systemd would run a Type=notify service: with NOTIFY_SOCKET pointing at a datagram socket of
our own. When CMD sends READY=1 it gets SIGTERM, as at `systemctl stop`, and this exits with CMD's status
(1 if CMD never became ready). The time to READY=1 goes to stderr. Used to measure start-up.
"""
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time


def main() -> int:
    if len(sys.argv) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 64
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "notify")
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        sock.bind(path)
        sock.settimeout(0.5)
        start = time.monotonic()
        child = subprocess.Popen(sys.argv[1:], env={**os.environ, "NOTIFY_SOCKET": path})
        ready = False
        while child.poll() is None and time.monotonic() - start < 600:
            try:
                message = sock.recv(65536)
            except socket.timeout:
                continue
            if b"READY=1" in message.split(b"\n"):
                ready = True
                print(f"until-ready: READY=1 after {(time.monotonic() - start) * 1000:.0f} ms", file=sys.stderr)
                child.send_signal(signal.SIGTERM)
                break
        if not ready and child.poll() is None:
            print("until-ready: no READY=1 within 600 s; stopping it", file=sys.stderr)
            child.send_signal(signal.SIGTERM)
        status = child.wait()
        return status if ready else 1


if __name__ == "__main__":
    sys.exit(main())
