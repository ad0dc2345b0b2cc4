import { useEffect } from 'react';
import { useI18n } from './i18n-provider';

/**
 * The tab's title for the screen shown: `title - app` (the app's name alone without a title),
 * in the active language. Only the innermost screen of a route sets it: React runs a child's
 * effects before its parent's, so a container setting it too would win.
 */
export function useDocumentTitle(title?: string): void {
  const { t } = useI18n();
  const app = t('app.title');
  useEffect(() => {
    document.title = title ? t('a11y.pageTitle', { title, app }) : app;
  }, [title, app, t]);
}
