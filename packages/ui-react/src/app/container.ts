import { storageModule, type StorageLike, type StorageProblem } from '@gportal/adapters-storage';
import { Container, type ContainerModule } from 'inversify';
import type { AppConfig } from './app-config';
import { embeddedPersistenceModule } from './embedded-persistence';
import { memoryModule } from './memory-module';
import { simulatedLatencyModule } from './simulated-latency';
import { APP_CONFIG, PROBLEM_LOG } from './app-tokens';
import type { ProblemLog } from './problem-log';

/** The configured mode cannot run in this build; the app shows why instead of starting. */
export class ModeUnavailableError extends Error {
  constructor(readonly mode: AppConfig['mode'], readonly detail: string) {
    super(`${mode} mode is not available: ${detail}`);
    this.name = 'ModeUnavailableError';
  }
}

export interface AppContainerOptions {
  config: AppConfig;
  problems: ProblemLog;
  /** Default: `localStorage`. Tests pass a `MemoryStorage`. */
  storage?: StorageLike;
}

async function mapServerModule(config: AppConfig): Promise<ContainerModule> {
  // Loaded on demand, so the embedded default never downloads the ol/WFS code.
  try {
    const { geoserverModule } = await import('@gportal/adapters-geoserver');
    return geoserverModule({
      geoserverUrl: config.geoserverRestUrl.replace(/\/rest$/, ''),
      wfsUrl: config.wfsUrl,
      portalApiUrl: config.portalApiUrl,
    });
  } catch (error) {
    throw new ModeUnavailableError('map-server', error instanceof Error ? error.message : String(error));
  }
}

/** The map server a journal belongs to: its mode, and in map-server mode the WFS URL the edits are saved to. */
export function journalServerOf(config: Pick<AppConfig, 'mode' | 'wfsUrl'>): string {
  return config.mode === 'embedded' ? 'embedded' : `map-server ${config.wfsUrl}`;
}

/**
 * The composition root: the only place a `Container` is built. Embedded mode binds every port
 * to the in-memory adapters, then lets browser storage take over the user cache, session and
 * edit journal and persist the layers; map-server mode binds the GeoServer adapters instead.
 */
export async function createAppContainer({ config, problems, storage }: AppContainerOptions): Promise<Container> {
  const container = new Container();
  container.bind(APP_CONFIG).toConstantValue(config);
  container.bind(PROBLEM_LOG).toConstantValue(problems);
  const storageConfig = {
    namespace: config.storageNamespace,
    // Pending edits are kept per map server, user and layer: drafts made against the embedded
    // sample are never restored onto a real server, nor one user's onto another's.
    mapServer: journalServerOf(config),
    onProblem: (problem: StorageProblem) => problems.report({ code: 'storage', ...problem }),
    ...(storage ? { storage } : {}),
  };
  if (config.mode === 'embedded') {
    await container.load(memoryModule, storageModule(storageConfig), embeddedPersistenceModule);
    if (config.embeddedLatencyMs > 0) await container.load(simulatedLatencyModule(config.embeddedLatencyMs));
  } else {
    await container.load(await mapServerModule(config), storageModule(storageConfig));
  }
  return container;
}
