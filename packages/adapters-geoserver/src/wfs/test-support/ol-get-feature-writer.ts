import { ValidationError, type AttributeFilter, type BBox, type FeatureSchema, type PropertySchema } from '@gportal/core';
import WFS from 'ol/format/WFS.js';
import * as ogc from 'ol/format/filter.js';
import type Filter from 'ol/format/filter/Filter.js';
import type { GetFeatureRequest } from '../get-feature-request.js';
import { writePropertyValue } from '../property-values.js';
import { LON_LAT_SRS_NAME, WFS_VERSIONS } from '../wfs-protocol.js';

function propertyOf(schema: FeatureSchema, name: string): PropertySchema {
  const property = schema.properties.find((candidate) => candidate.name === name);
  if (!property) throw new ValidationError({ [name]: `${schema.typeName} has no property ${name}` });
  return property;
}

type Literal = string | number;

function literal(value: string | number | boolean | Date, property: PropertySchema): Literal {
  return typeof value === 'number' ? value : (writePropertyValue(value, property) as string);
}

/** The core's attribute filter as an `ol/format/filter` tree, literals written as the schema types them. */
function toOgcFilter(filter: AttributeFilter, schema: FeatureSchema): Filter {
  switch (filter.op) {
    case 'and':
    case 'or': {
      const parts = filter.filters.map((part) => toOgcFilter(part, schema));
      if (parts.length === 0) throw new ValidationError({ filter: `an "${filter.op}" filter needs at least one condition` });
      if (parts.length === 1) return parts[0] as Filter;
      return filter.op === 'and' ? ogc.and(...parts) : ogc.or(...parts);
    }
    case 'not':
      return ogc.not(toOgcFilter(filter.filter, schema));
    case 'isNull':
      return ogc.isNull(propertyOf(schema, filter.property).name);
    case 'like':
      // The core's pattern: `*` any run, `?` one character, `!` escape, case-insensitive.
      return ogc.like(propertyOf(schema, filter.property).name, filter.pattern, '*', '?', '!', false);
    default: {
      const property = propertyOf(schema, filter.property);
      const value = literal(filter.value, property);
      // OpenLayers types ordering literals as numbers but writes any literal: dates stay `YYYY-MM-DD`.
      const ordered = value as number;
      const comparisons = {
        eq: () => ogc.equalTo(property.name, value),
        ne: () => ogc.notEqualTo(property.name, value),
        lt: () => ogc.lessThan(property.name, ordered),
        le: () => ogc.lessThanOrEqualTo(property.name, ordered),
        gt: () => ogc.greaterThan(property.name, ordered),
        ge: () => ogc.greaterThanOrEqualTo(property.name, ordered),
      };
      return comparisons[filter.op]();
    }
  }
}

/** Widening of an empty box (a point's own bbox): QGIS Server matches nothing with a zero-area BBOX. */
const EMPTY_BOX_PADDING = 1e-9;

function withArea(bbox: BBox): BBox {
  const [minX, minY, maxX, maxY] = bbox;
  const padX = minX === maxX ? EMPTY_BOX_PADDING : 0;
  const padY = minY === maxY ? EMPTY_BOX_PADDING : 0;
  return [minX - padX, minY - padY, maxX + padX, maxY + padY];
}

/**
 * The GetFeature request as the adapter wrote it through `ol/format/WFS` until `writeGetFeature`
 * streamed it itself: the reference its requests are proven equal to. OpenLayers writes no id
 * filter for WFS 1.x, so an id selection is added to its DOM.
 */
export function writeGetFeatureWithOpenLayers(request: GetFeatureRequest): string {
  const { layer, version } = request;
  const protocol = WFS_VERSIONS[version];
  const byIds = request.featureIds !== undefined;
  const filter = !byIds && request.filter ? toOgcFilter(request.filter, layer.schema) : undefined;
  const node = new WFS({ version }).writeGetFeature({
    featureNS: layer.namespace,
    featurePrefix: layer.prefix,
    featureTypes: [layer.localName],
    srsName: LON_LAT_SRS_NAME,
    geometryName: layer.schema.geometryField,
    [protocol.limitAttribute]: request.maxFeatures,
    ...(request.outputFormat ? { outputFormat: request.outputFormat } : {}),
    ...(request.startIndex ? { startIndex: request.startIndex } : {}),
    ...(request.resultType ? { resultType: request.resultType } : {}),
    ...(!byIds && request.bbox ? { bbox: withArea(request.bbox) } : {}),
    ...(filter ? { filter } : {}),
  }) as Element;
  if (byIds) {
    const query = node.getElementsByTagNameNS('*', 'Query')[0] as Element;
    const { namespace, element, attribute } = protocol.featureIdFilter;
    const idFilter = query.ownerDocument.createElementNS(namespace, 'Filter');
    for (const id of request.featureIds ?? []) {
      const idElement = query.ownerDocument.createElementNS(namespace, element);
      idElement.setAttribute(attribute, id);
      idFilter.appendChild(idElement);
    }
    query.appendChild(idFilter);
  }
  return new XMLSerializer().serializeToString(node);
}
