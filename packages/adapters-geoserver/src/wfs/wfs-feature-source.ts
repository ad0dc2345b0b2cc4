import {
  DEFAULT_MAX_FEATURES,
  MapServerError,
  NotFoundError,
  QueryNotSupportedError,
  ValidationError,
  bboxIntersects,
  comparePropertyValues,
  featureOrder,
  geometryBBox,
  matchesFilter,
  type MapFeature,
  type SortKey,
  type FeatureCountQuery,
  type FeatureQuery,
  type FeatureSchema,
  type FeatureSet,
  type FeatureSource,
  type FeatureTypeSummary,
} from '@gportal/core';
import type { AnswerReader, FetchedAnswer } from './answer-reader.js';
import type { AxisOrderCorrection } from './axis-order.js';
import { featureTypeBBox, readFeatureTypes, readQueryConstraints, type QueryConstraints } from './capabilities.js';
import { readFeatureSchema, type WfsLayer } from './describe-feature-type.js';
import { settleAxisOrder, type FeatureReadContext, type ReadAnswer } from './feature-reader.js';
import { writeGetFeature, type DateLiteralFunctions, type GetFeatureRequest } from './get-feature-request.js';
import { DATE_LITERAL_FUNCTIONS, identifyMapServer, QGIS_FEATURE_NS } from './server-kind.js';
import type { WfsAnswer, WfsEndpoint } from './wfs-endpoint.js';
import { LON_LAT_SRS_NAME, PREFERRED_OUTPUT_FORMAT, WFS_VERSIONS, type WfsVersion } from './wfs-protocol.js';

/** Per-call options of the WFS adapters, beside the port's arguments. */
export interface WfsRequestOptions {
  /** Cancels the request; the abort reason is rethrown as is. */
  signal?: AbortSignal;
}

export interface WfsSourceSettings {
  version: WfsVersion;
  /** `undefined`: GeoJSON first, the version's GML when the server refuses it. */
  outputFormat: string | undefined;
  featureNS?: string;
  featurePrefix?: string;
  /** Told when GML coordinates under a bare `EPSG:4326` were read in the other order than the server's convention. */
  onAxisOrderCorrected: (correction: AxisOrderCorrection) => void;
  /** Reads GetFeature answers: on the main thread, or in a worker (`createWorkerAnswerReader`). */
  readAnswer: AnswerReader;
}

/** A GetCapabilities answer: its document (to identify the server), its feature types and what its queries can do. */
interface Capabilities {
  document: Document;
  types: FeatureTypeSummary[];
  constraints: QueryConstraints;
}

/** How servers word "no such type" in an exception (GeoServer: "Could not find type: …", QGIS: "… could not be found"). */
const UNKNOWN_TYPE = /could not (?:be )?find|unknown|not found|does not exist/i;
/** What reading a GetFeature answer needs: coordinates were asked for in lon/lat. */
const READ_CONTEXT: FeatureReadContext = { requestedSrsName: LON_LAT_SRS_NAME };

/** A GetFeature exchange's outcome: the features read where the request was sent, or the answer's body to read. */
type FetchedFeatures = { read: ReadAnswer } | { readFailed: unknown } | { body: string | ArrayBuffer; status: number };

/** How servers word a refused output format. */
const REFUSED_OUTPUT_FORMAT = /output\s*format/i;
/** How servers word a refused sort or page, in an exception report. */
const REFUSED_QUERY: ReadonlyArray<{ unsupported: 'sort' | 'page'; words: RegExp }> = [
  { unsupported: 'sort', words: /sort/i },
  { unsupported: 'page', words: /start\s*index|paging/i },
];

/** The property a layer's features are told apart by (its primary key, which QGIS Server and GeoServer make the id's number), if it publishes one. */
function keyProperty(schema: FeatureSchema): string | undefined {
  return schema.readOnly?.find((name) => schema.properties.some((property) => property.name === name));
}

/**
 * Whether features are in the order of the first sort key, checked where the order cannot
 * depend on a collation (numbers, dates, booleans): a server that ignores `SortBy` is told apart.
 */
