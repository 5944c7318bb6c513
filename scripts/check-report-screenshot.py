#!/usr/bin/env python3
"""Renders a trip report in headless Chromium and checks the screenshot (docs/trip-report.md).

Usage: check-report-screenshot.py REPORT.html SCREENSHOT.png

What it checks, so that a report that renders blank, or draws the route or the track somewhere
else than its own SVG says, fails:
  * the map is on the page: its background colour (#f7f4ec, used nowhere else) covers a rectangle
    of the size the map's <svg> declares;
  * the route's colour is on screen along the route's polyline, sampled at its vertices and between
    them, mapped from the SVG's coordinates through that rectangle;
  * each track polyline's fix-quality colour is on screen along it, except where the report draws
    a marker over it (an event, a waypoint, the start and the end: their shapes are read from the
    SVG too, and places within a few pixels of them are not counted), and the markers leave most of
    the track in view;
  * the streets, when the report has a map's: each kind's grey is on screen along its paths, away
    from the route, the track and the markers drawn over them;
  * the page outside the map has text (dark pixels).
The browser is Debian's `chromium`; images are read with Pillow (python3-pil).
"""
import html.parser
import os
import re
import shutil
import subprocess
import sys
import tempfile

from PIL import Image

re_numbers = re.compile(r"-?\d+(?:\.\d+)?")
MAP_BACKGROUND = (0xF7, 0xF4, 0xEC)
ROUTE = (0x3B, 0x6F, 0xD9)
TRACK = {"q-good": (0x1A, 0x98, 0x50), "q-fair": (0xF3, 0x9C, 0x12), "q-poor": (0xD7, 0x30, 0x1F)}
# Share of the samples along a line that must show its colour: markers, arrows and the track drawn
# over the route hide some of them.
ROUTE_SHARE = 0.8
TRACK_SHARE = 0.8
# Of the streets, the dashed footways and steps show at every sample within 2 px; the share leaves
# room for the arrows and labels drawn over them.
STREET_SHARE = 0.8


class ReportSVG(html.parser.HTMLParser):
    """The map's size and the points of its route and track polylines, as the report wrote them."""

    def __init__(self):
        super().__init__()
        self.depth = 0
        self.in_map = False
        self.map_size = None
        self.view_box = None
        self.route = []
        self.track = []  # (quality class, points)
        self.covers = []  # (x, y, radius): what is drawn over the track
        self.group = []  # the classes of the open <g> elements
        self.streets = []  # (class, colour, points)
        self.street_colour = None  # the stroke of the open streets group

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "svg" and a.get("id") == "map":
            self.in_map = True
            self.map_size = (float(a["width"]), float(a["height"]))
            self.view_box = [float(v) for v in a.get("viewbox", f"0 0 {a['width']} {a['height']}").split()]
        if not self.in_map:
            return
        classes = (a.get("class") or "").split()
        if tag == "g":
            self.group.append(classes)
            if "streets" in classes:
                self.street_colour = tuple(int(a["stroke"][i:i + 2], 16) for i in (1, 3, 5))
            return
        if tag == "path" and self.group and "streets" in self.group[-1]:
            numbers = [float(v) for v in re_numbers.findall(a.get("d") or "")]
            kind = next(c for c in self.group[-1] if c.startswith("st-"))
            self.streets.append((kind, self.street_colour, list(zip(numbers[0::2], numbers[1::2]))))
            return
        over = any(c in ("event", "waypoint", "start", "end") for g in self.group for c in g)
        if over and tag == "circle":
            self.covers.append((float(a["cx"]), float(a["cy"]), float(a.get("r", 0)) + 3))
        elif over and tag == "rect":
            x, y, w, h = (float(a[k]) for k in ("x", "y", "width", "height"))
            self.covers.append((x + w / 2, y + h / 2, max(w, h) / 2 + 3))
        elif over and tag in ("path", "polygon", "text"):
            numbers = [float(v) for v in re_numbers.findall(a.get("d") or a.get("points") or "")]
            if tag == "text":
                numbers = [float(a.get("x", 0)), float(a.get("y", 0))]
            corners = list(zip(numbers[0::2], numbers[1::2]))
            for p in samples(corners, step=3.0):
                self.covers.append((p[0], p[1], 5))
        if tag != "polyline":
            return
        points = [tuple(float(v) for v in pair.split(",")) for pair in (a.get("points") or "").split()]
        if "route" in classes:
            self.route.append(points)
        elif "track" in classes:
            quality = next((c for c in classes if c in TRACK), None)
            if quality:
                self.track.append((quality, points))

    def handle_endtag(self, tag):
        if tag == "svg":
            self.in_map = False
        if tag == "g" and self.group:
            self.group.pop()


def fail(message):
    print(f"report screenshot: FAILED: {message}", file=sys.stderr)
    sys.exit(1)


def screenshot(report, png, width=1000, height=2600):
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if not browser:
        fail("no chromium on PATH (Debian: apt-get install chromium)")
    with tempfile.TemporaryDirectory() as profile:
        command = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                   "--force-device-scale-factor=1", "--no-first-run", "--disable-extensions",
                   f"--user-data-dir={profile}", f"--window-size={width},{height}",
                   f"--screenshot={os.path.abspath(png)}", "file://" + os.path.abspath(report)]
        result = subprocess.run(command, capture_output=True, text=True, timeout=120)
    if result.returncode != 0 or not os.path.exists(png):
        fail(f"chromium exited with {result.returncode}: {result.stderr.strip()[-800:]}")


def near(pixel, colour, tolerance=48):
    return all(abs(p - c) <= tolerance for p, c in zip(pixel[:3], colour))


