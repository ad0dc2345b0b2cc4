import { descendants, textOf } from './wfs-xml.js';

/** The WFS servers whose conventions the adapter knows (see `axis-order.ts`). */
export type MapServerKind = 'geoserver' | 'qgis-server' | 'unknown';

/** QGIS Server puts the features of every layer in this namespace, whatever the project. */
export const QGIS_FEATURE_NS = 'http://www.qgis.org/gml';

/**
 * The filter functions a server needs around a date literal: QGIS Server 3.22 compares a date
 * property with no plain literal (`founded > '1950-01-01'` selects nothing), only with `to_date(…)`.
 */
export const DATE_LITERAL_FUNCTIONS: Readonly<Partial<Record<MapServerKind, { date: string; dateTime: string }>>> = {
  'qgis-server': { date: 'to_date', dateTime: 'to_datetime' },
};

/** The texts a server describes itself with: provider, title and keywords of the service (not of its layers). */
function serviceTexts(document: Document): string[] {
  const service = descendants(document, 'ServiceIdentification')[0] ?? descendants(document, 'Service')[0];
  const provider = descendants(document, 'ProviderName').map(textOf);
  const own = service ? ['Title', 'Keyword'].flatMap((name) => descendants(service, name).map(textOf)) : [];
  return [...provider, ...own].filter((text): text is string => text !== undefined);
}

function listsValue(document: Document, value: string): boolean {
  return descendants(document, 'Value').some((element) => textOf(element) === value);
}

function schemaLocations(document: Document): string {
  return document.documentElement.getAttributeNS('http://www.w3.org/2001/XMLSchema-instance', 'schemaLocation') ?? '';
}

/**
 * How each server gives itself away in a GetCapabilities or GetFeature answer, as data; the
 * first clue that matches names the server. A server configured to hide all of them is `unknown`.
 */
const SERVER_CLUES: ReadonlyArray<{ server: Exclude<MapServerKind, 'unknown'>; clue: string; matches: (document: Document) => boolean }> = [
  { server: 'qgis-server', clue: `features in QGIS' fixed namespace ${QGIS_FEATURE_NS}`, matches: (document) => document.getElementsByTagNameNS(QGIS_FEATURE_NS, '*').length > 0 },
  { server: 'qgis-server', clue: 'a provider, service title or keyword naming QGIS', matches: (document) => serviceTexts(document).some((text) => /\bQGIS\b/i.test(text)) },
  { server: 'geoserver', clue: 'a provider, service title or keyword naming GeoServer', matches: (document) => serviceTexts(document).some((text) => /\bGeoServer\b/i.test(text)) },
  { server: 'geoserver', clue: "GeoServer's own SHAPE-ZIP output format", matches: (document) => listsValue(document, 'SHAPE-ZIP') },
  // GeoServer serves the OGC schemas itself ({base}/schemas/wfs/1.1.0/wfs.xsd); QGIS Server points to schemas.opengis.net.
  { server: 'geoserver', clue: 'WFS schemas served by the server itself', matches: (document) => /https?:\/\/(?!schemas\.opengis\.net)[^\s]*\/schemas\/wfs\/[\d.]+\/wfs\.xsd/.test(schemaLocations(document)) },
  // QGIS Server's name for GeoJSON; GeoServer lists `application/json`.
  { server: 'qgis-server', clue: 'the application/vnd.geo+json output format', matches: (document) => listsValue(document, 'application/vnd.geo+json') },
];

/** Which map server wrote a WFS answer ({@link identifyMapServer}), so its known quirks (axis order) can be expected. */
export interface MapServerIdentity {
  server: MapServerKind;
  /** What gave it away. */
  clue?: string;
}

/** The server that wrote these answers, by the first one with a clue (a GetFeature answer before GetCapabilities). */
export function identifyMapServer(...documents: Document[]): MapServerIdentity {
  for (const document of documents) {
    const known = SERVER_CLUES.find(({ matches }) => matches(document));
    if (known) return { server: known.server, clue: known.clue };
  }
  return { server: 'unknown' };
}
