#!/usr/bin/env python3
"""battery-bench.py [--seconds N] [--settle N] WAYFINDER VENV_PYTHON

What a walk costs the battery: the appliance on the simulated board at real time (1x), side by side,
in the same run, with two peers that do part of its job on the same kind of input:

  gpsd        gpsd (Debian's) reading a pseudo-terminal fed NMEA at 1 Hz, with a Python client
              watching its JSON reports: what a Pi spends to have fixes at all;
  navigator   a Python navigator reading the same NMEA from a second pseudo-terminal, parsing it with
              pynmea2 and taking distance and bearing to the next waypoint of the demo route with
              geographiclib: the smallest program that does what the appliance's navigation does.

The NMEA is a walker on the demo route (deploy/routes/demo-walk.gpx) at 1.4 m/s: per second one RMC,
GGA, GSA, three GSV and one VTG, the default output of a u-blox receiver. The appliance makes its own
from its simulated receiver, with the same sentences.

For each process (every thread of it) the benchmark reads the voluntary and involuntary context
switches (/proc/PID/task/TID/status) and the time on a CPU (/proc/PID/task/TID/schedstat, in
nanoseconds: far finer than the 10 ms ticks of /proc/PID/stat) once a second through the window,
after letting everything settle; a thread that ends within the window counts up to its last
sample. Two cases:

  navigating  the demo as shipped: the walk under way, belt and case connected;
  idle        the same configuration with autostart off: navigation stopped, the case in power
              saving, the belt connected and answering its keep-alive.

Prints one line per process and case, the appliance's threads by name (wf-loop runs its actors,
wf-sim the simulated board's devices, those named after the process are libdispatch's), and the
ratios the targets are stated in, for the whole process and without the wf-sim thread. The simulated
devices' work is not all on wf-sim: the simulated sensors answer the appliance's I2C reads on the
appliance's own thread, so "without wf-sim" still carries part of the simulation.
"""
import argparse
import json
import math
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import tty
import xml.etree.ElementTree as ET

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def say(message):
    print(f"battery-bench: {message}", file=sys.stderr, flush=True)


def route_points(path):
    ns = {"g": "http://www.topografix.com/GPX/1/1"}
    points = ET.parse(path).getroot().findall(".//g:rtept", ns)
    return [(float(p.get("lat")), float(p.get("lon"))) for p in points]


def checksum(body):
    value = 0
    for byte in body.encode("ascii"):
        value ^= byte
    return f"${body}*{value:02X}\r\n"


def nmea_minute(degrees, is_latitude):
    hemisphere = ("N" if degrees >= 0 else "S") if is_latitude else ("E" if degrees >= 0 else "W")
    degrees = abs(degrees)
    whole = int(degrees)
    minutes = (degrees - whole) * 60
    width = 2 if is_latitude else 3
    return f"{whole:0{width}d}{minutes:08.5f}", hemisphere


class Walker:
    """Walks the route's legs at a steady pace on a local flat projection (metres are plenty here)."""

    def __init__(self, points, speed=1.4):
        self.points = points
        self.speed = speed
        self.leg = 0
        self.along = 0.0

    def step(self, seconds):
        self.along += self.speed * seconds
        while self.leg < len(self.points) - 1:
            length, _ = self.leg_geometry(self.leg)
            if self.along < length:
                break
            self.along -= length
            self.leg += 1
        if self.leg >= len(self.points) - 1:
            self.leg, self.along = 0, 0.0  # start over: the bench only needs a steady walk

    def leg_geometry(self, leg):
        (a_lat, a_lon), (b_lat, b_lon) = self.points[leg], self.points[leg + 1]
        north = (b_lat - a_lat) * 111_132.954
        east = (b_lon - a_lon) * 111_412.84 * math.cos(math.radians(a_lat))
        return math.hypot(north, east), math.degrees(math.atan2(east, north)) % 360

    def position(self):
        (a_lat, a_lon) = self.points[self.leg]
        length, course = self.leg_geometry(self.leg)
        north = self.along * math.cos(math.radians(course))
        east = self.along * math.sin(math.radians(course))
        return (a_lat + north / 111_132.954,
                a_lon + east / (111_412.84 * math.cos(math.radians(a_lat))), course)


def burst(walker, utc):
    lat, lon, course = walker.position()
    hms = time.strftime("%H%M%S", time.gmtime(utc)) + ".00"
    date = time.strftime("%d%m%y", time.gmtime(utc))
    la, ns = nmea_minute(lat, True)
    lo, ew = nmea_minute(lon, False)
    knots = walker.speed * 3600 / 1852
    sentences = [
        f"GPRMC,{hms},A,{la},{ns},{lo},{ew},{knots:.3f},{course:.2f},{date},,,A",
        f"GPVTG,{course:.2f},T,,M,{knots:.3f},N,{walker.speed * 3.6:.3f},K,A",
        f"GPGGA,{hms},{la},{ns},{lo},{ew},1,09,0.90,63.0,M,46.9,M,,",
        "GPGSA,A,3,02,05,12,15,18,24,25,29,31,,,,1.60,0.90,1.32",
        "GPGSV,3,1,10,02,45,120,38,05,60,240,41,12,30,060,35,15,20,300,33",
        "GPGSV,3,2,10,18,15,180,30,24,70,010,44,25,35,270,36,29,25,090,34",
        "GPGSV,3,3,10,31,10,330,28,40,05,150,",
    ]
    return "".join(checksum(s) for s in sentences).encode("ascii")