function followsFirstKey(features: readonly MapFeature[], sortBy: readonly SortKey[], schema: FeatureSchema): boolean {
  const key = sortBy[0];
  const property = key && schema.properties.find((candidate) => candidate.name === key.property);
  if (!key || !property || property.type === 'string') return true;
  const direction = key.order === 'desc' ? -1 : 1;
  for (let index = 1; index < features.length; index += 1) {
    const before = (features[index - 1] as MapFeature).properties[key.property];
    const after = (features[index] as MapFeature).properties[key.property];
    if (direction * comparePropertyValues(before, after) > 0) return false;
  }
  return true;
}

/**
 * `FeatureSource` over WFS: GetCapabilities for the types, DescribeFeatureType for the schema
 * (read once per type), GetFeature as POST XML. Geometries are lon/lat whatever the server's
 * axis convention; properties are typed by the schema.
 */
export class WfsFeatureSource implements FeatureSource {
  private readonly layers = new Map<string, Promise<WfsLayer>>();
  /** The last GetCapabilities read; a failed read is not kept. */
  private capabilities: Promise<Capabilities> | undefined;
  /** Set once the server refused GeoJSON: later requests ask for its default GML directly. */
  private geoJsonRefused = false;

  constructor(
    private readonly endpoint: WfsEndpoint,
    private readonly settings: WfsSourceSettings,
  ) {}

  /** Reads GetCapabilities afresh every time (types come and go), keeping it for the axis-order checks. */
  async listTypes(options: WfsRequestOptions = {}): Promise<FeatureTypeSummary[]> {
    this.capabilities = undefined;
    return structuredClone((await this.readCapabilities(options.signal)).types);
  }

  async describe(typeName: string, options: WfsRequestOptions = {}): Promise<FeatureSchema> {
    return structuredClone((await this.layer(typeName, options.signal)).schema);
  }

  /** The layer's schema and XML names, read once; a failed read is not kept. */
  layer(typeName: string, signal?: AbortSignal): Promise<WfsLayer> {
    let layer = this.layers.get(typeName);
    if (!layer) {
      // A layer's schema comes before its features: the answer reader starts meanwhile (a worker's script loads).
      this.settings.readAnswer.prepare?.();
      layer = this.readLayer(typeName, signal);
      this.layers.set(typeName, layer);
      layer.catch(() => this.layers.delete(typeName));
    }
    return layer;
  }

  async getFeatures(query: FeatureQuery, options: WfsRequestOptions = {}): Promise<FeatureSet> {
    const maxFeatures = query.maxFeatures ?? DEFAULT_MAX_FEATURES;
    if (!Number.isInteger(maxFeatures) || maxFeatures < 0) {
      throw new ValidationError({ maxFeatures: 'maxFeatures must be a non-negative integer' });
    }
    if (query.featureIds?.length === 0) return { features: [], skipped: 0 };
    const layer = await this.layer(query.typeName, options.signal);
    const byIds = query.featureIds !== undefined;
    const startIndex = byIds ? undefined : query.startIndex || undefined;
    // Ties are broken by the key the ids are numbered by, as the core orders them (`featureOrder`).
    const key = keyProperty(layer.schema);
    const sortBy = query.sortBy && !byIds ? [...query.sortBy, ...(key && !query.sortBy.some((sortKey) => sortKey.property === key) ? [{ property: key, order: 'asc' as const }] : [])] : undefined;
    if (sortBy && !WFS_VERSIONS[this.settings.version].sortBy) {
      throw new QueryNotSupportedError('sort', `WFS ${this.settings.version} cannot sort: it has no SortBy`);
    }
    if (this.settings.version === '2.0.0' && (sortBy || startIndex)) await this.checkQueryConstraints(sortBy !== undefined, startIndex !== undefined, options.signal);
    const request = {
      layer,
      version: this.settings.version,
      // By ids, bbox and filter are applied here afterwards, so the limit too.
      maxFeatures: byIds ? (query.featureIds?.length ?? 0) : maxFeatures,
      ...(query.bbox ? { bbox: query.bbox } : {}),
      ...(query.filter ? { filter: query.filter } : {}),
      ...(query.featureIds ? { featureIds: query.featureIds } : {}),
      ...(startIndex ? { startIndex } : {}),
      ...(sortBy && sortBy.length > 0 ? { sortBy } : {}),
      ...this.dialectOf(layer),
    };
    // QGIS Server (its features' fixed namespace) labels GML geometries with the bare EPSG:4326,
    // whose check needs GetCapabilities: read meanwhile, not after the first answer (a round trip
    // less before a layer shows). Read once; a failed read is asked again where it is needed.
    if (layer.namespace === QGIS_FEATURE_NS) this.readCapabilities().catch(() => undefined);
    const read = await this.refusedQueryTyped(this.fetchAndRead(request, options.signal), request);
    const context = read.conventional ? await this.readContext(read, layer, options.signal) : {};
    const { axisOrderCorrection, ...set } = settleAxisOrder(read, { requestedSrsName: LON_LAT_SRS_NAME, ...context }, layer.schema.typeName);
    if (axisOrderCorrection) this.report(axisOrderCorrection);
    if (!byIds) {
      if (sortBy && !followsFirstKey(set.features, sortBy, layer.schema)) {
        throw new QueryNotSupportedError('sort', `GetFeature ${layer.schema.typeName}: the server did not sort by ${sortBy[0]?.property}`);
      }
      return set;
    }
    const features = set.features
      .filter((feature) => !query.bbox || bboxIntersects(geometryBBox(feature.geometry), query.bbox))
      .filter((feature) => !query.filter || matchesFilter(feature, query.filter));
    if (query.sortBy) features.sort(featureOrder(query.sortBy));
    return { features: features.slice(0, maxFeatures), skipped: set.skipped };
  }

