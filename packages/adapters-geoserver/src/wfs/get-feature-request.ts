import { ValidationError, type AttributeFilter, type BBox, type FeatureSchema, type PropertySchema, type SortKey } from '@gportal/core';
import type { WfsLayer } from './describe-feature-type.js';
import { isDateTimeProperty, writePropertyValue } from './property-values.js';
import { GML_WRITING, LON_LAT_SRS_NAME, NS, WFS_VERSIONS, type WfsVersion } from './wfs-protocol.js';
import { streamXml, type XmlStream } from './xml-writer.js';

export interface GetFeatureRequest {
  layer: WfsLayer;
  version: WfsVersion;
  /** Left out: no limit, as a hits request must be (QGIS Server counts no further than the limit). */
  maxFeatures?: number;
  /** Left out: the server's default format (GML of the version). */
  outputFormat?: string;
  /** Lon/lat. */
  bbox?: BBox;
  filter?: AttributeFilter;
  /** Selects by id; OGC filters cannot combine ids with other predicates, so the caller does that. */
  featureIds?: string[];
  /** Features skipped first, for paging (`startIndex`, counted from 0). */
  startIndex?: number;
  /** `hits`: the server answers the count of the selection only, no features. */
  resultType?: 'hits';
  /** The answer's order (`SortBy`), the keys in turn; the caller adds its tie-break key. Refused in a version without `SortBy`. */
  sortBy?: readonly SortKey[];
  /**
   * Filter functions a date literal is wrapped in, for servers that compare a date property with
   * no plain literal (QGIS Server: `to_date`); left out, dates are plain literals.
   */
  dateFunctions?: DateLiteralFunctions;
}

/** The functions {@link GetFeatureRequest.dateFunctions} names: one for calendar dates, one for date-times. */
export interface DateLiteralFunctions {
  date: string;
  dateTime: string;
}

function propertyOf(schema: FeatureSchema, name: string): PropertySchema {
  const property = schema.properties.find((candidate) => candidate.name === name);
  if (!property) throw new ValidationError({ [name]: `${schema.typeName} has no property ${name}` });
  return property;
}

/** Widening of an empty box (a point's own bbox): QGIS Server matches nothing with a zero-area BBOX. */
const EMPTY_BOX_PADDING = 1e-9;

function withArea(bbox: BBox): BBox {
  const [minX, minY, maxX, maxY] = bbox;
  const padX = minX === maxX ? EMPTY_BOX_PADDING : 0;
  const padY = minY === maxY ? EMPTY_BOX_PADDING : 0;
  return [minX - padX, minY - padY, maxX + padX, maxY + padY];
}

/** OGC filter element names of the core's comparison operators. */
const COMPARISONS = {
  eq: 'PropertyIsEqualTo',
  ne: 'PropertyIsNotEqualTo',
  lt: 'PropertyIsLessThan',
  le: 'PropertyIsLessThanOrEqualTo',
  gt: 'PropertyIsGreaterThan',
  ge: 'PropertyIsGreaterThanOrEqualTo',
} as const;

/** Writes the filters of a query as `ol/format/WFS` did: OGC 1.1 (`ogc:`, WFS 1.x) or FES 2.0 (WFS 2.0). */
class FilterWriter {
  constructor(
    private readonly xml: XmlStream,
    private readonly version: WfsVersion,
    private readonly schema: FeatureSchema,
    private readonly dateFunctions: DateLiteralFunctions | undefined,
  ) {}

  private propertyName(name: string): void {
    this.xml.ele(WFS_VERSIONS[this.version].filterPropertyName, name).up();
  }

  /** The core's attribute filter, literals written as the schema types them. */
  attributes(filter: AttributeFilter): void {
    const xml = this.xml;
    switch (filter.op) {
      case 'and':
      case 'or': {
        if (filter.filters.length === 0) throw new ValidationError({ filter: `an "${filter.op}" filter needs at least one condition` });
        if (filter.filters.length === 1) return this.attributes(filter.filters[0] as AttributeFilter);
        xml.ele(filter.op === 'and' ? 'And' : 'Or');
        for (const part of filter.filters) this.attributes(part);
        break;
      }
      case 'not':
        xml.ele('Not');
        this.attributes(filter.filter);
        break;
      case 'isNull':
        xml.ele('PropertyIsNull');
        this.propertyName(propertyOf(this.schema, filter.property).name);
        break;
      case 'like':
        // The core's pattern: `*` any run, `?` one character, `!` escape, case-insensitive.
        xml.ele('PropertyIsLike', { wildCard: '*', singleChar: '?', escapeChar: '!', matchCase: 'false' });
        this.propertyName(propertyOf(this.schema, filter.property).name);
        xml.ele('Literal', filter.pattern).up();
        break;
      default: {
        const property = propertyOf(this.schema, filter.property);
        const value = typeof filter.value === 'number' ? String(filter.value) : (writePropertyValue(filter.value, property) as string);
        xml.ele(COMPARISONS[filter.op]);
        this.propertyName(property.name);
        const dateFunction = filter.value instanceof Date ? this.dateFunctions?.[isDateTimeProperty(property) ? 'dateTime' : 'date'] : undefined;
        if (dateFunction) xml.ele('Function', { name: dateFunction }).ele('Literal', value).up().up();
        else xml.ele('Literal', value).up();
      }
    }
    xml.up();
  }

