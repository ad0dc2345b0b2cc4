import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MemoryMapServer } from '@gportal/core/memory';
import { afterEach, describe, expect, it } from 'vitest';
import { OPTIONS } from '../src/options.js';
import { serveGeoServerModel, type GeoServerModelServer } from './geoserver-model-server.js';

const REPO = fileURLToPath(new URL('../../..', import.meta.url));
const SLD = readFileSync(new URL('../styles/town-area.sld', import.meta.url), 'utf8');
const ADMIN = { username: 'admin', password: 'geoserver' };

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

// The command reads its settings from the environment too (GEOSERVER_URL, PGHOST …): only the flags of each test count.
const SETTING_VARIABLES: ReadonlySet<string> = new Set(Object.values(OPTIONS).map((option) => option.env));
const ENV = Object.fromEntries(Object.entries(process.env).filter(([name]) => !SETTING_VARIABLES.has(name)));

/** Runs the command exactly as its README says: `npm start -w examples/admin-script -- …`. */
function runCommand(args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile('npm', ['start', '--silent', '-w', 'examples/admin-script', '--', ...args], { cwd: REPO, env: ENV }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? -1) : 0, stdout, stderr }),
    );
  });
}

const stepLines = (stdout: string) => stdout.split('\n').filter((line) => /^\[\d\/5\] ok {2}/.test(line));

let server: GeoServerModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(mapServer: MemoryMapServer): Promise<GeoServerModelServer> {
  server = await serveGeoServerModel(mapServer, [ADMIN]);
  return server;
}

describe('admin-script against the GeoServer REST model over HTTP', () => {
  it('provisions the workspace, the PostGIS store, the polygon layer with its attributes and its default style', async () => {
    const mapServer = new MemoryMapServer();
    const { url, violations } = await start(mapServer);

    const run = await runCommand(['--url', url, '--password', ADMIN.password, '--workspace', 'fujian', '--store', 'fujian_pg', '--db-host', 'db.internal', '--db-name', 'towns', '--db-password', 'pg-secret']);

    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(stepLines(run.stdout)).toEqual([
      '[1/5] ok  workspace fujian',
      '[2/5] ok  PostGIS data store fujian:fujian_pg (postgres@db.internal:5432/towns, schema public)',
      '[3/5] ok  polygon layer fujian:town_area (name String, population Integer, founded Date; EPSG:4490)',
      '[4/5] ok  style fujian:town_area from styles/town-area.sld',
      '[5/5] ok  default style of fujian:town_area set to fujian:town_area',
    ]);
    expect(violations).toEqual([]);

    expect(mapServer.workspacesSync.list().map((workspace) => workspace.name)).toEqual(['fujian']);
    const store = mapServer.dataStoresSync.get('fujian', 'fujian_pg');
    expect(store.connectionParameters).toMatchObject({ host: 'db.internal', port: '5432', database: 'towns', schema: 'public', user: 'postgres', dbtype: 'postgis' });
    const featureType = mapServer.layersSync.getFeatureType('fujian', 'fujian_pg', 'town_area');
    expect(featureType.srs).toBe('EPSG:4490');
    expect(featureType.attributes?.map(({ name, binding }) => `${name}:${binding}`)).toEqual(['geom:Polygon', 'name:String', 'population:Integer', 'founded:Date']);
    expect(mapServer.stylesSync.getDefinition('town_area', { workspace: 'fujian' })).toBe(SLD);
    expect(mapServer.layersSync.getLayer('fujian', 'town_area').defaultStyle).toEqual({ workspace: 'fujian', name: 'town_area' });
  });

  it('stops at the first failure with a message naming the step and exits with 1', async () => {
    const mapServer = new MemoryMapServer();
    mapServer.workspacesSync.create('towns');
    const { url } = await start(mapServer);

    const run = await runCommand(['--url', url, '--password', ADMIN.password]);

    expect(run.code).toBe(1);
    expect(stepLines(run.stdout)).toEqual([]);
    expect(run.stderr).toBe("admin-script: failed: [1/5] workspace towns: conflict: Workspace 'towns' already exists\nstopped at step 1 of 5; nothing was created\n");
    expect(mapServer.dataStoresSync.list('towns')).toEqual([]);
  });

  it('refuses a style file that is not SLD after creating the layer, and creates no style', async () => {
    const mapServer = new MemoryMapServer();
    const { url } = await start(mapServer);

    const run = await runCommand(['--url', url, '--password', ADMIN.password, '--style-file', 'README.md']);

    expect(run.code).toBe(1);
    expect(stepLines(run.stdout)).toHaveLength(3);
    expect(run.stderr).toContain('admin-script: failed: [4/5] style towns:town_area from README.md: validation: the style definition must be an SLD document');
    expect(run.stderr).toContain('stopped at step 4 of 5; steps 1–3 are done');
    expect(mapServer.layersSync.listLayers('towns')).toEqual(['town_area']);
    expect(mapServer.stylesSync.list({ workspace: 'towns' })).toEqual([]);
  });

  it('reports refused credentials at the first step and creates nothing', async () => {
    const mapServer = new MemoryMapServer();
    const { url } = await start(mapServer);

    const run = await runCommand(['--url', url, '--password', 'wrong']);

    expect(run.code).toBe(1);
    expect(run.stderr).toContain('admin-script: failed: [1/5] workspace towns: map-server (HTTP 401): Full authentication is required to access this resource');
    expect(mapServer.workspacesSync.list()).toEqual([]);
  });

  it('runs the same five steps against the in-memory adapters with --dry-run', async () => {
    const run = await runCommand(['--dry-run']);

    expect(run.code).toBe(0);
    expect(run.stdout).toContain('on the in-memory adapters (dry run)');
    expect(stepLines(run.stdout)).toHaveLength(5);
  });
});