  /** What this server needs written its own way: QGIS Server's date literals. */
  private dialectOf(layer: WfsLayer): { dateFunctions?: DateLiteralFunctions } {
    const dateFunctions = layer.namespace === QGIS_FEATURE_NS ? DATE_LITERAL_FUNCTIONS['qgis-server'] : undefined;
    return dateFunctions ? { dateFunctions } : {};
  }

  /** A server that declares it cannot sort or page (WFS 2.0 capabilities) is not asked to. */
  private async checkQueryConstraints(sorts: boolean, pages: boolean, signal?: AbortSignal): Promise<void> {
    const { constraints } = await this.readCapabilities(signal);
    if (sorts && constraints.sorting === false) throw new QueryNotSupportedError('sort', 'the WFS declares ImplementsSorting FALSE');
    if (pages && constraints.paging === false) throw new QueryNotSupportedError('page', 'the WFS declares ImplementsResultPaging FALSE');
  }

  /** An exception report refusing the sort or the page asked for, as the typed error that says which. */
  private async refusedQueryTyped<T>(reading: Promise<T>, request: Pick<GetFeatureRequest, 'sortBy' | 'startIndex'>): Promise<T> {
    try {
      return await reading;
    } catch (error) {
      if (!(error instanceof MapServerError)) throw error;
      const refused = REFUSED_QUERY.find(({ unsupported, words }) => (unsupported === 'sort' ? request.sortBy : request.startIndex) !== undefined && words.test(error.text));
      if (refused) throw new QueryNotSupportedError(refused.unsupported, error.message, { cause: error });
      throw error;
    }
  }

  /**
   * GetFeature `resultType="hits"`: the server counts the selection (`numberOfFeatures` in WFS
   * 1.x, `numberMatched` in 2.0) and sends no feature. Asked without a limit unless `atMost` is
   * given (the limit then: QGIS Server 3.22 counts no further than `maxFeatures`, GeoServer counts
   * all), and in the version's GML, as QGIS Server writes a hits answer in GeoJSON without a
   * comma between its members.
   */
  async countFeatures(query: FeatureCountQuery, options: WfsRequestOptions = {}): Promise<number> {
    const { version } = this.settings;
    if (!query.bbox && !query.filter) return this.countLayer(query.typeName, query.atMost, options.signal);
    const layer = await this.layer(query.typeName, options.signal);
    const xml = writeGetFeature({
      layer,
      version,
      resultType: 'hits',
      ...(query.atMost === undefined ? {} : { maxFeatures: query.atMost }),
      ...(query.bbox ? { bbox: query.bbox } : {}),
      ...(query.filter ? { filter: query.filter } : {}),
      ...this.dialectOf(layer),
    });
    const what = `GetFeature hits ${layer.schema.typeName}`;
    return this.hitsOf(await this.endpoint.post(xml, what, options.signal), what);
  }

