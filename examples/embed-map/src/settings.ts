import type { Locale } from '@gportal/ui-react';

/** What the host app decides; read from `VITE_EMBED_*` variables at build (or dev-server start) time. */
export interface EmbedSettings {
  /** A WFS-T endpoint (GeoServer's `/geoserver/wfs`, a QGIS Server project); without it, the in-memory sample. */
  wfsUrl?: string;
  /** The editor's language; Chinese by default. */
  locale: Locale;
}

export function readSettings(env: Readonly<Record<string, string | undefined>>): EmbedSettings {
  const wfsUrl = env.VITE_EMBED_WFS_URL?.trim();
  return { ...(wfsUrl ? { wfsUrl } : {}), locale: env.VITE_EMBED_LOCALE === 'en' ? 'en' : 'zh-CN' };
}