  bbox(bbox: BBox): void {
    const [minX, minY, maxX, maxY] = withArea(bbox);
    this.xml.ele('BBOX');
    this.propertyName(this.schema.geometryField);
    this.xml
      .ele('Envelope', { xmlns: GML_WRITING[WFS_VERSIONS[this.version].gml].namespace, srsName: LON_LAT_SRS_NAME })
      .ele('lowerCorner', `${minX} ${minY}`)
      .up()
      .ele('upperCorner', `${maxX} ${maxY}`)
      .up()
      .up()
      .up();
  }

  sortBy(keys: readonly SortKey[]): void {
    const sorting = WFS_VERSIONS[this.version].sortBy;
    if (!sorting) throw new ValidationError({ sortBy: `WFS ${this.version} has no SortBy` });
    this.xml.ele('SortBy', { xmlns: sorting.namespace });
    for (const key of keys) {
      this.xml.ele('SortProperty');
      this.propertyName(propertyOf(this.schema, key.property).name);
      this.xml.ele('SortOrder', key.order === 'desc' ? 'DESC' : 'ASC').up().up();
    }
    this.xml.up();
  }

  featureIds(ids: readonly string[]): void {
    const { element, attribute } = WFS_VERSIONS[this.version].featureIdFilter;
    for (const id of ids) this.xml.ele(element, { [attribute]: id }).up();
  }
}

/**
 * The GetFeature request as XML, streamed with `XmlStream` (which escapes every name, attribute
 * and text) as `ol/format/WFS` `writeGetFeature` wrote it (proven equal in the tests): one query
 * of the layer, asking for lon/lat (`urn:ogc:def:crs:OGC:1.3:CRS84`), with the bbox and the
 * attribute filter combined, or an id selection (which OpenLayers did not write for WFS 1.x),
 * then the order (`SortBy`, which OpenLayers does not write).
 */
export function writeGetFeature(request: GetFeatureRequest): string {
  const { layer, version } = request;
  const protocol = WFS_VERSIONS[version];
  const byIds = request.featureIds !== undefined;
  const bbox = byIds ? undefined : request.bbox;
  const filter = byIds ? undefined : request.filter;
  const chunks: string[] = [];
  const xml = streamXml((chunk) => chunks.push(chunk));
  const filters = new FilterWriter(xml, version, layer.schema, request.dateFunctions);
  xml.ele('GetFeature', {
    xmlns: protocol.namespace,
    service: 'WFS',
    version,
    ...(request.outputFormat ? { outputFormat: request.outputFormat } : {}),
    ...(request.maxFeatures === undefined ? {} : { [protocol.limitAttribute]: String(request.maxFeatures) }),
    ...(request.startIndex ? { startIndex: String(request.startIndex) } : {}),
    ...(request.resultType ? { resultType: request.resultType } : {}),
    'xmlns:xsi': NS.xsi,
    'xsi:schemaLocation': protocol.schemaLocation,
  });
  xml.ele('Query', { [protocol.queryTypeAttribute]: `${layer.prefix}:${layer.localName}`, srsName: LON_LAT_SRS_NAME, [`xmlns:${layer.prefix}`]: layer.namespace });
  if (byIds || bbox || filter) {
    xml.ele('Filter', { xmlns: protocol.featureIdFilter.namespace });
    if (byIds) filters.featureIds(request.featureIds ?? []);
    else if (bbox && filter) {
      xml.ele('And');
      filters.attributes(filter);
      filters.bbox(bbox);
      xml.up();
    } else if (filter) filters.attributes(filter);
    else if (bbox) filters.bbox(bbox);
    xml.up();
  }
  if (request.sortBy && request.sortBy.length > 0) filters.sortBy(request.sortBy);
  xml.up().up();
  xml.end();
  return chunks.join('');
}
