import { isLocale, LOCALES, type Locale } from '../i18n/messages';
import type { FieldLabels, LayerInfoTemplate } from '../map';

/** Where the app's data comes from: the in-memory sample (default) or a real map server. */
type Mode = 'embedded' | 'map-server';
type LandingRoute = '/test-index' | '/manage';
/** Which API the API test screen's administration buttons go through. */
type AdminApi = 'geoserver' | 'portal';

/** The settings of the app, read at start-up (see `loadAppConfig`). */
export interface AppConfig {
  mode: Mode;
  /** Where sign-in leads: the spec's two readings, testIndex or the management container. */
  landingRoute: LandingRoute;
  /** The language of the first visit; later the user's choice is remembered. */
  locale: Locale;
  /** Embedded mode: how long the simulated server takes to answer, so loading states can be seen. */
  embeddedLatencyMs: number;
  /** How long a save whose answer was lost may still commit on the server (`EditSessionOptions.unknownOutcomeWindowMs`). */
  unknownOutcomeWindowMs: number;
  /** Prefix of every browser-storage key. */
  storageNamespace: string;
  /** Map-server mode: GeoServer REST base URL. */
  geoserverRestUrl: string;
  /** Map-server mode: WFS endpoint. */
  wfsUrl: string;
  /** Map-server mode: WMTS endpoint for the tile layer. */
  wmtsUrl: string;
  /** Map-server mode: the portal backend's API base URL (`/auth/token`, `/common/*`). */
  portalApiUrl: string;
  /**
   * The API test screen's workspace add and delete, database create and delete, layer delete and
   * data buttons: GeoServer REST and WFS-T (`geoserver`), or the spec's product API (`portal`,
   * `/common/*` below `portalApiUrl`; the in-memory portal in embedded mode).
   */
  adminApi: AdminApi;
  /**
   * The feature map's info popup of the loaded layer (spec section 2): one text for every
   * language, or one per language; `{title}`, `{count}`, `{bounds}`, `{west}`, `{south}`,
   * `{east}`, `{north}` are filled in. Empty: the message table's. Shown as text, never HTML.
   */
  layerInfoTemplate: LayerInfoTemplate;
  /**
   * The attribute form's field labels, by layer type name then field name
   * (`{ "store_33:polygon": { "name": "名称" } }`): one text, or one per language. A field
   * without a label shows its name. Shown as text, never HTML.
   */
  fieldLabels: FieldLabels;
  /** Tianditu's key (`tk`): with it the map offers Tianditu's base maps; empty, none. Never commit one. */
  tiandituKey: string;
  /** The map review number (审图号) shown with Tianditu's maps, as its terms ask; empty, none shown. */
  tiandituReviewNumber: string;
}


/** Long enough for any popup; a longer value is a mistake (a pasted file), not a template. */
const MAX_TEMPLATE_LENGTH = 2000;

const templateText = (value: unknown): value is string => typeof value === 'string' && value.length <= MAX_TEMPLATE_LENGTH;

const layerInfoTemplate = (value: unknown): LayerInfoTemplate | undefined => {
  if (templateText(value)) return value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const entries = Object.entries(value);
  return entries.length > 0 && entries.every(([locale, text]) => isLocale(locale) && templateText(text)) ? (value as LayerInfoTemplate) : undefined;
};

/** A label longer than this is a mistake, not a field's name. */
const MAX_LABEL_LENGTH = 200;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const fieldLabel = (value: unknown): boolean =>
  (typeof value === 'string' && value.length <= MAX_LABEL_LENGTH) ||
  (isRecord(value) && Object.entries(value).every(([locale, text]) => isLocale(locale) && typeof text === 'string' && text.length <= MAX_LABEL_LENGTH));

