#!/usr/bin/env python3
"""Writes the fuzz targets' seed corpora into Tests/FuzzingTests/Corpus/<target>/.

Seeds are inputs the product really meets: the shipped configuration, boards and route, the GPS
receiver logs and gesture scenarios of the test fixtures, and packets taken from the protocol test
vectors (Bluetooth Core Specification Vol 3 Part F for ATT; BlueZ doc/mgmt-api.txt for management
events; the naviBelt vectors of FSLib-iOS and pybelt; FuffrLib's 5-byte touch records). Script-shaped
targets (a state machine fed operations) get the same packets wrapped in the operation bytes that
Sources/Fuzzing/FuzzInput.swift reads. Run it again after changing a target's input format:

    python3 scripts/fuzz-seeds.py --recording FILE

FILE is a recording from `wayfinder record --simulated --duration 6 --data-directory DIR`, for the
gesture-recording corpus.
"""
import argparse
import json
import os
import struct
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "Tests", "FuzzingTests", "Corpus")
written = {}


def seed(target, name, data):
    if isinstance(data, str):
        data = data.encode()
    directory = os.path.join(CORPUS, target)
    os.makedirs(directory, exist_ok=True)
    with open(os.path.join(directory, name), "wb") as f:
        f.write(bytes(data))
    written[target] = written.get(target, 0) + 1


def read(path):
    with open(os.path.join(ROOT, path), "rb") as f:
        return f.read()


def nmea(body):
    checksum = 0
    for c in body.encode():
        checksum ^= c
    return f"${body}*{checksum:02X}\r\n"


def packet(data):
    data = bytes(data)
    assert len(data) <= 255
    return bytes([len(data)]) + data


def ubx(cls, ident, payload):
    body = bytes([cls, ident]) + struct.pack("<H", len(payload)) + bytes(payload)
    a = b = 0
    for x in body:
        a = (a + x) & 0xFF
        b = (b + a) & 0xFF
    return b"\xb5\x62" + body + bytes([a, b])


def gps():
    for name in sorted(os.listdir(os.path.join(ROOT, "Tests/SensorsTests/Fixtures"))):
        if not name.endswith(".nmea"):
            continue
        data = read(f"Tests/SensorsTests/Fixtures/{name}")
        # At most 4 KiB per seed (the target's limit), cut at sentence ends.
        part, index = b"", 0
        for line in data.splitlines(keepends=True):
            if len(part) + len(line) > 4000:
                seed("nmea-stream", f"{name}.{index}", b"\0" + part)
                part, index = b"", index + 1
            part += line
        if part:
            seed("nmea-stream", f"{name}.{index}", b"\0" + part)
    epoch = (nmea("GPRMC,081836.000,A,5231.2000,N,01324.3000,E,0.50,54.7,261126,,,A")
             + nmea("GPGGA,081836.000,5231.2000,N,01324.3000,E,1,08,0.9,35.0,M,46.9,M,,")
             + nmea("GPZDA,081836.000,26,11,2026,00,00"))
    # The nmea-stream target's first byte: odd makes every checksum right before decoding.
    seed("nmea-stream", "rmc-gga-zda", b"\0" + epoch.encode())
    seed("nmea-stream", "rmc-gga-zda-repaired", b"\1" + epoch.encode())
    # UBX NAV-PVT (u-blox 8 protocol description, UBX-NAV-PVT): 92 bytes, a 3D fix in Berlin.
    pvt = bytearray(92)
    struct.pack_into("<IHBBBBBB", pvt, 0, 30_000_000, 2026, 11, 26, 8, 18, 36, 0x07)
    pvt[20] = 3            # fixType 3D
    pvt[21] = 0x01         # gnssFixOK
    pvt[23] = 9            # numSV
    struct.pack_into("<iiii", pvt, 24, 134_050_000, 525_200_000, 81_900, 35_000)
    struct.pack_into("<II", pvt, 40, 2_500, 4_000)
    pvt_frame = ubx(0x01, 0x07, pvt)
    seed("nmea-stream", "ubx-nav-pvt", b"\1" + pvt_frame)
    seed("nmea-stream", "ubx-and-nmea", b"\0" + pvt_frame + epoch.encode())

    # The DDC script: a count (op, high, low), then stream reads of up to 32 bytes (op, bytes).
    stream = epoch.encode() + pvt_frame
    script = bytearray([1, len(stream) >> 8, len(stream) & 0xFF])
    for offset in range(0, len(stream), 32):
        script += bytes([1]) + stream[offset:offset + 32]
    script += bytes([1, 0x00, 0x00])  # the next poll: nothing waiting
    seed("ublox-ddc", "nmea-and-pvt", script)
    seed("ublox-ddc", "filler-only", bytes([1, 0x00, 0x20, 1]) + b"\xff" * 32)

    # gpsd JSON (gpsd_json(5)): the greeting, a 3D TPV, a SKY.
    version = '{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}\n'
    tpv = ('{"class":"TPV","device":"/dev/ttyAMA0","mode":3,"time":"2026-11-26T08:18:36.000Z",'
           '"lat":52.520000,"lon":13.405000,"altHAE":81.9,"epx":2.5,"epy":2.5,"speed":1.4,"track":54.7}\n')
    sky = '{"class":"SKY","device":"/dev/ttyAMA0","hdop":0.9,"uSat":8,"nSat":12}\n'
    seed("gpsd-json", "version-tpv-sky", version + tpv + sky)
    seed("gpsd-json", "no-fix", version + '{"class":"TPV","mode":1}\n')


