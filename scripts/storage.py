#!/usr/bin/python3
"""storage.py COMMAND DIR ... - S3 storage on the host's loopback for the rig and the benchmarks.

The rig's appliance guest uploads its finished walks to this server through QEMU's user networking,
which forwards one address of the guest's (10.0.2.100:8333) to it and reaches nothing else
(docs/hil.md, "upload"); `make bench` measures the belt's latency while an upload goes through it at
a Wi-Fi's pace (docs/performance.md).

  start DIR [RATE]  SeaweedFS's `weed mini` ($WEED) on 127.0.0.1, its data, log and pid in DIR, with
                    one identity (the key `credentials` writes) and the bucket; prints the S3 port.
                    The server checks every signature. With RATE (bytes a second), a proxy in front
                    of it passes at most RATE a second each way, and its port is printed instead.
  credentials FILE  writes that key as an AWS credentials file, mode 0600.
  check DIR STATE   PASS/FAIL lines: every walk with a manifest in STATE/tracks (the appliance's state
                    directory, copied out of the rig's guest) is stored under qemu-rig/walks/<walk>/,
                    each of its four files byte-identical, nothing else stored, no multipart upload.
  stop DIR          stops the server, the proxy and their children.

boto3 (Debian's python3-boto3) reads the objects back: an S3 client that is not ours.
"""
import hashlib
import json
import os
import signal
import socket
import subprocess
import sys
import time

ACCESS_KEY = "WAYFINDERRIGKEY00001"
SECRET_KEY = "rig-secret-4c1f0a9e7b3d5a2c8e6f1b0d9a7c5e3f"
BUCKET = "wayfinder-rig"
UNIT = "qemu-rig"
# The local files of a walk and the names they are stored under (docs/upload.md).
WALK_FILES = {".gpx": "track.gpx", ".events.jsonl": "events.jsonl", ".html": "report.html",
              ".manifest.json": "manifest.json"}


def free_ports(count):
    sockets = []
    for _ in range(count):
        s = socket.socket()
        s.bind(("127.0.0.1", 0))
        sockets.append(s)
    ports = [s.getsockname()[1] for s in sockets]
    for s in sockets:
        s.close()
    return ports


def client(port):
    import boto3
    from botocore.config import Config
    return boto3.client("s3", endpoint_url=f"http://127.0.0.1:{port}", region_name="us-east-1",
                        aws_access_key_id=ACCESS_KEY, aws_secret_access_key=SECRET_KEY,
                        config=Config(s3={"addressing_style": "path"}, retries={"max_attempts": 2}))


def start(directory, rate=None):
    weed = os.environ.get("WEED", "")
    if not os.access(weed, os.X_OK):
        sys.exit(f"storage.py: WEED={weed!r} is not an executable weed: `make seaweedfs` installs it")
    os.makedirs(f"{directory}/data", exist_ok=True)
    with open(f"{directory}/s3.json", "w") as f:
        json.dump({"identities": [{"name": "wayfinder-rig",
                                   "credentials": [{"accessKey": ACCESS_KEY, "secretKey": SECRET_KEY}],
                                   "actions": ["Read", "Write", "List", "Tagging", "Admin"]}]}, f)
    p = free_ports(10)
    args = [weed, "mini", "-ip=127.0.0.1", "-ip.bind=127.0.0.1", f"-dir={directory}/data",
            f"-master.port={p[0]}", f"-master.port.grpc={p[1]}", f"-volume.port={p[2]}",
            f"-volume.port.grpc={p[3]}", f"-filer.port={p[4]}", f"-filer.port.grpc={p[5]}",
            f"-s3.config={directory}/s3.json", f"-s3.port={p[6]}", f"-s3.port.grpc={p[7]}",
            "-admin.ui=false", f"-admin.port={p[8]}", f"-admin.port.grpc={p[9]}",
            "-webdav=false", "-s3.port.iceberg=0", "-s3.port.lance=0",
            f"-filer.localSocket={directory}/filer.sock", f"-s3.localSocket={directory}/s3.sock"]
    with open(f"{directory}/weed.log", "wb") as log:
        proc = subprocess.Popen(args, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                start_new_session=True)
    with open(f"{directory}/pid", "w") as f:
        f.write(str(proc.pid))
    s3 = client(p[6])
    deadline = time.monotonic() + 60
    while True:
        if proc.poll() is not None:
            sys.exit(f"storage.py: weed mini exited with {proc.returncode}: see {directory}/weed.log")
        try:
            s3.create_bucket(Bucket=BUCKET)
            break
        except Exception as error:  # not answering yet, or the filer not ready
            if time.monotonic() > deadline:
                stop(directory)
                sys.exit(f"storage.py: no bucket within 60 s ({error}): see {directory}/weed.log")
            time.sleep(0.25)
    with open(f"{directory}/port", "w") as f:
        f.write(str(p[6]))
    # weed 4.48 also listens on a Unix socket beside each gRPC port, always in /tmp: removed at stop.
    with open(f"{directory}/grpc-ports", "w") as f:
        f.write(" ".join(str(x) for x in (p[1], p[3], p[5], p[7], p[9])))
    if rate is None:
        print(p[6])
        return
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    port = listener.getsockname()[1]
    child = os.fork()
    if child == 0:
        os.setsid()
        devnull = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(devnull, fd)
        try:
            throttle(listener, p[6], rate)
        finally:
            os._exit(0)
    listener.close()
    with open(f"{directory}/proxy-pid", "w") as f:
        f.write(str(child))
    print(port)


