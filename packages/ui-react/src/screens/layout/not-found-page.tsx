import { Button } from 'antd';
import { useHref, useLinkClickHandler } from 'react-router-dom';
import { useI18n } from '../../i18n/i18n-provider';
import { useDocumentTitle } from '../../i18n/use-document-title';

/**
 * The page of a path the app does not know: its title, and a way back. The way back is a link
 * (it goes somewhere), drawn as antd's primary button, and followed by the router. No
 * illustration: antd's `Empty` and `Result` carry theirs in this page's chunk for nothing.
 */
export function NotFoundPage() {
  const { t } = useI18n();
  // The router's own link behaviour: a plain click stays in the app, a modified one (a new tab) is the browser's.
  const start = useHref('/');
  const followLink = useLinkClickHandler<HTMLElement>('/');
  useDocumentTitle(t('notFound.title'));
  return (
    <div style={{ paddingBlock: 48, textAlign: 'center' }}>
      <h1 style={{ marginBlock: '0 24px', fontSize: 24, fontWeight: 400, color: 'rgba(0, 0, 0, 0.88)' }}>{t('notFound.title')}</h1>
      <Button type="primary" href={start} onClick={followLink}>
        {t('notFound.back')}
      </Button>
    </div>
  );
}