def ble():
    # ATT PDUs (Core Spec Vol 3 Part F §3.4): requests a central sends, responses a server sends.
    requests = {
        "exchange-mtu": [0x02, 0x05, 0x02],
        "read-by-group-type": [0x10, 0x01, 0x00, 0xFF, 0xFF, 0x00, 0x28],
        "read-by-type": [0x08, 0x01, 0x00, 0xFF, 0xFF, 0x03, 0x28],
        "find-information": [0x04, 0x01, 0x00, 0xFF, 0xFF],
        "find-by-type-value": [0x06, 0x01, 0x00, 0xFF, 0xFF, 0x00, 0x28, 0x51, 0xFE],
        "read": [0x0A, 0x03, 0x00],
        "read-blob": [0x0C, 0x03, 0x00, 0x05, 0x00],
        "write-request": [0x12, 0x04, 0x00, 0x01, 0x00],
        "write-command": [0x52, 0x0B, 0x00, 0x01, 0x01],
        "prepare-write": [0x16, 0x0B, 0x00, 0x00, 0x00, 0x01],
        "execute-write": [0x18, 0x01],
    }
    responses = {
        "mtu-response": [0x03, 0x05, 0x02],
        "group-response": [0x11, 0x06, 0x01, 0x00, 0x0F, 0x00, 0x51, 0xFE],
        "type-response": [0x09, 0x07, 0x02, 0x00, 0x12, 0x03, 0x00, 0x01, 0xFE],
        "information-response": [0x05, 0x01, 0x04, 0x00, 0x02, 0x29],
        "read-response": [0x0B, 0x34, 0x00, 0x01],
        "write-response": [0x13],
        "error-response": [0x01, 0x10, 0x10, 0x00, 0x0A],
        "notification": [0x1B, 0x03, 0x00, 0x01, 0x01, 0x03],
        "indication": [0x1D, 0x03, 0x00, 0x07],
    }
    for name, pdu in {**requests, **responses}.items():
        seed("att-pdu", name, pdu)
    seed("att-server", "discovery", b"".join(packet(p) for p in requests.values()))
    # The client script: op 0 starts a procedure (read handle, write handle, write value, which one),
    # op 2 delivers a PDU, op 1 lets time pass.
    client = bytearray()
    for index, answer in enumerate(["mtu-response", "group-response", "group-response", "type-response",
                                    "information-response", "read-response", "write-response"]):
        client += bytes([0, 0x03, 0x00, 0x04, 0x00, 0x02, 0x01, 0x00, index])
        client += bytes([2]) + packet(responses[answer])
    client += bytes([2]) + packet(responses["notification"]) + bytes([2]) + packet(responses["error-response"])
    client += bytes([1, 200])
    seed("att-client", "procedures", client)

    # Advertising data (Core Spec Supplement Part A): the belt, the case and the pen as they advertise.
    def ad(kind, payload):
        return bytes([len(payload) + 1, kind]) + bytes(payload)
    belt = ad(0x01, [0x06]) + ad(0x03, [0x51, 0xFE]) + ad(0x09, b"naviGuertel-1234")
    fuffr = ad(0x01, [0x06]) + ad(0x02, [0xF0, 0xFF]) + ad(0x09, b"Fuffr")
    pencil = ad(0x01, [0x06]) + ad(0x07, bytes.fromhex("61292A6A706589973D46675C3D4556EF1D")[:16]) \
        + ad(0x09, b"Pencil") + ad(0xFF, [0x00, 0x00, 0x09, 0x00, 0x00, 0x00])
    for name, data in [("belt", belt), ("fuffr", fuffr), ("pencil", pencil),
                       ("service-data", ad(0x16, [0x51, 0xFE, 0x01, 0x02]) + ad(0x0A, [0xF4]))]:
        seed("adv-data", name, data)

    # Management events (BlueZ doc/mgmt-api.txt): Device Found with the belt's advertising,
    # Command Complete, New Settings, New Long Term Key, Discovering.
    def event(code, parameters, index=0):
        return struct.pack("<HHH", code, index, len(parameters)) + bytes(parameters)
    address = bytes([0x01, 0x00, 0x00, 0xEB, 0x27, 0xB8])
    found = address + bytes([0x01, 0xC4]) + struct.pack("<IH", 0, len(belt)) + belt
    events = [
        event(0x0013, [0x01, 0x01]),                          # Discovering: LE, on
        event(0x0012, found),                                 # Device Found
        event(0x0001, [0x23, 0x00, 0x00, 0x01]),              # Command Complete (Start Discovery)
        event(0x0006, struct.pack("<I", 0x0000_0AD1)),        # New Settings
        event(0x000A, [0x01] + list(address) + [0x01, 0x02, 0x01, 0x10] + [0] * 2 + [0] * 8 + list(range(16))),
        event(0x0019, [0x01] + list(address) + [0x01] + [0] * 16),  # New IRK-ish: random address + key
    ]
    seed("mgmt-event", "discovery", b"".join(packet(e) for e in events))


