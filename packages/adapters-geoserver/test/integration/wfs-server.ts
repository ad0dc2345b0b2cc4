import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/** `scripts/wfs-server.sh` of the repository (see scripts/wfs-server/README.md). */
const WFS_SERVER_SCRIPT = fileURLToPath(new URL('../../../../scripts/wfs-server.sh', import.meta.url));

/**
 * The environment the script runs with: `GPORTAL_WFS_DIR`, `GPORTAL_WFS_PG_PORT` and
 * `GPORTAL_WFS_HTTP_PORT` pick the instance. A project's global setup runs outside its test
 * workers, so it passes the project's `env` explicitly; tests use their worker's environment.
 */
export type WfsServerEnv = NodeJS.ProcessEnv;

/** The script's work dir, as it computes it. */
function workDir(env: WfsServerEnv): string {
  return env.GPORTAL_WFS_DIR ?? join(env.TMPDIR ?? tmpdir(), 'gportal-wfs');
}

const run = promisify(execFile);

/**
 * Runs one command of the script and returns its stdout; the messages (stderr) of a start or stop
 * are passed on, a reset's are not (it runs before every test of some files).
 * `start` may install the Debian packages first, hence the long limit.
 */
export async function wfsServer(command: 'start' | 'stop' | 'reset' | 'seed-large' | 'status', env: WfsServerEnv = process.env): Promise<string> {
  const { stdout, stderr } = await run(WFS_SERVER_SCRIPT, [command], { env, timeout: 20 * 60_000, maxBuffer: 16 * 1024 * 1024 });
  if (command !== 'reset' && stderr.trim()) process.stderr.write(stderr);
  return stdout.trim();
}

/** Runs SQL on the test database, as another client writing behind the WFS's back would. */
export async function wfsSql(sql: string, env: WfsServerEnv = process.env): Promise<string> {
  const { stdout } = await run(WFS_SERVER_SCRIPT, ['psql', '-t', '-A', '-c', sql], { env, timeout: 60_000 });
  return stdout.trim();
}

/** Exit status 0: both processes run and the WFS answers. */
export async function wfsServerAnswers(env: WfsServerEnv = process.env): Promise<boolean> {
  return run(WFS_SERVER_SCRIPT, ['status'], { env, timeout: 60_000 }).then(
    () => true,
    () => false,
  );
}

export function hasDatabase(env: WfsServerEnv = process.env): boolean {
  return existsSync(join(workDir(env), 'pgdata', 'PG_VERSION'));
}
