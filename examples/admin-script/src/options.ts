import { parseArgs } from 'node:util';
import type { AttributeBinding, AttributeSpec } from '@gportal/core';
import type { ProvisionPlan } from './provision.js';

/** The command's settings: each flag falls back to its environment variable, then to its default. */
export const OPTIONS = {
  url: { env: 'GEOSERVER_URL', default: undefined, help: "GeoServer's root, e.g. http://127.0.0.1:8080/geoserver (required unless --dry-run)" },
  user: { env: 'GEOSERVER_USER', default: 'admin', help: 'GeoServer user (HTTP Basic)' },
  password: { env: 'GEOSERVER_PASSWORD', default: undefined, help: "the user's password (required unless --dry-run)" },
  workspace: { env: 'GPORTAL_WORKSPACE', default: 'towns', help: 'workspace to create' },
  store: { env: 'GPORTAL_STORE', default: 'towns_db', help: 'PostGIS data store to create' },
  'db-host': { env: 'PGHOST', default: '127.0.0.1', help: 'PostGIS host, as GeoServer reaches it' },
  'db-port': { env: 'PGPORT', default: '5432', help: 'PostGIS port' },
  'db-name': { env: 'PGDATABASE', default: 'gis', help: 'PostGIS database' },
  'db-schema': { env: 'GPORTAL_DB_SCHEMA', default: 'public', help: 'PostGIS schema' },
  'db-user': { env: 'PGUSER', default: 'postgres', help: 'PostGIS user' },
  'db-password': { env: 'PGPASSWORD', default: '', help: "PostGIS user's password" },
  layer: { env: 'GPORTAL_LAYER', default: 'town_area', help: 'polygon layer (and table) to create' },
  srid: { env: 'GPORTAL_SRID', default: '4490', help: "the layer's srid: 4490 (CGCS2000) or 4326 (WGS 84)" },
  attributes: { env: 'GPORTAL_ATTRIBUTES', default: 'name:String,population:Integer,founded:Date', help: 'the layer\'s attributes, name:Binding,…' },
  'style-file': { env: 'GPORTAL_STYLE_FILE', default: 'styles/town-area.sld', help: 'SLD 1.0 or SE 1.1 file of the style' },
  style: { env: 'GPORTAL_STYLE', default: undefined, help: 'style name (default: the layer name)' },
} as const;

type OptionName = keyof typeof OPTIONS;

const BINDINGS: readonly AttributeBinding[] = ['String', 'Integer', 'Long', 'Double', 'Boolean', 'Date'];

/** Wrong or missing flags: the command prints the message and its usage, and exits with 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** What the command runs: the plan, where, and whether in memory (`--dry-run`). */
export interface CommandOptions {
  dryRun: boolean;
  help: boolean;
  geoserver?: { url: string; username: string; password: string };
  /** The plan without the style's SLD text, which main reads from `style.file`. */
  plan: Omit<ProvisionPlan, 'style'> & { style: { name: string; file: string } };
}

export function usage(): string {
  const lines = Object.entries(OPTIONS).map(
    ([name, option]) => `  --${name.padEnd(12)} ${option.help} [${option.env}${option.default ? `, default ${option.default}` : ''}]`,
  );
  return ['usage: npm start -w examples/admin-script -- [options]', '  --dry-run      run the same steps against the in-memory adapters', ...lines, '  --help'].join('\n');
}

function parseAttributes(text: string): AttributeSpec[] {
  return text
    .split(',')
    .filter((entry) => entry.trim() !== '')
    .map((entry) => {
      const [name = '', binding = ''] = entry.split(':').map((part) => part.trim());
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new UsageError(`--attributes: "${entry}" needs a name of letters, digits and _`);
      if (!(BINDINGS as readonly string[]).includes(binding)) throw new UsageError(`--attributes: "${entry}": the binding must be one of ${BINDINGS.join(', ')}`);
      return { name, binding: binding as AttributeBinding, nillable: true };
    });
}

function integer(name: OptionName, text: string): number {
  if (!/^\d+$/.test(text)) throw new UsageError(`--${name} must be a whole number, not "${text}"`);
  return Number(text);
}

/** Reads flags, then the environment, then the defaults. Throws `UsageError`. */
export function readOptions(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): CommandOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        ...Object.fromEntries(Object.keys(OPTIONS).map((name) => [name, { type: 'string' as const }])),
        'dry-run': { type: 'boolean' },
        help: { type: 'boolean' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const flags = parsed.values as Record<string, string | boolean | undefined>;
  const value = (name: OptionName): string | undefined => {
    const flag = flags[name];
    return typeof flag === 'string' ? flag : (env[OPTIONS[name].env] ?? OPTIONS[name].default);
  };
  const required = (name: OptionName): string => {
    const given = value(name);
    if (given === undefined || given === '') throw new UsageError(`--${name} (or ${OPTIONS[name].env}) is required`);
    return given;
  };
  const dryRun = flags['dry-run'] === true;
  const layer = required('layer');
  const plan: CommandOptions['plan'] = {
    workspace: required('workspace'),
    store: {
      name: required('store'),
      host: required('db-host'),
      port: integer('db-port', required('db-port')),
      database: required('db-name'),
      schema: required('db-schema'),
      user: required('db-user'),
      password: value('db-password') ?? '',
    },
    layer,
    srid: integer('srid', required('srid')),
    attributes: parseAttributes(required('attributes')),
    style: { name: value('style') || layer, file: required('style-file') },
  };
  const help = flags.help === true;
  if (dryRun || help) return { dryRun, help, plan };
  return { dryRun, help, plan, geoserver: { url: required('url'), username: required('user'), password: required('password') } };
}
