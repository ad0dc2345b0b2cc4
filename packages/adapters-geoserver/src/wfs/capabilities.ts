import type { BBox, FeatureTypeSummary } from '@gportal/core';
import { descendants, firstChild, textOf } from './wfs-xml.js';

function corner(element: Element | undefined): [number, number] | undefined {
  const values = textOf(element)?.split(/\s+/).map(Number);
  return values && values.length >= 2 && values.every(Number.isFinite) ? [values[0] as number, values[1] as number] : undefined;
}

/** Lon/lat box: `ows:WGS84BoundingBox` (WFS 1.1, 2.0) or the attributes of `LatLongBoundingBox` (WFS 1.0). */
function boundingBox(featureType: Element): BBox | undefined {
  const wgs84 = firstChild(featureType, 'WGS84BoundingBox');
  if (wgs84) {
    const lower = corner(firstChild(wgs84, 'LowerCorner'));
    const upper = corner(firstChild(wgs84, 'UpperCorner'));
    return lower && upper ? [lower[0], lower[1], upper[0], upper[1]] : undefined;
  }
  const latLong = firstChild(featureType, 'LatLongBoundingBox');
  if (!latLong) return undefined;
  const box = ['minx', 'miny', 'maxx', 'maxy'].map((name) => Number(latLong.getAttribute(name) ?? NaN));
  return box.every(Number.isFinite) ? (box as BBox) : undefined;
}

/** The feature types of a WFS GetCapabilities answer (1.0, 1.1 or 2.0), with titles and lon/lat boxes. */
export function readFeatureTypes(document: Document): FeatureTypeSummary[] {
  const list = descendants(document, 'FeatureTypeList')[0];
  if (!list) return [];
  return descendants(list, 'FeatureType').flatMap((featureType) => {
    const name = textOf(firstChild(featureType, 'Name'));
    if (!name) return [];
    const title = textOf(firstChild(featureType, 'Title'));
    const bbox = boundingBox(featureType);
    return [{ name, ...(title ? { title } : {}), ...(bbox ? { bbox } : {}) }];
  });
}

/** The lon/lat box of a type, found by its name, or by its local name when the list is prefixed (`topp:roads22`) and the query not, or the other way round. */
export function featureTypeBBox(types: readonly FeatureTypeSummary[], typeName: string): BBox | undefined {
  const local = (name: string) => name.slice(name.indexOf(':') + 1);
  const exact = types.find((type) => type.name === typeName);
  if (exact) return exact.bbox;
  const byLocalName = types.filter((type) => local(type.name) === local(typeName));
  return byLocalName.length === 1 ? byLocalName[0]?.bbox : undefined;
}

/** What a server declares of its queries (WFS 2.0 `ImplementsSorting`, `ImplementsResultPaging`); left out where it declares nothing (WFS 1.x). */
export interface QueryConstraints {
  sorting?: boolean;
  paging?: boolean;
}

const QUERY_CONSTRAINTS: Readonly<Record<keyof QueryConstraints, string>> = { sorting: 'ImplementsSorting', paging: 'ImplementsResultPaging' };

/** The query constraints of a GetCapabilities answer (in `ows:OperationsMetadata` or the filter capabilities' conformance). */
export function readQueryConstraints(document: Document): QueryConstraints {
  const constraints: QueryConstraints = {};
  for (const element of descendants(document, 'Constraint')) {
    const name = element.getAttribute('name');
    const capability = (Object.keys(QUERY_CONSTRAINTS) as Array<keyof QueryConstraints>).find((key) => QUERY_CONSTRAINTS[key] === name);
    const value = textOf(firstChild(element, 'DefaultValue'))?.toUpperCase();
    if (capability && (value === 'TRUE' || value === 'FALSE')) constraints[capability] = value === 'TRUE';
  }
  return constraints;
}