def throttle(listener, upstream, rate):
    """Forwards each connection to 127.0.0.1:upstream, at most `rate` bytes a second each way in all
    (one budget per direction, shared by the connections), as a slow uplink does."""
    import threading
    budgets = {"up": [float(rate), time.monotonic()], "down": [float(rate), time.monotonic()]}
    lock = threading.Lock()

    def take(direction, count):
        while True:
            with lock:
                budget = budgets[direction]
                now = time.monotonic()
                budget[0] = min(float(rate), budget[0] + (now - budget[1]) * rate)
                budget[1] = now
                if budget[0] >= count:
                    budget[0] -= count
                    return
                wait = (count - budget[0]) / rate
            time.sleep(wait)

    def pump(source, sink, direction):
        try:
            while True:
                data = source.recv(16384)
                if not data:
                    break
                take(direction, len(data))
                sink.sendall(data)
        except OSError:
            pass
        for s in (source, sink):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    while True:
        client_socket, _ = listener.accept()
        try:
            server_socket = socket.create_connection(("127.0.0.1", upstream))
        except OSError:
            client_socket.close()
            continue
        threading.Thread(target=pump, args=(client_socket, server_socket, "up"), daemon=True).start()
        threading.Thread(target=pump, args=(server_socket, client_socket, "down"), daemon=True).start()


def credentials(path):
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(f"[default]\naws_access_key_id = {ACCESS_KEY}\naws_secret_access_key = {SECRET_KEY}\n")
    os.chmod(path, 0o600)


def check(directory, state):
    port = int(open(f"{directory}/port").read())
    s3 = client(port)
    tracks = f"{state}/tracks"
    results = []

    def record(ok, text):
        results.append(("PASS: " if ok else "FAIL: ") + text)

    names = sorted(os.listdir(tracks)) if os.path.isdir(tracks) else []
    walks = [n[:-len(".manifest.json")] for n in names if n.endswith(".manifest.json")]
    if not walks:
        record(False, f"upload (host): no walk with a manifest in {tracks}: nothing to compare")
    expected = {}
    for walk in walks:
        for suffix, stored in WALK_FILES.items():
            path = f"{tracks}/{walk}{suffix}"
            if os.path.exists(path):
                expected[f"{UNIT}/walks/{walk}/{stored}"] = path
    stored = {}
    for page in s3.get_paginator("list_objects_v2").paginate(Bucket=BUCKET):
        for item in page.get("Contents", []):
            stored[item["Key"]] = item["Size"]
    missing = sorted(set(expected) - set(stored))
    extra = sorted(set(stored) - set(expected))
    differing = []
    for key, path in sorted(expected.items()):
        if key not in stored:
            continue
        body = s3.get_object(Bucket=BUCKET, Key=key)["Body"].read()
        with open(path, "rb") as f:
            local = f.read()
        if hashlib.sha256(body).digest() != hashlib.sha256(local).digest():
            differing.append(f"{key} ({len(body)} bytes stored, {len(local)} on the card)")
    uploads = s3.list_multipart_uploads(Bucket=BUCKET).get("Uploads", [])
    ok = expected and not missing and not extra and not differing and not uploads
    detail = (f"{len(walks)} walks, {len(expected)} objects on the host's SeaweedFS read back with boto3, "
              f"each byte-identical to the walk's file on the card; nothing else stored, no multipart upload left")
    if ok:
        record(True, f"upload (host): {detail}")
    else:
        problems = []
        if missing:
            problems.append(f"not stored: {', '.join(missing)}")
        if extra:
            problems.append(f"stored but no such walk file: {', '.join(extra)}")
        if differing:
            problems.append(f"different bytes: {', '.join(differing)}")
        if uploads:
            problems.append(f"{len(uploads)} multipart uploads left")
        record(False, "upload (host): " + "; ".join(problems or ["nothing expected"]))
    print("\n".join(results))


def stop(directory):
    try:
        proxy = int(open(f"{directory}/proxy-pid").read())
        os.killpg(proxy, signal.SIGKILL)
        os.unlink(f"{directory}/proxy-pid")
    except (OSError, ValueError):
        pass
    try:
        pid = int(open(f"{directory}/pid").read())
    except (OSError, ValueError):
        return
    try:
        os.killpg(pid, signal.SIGTERM)
        for _ in range(50):
            os.kill(pid, 0)
            time.sleep(0.1)
        os.killpg(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    os.unlink(f"{directory}/pid")
    try:
        ports = open(f"{directory}/grpc-ports").read().split()
    except OSError:
        ports = []
    for name in os.listdir("/tmp"):
        if name.startswith("seaweedfs-") and any(name.endswith(f"-grpc-{port}.sock") for port in ports):
            os.unlink(f"/tmp/{name}")


def main():
    if len(sys.argv) < 3 or sys.argv[1] not in ("start", "credentials", "check", "stop") \
            or (sys.argv[1] == "check" and len(sys.argv) < 4):
        sys.exit(__doc__)
    command, directory = sys.argv[1], sys.argv[2]
    if command == "start":
        rate = int(sys.argv[3]) if len(sys.argv) > 3 else None
        if rate is not None and rate <= 0:
            sys.exit("storage.py: RATE must be a positive number of bytes a second")
        start(directory, rate)
    elif command == "credentials":
        credentials(directory)
    elif command == "check":
        check(directory, sys.argv[3])
    else:
        stop(directory)


if __name__ == "__main__":
    main()
