import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/** `scripts/wfs-server.sh` of the repository (see scripts/wfs-server/README.md). */
const WFS_SERVER_SCRIPT = fileURLToPath(new URL('../../../../scripts/wfs-server.sh', import.meta.url));

/** The script's work dir, as it computes it. */
const WFS_SERVER_DIR = process.env.GPORTAL_WFS_DIR ?? join(process.env.TMPDIR ?? tmpdir(), 'gportal-wfs');

const run = promisify(execFile);

/**
 * Runs one command of the script and returns its stdout; the messages (stderr) of a start or stop
 * are passed on, a reset's are not (it runs before every test of some files).
 * `start` may install the Debian packages first, hence the long limit.
 */
export async function wfsServer(command: 'start' | 'stop' | 'reset' | 'status'): Promise<string> {
  const { stdout, stderr } = await run(WFS_SERVER_SCRIPT, [command], { timeout: 20 * 60_000, maxBuffer: 16 * 1024 * 1024 });
  if (command !== 'reset' && stderr.trim()) process.stderr.write(stderr);
  return stdout.trim();
}

/** Exit status 0: both processes run and the WFS answers. */
export async function wfsServerAnswers(): Promise<boolean> {
  return run(WFS_SERVER_SCRIPT, ['status']).then(
    () => true,
    () => false,
  );
}

export function hasDatabase(): boolean {
  return existsSync(join(WFS_SERVER_DIR, 'pgdata', 'PG_VERSION'));
}
