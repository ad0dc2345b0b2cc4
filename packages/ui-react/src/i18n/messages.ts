import { zhCN, type Message, type MessageKey, type MessageTable } from './messages-zh';

export type { Message, MessageKey, MessageTable, PluralMessage } from './messages-zh';

/** The languages of the message table, Chinese first. */
export const LOCALES = ['zh-CN', 'en'] as const;
/** A language of the message table: `zh-CN` or `en`. */
export type Locale = (typeof LOCALES)[number];

/**
 * The message tables loaded so far: the Chinese one is the page's own, the English one is fetched
 * when English is first shown (`loadMessages`), so the first screen carries one language.
 */
const TABLES: Partial<Record<Locale, MessageTable>> = { 'zh-CN': zhCN };

/** The Chinese message table, the reference for every other. */
export const ZH_CN: MessageTable = zhCN;

/** Makes `table` the messages of `locale` (`message-tables.ts` and `loadMessages`). */
export function registerMessages(locale: Locale, table: MessageTable): void {
  TABLES[locale] = table;
}

/** Whether `translate` has the messages of `locale`. */
export function messagesLoaded(locale: Locale): boolean {
  return TABLES[locale] !== undefined;
}

/** Fetches the messages of `locale` unless they are there; a failed fetch is tried again on the next call. */
export function loadMessages(locale: Locale): Promise<void> {
  if (TABLES[locale]) return Promise.resolve();
  return import('./messages-en').then(({ EN }) => registerMessages('en', EN));
}

/** The messages of `locale`; Chinese while those of another language are still on their way. */
function tableOf(locale: Locale): MessageTable {
  return TABLES[locale] ?? zhCN;
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

const PLURAL_RULES: Readonly<Record<Locale, Intl.PluralRules>> = { 'zh-CN': new Intl.PluralRules('zh-CN'), en: new Intl.PluralRules('en') };

/** The text of a message for `count`: a plain message as it is, a plural one by the language's plural rules. */
export function messageText(locale: Locale, message: Message, count: unknown): string {
  if (typeof message === 'string') return message;
  return message[PLURAL_RULES[locale].select(Number(count))] ?? message.other;
}

/**
 * The message of `key` in `locale` with its `{placeholders}` filled in. A placeholder without a
 * value stays visible as `{name}`; an empty or blank value becomes `（空）`/`(empty)`, so a
 * sentence never reads as if a word were missing.
 */
export function translate(locale: Locale, key: MessageKey, values: Readonly<Record<string, string | number>> = {}): string {
  const table = tableOf(locale);
  return messageText(locale, table[key], values.count).replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    if (!(name in values)) return placeholder;
    const value = String(values[name]);
    return value.trim() === '' ? messageText(locale, table['value.empty'], undefined) : value;
  });
}