def devices():
    # Belt: the session's script. Op 7 (and 4–6) is a notification: characteristic index, then a packet;
    # op 1 completes the oldest write with a value; op 0 lets time pass.
    chars = ["fe01", "fe02", "fe03", "fe04", "fe05", "fe06", "fe07", "fe09", "fe0a", "fe0b", "fe0c", "fe13", "fe14"]
    def note(char, data):
        return bytes([7, chars.index(char)]) + packet(data)
    handshake = bytearray()
    for _ in range(10):
        handshake += bytes([1]) + packet([])
    handshake += note("fe06", [0x01, 0x01, 0x03]) + note("fe06", [0x01, 0x02, 0x32])
    handshake += note("fe06", [0x01, 0x03, 0x2D, 0x00]) + note("fe06", [0x10, 0x03, 0x03])
    handshake += note("fe02", [0x01, 0x03]) + note("fe04", [0x01, 0x01, 0x03, 0x02])
    handshake += note("fe09", [0x02, 0x50, 0x10, 0x0E, 0x00, 0x00]) + bytes([0, 250, 0, 250])
    seed("belt-session", "handshake-and-notifications", handshake)
    # FSLib-style commands as `wayfinder belt encode` takes them (FSLib-iOS and FSLib-Android names).
    for index, line in enumerate([
        '{"cmd":"changeBeltMode","mode":"app"}',
        '{"cmd":"changeDefaultIntensity","intensity":50,"vibrationFeedback":true}',
        '{"cmd":"changeHeadingOffset","headingOffset":45}',
        '{"cmd":"vibrateAtMagneticBearing","direction":90}',
        '{"cmd":"configureVibrationChannel","channelIndex":0,"pattern":"continuous","intensity":-1,'
        '"orientationType":"magneticBearing","orientation":90,"patternIterations":1,"patternPeriod":3000,'
        '"patternStartTime":0,"exclusiveChannel":false,"clearOtherChannels":true}',
        '{"cmd":"pulse","channelIndex":0,"orientationType":"binaryMask","orientation":4113,"onDuration":150,'
        '"pulseIterations":3,"seriesIterations":1,"pulsePeriod":500,"seriesPeriod":1500,"timerOption":"resetTimer"}',
        '{"cmd":"playSound","tones":[{"frequency":800,"duration":50}]}',
        '{"cmd":"requestBatteryStatus","now":true}',
        '{"cmd":"requestAdvancedParameter","parameter":"compassAccuracySignal"}',
        '{"cmd":"answerKeepAlive"}',
    ]):
        seed("belt-command", f"command-{index}.json", line)
    seed("belt-session", "read-firmware", bytes([1]) + packet([52, 0x00, 0x01]))

    # Fuffr: op 9 is a notification (time step, characteristic index, packet); indexes 2–6 are the
    # touch characteristics FFF2–FFF6; records are FuffrLib's 5 bytes (id | down<<5, x, y LE).
    def record(ident, down, x, y):
        return bytes([ident | (0x20 if down else 0), x & 0xFF, x >> 8, y & 0xFF, y >> 8])
    touch = bytearray([1, 1])  # complete the enable writes
    for step in range(8):
        touch += bytes([9, 3, 2]) + packet(record(1, True, 100 + 20 * step, 300))
    touch += bytes([9, 3, 2]) + packet(record(1, False, 260, 300))
    touch += bytes([9, 3, 3]) + packet(record(2, True, 50, 60) + record(3, True, 400, 60))
    touch += bytes([9, 3, 3]) + packet(record(2, False, 50, 60) + record(3, False, 400, 60))
    touch += bytes([0, 40])
    seed("fuffr-touch", "swipe-and-two-finger-tap", touch)

    # Pencil: each step starts with a time step; op 8 (and up) is a value: characteristic index, packet.
    pen = bytearray()
    pen += bytes([0, 0, 1])                                   # adapter on
    pen += bytes([5, 1, 0])                                   # spot pressed by control
    pen += bytes([5, 8, 0]) + packet([0x01])                  # tip pressed
    pen += bytes([5, 8, 2]) + packet([0x40, 0x01])            # tip pressure
    pen += bytes([5, 8, 4]) + packet([0x55])                  # battery level
    pen += bytes([5, 8, 0]) + packet([0x00])                  # tip released
    pen += bytes([5, 8, 21]) + packet(b"2.1.0")               # firmware revision
    seed("pencil", "connect-press-release", pen)


