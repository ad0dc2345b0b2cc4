-- Test schema for the loopback WFS-T server (scripts/wfs-server.sh).
-- One table per geometry type, all EPSG:4326 (x = lon, y = lat), plus one Polygon table in
-- EPSG:4490 (CGCS2000). Every table needs a primary key: QGIS Server publishes it as the WFS
-- feature id "<typename>.<pk>". The geometry column is "geom" in PostGIS but is always called
-- "geometry" on the WFS side.
-- The script recreates the database when this file changes (checksum kept in the work dir).
CREATE EXTENSION IF NOT EXISTS postgis;

CREATE TABLE poi (                      -- Point
  id serial PRIMARY KEY,
  name text NOT NULL,
  population integer,
  height_m double precision,
  is_capital boolean DEFAULT false,
  founded date,
  geom geometry(Point, 4326)
);
CREATE TABLE roads (                    -- LineString
  id serial PRIMARY KEY,
  name text,
  lanes integer,
  length_km double precision,
  paved boolean,
  opened date,
  geom geometry(LineString, 4326)
);
CREATE TABLE towns (                    -- Polygon
  id serial PRIMARY KEY,
  name text,
  population integer,
  area_km2 double precision,
  is_capital boolean,
  founded date,
  geom geometry(Polygon, 4326)
);
CREATE TABLE districts (                -- MultiPolygon
  id serial PRIMARY KEY,
  name text,
  population integer,
  area_km2 double precision,
  coastal boolean,
  surveyed date,
  geom geometry(MultiPolygon, 4326)
);
CREATE TABLE rivers (                   -- MultiLineString
  id serial PRIMARY KEY,
  name text,
  segments integer,
  length_km double precision,
  navigable boolean,
  surveyed date,
  geom geometry(MultiLineString, 4326)
);
CREATE TABLE towns_cgcs2000 (           -- Polygon, EPSG:4490
  id serial PRIMARY KEY,
  name text,
  population integer,
  area_km2 double precision,
  is_capital boolean,
  founded date,
  geom geometry(Polygon, 4490)
);

CREATE TABLE stations (                 -- MultiPoint: a town's railway stations, one feature
  id serial PRIMARY KEY,
  name text,
  platforms integer,
  opened date,
  geom geometry(MultiPoint, 4326)
);

-- Filled only by "wfs-server.sh seed-large" (100 000 generated town-like polygons); "reset" leaves it alone.
CREATE TABLE towns_large (              -- Polygon, large layer
  id serial PRIMARY KEY,
  name text,
  population integer,
  area_km2 double precision,
  is_capital boolean,
  founded date,
  geom geometry(Polygon, 4326)
);

CREATE INDEX ON poi USING gist (geom);
CREATE INDEX ON roads USING gist (geom);
CREATE INDEX ON towns USING gist (geom);
CREATE INDEX ON districts USING gist (geom);
CREATE INDEX ON rivers USING gist (geom);
CREATE INDEX ON towns_cgcs2000 USING gist (geom);
CREATE INDEX ON stations USING gist (geom);
CREATE INDEX ON towns_large USING gist (geom);
