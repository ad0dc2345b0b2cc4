import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NGINX, NGINX_CONF } from './paths.js';
import { freePort, waitUntilServing } from './serving.js';

export interface NginxOptions {
  /** The app's production build, copied so its `config.json` can be written. */
  dist: string;
  /** The app's settings, written to the copy's `config.json`. */
  settings: Readonly<Record<string, unknown>>;
  /** `GPORTAL_GEOSERVER_UPSTREAM`: GeoServer's origin. */
  geoserverUpstream: string;
  /** `GPORTAL_PORTAL_API_UPSTREAM`: the portal backend's root. */
  portalApiUpstream: string;
}

export interface NginxServer {
  /** `http://127.0.0.1:port` */
  url: string;
  /** nginx's error log so far, for a failing test's message. */
  errorLog(): string;
  close(): Promise<void>;
}

/** `deploy/nginx.conf` with its `${GPORTAL_*}` values filled in, as envsubst would. */
export function templateNginxConf(values: Readonly<Record<string, string>>): string {
  const text = readFileSync(NGINX_CONF, 'utf8').replace(/\$\{(GPORTAL_\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`deploy/nginx.conf uses ${whole}, which the test does not fill`);
    return value;
  });
  return text;
}

/**
 * Debian's nginx (`/usr/sbin/nginx`) running `deploy/nginx.conf` on a free port of 127.0.0.1,
 * in front of the given upstreams. Everything it writes (pid, logs, temp files) stays in a
 * temporary folder; it runs in the foreground (`daemon off`) and `close()` stops it by its pid.
 */
export async function startNginx(options: NginxOptions): Promise<NginxServer> {
  const dir = mkdtempSync(join(tmpdir(), 'gportal-nginx-'));
  // nginx's workers run as `nobody` when the test runs as root: they must read the copy.
  chmodSync(dir, 0o755);
  const dist = join(dir, 'dist');
  cpSync(options.dist, dist, { recursive: true });
  writeFileSync(join(dist, 'config.json'), JSON.stringify(options.settings));
  for (const temp of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, 'temp', temp), { recursive: true });

  const port = await freePort();
  writeFileSync(
    join(dir, 'gportal.conf'),
    templateNginxConf({
      GPORTAL_LISTEN: `127.0.0.1:${port}`,
      GPORTAL_DIST: dist,
      GPORTAL_GEOSERVER_UPSTREAM: options.geoserverUpstream,
      GPORTAL_PORTAL_API_UPSTREAM: options.portalApiUpstream,
    }),
  );
  // The main file a distribution's /etc/nginx/nginx.conf would be, pointed at the temporary folder.
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      'worker_processes 1;',
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 256; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      `  access_log ${dir}/access.log;`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((temp) => `  ${temp}_temp_path ${dir}/temp/${temp};`),
      `  include ${dir}/gportal.conf;`,
      '}',
      '',
    ].join('\n'),
  );

  const nginx: ChildProcess = spawn(NGINX, ['-p', dir, '-e', `${dir}/error.log`, '-c', `${dir}/nginx.conf`, '-g', `daemon off; pid ${dir}/nginx.pid;`], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  nginx.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => nginx.once('exit', () => resolve()));
  const errorLog = () => {
    try {
      return `${stderr}${readFileSync(join(dir, 'error.log'), 'utf8')}`;
    } catch {
      return stderr;
    }
  };
  const url = `http://127.0.0.1:${port}`;
  const close = async () => {
    if (nginx.exitCode === null && nginx.pid) process.kill(nginx.pid, 'SIGQUIT');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await Promise.race([
      waitUntilServing(`${url}/`, 15_000),
      exited.then(() => {
        throw new Error(`nginx exited at start: ${errorLog()}`);
      }),
    ]);
  } catch (error) {
    await close();
    throw error;
  }
  return { url, errorLog, close };
}
