#!/usr/bin/env python3
"""Generate the WGS84 geodesic reference vectors used by Tests/NavigationTests/GeodesyTests.swift.

The reference is GeographicLib's Python port (PyPI "geographiclib", Karney's algorithm, MIT
licence), so the Swift solver is checked against an independent implementation of the same
method. CI has no network, which is why the output is committed rather than generated there.

    pip install geographiclib==2.1
    python3 scripts/gen-geodesic-vectors.py            # rewrites the fixture in place
    python3 scripts/gen-geodesic-vectors.py -o -       # or print it

The random seed is fixed, so the same geographiclib version gives a byte-identical file.
"""

import argparse
import math
import pathlib
import random
import sys

import geographiclib
from geographiclib.geodesic import Geodesic

SEED = 20130043  # arbitrary; fixed so the file is reproducible
WGS84 = Geodesic.WGS84
FIXTURE = (pathlib.Path(__file__).resolve().parent.parent
           / "Tests" / "NavigationTests" / "Fixtures" / "geodesic-vectors.txt")


def num(x):
    """Shortest decimal that round-trips to the same double (so Swift parses the exact value)."""
    x = float(x)
    if x == 0:
        return "0.0"  # drop the sign of zero: it carries no information here
    return repr(x)


class Writer:
    def __init__(self):
        self.lines = []
        self.counts = {}

    def inverse(self, tag, lat1, lon1, lat2, lon2):
        r = WGS84.Inverse(lat1, lon1, lat2, lon2)
        self.lines.append(" ".join(["I", tag] + [num(v) for v in (
            lat1, lon1, lat2, lon2, r["s12"], r["azi1"], r["azi2"])]))
        self.counts[("I", tag)] = self.counts.get(("I", tag), 0) + 1
        return r

    def direct(self, tag, lat1, lon1, azi1, s12):
        r = WGS84.Direct(lat1, lon1, azi1, s12)
        self.lines.append(" ".join(["D", tag] + [num(v) for v in (
            lat1, lon1, azi1, s12, r["lat2"], r["lon2"], r["azi2"])]))
        self.counts[("D", tag)] = self.counts.get(("D", tag), 0) + 1
        return r

    def both_from_direct(self, tag, lat1, lon1, azi1, s12):
        """A direct case, then the inverse between its end points (as written, i.e. rounded)."""
        r = self.direct(tag, lat1, lon1, azi1, s12)
        lat2, lon2 = float(num(r["lat2"])), float(num(r["lon2"]))
        self.inverse(tag, lat1, lon1, lat2, lon2)

    def both_from_inverse(self, tag, lat1, lon1, lat2, lon2):
        """An inverse case, then the direct problem along the geodesic it found."""
        r = self.inverse(tag, lat1, lon1, lat2, lon2)
        self.direct(tag, lat1, lon1, float(num(r["azi1"])), float(num(r["s12"])))


