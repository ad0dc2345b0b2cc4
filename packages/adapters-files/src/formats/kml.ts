import type { Geometry, PropertyValue } from '@gportal/core';
import { kml } from '@tmcw/togeojson';
import { DOMImplementation, DOMParser, XMLSerializer, type Element as XmlElement } from '@xmldom/xmldom';
import { FeatureFileError, Work, type FileFeature, type FileField, type ImportedFile, type ReadFeatureFileOptions, type WorkOptions } from '../file-model/index.js';
import { resolveCrs } from '../crs/index.js';
import { collectFeatures, plainValue, type RawFeature } from './format-reader.js';

const KML_NAMESPACE = 'http://www.opengis.net/kml/2.2';

/** What togeojson derives from a Placemark's style rather than its data: not properties of the feature. */
const STYLE_PROPERTIES = new Set([
  'styleUrl', 'styleHash', 'styleMap', 'stroke', 'stroke-opacity', 'stroke-width', 'fill', 'fill-opacity', 'icon', 'icon-opacity',
  'icon-scale', 'icon-color', 'icon-heading', 'icon-offset', 'icon-offset-units', 'label-color', 'label-opacity', 'label-scale',
  'visibility', 'timespan', 'timestamp', 'coordinateProperties',
]);

/** KML's SimpleField types by the field type they hold. */
const SIMPLE_FIELD_TYPES: Readonly<Record<string, Omit<FileField, 'name'>>> = {
  int: { type: 'number', integer: true },
  uint: { type: 'number', integer: true },
  short: { type: 'number', integer: true },
  ushort: { type: 'number', integer: true },
  float: { type: 'number', integer: false },
  double: { type: 'number', integer: false },
  bool: { type: 'boolean' },
  string: { type: 'string' },
};

/** A MultiGeometry of one kind as its Multi geometry (togeojson gives every MultiGeometry as a GeometryCollection). */
function singleKind(geometry: { type?: string; coordinates?: unknown; geometries?: Array<{ type: string; coordinates: unknown }> } | null): RawFeature['geometry'] | { problem: string } {
  if (!geometry || geometry.type !== 'GeometryCollection') return geometry;
  const parts = geometry.geometries ?? [];
  const kinds = new Set(parts.map((part) => part.type));
  const [kind] = kinds;
  if (kinds.size !== 1 || !['Point', 'LineString', 'Polygon'].includes(kind as string)) return { problem: 'its MultiGeometry mixes kinds of geometry' };
  return { type: `Multi${kind}`, coordinates: parts.map((part) => part.coordinates) };
}