GPSD_CLIENT = r"""
import json, socket, sys
s = socket.create_connection(("127.0.0.1", int(sys.argv[1])))
s.sendall(b'?WATCH={"enable":true,"json":true};\n')
reports = 0
for line in s.makefile("rb"):
    message = json.loads(line)
    if message.get("class") == "TPV" and message.get("mode", 0) >= 2:
        reports += 1
        latitude, longitude = message["lat"], message["lon"]
"""

NAVIGATOR = r"""
import os, sys, pynmea2
from geographiclib.geodesic import Geodesic
points = [tuple(map(float, p.split(","))) for p in sys.argv[2:]]
target = 1
stream = pynmea2.NMEAStreamReader(errors="ignore")
fd = os.open(sys.argv[1], os.O_RDONLY | os.O_NOCTTY)
while True:
    data = os.read(fd, 4096)
    if not data:
        break
    for message in stream.next(data.decode("ascii", "replace")):
        if isinstance(message, pynmea2.types.talker.RMC) and message.status == "A":
            lat, lon = points[target]
            leg = Geodesic.WGS84.Inverse(message.latitude, message.longitude, lat, lon)
            if leg["s12"] < 12:
                target = (target + 1) % len(points)
            bearing = leg["azi1"] % 360
"""


def tasks(pid):
    try:
        return os.listdir(f"/proc/{pid}/task")
    except FileNotFoundError:
        return []


def thread_counters(pid, tid):
    """(name, context switches, on-CPU nanoseconds) of one thread, or None once it has gone."""
    try:
        switches = 0
        with open(f"/proc/{pid}/task/{tid}/status") as f:
            for line in f:
                if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")):
                    switches += int(line.split()[1])
        with open(f"/proc/{pid}/task/{tid}/schedstat") as f:
            cpu = int(f.read().split()[0])
        with open(f"/proc/{pid}/task/{tid}/comm") as f:
            name = f.read().strip()
        return name, switches, cpu
    except (FileNotFoundError, ProcessLookupError):
        return None


class Counters:
    """Every thread's counters over a window: the first and the last values seen, per (pid, thread
    id). Sampled once a second, so a thread that ends during the window keeps what it did up to its
    last sample (libdispatch retires idle pool threads); one that started during it counts from zero.
    Each figure is short by at most a second of a thread that ended."""

    def __init__(self, pids):
        self.pids = pids
        self.first = {}
        self.last = {}
        self.sample()
        self.first = dict(self.last)

    def sample(self):
        for pid in self.pids:
            for tid in tasks(pid):
                counters = thread_counters(pid, tid)
                if counters:
                    self.last[(pid, tid)] = counters

    def deltas(self):
        """Per (pid, thread id): (name, context switches, on-CPU nanoseconds) within the window."""
        result = {}
        for key, (name, switches, cpu) in self.last.items():
            _, old_switches, old_cpu = self.first.get(key, (name, 0, 0))
            result[key] = (name, switches - old_switches, cpu - old_cpu)
        return result

    def total(self):
        """Context switches and on-CPU nanoseconds summed over every thread of every pid."""
        deltas = self.deltas().values()
        return sum(d[1] for d in deltas), sum(d[2] for d in deltas)

    def per_name(self, pid, elapsed):
        """Wake-ups/s and CPU % per thread name of `pid`.

        The appliance names its threads: wf-loop runs its actors, wf-sim the simulated board's devices;
        libdispatch names its own."""
        totals = {}
        for (owner, _), (name, switches, cpu) in self.deltas().items():
            if owner != pid:
                continue
            s, c = totals.get(name, (0, 0))
            totals[name] = (s + switches, c + cpu)
        return {name: (s / elapsed, 100 * c / 1e9 / elapsed) for name, (s, c) in sorted(totals.items())}


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def open_pty():
    controller, device = os.openpty()
    tty.setraw(device)
    return controller, device, os.ttyname(device)


def measure(name, groups, seconds, feed, split=None):
    """Feeds the ptys once a second for `seconds`, and returns per group (wake-ups/s, CPU %).

    `split`: a pid whose threads are also reported by name (the appliance: its own share apart from
    the simulated devices')."""
    counters = {g: Counters(p) for g, p in groups.items()}
    start = time.monotonic()
    next_burst = start
    while time.monotonic() - start < seconds:
        now = time.monotonic()
        if now >= next_burst:
            feed()
            next_burst += 1
            for c in counters.values():
                c.sample()
        time.sleep(max(0.0, min(next_burst, start + seconds) - time.monotonic()))
    elapsed = time.monotonic() - start
    result = {}
    for g, c in counters.items():
        c.sample()
        total_switches, total_cpu = c.total()
        switches = total_switches / elapsed
        cpu = 100 * total_cpu / 1e9 / elapsed
        result[g] = (switches, cpu)
        print(f"{name:10} {g:10} {switches:8.1f} wake-ups/s  {cpu:7.3f} % of a core", flush=True)
    threads = {}
    if split:
        owner = next(c for c in counters.values() if split in c.pids)
        threads = owner.per_name(split, elapsed)
    for thread, (switches, cpu) in threads.items():
        print(f"{'':10}   {thread:15} {switches:8.1f} wake-ups/s  {cpu:7.3f} % of a core", flush=True)
    if threads:
        result["threads"] = threads
    return result


