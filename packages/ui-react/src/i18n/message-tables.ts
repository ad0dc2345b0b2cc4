import { EN } from './messages-en';
import { registerMessages, ZH_CN, type Locale, type MessageTable } from './messages';

registerMessages('en', EN);

/**
 * The message table: every user-visible string, by language and key, every language at once (for
 * the package's users and the tests). The app itself loads English only when it is shown
 * (`loadMessages`); where this table is used, `translate` has every language from the start.
 */
export const MESSAGES: Readonly<Record<Locale, MessageTable>> = { 'zh-CN': ZH_CN, en: EN };
