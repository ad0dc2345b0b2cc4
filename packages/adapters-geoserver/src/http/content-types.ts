/**
 * The media types gportal sends and reads, in one table (OpenLayers' habit: protocol knowledge is
 * data). GeoServer picks a style's parser from the SLD ones: `sld10` for SLD 1.0, `se11` for
 * SLD 1.1 / Symbology Encoding 1.1.
 */
export const CONTENT_TYPES = {
  json: 'application/json',
  xml: 'application/xml',
  textXml: 'text/xml',
  html: 'text/html',
  text: 'text/plain',
  form: 'application/x-www-form-urlencoded',
  sld10: 'application/vnd.ogc.sld+xml',
  se11: 'application/vnd.ogc.se+xml',
} as const;

/** The media type of a `Content-Type` header without its parameters, lower case (`''` when absent). */
export function mediaTypeOf(header: string | null | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

/** JSON, or a JSON dialect such as `application/geo+json`. */
export function isJsonMediaType(mediaType: string): boolean {
  return mediaType === CONTENT_TYPES.json || mediaType.endsWith('+json') || mediaType === 'text/json';
}
