-- The large layer "towns_large": 100 000 town-like polygons on a 250 × 400 grid over
-- lon 115.5..121.5, lat 20.5..28.5 (cells 0.024° × 0.02°), one per cell, each a ring of 50
-- vertices (51 positions, closed) at a jittered radius of 0.0045..0.009° around the cell centre,
-- so no two touch. Deterministic: the jitter is a hash of the id and the vertex number, not
-- random(), so every run (and machine) gets the same rows, ids 1..100000 row by row from the
-- south-west corner (id = row * 250 + column + 1).
-- Loaded by "wfs-server.sh seed-large" in one transaction.
TRUNCATE towns_large RESTART IDENTITY;

INSERT INTO towns_large (name, population, area_km2, is_capital, founded, geom)
SELECT 'Town ' || n,
       (1000 + (n * 7919) % 500000)::integer,
       round((20 + (n * 104729) % 180)::numeric / 2, 1)::double precision,
       n % 997 = 0,
       DATE '1900-01-01' + ((n * 37) % 40000)::integer,
       ring.geom
FROM generate_series(0::bigint, 99999) AS cell(i)
CROSS JOIN LATERAL (SELECT i + 1 AS n,
                           115.5 + 0.024 * (i % 250 + 0.5) AS cx,
                           20.5 + 0.02 * (i / 250 + 0.5) AS cy) AS centre
CROSS JOIN LATERAL (
  SELECT ST_SetSRID(ST_MakePolygon(ST_MakeLine(
           ST_MakePoint(round((cx + r * cos(a))::numeric, 6)::float8, round((cy + r * sin(a))::numeric, 6)::float8)
           ORDER BY k)), 4326) AS geom
  FROM generate_series(0, 50) AS vertex(k)
  -- Vertex 50 closes the ring: same angle and radius as vertex 0.
  CROSS JOIN LATERAL (SELECT 2 * pi() * (k % 50) / 50 AS a,
                             0.0045 + 0.0045 * abs(sin(n * 12.9898 + (k % 50) * 78.233) * 43758.5453 - trunc(sin(n * 12.9898 + (k % 50) * 78.233) * 43758.5453)) AS r) AS polar
) AS ring;
ANALYZE towns_large;
