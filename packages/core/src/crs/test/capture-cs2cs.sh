#!/bin/sh
# Writes cs2cs.txt: PROJ's answers (Debian proj-bin's cs2cs) for a few points of four CGCS2000
# Gauss-Krüger systems, one of each EPSG block, zone edges included. Run from this folder.
set -eu
{
  echo "# epsg lon lat northing easting, from: cs2cs -f %.6f EPSG:4490 EPSG:<epsg> (reading lat lon)"
  for case in "4528 119.295833 26.075556" "4528 118.5 18" "4528 121.5 54" \
              "4549 119.295833 26.075556" "4549 121.5 40" \
              "4491 72 54" "4491 78 18" "4501 135 48" \
              "4512 132 30" "4512 138 54"; do
    set -- $case
    echo "$3 $2" | cs2cs -f %.6f EPSG:4490 "EPSG:$1" | awk -v epsg="$1" -v lon="$2" -v lat="$3" '{ print epsg, lon, lat, $1, $2 }'
  done
} > cs2cs.txt
