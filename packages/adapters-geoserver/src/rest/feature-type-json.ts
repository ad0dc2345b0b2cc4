import type { AttributeSpec, BoundingBox, FeatureTypeInfo, FeatureTypeSpec, ProjectionPolicy } from '@gportal/core';
import { definedOnly } from '../util/defined-only.js';
import { bindingOfJavaClass, JAVA_BINDINGS } from './attribute-bindings.js';
import { asArray, crsCode, isCount, isCrs, isFlag, isNamedLink, isObjectWith, isScalar, isText, isWrappedList, type CrsValue, type JsonList, type NamedLink } from './geoserver-json.js';

interface BoundingBoxJson {
  minx: number;
  maxx: number;
  miny: number;
  maxy: number;
  crs?: CrsValue;
}

interface AttributeJson {
  name: string;
  binding: string;
  nillable?: boolean;
  minOccurs?: number;
  maxOccurs?: number;
}

/** A feature type as GeoServer writes it (`featuretype-single.json`), fields gportal reads. */
export interface FeatureTypeJson {
  name: string;
  nativeName?: string;
  namespace?: NamedLink;
  title?: string;
  keywords?: { string?: JsonList<string> } | '';
  nativeCRS?: CrsValue;
  srs?: string;
  nativeBoundingBox?: BoundingBoxJson;
  latLonBoundingBox?: BoundingBoxJson;
  projectionPolicy?: ProjectionPolicy;
  enabled?: boolean;
  store?: NamedLink & { '@class'?: string };
  maxFeatures?: number;
  numDecimals?: number;
  attributes?: { attribute?: JsonList<AttributeJson> } | '';
}

const isBoundingBox = isObjectWith({ minx: isCount, maxx: isCount, miny: isCount, maxy: isCount, crs: isCrs }, ['minx', 'maxx', 'miny', 'maxy']);
const PROJECTION_POLICIES: ReadonlySet<unknown> = new Set<ProjectionPolicy>(['FORCE_DECLARED', 'REPROJECT_TO_DECLARED', 'NONE']);

/** The shape of {@link FeatureTypeJson}, checked when an answer is read (`rootOf`). */
export const FEATURE_TYPE_FIELDS = {
  name: isText,
  nativeName: isText,
  namespace: isNamedLink,
  title: isText,
  keywords: isWrappedList('string', isScalar),
  nativeCRS: isCrs,
  srs: isText,
  nativeBoundingBox: isBoundingBox,
  latLonBoundingBox: isBoundingBox,
  projectionPolicy: (value: unknown) => PROJECTION_POLICIES.has(value),
  enabled: isFlag,
  store: isNamedLink,
  maxFeatures: isCount,
  numDecimals: isCount,
  attributes: isWrappedList('attribute', isObjectWith({ name: isText, binding: isText, nillable: isFlag, minOccurs: isCount, maxOccurs: isCount }, ['name', 'binding'])),
};

function boundingBoxJson(box: BoundingBox): BoundingBoxJson {
  return { minx: box.minx, maxx: box.maxx, miny: box.miny, maxy: box.maxy, crs: box.crs };
}

function boundingBoxOf(box: BoundingBoxJson | undefined): BoundingBox | undefined {
  if (!box) return undefined;
  return { minx: box.minx, maxx: box.maxx, miny: box.miny, maxy: box.maxy, crs: crsCode(box.crs) ?? 'EPSG:4326' };
}

function attributeJson(attribute: AttributeSpec): AttributeJson {
  return {
    name: attribute.name,
    binding: JAVA_BINDINGS[attribute.binding],
    ...(attribute.nillable !== undefined ? { nillable: attribute.nillable } : {}),
    ...(attribute.minOccurs !== undefined ? { minOccurs: attribute.minOccurs } : {}),
    ...(attribute.maxOccurs !== undefined ? { maxOccurs: attribute.maxOccurs } : {}),
  };
}

/** Attributes whose Java class the domain has no binding for are left out. */
function attributesOf(attributes: FeatureTypeJson['attributes']): AttributeSpec[] | undefined {
  if (attributes === undefined) return undefined;
  return asArray(attributes === '' ? undefined : attributes.attribute).flatMap((attribute): AttributeSpec[] => {
    const binding = bindingOfJavaClass(attribute.binding);
    if (!binding) return [];
    return [
      {
        name: attribute.name,
        binding,
        ...(attribute.nillable !== undefined ? { nillable: attribute.nillable } : {}),
        ...(attribute.minOccurs !== undefined ? { minOccurs: attribute.minOccurs } : {}),
        ...(attribute.maxOccurs !== undefined ? { maxOccurs: attribute.maxOccurs } : {}),
      },
    ];
  });
}

/**
 * The `featureType` body of a POST (creation: with attributes GeoServer also creates the
 * table) or a PUT (only the fields given change). The store is left out: the URL names it, and
 * GeoServer refuses a body whose store disagrees with the URL.
 */
export function featureTypeJson(spec: Partial<FeatureTypeSpec>): Omit<FeatureTypeJson, 'name'> & { name?: string } {
  return definedOnly({
    name: spec.name,
    nativeName: spec.nativeName,
    namespace: spec.namespace !== undefined ? { name: spec.namespace } : undefined,
    title: spec.title,
    keywords: spec.keywords !== undefined ? { string: spec.keywords } : undefined,
    nativeCRS: spec.nativeCRS,
    srs: spec.srs,
    nativeBoundingBox: spec.nativeBoundingBox && boundingBoxJson(spec.nativeBoundingBox),
    latLonBoundingBox: spec.latLonBoundingBox && boundingBoxJson(spec.latLonBoundingBox),
    projectionPolicy: spec.projectionPolicy,
    enabled: spec.enabled,
    maxFeatures: spec.maxFeatures,
    numDecimals: spec.numDecimals,
    attributes: spec.attributes !== undefined ? { attribute: spec.attributes.map(attributeJson) } : undefined,
  });
}

// Keywords may carry GeoServer's language/vocabulary suffix: `area\@language=bg\;`.
const KEYWORD_SUFFIX = /\\@.*$/;

/** A GeoServer feature type answer in the domain's terms (CRS objects and WKT read as `EPSG:n`). */
export function featureTypeInfoOf(json: FeatureTypeJson, workspace: string, store: string): FeatureTypeInfo {
  const keywords = json.keywords === undefined ? undefined : asArray(json.keywords === '' ? undefined : json.keywords.string);
  return definedOnly({
    name: json.name,
    workspace,
    store,
    nativeName: json.nativeName,
    namespace: json.namespace?.name,
    title: json.title,
    keywords: keywords?.map((keyword) => String(keyword).replace(KEYWORD_SUFFIX, '')),
    nativeCRS: crsCode(json.nativeCRS),
    srs: json.srs,
    nativeBoundingBox: boundingBoxOf(json.nativeBoundingBox),
    latLonBoundingBox: boundingBoxOf(json.latLonBoundingBox),
    projectionPolicy: json.projectionPolicy,
    enabled: json.enabled,
    maxFeatures: json.maxFeatures,
    numDecimals: json.numDecimals,
    attributes: attributesOf(json.attributes),
  });
}
