import { loadFeatureMap } from '@gportal/ui-react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createEmbedContainer } from './container';
import { readSettings } from './settings';

const settings = readSettings(import.meta.env);
// The host page's own heading: the editor brings its own message table, the page does not.
const HEADING = { 'zh-CN': '城镇编辑', en: 'Town editor' } as const;

// The editor's code loads in stages (React DOM, Leaflet, the UI kit, then the editor, one task
// each), alongside the container: no long task freezes the host page while it starts.
void Promise.all([createEmbedContainer(settings), loadFeatureMap()]).then(([container, { FeatureMap }]) => {
  document.documentElement.lang = settings.locale;
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <h1>{HEADING[settings.locale]}</h1>
      <FeatureMap container={container} locale={settings.locale} height={560} />
    </StrictMode>,
  );
});