def samples(points, step=6.0):
    """Points every `step` SVG units of length along a polyline, its ends included: spread by
    length, not by vertex, so a walker standing still for a minute does not count sixty times."""
    if not points:
        return []
    out = [points[0]]
    carried = 0.0  # length walked since the last sample
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
        at = step - carried
        while at <= length:
            f = at / length
            out.append((x0 + (x1 - x0) * f, y0 + (y1 - y0) * f))
            at += step
        carried = (carried + length) % step if length > 0 else carried
    if out[-1] != points[-1]:
        out.append(points[-1])
    return out


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    report, png = sys.argv[1], sys.argv[2]
    svg = ReportSVG()
    with open(report, encoding="utf-8") as f:
        svg.feed(f.read())
    if svg.map_size is None:
        fail(f"{report} has no <svg id=\"map\">")
    if not svg.route or not any(svg.route):
        fail(f"{report}'s map has no route polyline")
    if not svg.track:
        fail(f"{report}'s map has no track polyline")

    screenshot(report, png)
    image = Image.open(png).convert("RGB")
    width, height = image.size
    pixels = image.load()

    # The map: the bounding box of its background colour.
    xs, ys = [], []
    for y in range(0, height):
        for x in range(0, width):
            if pixels[x, y] == MAP_BACKGROUND:
                xs.append(x)
                ys.append(y)
    if not xs:
        fail("the map's background is nowhere on the screenshot (a blank page, or the map did not render)")
    left, top, right, bottom = min(xs), min(ys), max(xs), max(ys)
    shown = (right - left + 1, bottom - top + 1)
    expected = svg.map_size
    if abs(shown[0] - expected[0]) > 3 or abs(shown[1] - expected[1]) > 3:
        fail(f"the map shows as {shown[0]}×{shown[1]} px, its <svg> declares {expected[0]:g}×{expected[1]:g}")
    vx, vy, vw, vh = svg.view_box
    sx, sy = shown[0] / vw, shown[1] / vh

    def on_screen(point):
        return left + (point[0] - vx) * sx, top + (point[1] - vy) * sy

    def covered(p):
        return any((p[0] - x) ** 2 + (p[1] - y) ** 2 <= r * r for x, y, r in svg.covers)

    # Markers may hide part of the track, not most of it.
    track_samples = [p for _, points in svg.track for p in samples(points)]
    visible = sum(1 for p in track_samples if not covered(p))
    print(f"report screenshot: {visible} of {len(track_samples)} places along the track are not under a marker")
    if visible < 0.5 * len(track_samples):
        fail(f"markers cover {len(track_samples) - visible} of {len(track_samples)} places along the track")

    def share(points, colour, radius, skip_covered=False):
        found = total = 0
        for p in samples(points):
            if skip_covered and covered(p):
                continue
            cx, cy = on_screen(p)
            total += 1
            hit = False
            for dy in range(-radius, radius + 1):
                for dx in range(-radius, radius + 1):
                    x, y = int(round(cx)) + dx, int(round(cy)) + dy
                    if 0 <= x < width and 0 <= y < height and near(pixels[x, y], colour):
                        hit = True
                        break
                if hit:
                    break
            found += hit
        return found, total

    found, total = map(sum, zip(*(share(points, ROUTE, 6) for points in svg.route)))
    print(f"report screenshot: route colour at {found} of {total} places along the route")
    if total == 0 or found < ROUTE_SHARE * total:
        fail(f"the route's colour #3b6fd9 is at only {found} of {total} places where the route is drawn")
    for quality in sorted({q for q, _ in svg.track}):
        lines = [points for q, points in svg.track if q == quality]
        found, total = map(sum, zip(*(share(points, TRACK[quality], 2, skip_covered=True) for points in lines)))
        print(f"report screenshot: track colour {quality} at {found} of {total} places along its polylines")
        if total == 0 or found < TRACK_SHARE * total:
            fail(f"the track's {quality} colour is at only {found} of {total} places where that track is drawn")

    # The streets: under everything, so only where nothing else is drawn within a few pixels. A
    # pixel shows a street when it is nearer its grey than the map's background (a thin or dashed
    # line is blended with the background at its edges and between its dashes).
    drawn_over = [p for points in svg.route for p in samples(points, step=3.0)]
    drawn_over += [p for _, points in svg.track for p in samples(points, step=3.0)]

    def under_something(p):
        return covered(p) or any((p[0] - x) ** 2 + (p[1] - y) ** 2 <= 12 ** 2 for x, y in drawn_over)

    def distance(a, b):
        return sum((x - y) ** 2 for x, y in zip(a[:3], b)) ** 0.5

    for kind in sorted({k for k, _, _ in svg.streets}):
        found = total = 0
        for _, colour, points in (s for s in svg.streets if s[0] == kind):
            for p in samples(points):
                if under_something(p):
                    continue
                cx, cy = on_screen(p)
                if not (left <= cx <= right and top <= cy <= bottom):
                    continue
                total += 1
                found += any(0 <= x < width and 0 <= y < height and pixels[x, y] != MAP_BACKGROUND
                             and distance(pixels[x, y], colour) < distance(pixels[x, y], MAP_BACKGROUND)
                             for dy in range(-2, 3) for dx in range(-2, 3)
                             for x, y in [(int(round(cx)) + dx, int(round(cy)) + dy)])
        print(f"report screenshot: streets {kind} at {found} of {total} places along them")
        if total and found < STREET_SHARE * total:
            fail(f"the streets {kind} show at only {found} of {total} places where they are drawn")

    dark = sum(1 for y in range(0, top) for x in range(0, width) if sum(pixels[x, y]) < 200)
    print(f"report screenshot: {dark} dark pixels of text above the map")
    if dark < 500:
        fail("there is hardly any text above the map (the heading and the figures)")
    print(f"report screenshot: passed ({png}, {width}×{height})")


if __name__ == "__main__":
    main()