function parseXml(text: string): ReturnType<DOMParser['parseFromString']> {
  let fatal: string | undefined;
  const parser = new DOMParser({
    onError: (level, message) => {
      if (level === 'fatalError' || (level === 'error' && fatal === undefined)) fatal ??= message;
    },
  });
  let document: ReturnType<DOMParser['parseFromString']>;
  try {
    document = parser.parseFromString(text, 'text/xml');
  } catch (error) {
    throw new FeatureFileError('kml', `The file is not well-formed XML: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  if (fatal !== undefined) throw new FeatureFileError('kml', `The file is not well-formed XML: ${fatal}`);
  if (document.documentElement?.localName !== 'kml') throw new FeatureFileError('kml', 'The file is XML but not KML: its root is not <kml>.');
  return document;
}

/**
 * KML: each Placemark a feature, its ExtendedData (Data and SimpleData, typed by their Schema)
 * and its name and description its properties, read by togeojson over xmldom's DOM, which works
 * alike in browsers, workers (which have no DOMParser) and Node.
 */
export async function readKml(text: string, options: ReadFeatureFileOptions): Promise<ImportedFile> {
  const work = new Work(options);
  const document = parseXml(text);
  const declared = new Map<string, Omit<FileField, 'name'>>();
  for (const field of Array.from(document.getElementsByTagName('SimpleField'))) {
    const name = field.getAttribute('name') ?? '';
    const type = SIMPLE_FIELD_TYPES[(field.getAttribute('type') ?? 'string').toLowerCase()] ?? { type: 'string' };
    declared.set(name, type);
    // togeojson reads a bool as Boolean(text), which makes "0" true: gportal reads the text itself.
    if (type.type === 'boolean') field.setAttribute('type', 'string');
  }
  const collection = kml(document);
  const raw: RawFeature[] = collection.features.map((feature) => {
    const properties: Record<string, PropertyValue> = {};
    for (const [name, value] of Object.entries(feature.properties ?? {})) {
      if (STYLE_PROPERTIES.has(name)) continue;
      properties[name] = declared.get(name)?.type === 'boolean' && typeof value === 'string' ? /^(1|true)$/i.test(value.trim()) : plainValue(value);
    }
    const geometry = singleKind(feature.geometry as never);
    return geometry && typeof geometry === 'object' && 'problem' in geometry ? { geometry: undefined, properties, problem: geometry.problem as string } : { geometry, properties };
  });
  const list = await collectFeatures(raw, resolveCrs('EPSG:4326'), work);
  const fields = fieldsOf(list.features, declared);
  // A Placemark leaves out the SimpleData of a null value: every feature gets every field.
  for (const feature of list.features) for (const field of fields) feature.properties[field.name] ??= null;
  work.finish();
  return { format: 'kml', crs: 'EPSG:4326', features: list.features, fields, problems: list.problems };
}

function fieldsOf(features: readonly FileFeature[], declared: ReadonlyMap<string, Omit<FileField, 'name'>>): FileField[] {
  const names: string[] = [];
  for (const feature of features) for (const name of Object.keys(feature.properties)) if (!names.includes(name)) names.push(name);
  return names.map((name) => ({ name, ...(declared.get(name) ?? { type: 'string' }) }));
}

function simpleFieldType(field: FileField): string {
  if (field.type === 'number') return field.integer ? 'int' : 'double';
  if (field.type === 'boolean') return 'bool';
  return 'string';
}

const coordinatesText = (positions: readonly number[][]) => positions.map((position) => position.join(',')).join(' ');

/** KML with one Schema for the fields and each feature a Placemark whose SimpleData carry its properties. */
export async function writeKml(features: readonly FileFeature[], fields: readonly FileField[], layerName: string, options: WorkOptions): Promise<string> {
  const work = new Work(options);
  const document = new DOMImplementation().createDocument(KML_NAMESPACE, 'kml', null);
  const element = (name: string, parent: XmlElement, text?: string): XmlElement => {
    const child = document.createElementNS(KML_NAMESPACE, name);
    if (text !== undefined) child.appendChild(document.createTextNode(text));
    parent.appendChild(child);
    return child;
  };
  const root = element('Document', document.documentElement as XmlElement);
  element('name', root, layerName);
  // A text field called name is the Placemark's own <name>: GDAL's KML layer always has a Name
  // field for it, and would drop a SimpleData of the same name.
  const nameField = fields.find((field) => field.name === 'name' && field.type === 'string');
  const dataFields = fields.filter((field) => field !== nameField);
  const schemaId = 'fields';
  const schema = element('Schema', root);
  schema.setAttribute('name', layerName);
  schema.setAttribute('id', schemaId);
  for (const field of dataFields) {
    const simpleField = element('SimpleField', schema);
    simpleField.setAttribute('name', field.name);
    simpleField.setAttribute('type', simpleFieldType(field));
  }
  const writeGeometry = (geometry: Geometry, parent: XmlElement): void => {
    const polygon = (rings: number[][][], into: XmlElement) => {
      const polygonElement = element('Polygon', into);
      rings.forEach((ring, index) => {
        const boundary = element(index === 0 ? 'outerBoundaryIs' : 'innerBoundaryIs', polygonElement);
        element('coordinates', element('LinearRing', boundary), coordinatesText(ring));
      });
    };
    switch (geometry.type) {
      case 'Point':
        element('coordinates', element('Point', parent), coordinatesText([geometry.coordinates]));
        return;
      case 'LineString':
        element('coordinates', element('LineString', parent), coordinatesText(geometry.coordinates));
        return;
      case 'Polygon':
        polygon(geometry.coordinates, parent);
        return;
      case 'MultiPoint': {
        const multi = element('MultiGeometry', parent);
        for (const point of geometry.coordinates) element('coordinates', element('Point', multi), coordinatesText([point]));
        return;
      }
      case 'MultiLineString': {
        const multi = element('MultiGeometry', parent);
        for (const line of geometry.coordinates) element('coordinates', element('LineString', multi), coordinatesText(line));
        return;
      }
      case 'MultiPolygon': {
        const multi = element('MultiGeometry', parent);
        for (const rings of geometry.coordinates) polygon(rings, multi);
      }
    }
  };
  for (let index = 0; index < features.length; index += 1) {
    await work.step(index, features.length);
    const { geometry, properties } = features[index] as FileFeature;
    const placemark = element('Placemark', root);
    const name = nameField ? properties[nameField.name] : undefined;
    if (name !== null && name !== undefined) element('name', placemark, String(name));
    const data = element('SchemaData', element('ExtendedData', placemark));
    data.setAttribute('schemaUrl', `#${schemaId}`);
    for (const field of dataFields) {
      const value = properties[field.name];
      if (value === null || value === undefined) continue;
      const text = value instanceof Date ? value.toISOString() : typeof value === 'boolean' ? (value ? '1' : '0') : String(value);
      element('SimpleData', data, text).setAttribute('name', field.name);
    }
    writeGeometry(geometry, placemark);
  }
  work.finish();
  return '<?xml version="1.0" encoding="UTF-8"?>\n' + new XMLSerializer().serializeToString(document);
}

/** Whether text looks like KML: XML whose first element is `<kml`. */
export function looksLikeKml(head: string): boolean {
  return /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<kml[\s>]/.test(head);
}