def files():
    for name in ["demo.toml", "wayfinder.toml"]:
        seed("config", name, read(f"deploy/{name}"))
    for name in sorted(os.listdir(os.path.join(ROOT, "boards"))):
        board = read(f"boards/{name}")
        seed("config", f"board-{name}", board + b"\0" + read("deploy/demo.toml").replace(b'board = "sim"', b'board = "fuzz"'))
    seed("gpx", "demo-walk.gpx", read("deploy/routes/demo-walk.gpx"))
    seed("gpx", "track.gpx", """<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="wayfinder" xmlns="http://www.topografix.com/GPX/1/1">
<trk><name>walk</name><trkseg>
<trkpt lat="52.5200000" lon="13.4050000"><ele>35.0</ele><time>2026-11-26T08:18:36.000Z</time></trkpt>
<trkpt lat="52.5201000" lon="13.4052000"></trkpt>
</trkseg></trk></gpx>
""")
    seed("gpx", "waypoints.gpx", """<?xml version="1.0"?>
<gpx version="1.1" creator="t"><wpt lat="-33.86" lon="151.2"><name>a</name></wpt><wpt lat="-33.87" lon="151.21"/></gpx>
""")
    seed("gpx", "latin1.gpx", '<?xml version="1.0" encoding="ISO-8859-1"?>\n<gpx version="1.1" creator="t">'
         '<rte><name>M\xfchle</name><rtept lat="47.1" lon="8.5"/><rtept lat="47.2" lon="8.6"/></rte></gpx>\n'.encode("latin-1"))
    fixtures = "Tests/GesturesTests/Fixtures"
    for name in sorted(os.listdir(os.path.join(ROOT, fixtures))):
        if name.endswith(".json"):
            data = json.loads(read(f"{fixtures}/{name}"))
            scenarios = data.get("scenarios", [data]) if isinstance(data, dict) else [data]
            # One scenario per seed: the target's limit is 16 KiB.
            for index, scenario in enumerate(scenarios[:12]):
                text = json.dumps(scenario, separators=(",", ":"))
                if len(text) <= 16_000:
                    seed("gesture-scenario", f"{name[:-5]}-{index}.json", text)

    seed("state-progress", "progress.json",
         json.dumps({"currentIndex": 1, "destinationReached": False, "routeIdentity": "placeholder", "skipped": [0]}, indent=2))
    seed("state-calibration", "compass-calibration.json", json.dumps({
        "model": "ellipsoid", "offset": {"x": 12.5, "y": -3.25, "z": 40},
        "softIron": [[1, 0, 0], [0, 1.02, 0], [0, 0, 0.98]],
        "fieldStrength": 48.5, "unit": "uT", "quality": {"samples": 400, "relativeSpread": 0.04, "coverageDegrees": 320},
        "chip": "qmc5883l", "address": 13, "fittedAt": 1795000000}, indent=2))
    seed("state-bonds", "bonds.json", json.dumps({"version": 1, "adapters": {"B8:27:EB:00:00:01": [{
        "peer": "C0:11:22:33:44:55", "type": "random", "identityResolvingKey": "00112233445566778899AABBCCDDEEFF",
        "longTermKeys": [{"keyType": 1, "central": False, "encryptionSize": 16, "ediv": 0, "rand": "0",
                          "value": "00112233445566778899AABBCCDDEEFF"}]}]}}, indent=2))


def tracks():
    # A walk's track as TrackFile writes it (Sources/Navigation/Route/GPXTrackFormat.swift); the first
    # byte picks the tail window (0: 64 KiB, 1: 64 B, 2: 512 B, 3: 16 B).
    header = ('<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="wayfinder" '
              'xmlns="http://www.topografix.com/GPX/1/1">\n<trk><name>demo walk</name>\n<trkseg>\n')
    point = '<trkpt lat="52.5200000" lon="13.4050000"><ele>35.0</ele><time>2026-11-26T08:18:36.000Z</time></trkpt>\n'
    footer = "</trkseg></trk></gpx>\n"
    intact = header + point * 3 + "</trkseg>\n<trkseg>\n" + point + footer
    seed("track-repair", "intact", b"\0" + intact.encode())
    seed("track-repair", "torn-in-a-point", b"\0" + (header + point * 2 + point[:40]).encode())
    seed("track-repair", "torn-in-the-footer", b"\1" + (header + point * 2 + footer[:9]).encode())
    seed("track-repair", "no-point-yet", b"\2" + header.encode())
    seed("track-repair", "not-ours", b"\0" + b"<?xml version=\"1.0\"?>\n<gpx creator=\"someone else\"></gpx>\n")
    seed("track-repair", "empty", b"\0")


