import { DEFAULT_WFS_VERSION, ValidationError } from '@gportal/core';
import { assertNoUserInfo, type AuthorizationSource } from '../http/index.js';
import { readAnswerOnMainThread, type AnswerReader } from './answer-reader.js';
import type { AxisOrderCorrection } from './axis-order.js';
import { definedOnly } from '../util/defined-only.js';
import { WfsEndpoint } from './wfs-endpoint.js';
import { WfsFeatureSource } from './wfs-feature-source.js';
import { WfsFeatureTransactions } from './wfs-feature-transactions.js';
import { isWfsVersion } from './wfs-protocol.js';

/** Options of {@link createWfsAdapters}; the defaults are in {@link WFS_ADAPTER_DEFAULTS}. */
export interface WfsAdapterOptions {
  /** The WFS endpoint: `/geoserver/wfs` behind the dev proxy, `http://127.0.0.1:8910/ows` for QGIS Server. */
  url: string;
  /** `1.0.0`, `1.1.0` or `2.0.0`. */
  version?: string;
  /** Feature namespace URI; by default the `targetNamespace` of DescribeFeatureType. */
  featureNS?: string;
  /** Prefix of the type name in requests; by default the type name's own (`ws:layer`) or the schema's. */
  featurePrefix?: string;
  /** GetFeature output format; by default GeoJSON, falling back to the version's GML if the server refuses it. */
  outputFormat?: string;
  /** Time allowed for each request, answer included, before `TimeoutError`. */
  timeoutMs?: number;
  /** Send cookies and HTTP authentication cross-origin too (fetch `credentials: 'include'`). */
  withCredentials?: boolean;
  /** A sign-in holding an `Authorization` header (`createGeoServerAuth` in `basic` mode), sent with every request. */
  session?: AuthorizationSource;
  /**
   * The map server: only requests to this URL's origin carry credentials (cookies, `session`);
   * a WFS on any other origin gets none. Defaults to the WFS URL itself.
   */
  credentialsOrigin?: string;
  /**
   * Told when the coordinates of a GML answer labelled with a bare `EPSG:4326` did not fit the
   * order its server is known to write (checked against the layer's WGS84 box from
   * GetCapabilities) and were read in the other order. Default: a console warning.
   */
  onAxisOrderCorrected?: (correction: AxisOrderCorrection) => void;
  /**
   * Reads GetFeature answers. Default: on the calling thread (`readAnswerOnMainThread`); a page
   * passes `createWorkerAnswerReader` to read them in a Web Worker, so a large answer never
   * blocks it.
   */
  readAnswer?: AnswerReader;
  /** Defaults to the global `fetch`. */
  fetch?: typeof fetch;
}

function warnAxisOrderCorrected({ typeName, srsName, server, expected, used }: AxisOrderCorrection): void {
  console.warn(`WFS ${typeName}: coordinates under ${srsName} from ${server} did not fit ${expected} order; read as ${used}`);
}

/** The defaults of `WfsAdapterOptions`, in one place. */
export const WFS_ADAPTER_DEFAULTS = {
  version: DEFAULT_WFS_VERSION,
  timeoutMs: 30_000,
  withCredentials: false,
  /** Default: a console warning naming the layer, the server and the order used. */
  onAxisOrderCorrected: warnAxisOrderCorrected,
  /** Default: the answers are read on the calling thread. */
  readAnswer: readAnswerOnMainThread,
} as const;

/** The two WFS ports of one service, from {@link createWfsAdapters}. */
export interface WfsAdapters {
  source: WfsFeatureSource;
  transactions: WfsFeatureTransactions;
}

/**
 * The `FeatureSource` and `FeatureTransactions` of one WFS(-T) service (GeoServer, QGIS Server or
 * any conforming server), sharing the layer schemas they read. GetFeature answers are streamed
 * and the requests (GetFeature, Transaction) written by a streaming writer that escapes every value (`XmlStream`); the small answers
 * (capabilities, schemas, transaction results) go through the DOM's `DOMParser`: present in
 * browsers; in Node, register it first (jsdom).
 *
 * @example
 * ```ts
 * const { source, transactions } = createWfsAdapters({ url: '/geoserver/wfs', withCredentials: true });
 * const { features } = await source.getFeatures({ typeName: 'store_33:polygon', maxFeatures: 100 });
 * ```
 */
export function createWfsAdapters(options: WfsAdapterOptions): WfsAdapters {
  const settings = { ...WFS_ADAPTER_DEFAULTS, ...definedOnly(options) } as
    typeof WFS_ADAPTER_DEFAULTS & WfsAdapterOptions;
  const version = settings.version;
  if (!isWfsVersion(version)) throw new ValidationError({ version: `unsupported WFS version ${version}; use 1.0.0, 1.1.0 or 2.0.0` });
  if (!settings.url) throw new ValidationError({ url: 'the WFS URL is required' });
  const session = settings.session;
  const endpoint = new WfsEndpoint({
    url: assertNoUserInfo(settings.url, 'url'),
    timeoutMs: settings.timeoutMs,
    withCredentials: settings.withCredentials,
    ...(session ? { authorization: () => session.authorization() } : {}),
    ...(settings.credentialsOrigin ? { credentialsOrigin: settings.credentialsOrigin } : {}),
    ...(settings.fetch ? { fetch: settings.fetch } : {}),
  });
  const source = new WfsFeatureSource(endpoint, {
    version,
    outputFormat: settings.outputFormat,
    onAxisOrderCorrected: settings.onAxisOrderCorrected,
    readAnswer: settings.readAnswer,
    ...(settings.featureNS ? { featureNS: settings.featureNS } : {}),
    ...(settings.featurePrefix ? { featurePrefix: settings.featurePrefix } : {}),
  });
  return { source, transactions: new WfsFeatureTransactions(endpoint, source, version) };
}