  /**
   * The whole layer counted by KVP (`RESULTTYPE=hits`), which needs no schema: sent with the
   * layer's DescribeFeatureType, not after it (one round trip less before a large layer's first
   * view). Answers once both are in: an unknown type fails as a read of its schema does.
   */
  private async countLayer(typeName: string, atMost: number | undefined, signal?: AbortSignal): Promise<number> {
    const { version } = this.settings;
    const protocol = WFS_VERSIONS[version];
    const what = `GetFeature hits ${typeName}`;
    const parameters: Record<string, string> = { SERVICE: 'WFS', VERSION: version, REQUEST: 'GetFeature', [protocol.typeNameParameter]: typeName, RESULTTYPE: 'hits' };
    if (atMost !== undefined) parameters[protocol.limitAttribute.toUpperCase()] = String(atMost);
    const [layer, answer] = await Promise.allSettled([this.layer(typeName, signal), this.endpoint.get(parameters, what, signal)]);
    if (layer.status === 'rejected') throw layer.reason;
    if (answer.status === 'rejected') throw answer.reason;
    return this.hitsOf(answer.value, what);
  }

  /** The count of a hits answer (`numberOfFeatures` in WFS 1.x, `numberMatched` in 2.0). */
  private hitsOf(answer: WfsAnswer, what: string): number {
    const attribute = WFS_VERSIONS[this.settings.version].hitsAttribute;
    const count = Number(this.xmlOf(answer, what).documentElement.getAttribute(attribute) ?? Number.NaN);
    if (!Number.isInteger(count) || count < 0) {
      throw new MapServerError({ status: answer.status, code: 'UnexpectedResponse', text: `${what}: no ${attribute} in ${answer.text.slice(0, 200)}` });
    }
    return count;
  }

  /**
   * Asked only when the answer is GML with a bare `EPSG:4326` on its geometries: the server (from
   * the answer's feature namespace, else GetCapabilities) decides the order, and the layer's WGS84
   * box from GetCapabilities verifies it.
   */
  private async readContext(read: ReadAnswer, layer: WfsLayer, signal?: AbortSignal): Promise<Omit<FeatureReadContext, 'requestedSrsName'>> {
    const readBefore = this.capabilities !== undefined;
    let capabilities: Capabilities;
    try {
      capabilities = await this.readCapabilities(signal);
    } catch (error) {
      // A read asked before this answer came (with the features, or by another read) failed: asked once more, now.
      if (!readBefore || signal?.aborted) throw error;
      capabilities = await this.readCapabilities(signal);
    }
    const layerBBox = featureTypeBBox(capabilities.types, layer.schema.typeName);
    const server = read.featureNamespace === QGIS_FEATURE_NS ? 'qgis-server' : identifyMapServer(capabilities.document).server;
    return { server, ...(layerBBox ? { layerBBox } : {}) };
  }

  /** The caller's handler must not change what was read: its error is logged, not thrown. */
  private report(correction: AxisOrderCorrection): void {
    try {
      this.settings.onAxisOrderCorrected(correction);
    } catch (error) {
      console.error(`WFS ${correction.typeName}: the onAxisOrderCorrected handler failed`, error);
    }
  }

  private readCapabilities(signal?: AbortSignal): Promise<Capabilities> {
    if (!this.capabilities) {
      const reading = this.endpoint
        .get({ SERVICE: 'WFS', VERSION: this.settings.version, REQUEST: 'GetCapabilities' }, 'GetCapabilities', signal)
        .then((answer) => {
          const document = this.xmlOf(answer, 'GetCapabilities');
          return { document, types: readFeatureTypes(document), constraints: readQueryConstraints(document) };
        });
      this.capabilities = reading;
      reading.catch(() => {
        if (this.capabilities === reading) this.capabilities = undefined;
      });
    }
    return this.capabilities;
  }

