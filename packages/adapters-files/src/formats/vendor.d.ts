// Type declarations of the format libraries that ship none, for what gportal uses of them.

declare module '@terraformer/wkt' {
  /** Parses WKT into a GeoJSON geometry; throws on text that is not WKT. */
  export function wktToGeoJSON(wkt: string): { type: string; coordinates: unknown };
  /** Writes a GeoJSON geometry as WKT. */
  export function geojsonToWKT(geometry: { type: string; coordinates: unknown }): string;
}

declare module 'shpjs' {
  /** The geometries of a `.shp`, in its file order (`null` for a null shape), untransformed without a projection. */
  export function parseShp(shp: DataView): Array<{ type: string; coordinates: unknown } | null>;
  /** The records of a `.dbf`, decoded with the encoding named (a `.cpg`'s text). */
  export function parseDbf(dbf: DataView, encoding?: string): Array<Record<string, unknown>>;
}

declare module 'dbf' {
  /** One column of a DBF: its name as written, type letter (`C`, `N`, `L`, `D`) and width in bytes. */
  export interface DbfField {
    name: string;
    type: 'C' | 'N' | 'L' | 'D';
    size: number;
  }
  /** A dBase III file of `rows`, with the columns `fields`; each text is written one byte a character. */
  export function structure(rows: ReadonlyArray<Record<string, unknown>>, fields?: readonly DbfField[]): DataView;
}

declare module '@mapbox/shp-write/src/write.js' {
  /** The `.shp` and `.shx` (and a `.dbf` of `rows`) of geometries given as GeoJSON coordinates, one shape type for all. */
  export default function write(
    rows: ReadonlyArray<Record<string, unknown>>,
    geometryType: 'POINT' | 'POLYLINE' | 'POLYGON',
    geometries: readonly unknown[],
    callback: (error: unknown, files: { shp: DataView; shx: DataView; dbf: DataView }) => void,
  ): void;
}
