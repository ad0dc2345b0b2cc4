import { useI18n } from '../../i18n/i18n-provider';
import './skip-link.css';

/** The id of the element holding a screen's content, the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * The first stop of the Tab key: jumps past the side menu and the header to the screen's
 * content. Shown only while focused. Focus is moved by hand: a hash link is the router's to
 * read, and would leave the focus on the link in some browsers.
 */
export function SkipLink() {
  const { t } = useI18n();
  return (
    <a
      className="gportal-skip-link"
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
    >
      {t('a11y.skipToMain')}
    </a>
  );
}
