/**
 * The base maps the map can lie on: the offline land (always there), the map server's WMTS (in
 * map-server mode) and the two Tianditu maps (with a key).
 */
export type BaseMapChoice = 'land' | 'server' | 'tianditu-vector' | 'tianditu-imagery';

export const BASE_MAP_CHOICES: readonly BaseMapChoice[] = ['land', 'server', 'tianditu-vector', 'tianditu-imagery'];

/** What the app offers: the server's map where it has one, Tianditu where a key is set. */
export interface BaseMapOffer {
  server: boolean;
  tianditu: boolean;
}

export function isOffered(choice: BaseMapChoice, offer: BaseMapOffer): boolean {
  if (choice === 'server') return offer.server;
  if (choice === 'land') return true;
  return offer.tianditu;
}

/** The base map shown when the user has chosen none (or one no longer offered): the server's, else the land. */
export function defaultBaseMap(offer: BaseMapOffer): BaseMapChoice {
  return offer.server ? 'server' : 'land';
}

export function isBaseMapChoice(value: unknown): value is BaseMapChoice {
  return typeof value === 'string' && (BASE_MAP_CHOICES as readonly string[]).includes(value);
}
