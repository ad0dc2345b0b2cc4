import { FeatureFileError, decodeUtf8OrGbk, type FeatureFileFormat } from './file-model/index.js';
import { looksLikeKml } from './formats/index.js';

/** File extensions by the format they name. */
const EXTENSIONS: Readonly<Record<string, FeatureFileFormat>> = {
  '.zip': 'shapefile',
  '.geojson': 'geojson',
  '.json': 'geojson',
  '.kml': 'kml',
  '.csv': 'csv',
};

/** Parts of a Shapefile that cannot be read alone. */
const SHAPEFILE_PARTS = new Set(['.shp', '.shx', '.dbf', '.prj', '.cpg']);

const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 0x03 || bytes[2] === 0x05) && (bytes[3] === 0x04 || bytes[3] === 0x06);
const JZD_MARKER = /\[(属性描述|地块坐标)\]/;

/** What the first bytes of a file look like: the format their content says, if any. */
function sniff(bytes: Uint8Array): FeatureFileFormat | undefined {
  if (isZip(bytes)) return 'shapefile';
  const head = bytes.subarray(0, 4096);
  const text = decodeUtf8OrGbk(head).text;
  if (JZD_MARKER.test(text) || JZD_MARKER.test(new TextDecoder('gbk').decode(head))) return 'jzd';
  if (/^\s*[{[]/.test(text)) return 'geojson';
  if (looksLikeKml(text)) return 'kml';
  return undefined;
}

/**
 * The format of a file from its name and its first bytes: the extension says it (`.zip`,
 * `.geojson` / `.json`, `.kml`, `.csv`; a `.txt` is a coordinate file when it has the
 * coordinate file's sections, else CSV), else the bytes do. A Shapefile's parts alone are refused
 * with a sentence saying to zip them.
 */
export function detectFormat(name: string, bytes: Uint8Array): FeatureFileFormat {
  const dot = name.lastIndexOf('.');
  const extension = dot < 0 ? '' : name.slice(dot).toLowerCase();
  if (SHAPEFILE_PARTS.has(extension)) {
    throw new FeatureFileError('shapefile', `${name} is one part of a Shapefile: put its .shp, .shx, .dbf, .prj (and .cpg) into one .zip and read that.`);
  }
  const named = EXTENSIONS[extension];
  if (named) return named;
  const sniffed = sniff(bytes);
  if (sniffed) return sniffed;
  if (extension === '.txt') return 'csv';
  throw new FeatureFileError(undefined, `${name} is none of the formats gportal reads: a Shapefile (.zip), GeoJSON, KML, CSV or a boundary-point coordinate file.`);
}