  /**
   * Sends the GetFeature request and reads its answer: where the reader runs when it sends
   * requests itself (a worker, `AnswerReader.fetchAndRead`), else fetched here and handed to it.
   * GeoJSON is asked for first unless set otherwise; a server that refuses it is asked for its
   * GML, then and from then on.
   */
  private async fetchAndRead(request: Omit<GetFeatureRequest, 'outputFormat'>, signal?: AbortSignal): Promise<ReadAnswer> {
    const outputFormat = this.settings.outputFormat ?? (this.geoJsonRefused ? undefined : PREFERRED_OUTPUT_FORMAT);
    let fetched: FetchedFeatures;
    try {
      fetched = await this.fetchFeatures(request, outputFormat, signal);
    } catch (error) {
      const fallBack = this.settings.outputFormat === undefined && outputFormat !== undefined;
      if (!fallBack || !(error instanceof MapServerError) || !REFUSED_OUTPUT_FORMAT.test(error.message)) throw error;
      this.geoJsonRefused = true;
      fetched = await this.fetchFeatures(request, undefined, signal);
    }
    if ('read' in fetched) return fetched.read;
    // A read that failed where it was sent fails as a read here would: after the exchange, never a refused format.
    if ('readFailed' in fetched) throw fetched.readFailed;
    return this.settings.readAnswer({ ...fetched, layer: request.layer, context: READ_CONTEXT, ...(signal ? { signal } : {}) });
  }

  /** One GetFeature exchange: the features a reader that sends requests read, or the answer to read; the answer's errors thrown, typed. */
  private async fetchFeatures(request: Omit<GetFeatureRequest, 'outputFormat'>, outputFormat: string | undefined, signal?: AbortSignal): Promise<FetchedFeatures> {
    const what = `GetFeature ${request.layer.schema.typeName}`;
    const xml = writeGetFeature({ ...request, ...(outputFormat ? { outputFormat } : {}) });
    const { fetchAndRead } = this.settings.readAnswer;
    if (fetchAndRead) {
      const { request: sent, prepared } = this.endpoint.preparePost(xml, what);
      let fetched: FetchedAnswer | undefined;
      try {
        fetched = await fetchAndRead({ prepared, layer: request.layer, context: READ_CONTEXT, ...(signal ? { signal } : {}) });
      } catch (error) {
        return { readFailed: error };
      }
      if (fetched && 'read' in fetched) return fetched;
      if (fetched && 'unanswered' in fetched) throw this.endpoint.failureElsewhere(prepared, fetched.unanswered.reason, fetched.unanswered.timedOut);
      if (fetched) {
        // Checked as an answer fetched here: an error or an exception report throws, anything else is read here.
        const answer = this.endpoint.answerFromElsewhere(fetched.answer, sent);
        return { body: answer.text, status: answer.status };
      }
      // No worker sends it: fetched here.
    }
    const answer = await this.endpoint.post(xml, what, signal, this.settings.readAnswer.takes ?? 'bytes');
    return { body: answer.bytes ?? answer.text, status: answer.status };
  }

  private async readLayer(typeName: string, signal?: AbortSignal): Promise<WfsLayer> {
    const { version, featureNS, featurePrefix } = this.settings;
    let answer: WfsAnswer;
    try {
      answer = await this.endpoint.get(
        { SERVICE: 'WFS', VERSION: version, REQUEST: 'DescribeFeatureType', [WFS_VERSIONS[version].typeNameParameter]: typeName },
        `DescribeFeatureType ${typeName}`,
        signal,
      );
    } catch (error) {
      if (error instanceof MapServerError && UNKNOWN_TYPE.test(error.text)) {
        throw new NotFoundError({ kind: 'feature-type', name: typeName }, error.message);
      }
      throw error;
    }
    const layer = readFeatureSchema(this.xmlOf(answer, `DescribeFeatureType ${typeName}`), typeName, {
      ...(featureNS ? { featureNS } : {}),
      ...(featurePrefix ? { featurePrefix } : {}),
    });
    // QGIS Server answers an unknown type with an empty schema.
    if (!layer) throw new NotFoundError({ kind: 'feature-type', name: typeName }, `the WFS has no feature type ${typeName}`);
    return layer;
  }

  private xmlOf(answer: WfsAnswer, what: string): Document {
    if (answer.document) return answer.document;
    throw new MapServerError({ status: answer.status, code: 'UnexpectedResponse', text: `${what}: expected XML, got ${answer.text.slice(0, 200)}` });
  }
}