/** The alias table as an object, or as its JSON text (an environment variable). */
const fieldLabels = (value: unknown): FieldLabels | undefined => {
  let table = value;
  if (typeof value === 'string') {
    try {
      table = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  if (!isRecord(table)) return undefined;
  return Object.values(table).every((fields) => isRecord(fields) && Object.values(fields).every(fieldLabel)) ? (table as FieldLabels) : undefined;
};

type ConfigSource = 'config.json' | 'environment';

/** A setting that could not be used; every one is shown on screen. */
export type ConfigProblem =
  | { code: 'unknown-setting'; key: string; source: ConfigSource }
  | { code: 'invalid-value'; key: keyof AppConfig; value: string; expected: string; fallback: string; source: ConfigSource }
  | { code: 'unreadable-file'; detail: string };

interface Setting<K extends keyof AppConfig> {
  default: AppConfig[K];
  /** The Vite environment variable that sets it in development. */
  env: string;
  expected: string;
  parse(value: unknown): AppConfig[K] | undefined;
}

/** A whole number of milliseconds from 0 to `max`, given as a number or as its text. */
function wholeMilliseconds(max: number): (value: unknown) => number | undefined {
  return (value) => {
    const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    return typeof number === 'number' && Number.isInteger(number) && number >= 0 && number <= max ? number : undefined;
  };
}

const oneOf =
  <T extends string>(...values: T[]) =>
  (value: unknown): T | undefined =>
    (values as unknown[]).includes(value) ? (value as T) : undefined;

/** An absolute http(s) URL, or a path on the app's own origin (proxied in development). */
const url = (value: unknown): string | undefined => {
  if (typeof value !== 'string') return undefined;
  if (value.startsWith('/') && !value.startsWith('//')) return value.replace(/\/+$/, '') || '/';
  try {
    const parsed = new URL(value);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? value.replace(/\/+$/, '') : undefined;
  } catch {
    return undefined;
  }
};

const URL_EXPECTED = 'an http(s) URL or a path starting with /';

/** Every setting with its default, environment variable and check, in one place. */
export const SETTINGS: { readonly [K in keyof AppConfig]: Setting<K> } = {
  mode: { default: 'embedded', env: 'VITE_GPORTAL_MODE', expected: 'embedded | map-server', parse: oneOf<Mode>('embedded', 'map-server') },
  landingRoute: {
    default: '/test-index',
    env: 'VITE_GPORTAL_LANDING_ROUTE',
    expected: '/test-index | /manage',
    parse: oneOf<LandingRoute>('/test-index', '/manage'),
  },
  locale: { default: 'zh-CN', env: 'VITE_GPORTAL_LOCALE', expected: LOCALES.join(' | '), parse: (value) => (isLocale(value) ? value : undefined) },
  unknownOutcomeWindowMs: {
    default: 30_000,
    env: 'VITE_GPORTAL_UNKNOWN_OUTCOME_WINDOW_MS',
    expected: 'a whole number of milliseconds from 0 to 600000',
    parse: wholeMilliseconds(600_000),
  },
  embeddedLatencyMs: {
    default: 0,
    env: 'VITE_GPORTAL_EMBEDDED_LATENCY_MS',
    expected: 'a whole number of milliseconds from 0 to 10000',
    parse: wholeMilliseconds(10_000),
  },
  storageNamespace: {
    default: 'gportal',
    env: 'VITE_GPORTAL_STORAGE_NAMESPACE',
    expected: 'letters, digits, "-" or "_"',
    parse: (value) => (typeof value === 'string' && /^[\w-]+$/.test(value) ? value : undefined),
  },
  geoserverRestUrl: { default: '/geoserver/rest', env: 'VITE_GPORTAL_GEOSERVER_REST_URL', expected: URL_EXPECTED, parse: url },
  wfsUrl: { default: '/geoserver/wfs', env: 'VITE_GPORTAL_WFS_URL', expected: URL_EXPECTED, parse: url },
  wmtsUrl: { default: '/geoserver/gwc/service/wmts', env: 'VITE_GPORTAL_WMTS_URL', expected: URL_EXPECTED, parse: url },
  portalApiUrl: { default: '/api', env: 'VITE_GPORTAL_PORTAL_API_URL', expected: URL_EXPECTED, parse: url },
  adminApi: { default: 'geoserver', env: 'VITE_GPORTAL_ADMIN_API', expected: 'geoserver | portal', parse: oneOf<AdminApi>('geoserver', 'portal') },
  layerInfoTemplate: {
    default: '',
    env: 'VITE_GPORTAL_LAYER_INFO_TEMPLATE',
    expected: `a text of at most ${MAX_TEMPLATE_LENGTH} characters, or an object of such texts by language (${LOCALES.join(', ')})`,
    parse: layerInfoTemplate,
  },
  fieldLabels: {
    default: {},
    env: 'VITE_GPORTAL_FIELD_LABELS',
    expected: `an object of layers (type names), each an object of field names to a label of at most ${MAX_LABEL_LENGTH} characters, or to labels by language (${LOCALES.join(', ')})`,
    parse: fieldLabels,
  },
  tiandituKey: {
    default: '',
    env: 'VITE_GPORTAL_TIANDITU_KEY',
    expected: 'a Tianditu key: letters and digits, at most 64',
    parse: (value) => (typeof value === 'string' && /^[0-9A-Za-z]{0,64}$/.test(value) ? value : undefined),
  },
  tiandituReviewNumber: {
    default: '',
    env: 'VITE_GPORTAL_TIANDITU_REVIEW_NUMBER',
    expected: 'a text of at most 60 characters, e.g. GS(2024)0000号',
    parse: (value) => (typeof value === 'string' && value.length <= 60 ? value : undefined),
  },
};

const KEYS = Object.keys(SETTINGS) as Array<keyof AppConfig>;
const ENV_PREFIX = 'VITE_GPORTAL_';

export const DEFAULT_CONFIG: AppConfig = Object.fromEntries(KEYS.map((key) => [key, SETTINGS[key].default])) as unknown as AppConfig;

export interface ConfigInput {
  /** `import.meta.env` in the app: only `VITE_GPORTAL_*` variables are read. */
  env?: Readonly<Record<string, unknown>>;
  /** The parsed `config.json`, when the server has one. */
  file?: unknown;
}

/**
 * Defaults, then environment variables (development, or baked in at build time), then
 * `config.json` served beside the app (so one build serves every environment). An unknown
 * or invalid setting is reported and its default kept, never silently dropped.
 */
export function resolveConfig({ env = {}, file }: ConfigInput): { config: AppConfig; problems: ConfigProblem[] } {
  const config: Record<string, unknown> = { ...DEFAULT_CONFIG };
  const problems: ConfigProblem[] = [];
  const apply = (key: string, value: unknown, source: ConfigSource) => {
    if (!(KEYS as string[]).includes(key)) {
      problems.push({ code: 'unknown-setting', key, source });
      return;
    }
    const setting = SETTINGS[key as keyof AppConfig];
    const parsed = setting.parse(value);
    if (parsed === undefined) {
      const shown = typeof value === 'string' ? value : JSON.stringify(value);
      problems.push({ code: 'invalid-value', key: key as keyof AppConfig, value: shown, expected: setting.expected, fallback: typeof config[key] === 'object' ? JSON.stringify(config[key]) : String(config[key]), source });
      return;
    }
    config[key] = parsed;
  };

  const keyOfEnv = new Map(KEYS.map((key) => [SETTINGS[key].env, key]));
  for (const [name, value] of Object.entries(env)) {
    if (!name.startsWith(ENV_PREFIX) || value === undefined || value === '') continue;
    apply(keyOfEnv.get(name) ?? name, value, 'environment');
  }

  if (file !== undefined) {
    if (typeof file !== 'object' || file === null || Array.isArray(file)) {
      problems.push({ code: 'unreadable-file', detail: 'the file must hold one JSON object of settings' });
    } else {
      for (const [key, value] of Object.entries(file)) apply(key, value, 'config.json');
    }
  }
  return { config: config as unknown as AppConfig, problems };
}

/** What `fetch` needs to read the config file; injectable for tests. */
type FetchConfig = (url: string, init: RequestInit) => Promise<Response>;

export interface LoadAppConfigOptions {
  env?: Readonly<Record<string, unknown>>;
  /** Default: `config.json` beside the app (Vite's base URL). */
  url?: string;
  fetch?: FetchConfig;
}

/**
 * Reads `config.json` beside the app. No file (404, or the HTML page a single-page-app
 * server answers for any path) means no settings from it; a file that is not JSON is reported.
 */
export async function loadAppConfig(options: LoadAppConfigOptions = {}): Promise<{ config: AppConfig; problems: ConfigProblem[] }> {
  const fetchConfig = options.fetch ?? ((input, init) => fetch(input, init));
  const url = options.url ?? `${import.meta.env.BASE_URL}config.json`;
  let file: unknown;
  const fileProblems: ConfigProblem[] = [];
  try {
    const response = await fetchConfig(url, { headers: { Accept: 'application/json' }, cache: 'no-store' });
    const isHtml = (response.headers.get('content-type') ?? '').includes('text/html');
    if (response.ok && !isHtml) {
      const text = await response.text();
      try {
        file = JSON.parse(text);
      } catch (error) {
        fileProblems.push({ code: 'unreadable-file', detail: error instanceof Error ? error.message : String(error) });
      }
    } else if (!response.ok && response.status !== 404) {
      fileProblems.push({ code: 'unreadable-file', detail: `HTTP ${response.status}` });
    }
  } catch (error) {
    fileProblems.push({ code: 'unreadable-file', detail: error instanceof Error ? error.message : String(error) });
  }
  const resolved = resolveConfig({ env: options.env ?? {}, file });
  return { config: resolved.config, problems: [...fileProblems, ...resolved.problems] };
}
