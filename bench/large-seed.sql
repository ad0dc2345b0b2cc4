-- temporary: 100 000 town-like MultiPolygons (50 vertices each) into districts, a 400 x 250 grid
-- over lon 116-121, lat 24-27.125 (cell 0.0125 deg).
INSERT INTO districts (name, population, area_km2, coastal, surveyed, geom)
SELECT 'town ' || i, (i * 7919) % 500000, 1.5, i % 3 = 0, date '2020-01-01' + (i % 1000),
  ST_Multi(ST_MakePolygon(ST_AddPoint(line, ST_StartPoint(line))))
FROM (
  SELECT g.i, ST_MakeLine(ARRAY(
    SELECT ST_MakePoint(
      cx + 0.0048 * (1 + 0.22 * sin(k * 5 + g.i) + 0.1 * cos(k * 3)) * cos(2 * pi() * k / 49),
      cy + 0.0048 * (1 + 0.22 * sin(k * 5 + g.i) + 0.1 * cos(k * 3)) * sin(2 * pi() * k / 49))
    FROM generate_series(0, 48) AS k ORDER BY k)) AS line
  FROM (SELECT i, 116 + 0.0125 * (i % 400) + 0.00625 AS cx, 24 + 0.0125 * (i / 400) + 0.00625 AS cy
        FROM generate_series(0, 99999) AS i) AS g
) AS t;
ANALYZE districts;
