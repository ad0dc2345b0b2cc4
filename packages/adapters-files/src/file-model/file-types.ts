import type { Geometry, PropertyType, PropertyValue } from '@gportal/core';

/** The formats gportal reads and writes. */
export type FeatureFileFormat = 'geojson' | 'shapefile' | 'kml' | 'csv' | 'jzd';

/** A file as a picker, a drop or a worker message hands it over: its name and its bytes. */
export interface FeatureFileInput {
  /** The file's name; its extension is the first hint of the format. */
  name: string;
  bytes: Uint8Array;
}

/** One feature of a file: a geometry in lon/lat (CGCS2000 / WGS84, x = lon) and its properties. */
export interface FileFeature {
  geometry: Geometry;
  properties: Record<string, PropertyValue>;
}

/** One attribute column of a file, with the type its values were read as. */
export interface FileField {
  name: string;
  type: PropertyType;
  /** A `number` field whose values are whole numbers (a DBF `N` field without decimals, a CSV column of integers). */
  integer?: boolean;
}

/** A feature that could not be read: its position in the file (0-based) and why, in words. */
export interface FileProblem {
  index: number;
  reason: string;
}

/** What {@link readFeatureFile} found in a file. */
export interface ImportedFile {
  format: FeatureFileFormat;
  /** The coordinate system the file's coordinates were in, as read (`EPSG:4527`), before they were turned into lon/lat. */
  crs: string;
  features: FileFeature[];
  fields: FileField[];
  /** Every feature that could not be read; none is dropped without one. */
  problems: FileProblem[];
}

/** Reports how much of the work is done, from 0 to 1. */
export type ProgressCallback = (fraction: number) => void;

/** What long work takes: a way to stop it and a way to watch it. */
export interface WorkOptions {
  /** Stops the work at its next checkpoint with the signal's reason. */
  signal?: AbortSignal;
  /** Called now and then with the fraction done, and with 1 at the end. */
  onProgress?: ProgressCallback;
}

/** Options of {@link readFeatureFile}; every one is optional. */
export interface ReadFeatureFileOptions extends WorkOptions {
  /**
   * The coordinate system of files that do not say theirs (a Shapefile without `.prj`, a CSV's
   * X / Y columns): `EPSG:4326` when not given.
   */
  crs?: string;
  /** The largest file read, in bytes; larger ones are refused. Default {@link FILE_LIMITS}`.maxBytes`. */
  maxBytes?: number;
}

/** Options of {@link writeFeatureFile}. */
export interface WriteFeatureFileOptions extends WorkOptions {
  format: FeatureFileFormat;
  /** The file's name without its extension (`export` when not given). */
  name?: string;
  /**
   * The coordinate system written (Shapefile, CSV and the coordinate file; GeoJSON and KML are
   * always lon/lat). Default: EPSG:4490 for a Shapefile and CSV; for the coordinate file, the
   * 3° zone (zone number in front) of the features' centre.
   */
  crs?: string;
  /** The columns and their order; by default every property the features have, typed by their values. */
  fields?: FileField[];
  /** The coordinate file's text encoding: `gbk` (what the ministry's tools read, the default) or `utf-8`. */
  encoding?: 'gbk' | 'utf-8';
}

/** A file {@link writeFeatureFile} made, ready to download. */
export interface WrittenFile {
  /** The file's name with its extension (`parcels.zip`). */
  name: string;
  bytes: Uint8Array;
  mediaType: string;
}