def control():
    # The control socket's requests and answers (docs/control.md).
    seed("control-request", "status", '{"version":1,"request":"status"}')
    seed("control-request", "follow", '{"request":"follow"}\n')
    seed("control-request", "next", '{"version":1,"request":"control","command":"next"}')
    seed("control-request", "route", '{"request":"control","command":"route","argument":"park.gpx"}')
    seed("control-request", "route-outside", '{"request":"control","command":"route","argument":"../../etc/passwd"}')
    seed("control-request", "newer", '{"version":7,"request":"status"}')
    seed("control-request", "not-json", "status")
    status = ('{"actors":[{"name":"belt","restarts":0,"state":"running"},{"name":"gestures","next_attempt_in_seconds":1.5,'
              '"reason":"injected failure","restarts":2,"state":"restarting"}],"belt":{"battery_percent":80,"intensity_percent":60,'
              '"last_direction_degrees":132,"last_sent_seconds_ago":1.2,"link":"connected","mode":"app"},'
              '"gps":{"fix_age_seconds":0.4,"hdop":0.9,"latitude":52.27912,"longitude":8.04721,"mode":"3d","satellites":9,'
              '"source":"the simulated receiver"},"heading":{"source":"belt"},"route":{"distance_to_end_metres":1830,'
              '"distance_to_waypoint_metres":140.2,"elapsed_seconds":1265,"name":"demo","off_route":false,"state":"navigating",'
              '"waypoint":3,"waypoint_count":12,"waypoint_name":"Market"},"uptime_seconds":3725.4,"version":1,'
              '"warnings":[{"at_seconds":600,"level":"warning","message":"no GPS fix for 10 s","source":"gps"}],'
              '"wayfinder_version":"0.1.0"}')
    seed("control-response", "status", '{"ok":true,"status":' + status + ',"version":1}')
    seed("control-response", "control", '{"control":{"command":"next"},"ok":true,"result":"walking to waypoint 4/12","status":' + status + ',"version":1}')
    seed("control-response", "refused", '{"error":"user 1002 may not use the control socket","ok":false,"version":1}')
    seed("control-response", "huge-numbers", '{"ok":true,"status":{"actors":[],"uptime_seconds":1e300,"version":1,"warnings":[],'
         '"wayfinder_version":"x","route":{"name":"r","state":"navigating","waypoint":-5,"waypoint_count":0,'
         '"elapsed_seconds":-1e308,"off_route":true,"distance_to_waypoint_metres":1.7e308}},"version":1}')


def trip():
    # A walk's event journal and a walked track (docs/trip-report.md).
    journal = "\n".join([
        '{"distance":30,"kind":"walk","name":"Park loop","path":"/etc/wayfinder/routes/park.gpx","time":1795773600}',
        '{"kind":"appliance_started","time":1795773600.5}',
        '{"index":0,"kind":"navigation_started","name":"Gate","time":1795773601}',
        '{"bearing":12.5,"kind":"belt","latitude":52.0001,"longitude":8.0,"time":1795773605}',
        '{"command":"next-waypoint","kind":"command","source":"gesture swipe left","time":1795773606}',
        '{"command":"toggle-pause","kind":"command","source":"pencil tip click","time":1795773607}',
        '{"kind":"gps_lost","seconds":10,"time":1795773620}',
        '{"kind":"gps_back","time":1795773630}',
        '{"device":"belt","kind":"link_lost","time":1795773640}',
        '{"device":"belt","kind":"link_back","time":1795773645}',
        '{"device":"gestures","kind":"restart","reason":"injected failure","time":1795773650}',
        '{"distance":34.2,"index":1,"kind":"off_route","time":1795773660}',
        '{"distance":12,"kind":"back_on_route","time":1795773670}',
        '{"index":1,"kind":"arrived","name":"Pond","time":1795773680}',
    ]) + "\n"
    seed("trip-journal", "walk", journal)
    seed("trip-journal", "torn", journal[:-20])
    seed("trip-journal", "crlf", journal.replace("\n", "\r\n"))
    seed("trip-journal", "unknown-kind", '{"kind":"teleported","time":1}\n{"kind":"paused","time":-1e308}\n')
    seed("trip-journal", "huge", '{"bearing":1e308,"index":9223372036854775807,"kind":"belt","latitude":91,"longitude":-1e300,"time":1e300}\n')
    point = '<trkpt lat="52.0001000" lon="8.0002000"><ele>34.0</ele><time>2026-11-27T10:00:01.000Z</time><fix>3d</fix><sat>9</sat><hdop>0.9</hdop></trkpt>\n'
    header = '<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="wayfinder" xmlns="http://www.topografix.com/GPX/1/1">\n<trk><name>Park loop</name>\n<trkseg>\n'
    seed("trip-track", "wayfinder", header + point * 3 + "</trkseg>\n<trkseg>\n" + point.replace("3d", "2d") + "</trkseg></trk></gpx>\n")
    seed("trip-track", "gpx10", '<?xml version="1.0"?><gpx version="1.0" xmlns="http://www.topografix.com/GPX/1/0"><trk><trkseg>'
         '<trkpt lat="1" lon="2"><time>2026-11-27T10:00:00+02:00</time><hdop>7</hdop></trkpt><trkpt lat="1.001" lon="2"/></trkseg></trk></gpx>')
    seed("trip-track", "antimeridian", header + point.replace('lon="8.0002000"', 'lon="179.9999"') + point.replace('lon="8.0002000"', 'lon="-179.9999"') + "</trkseg></trk></gpx>\n")
    seed("trip-track", "torn", header + point * 2 + point[:30])


