import type { TestProject } from 'vitest/node';
import { hasDatabase, wfsServer, wfsServerAnswers } from './wfs-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    wfsUrl: string;
  }
}

/**
 * Starts the real WFS-T server for the run and stops it afterwards (vitest calls the returned
 * teardown after failed runs too). A server that was already running when the run began was
 * started by someone else and is left running.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The project's `env` reaches its test workers only; the script here gets it explicitly.
  const env = { ...process.env, ...project.config.env };
  const alreadyRunning = await wfsServerAnswers(env);
  const state = alreadyRunning ? 'already running' : hasDatabase(env) ? 'warm (database kept)' : 'cold (new work dir)';
  const started = performance.now();
  const url = await wfsServer('start', env);
  console.info(`wfs-integration: QGIS Server at ${url}, ${state}, ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  project.provide('wfsUrl', url);
  return async () => {
    if (alreadyRunning) return;
    const stopping = performance.now();
    await wfsServer('stop', env);
    console.info(`wfs-integration: server stopped in ${((performance.now() - stopping) / 1000).toFixed(1)} s`);
  };
}
