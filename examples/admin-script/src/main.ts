/**
 * Provisions a polygon layer on a GeoServer: workspace, PostGIS store, feature type, style, default
 * style. One line per finished step on stdout; the first failure on stderr with exit code 1
 * (wrong flags: 2).
 *
 *   npm start -w examples/admin-script -- --url http://127.0.0.1:8080/geoserver --password geoserver
 *   npm start -w examples/admin-script -- --dry-run
 */
import { readFile } from 'node:fs/promises';
import { createGeoServerAdmin } from '@gportal/adapters-geoserver';
import { createMemoryAdapters } from '@gportal/core/memory';
import { readOptions, usage, UsageError, type CommandOptions } from './options.js';
import { describeFailure, provision, ProvisionError, type AdminPorts } from './provision.js';

function portsFor(options: CommandOptions): { ports: AdminPorts; target: string } {
  if (options.dryRun || !options.geoserver) return { ports: createMemoryAdapters(), target: 'the in-memory adapters (dry run)' };
  const { url, username, password } = options.geoserver;
  return { ports: createGeoServerAdmin({ url, username, password }), target: `GeoServer ${url} as ${username}` };
}

function stoppedAt({ step }: ProvisionError): string {
  const done = step.index === 1 ? 'nothing was created' : `steps 1–${step.index - 1} are done`;
  return `stopped at step ${step.index} of ${step.total}; ${done}`;
}

async function main(): Promise<number> {
  let options: CommandOptions;
  try {
    options = readOptions(process.argv.slice(2), process.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`admin-script: ${error.message}\n\n${usage()}`);
    return 2;
  }
  if (options.help) {
    console.log(usage());
    return 0;
  }

  const { plan } = options;
  let sld: string;
  try {
    sld = await readFile(plan.style.file, 'utf8');
  } catch (error) {
    console.error(`admin-script: cannot read the style file ${plan.style.file}: ${describeFailure(error)}`);
    return 1;
  }

  const { ports, target } = portsFor(options);
  console.log(`Provisioning ${plan.workspace}:${plan.layer} on ${target}`);
  try {
    await provision(ports, { ...plan, style: { ...plan.style, sld } }, (step) => console.log(`[${step.index}/${step.total}] ok  ${step.label}`));
  } catch (error) {
    const message = error instanceof ProvisionError ? `${error.message}\n${stoppedAt(error)}` : describeFailure(error);
    console.error(`admin-script: failed: ${message}`);
    return 1;
  }
  console.log(`Done: ${plan.workspace}:${plan.layer} is published with style ${plan.workspace}:${plan.style.name}.`);
  return 0;
}

process.exitCode = await main();