def supply():
    # The Pi's supply as its kernel prints it: get_throttled's "%x\n" (raspberrypi/linux
    # drivers/firmware/raspberrypi.c) and rpi_volt's in0_lcrit_alarm "%ld\n"
    # (drivers/hwmon/raspberrypi-hwmon.c); an operation byte picks the parser (0 firmware, 1 hwmon).
    def reading(hwmon, text):
        return bytes([1 if hwmon else 0, len(text)]) + text.encode()
    seed("pi-supply", "normal", reading(False, "0\n"))
    seed("pi-supply", "sag-and-recover", reading(False, "0\n") + reading(False, "50005\n") + reading(False, "50000\n"))
    seed("pi-supply", "every-bit", reading(False, "f000f\n") + reading(False, "80008\n") + reading(False, "ffffffff\n"))
    seed("pi-supply", "hwmon", reading(True, "0\n") + reading(True, "1\n") + reading(True, "0\n"))
    seed("pi-supply", "garbage", reading(False, "throttled=0x50005\n") + reading(True, "2\n") + reading(False, "123456789\n"))


def upload():
    # What [upload] reads from a person: an operation byte picks the parser (0 credentials file,
    # 1 endpoint, 2 bucket name, 3 canonical request), then a packet is its text. The credentials are
    # AWS's documented example key ("Managing access keys", AWS IAM user guide).
    def op(kind, text):
        data = text.encode()
        return bytes([kind, len(data)]) + data
    seed("upload-inputs", "credentials", op(0, "[default]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\n"
                                               "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n"))
    seed("upload-inputs", "credentials-typo", op(0, "[default]\naws_acces_key_id = AKIAIOSFODNN7EXAMPLE\n"
                                                    "aws_secret_access_key = \"wJalrXUtnFEMI/K7MDENG\"\n"))
    seed("upload-inputs", "endpoints", op(1, "http://127.0.0.1:8333") + op(1, "https://[::1]:9000/s3/")
         + op(1, "https://s3.eu-central-1.amazonaws.com") + op(1, "ftp://host") + op(1, "http://user@host:0"))
    seed("upload-inputs", "buckets", op(2, "wayfinder-lab") + op(2, "192.168.1.1") + op(2, "Bad_Bucket") + op(2, "a..b"))
    # The path, then 2 query parameters (name, value packets), then 1 header (name, value packets).
    seed("upload-inputs", "multipart", op(3, "wayfinder/unit/walks/2026-11-29 walk/track.gpx")
         + bytes([2]) + op(0, "uploadId")[1:] + op(0, "2~x")[1:] + op(0, "partNumber")[1:] + op(0, "1")[1:]
         + bytes([1]) + op(0, "x-amz-meta-sha256")[1:] + op(0, "  e3b0  c442 ")[1:])


