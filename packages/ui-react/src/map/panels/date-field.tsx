import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useI18n } from '../../i18n/i18n-provider';
import type { Locale } from '../../i18n/messages';

/** dayjs's name of each app language: the picker's month and weekday names come from it. */
const DAYJS_LOCALES: Readonly<Record<Locale, string>> = { 'zh-CN': 'zh-cn', en: 'en' };

/** The one format the field reads and writes: the attribute form's `YYYY-MM-DD`. */
const FORMAT = 'YYYY-MM-DD';

export interface DateFieldProps {
  id: string;
  /** The field's accessible name: its label. */
  label: string;
  /** The date as `YYYY-MM-DD`, or empty. */
  value: string;
  onChange(text: string): void;
  /** antd's error outline and the error's description, from `fieldErrorProps`. */
  status?: 'error';
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/**
 * antd's `DatePicker` in the active language, on its own chunk: the attribute form loads it when
 * it opens, so the map screens do not carry the picker and dayjs. The picker parses typed text
 * strictly in `YYYY-MM-DD`, so a five-digit year or an impossible date never becomes a date; the
 * text is handed to the form as typed, which refuses it.
 */
export default function DateField({ id, label, value, onChange, ...error }: DateFieldProps) {
  const { locale, t } = useI18n();
  const parsed = value ? dayjs(value, FORMAT).locale(DAYJS_LOCALES[locale]) : null;
  // A text the picker did not take (an impossible date) is the form's to refuse; the picker shows no date for it.
  const date = parsed?.isValid() && parsed.format(FORMAT) === value ? parsed : null;
  return (
    <DatePicker
      id={id}
      aria-label={label}
      format={FORMAT}
      placeholder={t('map.attributes.datePlaceholder')}
      value={date}
      onChange={(next) => onChange(next ? next.format(FORMAT) : '')}
      // The picker drops, on leaving, a text it cannot read and shows the last date again: the
      // form is told what was typed, so it refuses it at the field instead of keeping that date.
      onBlur={(event) => {
        const typed = event.target instanceof HTMLInputElement ? event.target.value.trim() : '';
        if (typed !== '' && typed !== value) onChange(typed);
      }}
      style={{ width: '100%' }}
      {...error}
    />
  );
}