def generate(rng):
    w = Writer()

    # Walking scale, 1 m - 5 km, in bands of latitude both sides of the equator (the high
    # ones matter: meridians converge there), random direction and longitude.
    for band in (0, 10, 30, 45, 52, 60, 66, 72, 78, 84, 88, 89.9):
        for sign in (1, -1):
            for _ in range(6):
                lat = sign * min(89.99, band + rng.uniform(0, 2))
                lon = rng.uniform(-180, 180)
                s12 = 10 ** rng.uniform(0, math.log10(5000))
                w.both_from_direct("walk", round(lat, 7), round(lon, 7),
                                   round(rng.uniform(-180, 180), 6), round(s12, 3))

    # Short legs across the antimeridian, both directions and both hemispheres.
    for _ in range(16):
        lat = rng.uniform(-80, 80)
        lon = rng.choice([1, -1]) * (180 - rng.uniform(0, 0.01))
        azi = rng.choice([1, -1]) * rng.uniform(30, 150)
        w.both_from_direct("antimeridian", round(lat, 7), round(lon, 7), round(azi, 6),
                           round(rng.uniform(1, 5000), 3))

    # Tiny separations: round-off territory.
    for s12 in (1e-3, 1e-2, 0.1, 0.5):
        w.both_from_direct("tiny", round(rng.uniform(-80, 80), 7), round(rng.uniform(-180, 180), 7),
                           round(rng.uniform(-180, 180), 6), s12)

    # Long lines anywhere, including direct lines longer than half the globe.
    for _ in range(40):
        w.both_from_inverse("long", rng.uniform(-90, 90), rng.uniform(-180, 180),
                            rng.uniform(-90, 90), rng.uniform(-180, 180))
    for _ in range(8):
        w.direct("long", rng.uniform(-90, 90), rng.uniform(-180, 180),
                 rng.uniform(-180, 180), rng.uniform(2.1e7, 6e7))
        w.direct("long", rng.uniform(-90, 90), rng.uniform(-180, 180),
                 rng.uniform(-180, 180), -rng.uniform(1e3, 1e7))

    # GeographicLib's own test case GeodSolve0: JFK to CDG.
    w.both_from_inverse("jfk-cdg", 40.6, -73.8, 49.01666667, 2.55)

    # Coincident points (including the same point written as lon 180 and -180, and poles).
    for lat, lon1, lon2 in ((0, 0, 0), (40, -73.8, -73.8), (-40, 10, 10), (10, 180, -180),
                            (90, 0, 0), (-90, 45, 45), (-33.9, 151.2, 151.2)):
        w.inverse("coincident", lat, lon1, lat, lon2)

    # Meridians: same longitude, and over a pole (longitudes 180 degrees apart).
    for lat1, lat2, lon1, dlon in ((-30, 60, 10, 0), (10, -80, -120, 0), (0, 90, 5, 0),
                                   (50, 70, 170, 180), (-20, -10, -60, 180), (85, 89, 0, 180),
                                   (0, -90, 33, 0), (-45, 45, 100, 0)):
        w.both_from_inverse("meridian", lat1, lon1, lat2, lon1 + dlon)

    # Equator: along it up to the (1 - f) * 180 degree limit, and just past it (where the
    # shortest path leaves the equator).
    for dlon in (1e-6, 0.5, 45, 90, 135, 179, 179.39):
        lon1 = round(rng.uniform(-180, 180), 6)
        w.both_from_inverse("equator", 0, lon1, 0, lon1 + dlon)

    # From or to a pole.
    for lat1, lon1, lat2, lon2 in ((90, 10, -20, 50), (-90, 0, 35, -120), (60, 0, 90, 77),
                                   (-10, 30, -90, 0), (90, 0, -90, 0)):
        w.both_from_inverse("pole", lat1, lon1, lat2, lon2)

    # Nearly antipodal: within about a degree of the antipode, where Vincenty's method fails
    # and the astroid starting guess is needed.
    for _ in range(24):
        lat1 = rng.choice([rng.uniform(-89, 89), rng.uniform(-3, 3)])
        lon1 = rng.uniform(-180, 180)
        lat2 = -lat1 + rng.choice([1, -1]) * rng.uniform(0, 1) ** 2
        lon2 = lon1 + 180 + rng.choice([1, -1]) * rng.uniform(0, 1) ** 2
        w.both_from_inverse("antipodal-near", lat1, lon1, max(-90, min(90, lat2)), lon2)

    # Exactly antipodal, and equatorial pairs past the (1 - f) * 180 degree limit: two or
    # more geodesics are equally short, so the azimuths are a convention (the tests check
    # the distance and that the chosen azimuth really leads to the other point).
    for lat1, lon1, lat2, lon2 in ((0, 0, 0, 180), (30, 0, -30, 180), (-45, 10, 45, -170),
                                   (0, 0, 0, 179.5), (0, 20, 0, -160.3)):
        w.inverse("antipodal-tie", lat1, lon1, lat2, lon2)

    return w


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-o", "--output", default=str(FIXTURE),
                        help="output file, or - for stdout (default: the test fixture)")
    args = parser.parse_args()

    w = generate(random.Random(SEED))
    header = [
        "# WGS84 geodesic reference vectors for Wayfinder's Geodesic (Karney's algorithm).",
        "# Ellipsoid: a = 6378137 m, f = 1/298.257223563.",
        f"# Generated by scripts/gen-geodesic-vectors.py with Python geographiclib "
        f"{geographiclib.__version__} (PyPI), random seed {SEED}. Do not edit by hand.",
        "# Columns (space-separated; numbers are shortest round-trip decimals of doubles):",
        "#   I <tag> lat1 lon1 lat2 lon2 s12 azi1 azi2   inverse problem: inputs, then distance (m)",
        "#                                                and azimuths at both ends",
        "#   D <tag> lat1 lon1 azi1 s12 lat2 lon2 azi2   direct problem: inputs, then end point",
        "#                                                and azimuth there",
        "# Angles in degrees; azimuths clockwise from true north, as geographiclib prints them",
        "# ([-180, 180]). Tags: walk (1 m - 5 km, latitude bands to 89.9 both hemispheres),",
        "# antimeridian, tiny (<= 0.5 m), long, jfk-cdg (GeographicLib's test GeodSolve0), coincident,",
        "# meridian, equator, pole, antipodal-near, antipodal-tie (several equally short paths).",
        "# Counts: " + ", ".join(f"{k[0]} {k[1]} {v}" for k, v in sorted(w.counts.items())),
    ]
    text = "\n".join(header + w.lines) + "\n"
    if args.output == "-":
        sys.stdout.write(text)
    else:
        pathlib.Path(args.output).write_text(text)
        print(f"wrote {len(w.lines)} vectors to {args.output}", file=sys.stderr)


if __name__ == "__main__":
    main()