def idle_configuration(folder):
    """deploy/demo.toml with autostart off, its relative paths made absolute."""
    text = open(os.path.join(REPO, "deploy/demo.toml")).read()
    text = re.sub(r"(?m)^autostart = true", "autostart = false", text)
    text = re.sub(r'(?m)^gpx = "routes/', f'gpx = "{REPO}/deploy/routes/', text)
    text = re.sub(r'(?m)^state_directory = .*$', f'state_directory = "{folder}/idle-state"', text)
    path = os.path.join(folder, "idle.toml")
    with open(path, "w") as f:
        f.write(text)
    return path


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[1], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=60, help="length of each measuring window (default 60)")
    parser.add_argument("--settle", type=float, default=8, help="seconds to let everything start first (default 8)")
    parser.add_argument("wayfinder")
    parser.add_argument("python", help="a Python with pynmea2 and geographiclib")
    args = parser.parse_args()
    gpsd = shutil.which("gpsd") or "/usr/sbin/gpsd"
    if not os.access(gpsd, os.X_OK):
        sys.exit("battery-bench: gpsd is not installed (Debian: apt-get install gpsd)")
    points = route_points(os.path.join(REPO, "deploy/routes/demo-walk.gpx"))
    walker = Walker(points)
    folder = tempfile.mkdtemp(prefix="battery-bench-")
    processes = []

    def start(command, **kwargs):
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, **kwargs)
        processes.append(process)
        return process

    try:
        gpsd_controller, _, gpsd_device = open_pty()
        nav_controller, _, nav_device = open_pty()
        port = free_port()
        gpsd_process = start([gpsd, "-N", "-n", "-b", "-G", "-S", str(port), "-P", os.path.join(folder, "gpsd.pid"), gpsd_device])
        utc = time.time()

        def feed():
            nonlocal utc
            walker.step(1)
            utc += 1
            data = burst(walker, utc)
            for controller in (gpsd_controller, nav_controller):
                os.write(controller, data)

        for _ in range(3):  # gpsd needs a few sentences to recognise the device before a client attaches
            feed()
            time.sleep(1)
        client = start([args.python, "-c", GPSD_CLIENT, str(port)])
        navigator = start([args.python, "-c", NAVIGATOR, nav_device] + [f"{lat},{lon}" for lat, lon in points])

        results = {}
        for case in ("navigating", "idle"):
            config = os.path.join(REPO, "deploy/demo.toml") if case == "navigating" else idle_configuration(folder)
            appliance = start([args.wayfinder, "run", "--config", config, "--acceleration", "1", "--fresh",
                               "--state-directory", os.path.join(folder, f"state-{case}")])
            settle_end = time.monotonic() + args.settle
            while time.monotonic() < settle_end:
                feed()
                time.sleep(1)
            if appliance.poll() is not None:
                sys.exit(f"battery-bench: the appliance exited during start-up (status {appliance.returncode})")
            groups = {"wayfinder": [appliance.pid], "gpsd+client": [gpsd_process.pid, client.pid],
                      "navigator": [navigator.pid]}
            results[case] = measure(case, groups, args.seconds, feed, split=appliance.pid)
            appliance.send_signal(signal.SIGTERM)
            appliance.wait(timeout=30)
            processes.remove(appliance)


        def ratio(a, b):
            return f"{a / b:.1f}" if b > 0 else "n/a"

        def without_sim(r):
            sim = r.get("threads", {}).get("wf-sim", (0, 0))
            return r["wayfinder"][0] - sim[0], r["wayfinder"][1] - sim[1]

        for case, peer, cpu_target, wake_target in (("navigating", "navigator", 1, 10), ("idle", "gpsd+client", 3, 2)):
            r = results[case]
            own = without_sim(r)
            print(f"{case}: CPU wayfinder / {peer} = {ratio(r['wayfinder'][1], r[peer][1])} (target <= {cpu_target}), "
                  f"without wf-sim {ratio(own[1], r[peer][1])}; wake-ups {r['wayfinder'][0]:.1f}/s "
                  f"(target <= {wake_target}), without wf-sim {own[0]:.1f}/s")
        def figures(v):
            return {"wakeups_per_s": round(v[0], 2), "cpu_percent": round(v[1], 4)}
        print(json.dumps({case: {g: ({t: figures(tv) for t, tv in v.items()} if g == "threads" else figures(v))
                                 for g, v in r.items()} for case, r in results.items()}, sort_keys=True))
    finally:
        for process in processes:
            if process.poll() is None:
                process.terminate()
        for process in processes:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