def routing():
    # Route planning's readers. The router's output is Routino 3.3.3's `routino-router --shortest
    # --output-text-all --output-stdout` on a database built from the hand-written test town
    # (Tests/RoutingTests/Fixtures/town.osm, `planetsplitter --prune-isolated=0`), and the GeoJSON
    # lines are `osmium export` of the same town with MapImporter's export configuration.
    header = (
        '# Creator : Routino - http://www.routino.org/\n'
        '# Source : Based on OpenStreetMap data from http://www.openstreetmap.org/\n'
        '# License : http://www.openstreetmap.org/copyright\n'
        '#\n'
        '#Latitude\tLongitude\t    Node\tType\tSegment\tSegment\tTotal\tTotal  \tSpeed\tBearing\tHighway\n'
        "#        \t         \t        \t    \tDist   \tDurat'n\tDist \tDurat'n\t     \t       \t       \n"
    )
    routes = {
        'station-harbour-foot': header + (
            ' 55.680000\t  12.568000\t       0 \tWaypt#1\t0.000\t 0.00\t 0.00\t  0.0\t\t\t\n'
            ' 55.680000\t  12.571700\t       1 \tChange\t0.232\t 3.48\t 0.23\t  3.5\t  4\t  90\tNørregade\n'
            ' 55.680000\t  12.572000\t       3*\tJunct\t0.018\t 0.27\t 0.25\t  3.8\t  4\t  90\tpath\n'
            ' 55.680000\t  12.573000\t       6*\tJunct\t0.061\t 0.92\t 0.31\t  4.7\t  4\t  90\tpath\n'
            ' 55.680000\t  12.574000\t       8*\tChange\t0.062\t 0.93\t 0.37\t  5.6\t  4\t  90\tTrappen\n'
            ' 55.680000\t  12.575500\t      10*\tJunct\t0.094\t 1.41\t 0.47\t  7.0\t  4\t  90\tStrandgade\n'
            ' 55.679000\t  12.575500\t       9 \tWaypt#2\t0.110\t 1.65\t 0.58\t  8.7\t  4\t 180\tpath\n'
        ),
        'station-harbour-nosteps': header + (
            ' 55.680000\t  12.568000\t       0 \tWaypt#1\t0.000\t 0.00\t 0.00\t  0.0\t\t\t\n'
            ' 55.680000\t  12.571700\t       1 \tChange\t0.232\t 3.48\t 0.23\t  3.5\t  4\t  90\tNørregade\n'
            ' 55.680000\t  12.572000\t       3*\tJunct\t0.018\t 0.27\t 0.25\t  3.8\t  4\t  90\tpath\n'
            ' 55.680000\t  12.573000\t       6*\tJunct\t0.061\t 0.92\t 0.31\t  4.7\t  4\t  90\tpath\n'
            ' 55.681000\t  12.573000\t       7*\tJunct\t0.111\t 1.67\t 0.42\t  6.3\t  4\t 360\tpath\n'
            ' 55.681000\t  12.575500\t      11 \tInter\t0.156\t 2.34\t 0.58\t  8.7\t  4\t  90\tpath\n'
            ' 55.680000\t  12.575500\t      10*\tJunct\t0.110\t 1.65\t 0.69\t 10.3\t  4\t 180\tpath\n'
            ' 55.679000\t  12.575500\t       9 \tWaypt#2\t0.110\t 1.65\t 0.80\t 12.0\t  4\t 180\tpath\n'
        ),
        'square-kiosk-wheelchair': header + (
            ' 55.680000\t  12.573000\t       6*\tWaypt#1\t0.000\t 0.00\t 0.00\t  0.0\t\t\t\n'
            ' 55.681000\t  12.573000\t       7*\tJunct\t0.111\t 1.67\t 0.11\t  1.7\t  4\t 360\tpath\n'
            ' 55.681500\t  12.572000\t       4*\tWaypt#2\t0.083\t 1.25\t 0.19\t  2.9\t  4\t 311\tGangen\n'
        ),
    }
    for name, text in routes.items():
        seed("routino-text-all", name, text)
    seed("routino-text-all", "crlf-and-unknown-type", routes["square-kiosk-wheelchair"].replace("\n", "\r\n").replace("Junct\t", "Roundabout\t"))
    town = (
        '{"type":"Feature","geometry":{"type":"Point","coordinates":[12.572,55.68]},"properties":{"highway":"crossing","crossing":"traffic_signals","traffic_signals:sound":"yes","traffic_signals:vibration":"yes","tactile_paving":"yes","kerb":"lowered"}}\n'
        '{"type":"Feature","geometry":{"type":"Point","coordinates":[12.5745,55.681]},"properties":{"barrier":"bollard"}}\n'
        '{"type":"Feature","geometry":{"type":"Point","coordinates":[12.5755,55.68]},"properties":{"highway":"crossing","crossing":"uncontrolled"}}\n'
        '{"type":"Feature","geometry":{"type":"LineString","coordinates":[[12.568,55.68],[12.5717,55.68]]},"properties":{"highway":"residential","name":"Nørregade"}}\n'
        '{"type":"Feature","geometry":{"type":"LineString","coordinates":[[12.5717,55.68],[12.572,55.68],[12.5723,55.68]]},"properties":{"highway":"footway","footway":"crossing","crossing":"traffic_signals"}}\n'
        '{"type":"Feature","geometry":{"type":"LineString","coordinates":[[12.572,55.6785],[12.572,55.68],[12.572,55.6815],[12.572,55.6825]]},"properties":{"highway":"primary","name":"Vester Voldgade"}}\n'
        '{"type":"Feature","geometry":{"type":"LineString","coordinates":[[12.5723,55.68],[12.573,55.68]]},"properties":{"highway":"footway"}}\n'
        '{"type":"Feature","geometry":{"type":"LineString","coordinates":[[12.573,55.68],[12.574,55.68]]},"properties":{"highway":"steps","name":"Trappen"}}\n'
        '{"type":"Feature","geometry":{"type":"LineString","coordinates":[[12.573,55.68],[12.573,55.681],[12.5745,55.681],[12.5755,55.681],[12.5755,55.6804]]},"properties":{"highway":"footway"}}\n'
        '{"type":"Feature","geometry":{"type":"LineString","coordinates":[[12.574,55.68],[12.5755,55.68],[12.577,55.68]]},"properties":{"highway":"residential","name":"Strandgade"}}\n'
        '{"type":"Feature","geometry":{"type":"LineString","coordinates":[[12.5755,55.6804],[12.5755,55.68],[12.5755,55.6796]]},"properties":{"highway":"footway","footway":"crossing","crossing":"uncontrolled"}}\n'
        '{"type":"Feature","geometry":{"type":"LineString","coordinates":[[12.5755,55.6796],[12.5755,55.679]]},"properties":{"highway":"footway"}}\n'
        '{"type":"Feature","geometry":{"type":"LineString","coordinates":[[12.572,55.6815],[12.573,55.681]]},"properties":{"highway":"footway","name":"Gangen"}}\n'
        '{"type":"Feature","geometry":{"type":"LineString","coordinates":[[12.58,55.685],[12.581,55.685]]},"properties":{"highway":"footway"}}\n'
    )
    seed("osm-feature", "town.geojsonseq", town)
    seed("osm-feature", "record-separators", "".join("\x1e" + line + "\n" for line in town.splitlines()[:6]))
    seed("map-index", "features.tsv", "wayfinder-map-index\t1\n"
         "crossing\t55.6800000\t12.5720000\tsignals\tsvtk\t0.0\tVester Voldgade\n"
         "crossing\t55.6800000\t12.5755000\tmarked\t-\t90.0\tStrandgade\n"
         "crossing\t55.6810000\t12.5700000\tunknown\t-\t-\n"
         "steps\t20\t55.6800000,12.5730000 55.6800000,12.5740000\tTrappen\n"
         "steps\t-\t55.6810000,12.5730000 55.6812000,12.5731000 55.6814000,12.5733000\t\n"
         "barrier\t55.6810000\t12.5745000\tbollard\n")
    seed("map-index", "streets.tsv", "wayfinder-map-index\t1\n"
         "street\tresidential\t55.6800000,12.5680000 55.6800000,12.5717000\tN\u00f8rregade\n"
         "street\tprimary\t55.6785000,12.5720000 55.6800000,12.5720000 55.6815000,12.5720000 55.6825000,12.5720000\tVester Voldgade\n"
         "street\tfootway\t55.6850000,12.5800000 55.6850000,12.5810000\t\n")
    manifest = ("wayfinder-map 1\nroutino 3.3.3\nsource town.osm\nbuilt 2026-11-29T16:40:00Z\n"
                "area 55.6785000 12.5680000 55.6850000 12.5810000\n"
                "file nodes.mem 1460\nfile segments.mem 1224\nfile ways.mem 508\nfile relations.mem 64\n"
                "file features.tsv 332\nfile streets.tsv 1121\n"
                "count crossings 2\ncount steps 1\ncount barriers 1\ncount streets 11\ncount source-ways 11\n")
    seed("map-manifest", "town", manifest)
    seed("map-manifest", "later-version", manifest.replace("built", "signed abc\nbuilt").replace("\nfile ways.mem 508", ""))
    for name, text in [("coordinates", "55.6761,12.5683"), ("spaced", " -33.8688, 151.2093 "), ("place", "home"),
                       ("unicode-place", "Nørreport station"), ("latitude-range", "95.1,12.5"), ("near-miss", "55.6761;12.5683")]:
        seed("route-endpoint", name, text)
    seed("route-endpoint", "toml-array", "[55.6761, 12.5683]")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--recording", required=True, help="a recording from `wayfinder record` for the gesture-recording corpus")
    args = parser.parse_args()
    # Seeds are rewritten; what fuzzing found (<target>/regressions/) is kept.
    for target in os.listdir(CORPUS) if os.path.isdir(CORPUS) else []:
        for name in os.listdir(os.path.join(CORPUS, target)):
            path = os.path.join(CORPUS, target, name)
            if os.path.isfile(path):
                os.remove(path)
    gps()
    ble()
    devices()
    files()
    tracks()
    control()
    trip()
    supply()
    upload()
    routing()
    with open(args.recording, "rb") as f:
        seed("gesture-recording", "simulated-session.jsonl", f.read())
    for target in sorted(written):
        print(f"{target}: {written[target]} seeds")


if __name__ == "__main__":
    sys.exit(main())
