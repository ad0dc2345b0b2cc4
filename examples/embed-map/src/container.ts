import { createWfsAdapters } from '@gportal/adapters-geoserver';
import { createBrowserStorage } from '@gportal/adapters-storage';
import { EDIT_JOURNAL, FEATURE_SOURCE, FEATURE_TRANSACTIONS } from '@gportal/core';
import { memoryModule } from '@gportal/ui-react';
import { Container } from 'inversify';
import type { EmbedSettings } from './settings';

/**
 * The host app's own composition root: `FeatureMap` needs `FEATURE_SOURCE`,
 * `FEATURE_TRANSACTIONS` and `EDIT_JOURNAL` bound, nothing else.
 */
export async function createEmbedContainer(settings: EmbedSettings): Promise<Container> {
  const container = new Container();
  if (!settings.wfsUrl) {
    // Embedded: every port in memory over the sample towns; a reload starts from the sample again.
    await container.load(memoryModule);
    return container;
  }
  const wfs = createWfsAdapters({ url: settings.wfsUrl });
  // Unsaved drafts survive a reload in localStorage, kept apart per WFS server.
  const storage = createBrowserStorage({ namespace: 'embed-map', mapServer: `wfs ${settings.wfsUrl}` });
  container.bind(FEATURE_SOURCE).toConstantValue(wfs.source);
  container.bind(FEATURE_TRANSACTIONS).toConstantValue(wfs.transactions);
  container.bind(EDIT_JOURNAL).toConstantValue(storage.journal);
  return container;
}
