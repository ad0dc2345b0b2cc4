import { ValidationError, type StyleFormat } from '@gportal/core';
import { CONTENT_TYPES } from '../http/index.js';

/** The content type GeoServer reads each style format with, by the SLD document's version. */
export const STYLE_FORMATS = {
  '1.0.0': { format: 'sld', contentType: CONTENT_TYPES.sld10 },
  '1.1.0': { format: 'se', contentType: CONTENT_TYPES.se11 },
} as const satisfies Record<string, { format: StyleFormat; contentType: string }>;

export type StyleVersion = keyof typeof STYLE_FORMATS;

// The root element, after the XML declaration, comments and a doctype, with its attributes.
const ROOT_ELEMENT = /^(?:\s|<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)*<(?:[\w.-]+:)?StyledLayerDescriptor\b([^>]*)>/;
const VERSION_ATTRIBUTE = /\sversion\s*=\s*(["'])([^"']*)\1/;

/**
 * Reads the version of an SLD document from its root `StyledLayerDescriptor` element and
 * answers the matching format and content type (SLD 1.0 → `application/vnd.ogc.sld+xml`,
 * SLD 1.1 / SE → `application/vnd.ogc.se+xml`). Anything else is refused before it is sent.
 */
export function detectStyleFormat(sld: string): (typeof STYLE_FORMATS)[StyleVersion] & { version: StyleVersion } {
  const root = ROOT_ELEMENT.exec(sld);
  if (!root) throw new ValidationError({ sld: 'the style definition must be an SLD document (StyledLayerDescriptor)' });
  const version = VERSION_ATTRIBUTE.exec(root[1]!)?.[2];
  if (version !== '1.0.0' && version !== '1.1.0') {
    throw new ValidationError({ sld: `unsupported SLD version ${JSON.stringify(version ?? '')}; expected 1.0.0 or 1.1.0` });
  }
  return { ...STYLE_FORMATS[version], version };
}
