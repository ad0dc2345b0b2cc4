#!/usr/bin/env python3
"""Reference values for geodesic-measure.test.ts: test/in/*.geojson -> test/out/*.json.

The values come from an implementation independent of the JavaScript code under test:
PROJ's geodesic routines through pyproj (`Geod(ellps='WGS84')`), cross-checked against
GeographicLib's own `Planimeter` command (Debian package geographiclib-tools) when it is
installed. Areas are |outer ring| minus |holes|, summed over the parts of a multi geometry;
lengths are summed over segments and parts.

    python3 reference.py           # regenerate test/out
    python3 reference.py --check   # recompute and compare with test/out, write nothing
"""
import json
import shutil
import subprocess
import sys
from pathlib import Path

from pyproj import Geod

HERE = Path(__file__).resolve().parent
GEOD = Geod(ellps='WGS84')
AGREEMENT = 1e-9  # relative: pyproj and Planimeter must agree far below the tested 1e-6
CLI_ROUNDING = 1e-5  # Planimeter prints areas to 1e-5 m² at its highest precision (-p 10)


def open_ring(ring):
    return ring[:-1] if len(ring) > 1 and ring[0] == ring[-1] else ring


def ring_area(ring):
    lons, lats = zip(*open_ring(ring))
    area, _ = GEOD.polygon_area_perimeter(lons, lats)
    return abs(area)


def planimeter(rings, polyline=False):
    """Signed-free areas (or lengths with polyline=True) of each ring, from GeographicLib's CLI."""
    text = '\n\n'.join('\n'.join(f'{lat!r} {lon!r}' for lon, lat in open_ring(ring)) for ring in rings)
    args = ['Planimeter', '-p', '10'] + (['-l'] if polyline else [])
    out = subprocess.run(args, input=text + '\n', capture_output=True, text=True, check=True).stdout
    rows = [line.split() for line in out.strip().splitlines()]
    return [float(row[1]) if polyline else abs(float(row[2])) for row in rows]


def polygons_of(geometry):
    return [geometry['coordinates']] if geometry['type'] == 'Polygon' else geometry['coordinates']


def lines_of(geometry):
    return [geometry['coordinates']] if geometry['type'] == 'LineString' else geometry['coordinates']


def area(geometry):
    return sum(ring_area(rings[0]) - sum(ring_area(hole) for hole in rings[1:]) for rings in polygons_of(geometry))


def length(geometry):
    total = 0.0
    for line in lines_of(geometry):
        lons, lats = zip(*line)
        total += GEOD.line_length(lons, lats)
    return total


def cross_check(name, value, geometry, kind):
    if shutil.which('Planimeter') is None:
        return
    if kind == 'area':
        expected = 0.0
        for rings in polygons_of(geometry):
            outer, *holes = planimeter(rings)
            expected += outer - sum(holes)
    else:
        # Planimeter -l on a line that is not a closed ring measures the open polyline.
        expected = sum(planimeter([line], polyline=True)[0] for line in lines_of(geometry))
    if abs(value - expected) > AGREEMENT * expected + CLI_ROUNDING:
        sys.exit(f'{name}: pyproj {value!r} and Planimeter {expected!r} disagree')


def compute(file_name, kind):
    collection = json.loads((HERE / 'in' / file_name).read_text())
    measure = area if kind == 'area' else length
    values = {}
    for feature in collection['features']:
        name = feature['properties']['name']
        value = measure(feature['geometry'])
        cross_check(name, value, feature['geometry'], kind)
        values[name] = {kind: value}
    return values


def main():
    check = '--check' in sys.argv[1:]
    for source, target, kind in [('polygons.geojson', 'polygons.json', 'area'), ('lines.geojson', 'lines.json', 'length')]:
        values = compute(source, kind)
        path = HERE / 'out' / target
        if check:
            stored = json.loads(path.read_text())
            for name, value in values.items():
                if abs(stored[name][kind] - value[kind]) > AGREEMENT * value[kind]:
                    sys.exit(f'{target} {name}: stored {stored[name][kind]!r}, computed {value[kind]!r}')
            print(f'{target}: {len(values)} values agree')
        else:
            path.write_text(json.dumps(values, indent=2) + '\n')
            print(f'wrote {path.relative_to(HERE)} ({len(values)} values)')


if __name__ == '__main__':
    main()
