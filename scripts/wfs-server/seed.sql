-- Seed rows, loaded on database creation and by "wfs-server.sh reset" (run in one transaction).
-- RESTART IDENTITY makes the ids deterministic: each table's rows get 1..n in the order below,
-- and the next insert gets n+1 (poi 6, roads 4, towns 8, districts 3, rivers 3, towns_cgcs2000 3, stations 3).
-- Every vertex lies inside lon 115.85..120.72, lat 20.56..28.32.
TRUNCATE poi, roads, towns, districts, rivers, towns_cgcs2000, stations RESTART IDENTITY;

INSERT INTO poi (name, population, height_m, is_capital, founded, geom) VALUES
 ('Fuzhou',   8290000, 12.5, true,  '1949-08-17', ST_SetSRID(ST_MakePoint(119.30, 26.08), 4326)),
 ('Xiamen',   5160000,  6.0, false, '1980-10-07', ST_SetSRID(ST_MakePoint(118.09, 24.48), 4326)),
 ('Quanzhou', 8780000,  9.1, false, '1951-01-01', ST_SetSRID(ST_MakePoint(118.68, 24.87), 4326)),
 ('Shantou',  5500000,  4.2, false, '1860-01-01', ST_SetSRID(ST_MakePoint(116.68, 23.35), 4326)),
 ('Wenzhou',  9570000,  7.3, false, '1949-05-07', ST_SetSRID(ST_MakePoint(120.67, 28.00), 4326));

INSERT INTO roads (name, lanes, length_km, paved, opened, geom) VALUES
 ('G15 Fuzhou-Xiamen',  6, 274.0, true,  '1999-12-01', ST_GeomFromText('LINESTRING(119.30 26.08, 119.00 25.45, 118.68 24.87, 118.09 24.48)', 4326)),
 ('G15 Xiamen-Shantou', 4, 220.5, true,  '2003-06-30', ST_GeomFromText('LINESTRING(118.09 24.48, 117.65 24.51, 117.00 23.75, 116.68 23.35)', 4326)),
 ('Coastal track',      2,  35.2, false, '1975-03-15', ST_GeomFromText('LINESTRING(120.30 27.50, 120.67 28.00)', 4326));

INSERT INTO towns (name, population, area_km2, is_capital, founded, geom) VALUES
 ('Fuzhou',    8290000, 11968.0, true,  '1949-08-17', ST_GeomFromText('POLYGON((119.10 25.90, 119.50 25.90, 119.50 26.25, 119.10 26.25, 119.10 25.90))', 4326)),
 ('Xiamen',    5160000,  1700.6, false, '1980-10-07', ST_GeomFromText('POLYGON((117.90 24.35, 118.30 24.35, 118.30 24.65, 117.90 24.65, 117.90 24.35))', 4326)),
 ('Zhangzhou', 5050000, 12600.0, false, '1950-01-01', ST_GeomFromText('POLYGON((117.40 24.30, 117.85 24.30, 117.85 24.70, 117.40 24.70, 117.40 24.30))', 4326)),
 ('Shantou',   5500000,  2199.0, false, '1860-01-01', ST_GeomFromText('POLYGON((116.50 23.20, 116.90 23.20, 116.90 23.50, 116.50 23.50, 116.50 23.20))', 4326)),
 ('Wenzhou',   9570000, 12110.0, false, '1949-05-07', ST_GeomFromText('POLYGON((120.40 27.80, 120.70 27.80, 120.70 28.20, 120.40 28.20, 120.40 27.80))', 4326)),
 ('Kaohsiung', 2740000,  2951.9, false, '1920-01-01', ST_GeomFromText('POLYGON((120.20 22.50, 120.50 22.50, 120.50 22.80, 120.20 22.80, 120.20 22.50))', 4326)),
 ('Sanya',     1030000,  1919.6, false, '1987-09-26', ST_GeomFromText('POLYGON((115.85 20.56, 116.15 20.56, 116.15 20.86, 115.85 20.86, 115.85 20.56))', 4326));

INSERT INTO districts (name, population, area_km2, coastal, surveyed, geom) VALUES
 ('Minnan',   18990000, 25000.0, true, '2020-11-01', ST_GeomFromText('MULTIPOLYGON(((117.40 24.30, 118.30 24.30, 118.30 24.70, 117.40 24.70, 117.40 24.30)),((118.40 24.60, 118.90 24.60, 118.90 25.10, 118.40 25.10, 118.40 24.60)))', 4326)),
 ('Chaoshan', 13900000, 10400.0, true, '2020-11-01', ST_GeomFromText('MULTIPOLYGON(((116.30 23.10, 117.00 23.10, 117.00 23.70, 116.30 23.70, 116.30 23.10)))', 4326));

INSERT INTO rivers (name, segments, length_km, navigable, surveyed, geom) VALUES
 ('Min River',     2, 562.0, true,  '2018-05-20', ST_GeomFromText('MULTILINESTRING((117.50 26.60, 118.20 26.60, 118.90 26.20),(118.90 26.20, 119.30 26.05, 119.65 26.10))', 4326)),
 ('Jiulong River', 1, 258.0, false, '2018-05-20', ST_GeomFromText('MULTILINESTRING((117.20 24.90, 117.60 24.60, 117.95 24.45))', 4326));

INSERT INTO towns_cgcs2000 (name, population, area_km2, is_capital, founded, geom) VALUES
 ('Fuzhou', 8290000, 11968.0, true,  '1949-08-17', ST_GeomFromText('POLYGON((119.10 25.90, 119.50 25.90, 119.50 26.25, 119.10 26.25, 119.10 25.90))', 4490)),
 ('Xiamen', 5160000,  1700.6, false, '1980-10-07', ST_GeomFromText('POLYGON((117.90 24.35, 118.30 24.35, 118.30 24.65, 117.90 24.65, 117.90 24.35))', 4490));

INSERT INTO stations (name, platforms, opened, geom) VALUES
 ('Fuzhou stations', 16, '2009-04-01', ST_GeomFromText('MULTIPOINT((119.32 26.11),(119.28 26.02))', 4326)),
 ('Xiamen stations', 12, '2001-08-01', ST_GeomFromText('MULTIPOINT((118.11 24.47),(118.07 24.64))', 4326));
