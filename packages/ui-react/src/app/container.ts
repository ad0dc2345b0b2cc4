import { browserStorageModule, type BrowserStorage, type StorageLike } from '@gportal/adapters-storage';
import { Container, type ContainerModule } from 'inversify';
import type { AppConfig } from '../shell/app-config';
import { createAppStorage, ModeUnavailableError } from './boot';
import { embeddedPersistenceModule } from './embedded-persistence';
import { memoryModule } from './memory-module';
import { simulatedLatencyModule } from './simulated-latency';
import { startWfsAnswerWorker } from './start-wfs-answer-worker';
import { APP_CONFIG, PROBLEM_LOG } from '../shell/app-tokens';
import type { ProblemLog } from '../shell/problem-log';

export interface AppContainerOptions {
  config: AppConfig;
  problems: ProblemLog;
  /** The app's browser storage when it was created before the container (the sign-in page reads it first). */
  browserStorage?: BrowserStorage;
  /** Without `browserStorage`: where its records live. Default: `localStorage`. Tests pass a `MemoryStorage`. */
  storage?: StorageLike;
}

async function mapServerModule(config: AppConfig): Promise<ContainerModule> {
  // Loaded on demand, so the embedded default never downloads the ol/WFS code.
  try {
    const { createWorkerAnswerReader, geoserverModule } = await import('./map-server-adapters');
    return geoserverModule({
      geoserverUrl: config.geoserverRestUrl.replace(/\/rest$/, ''),
      wfsUrl: config.wfsUrl,
      portalApiUrl: config.portalApiUrl,
      // GetFeature answers are read in a worker, so a large layer never blocks the page.
      wfs: { readAnswer: createWorkerAnswerReader({ createWorker: startWfsAnswerWorker }) },
    });
  } catch (error) {
    throw new ModeUnavailableError('map-server', error instanceof Error ? error.message : String(error));
  }
}

/**
 * The composition root: the only place a `Container` is built. Embedded mode binds every port
 * to the in-memory adapters, then lets browser storage take over the user cache, session and
 * edit journal and persist the layers; map-server mode binds the GeoServer adapters instead.
 */
export async function createAppContainer({ config, problems, browserStorage, storage }: AppContainerOptions): Promise<Container> {
  const container = new Container();
  container.bind(APP_CONFIG).toConstantValue(config);
  container.bind(PROBLEM_LOG).toConstantValue(problems);
  const storageModule = browserStorageModule(browserStorage ?? createAppStorage(config, problems, storage));
  if (config.mode === 'embedded') {
    await container.load(memoryModule, storageModule, embeddedPersistenceModule);
    if (config.embeddedLatencyMs > 0) await container.load(simulatedLatencyModule(config.embeddedLatencyMs));
  } else {
    await container.load(await mapServerModule(config), storageModule);
  }
  return container;
}
