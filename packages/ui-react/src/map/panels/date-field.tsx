import { CalendarOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import { useEffect, useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useI18n } from '../../i18n/i18n-provider';
import './date-field.css';
import { MonthCalendar } from './month-calendar';
import { formatPlainDate, parsePlainDate, type PlainDate } from './plain-date';

export interface DateFieldProps {
  id: string;
  /** The field's accessible name: its label. */
  label: string;
  /** The text of the field: a date as `YYYY-MM-DD`, empty, or whatever was typed. */
  value: string;
  onChange(text: string): void;
  /** antd's error outline and the error's description, from `fieldErrorProps`. */
  status?: 'error';
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/** The room between the field and its popover, as `date-field.css` sets it. */
const POPOVER_GAP = 4;

/** Whether `target` is one of `elements` or inside one: the popover and its button are the calendar's own ground. */
function within(target: EventTarget | null, ...elements: Array<HTMLElement | null>): boolean {
  return target instanceof Node && elements.some((element) => element?.contains(target));
}

/**
 * A text field for `YYYY-MM-DD` with a calendar button beside it. What is typed goes to the form
 * as typed, which refuses what is not a date (a five-digit year, 30 February) at the field; the
 * calendar only writes the day picked in it. The calendar is a popover in the active language
 * (`Intl.DateTimeFormat`: no date library) that closes on Escape, a click outside or the focus
 * leaving it; its Escape stops there, so it closes neither the form nor the map's mode beneath.
 */
export default function DateField({ id, label, value, onChange, ...error }: DateFieldProps) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  // Below the field, or above it where the window has no room below (the form's last field on a short screen).
  const [above, setAbove] = useState(false);
  const field = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const popover = useRef<HTMLDivElement>(null);
  const calendarId = `${id}-calendar`;

  useLayoutEffect(() => {
    if (!open || !field.current || !popover.current) return;
    const height = popover.current.offsetHeight + POPOVER_GAP;
    const { top, bottom } = field.current.getBoundingClientRect();
    const fitsAbove = bottom + height > window.innerHeight && top - height >= 0;
    setAbove(fitsAbove);
    // Where it fits on neither side, the form scrolls to show it.
    if (!fitsAbove && bottom + height > window.innerHeight) popover.current.scrollIntoView({ block: 'nearest' });
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: Event) => {
      if (!within(event.target, popover.current, toggle.current)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  const pick = (date: PlainDate) => {
    onChange(formatPlainDate(date));
    close();
  };
  const onPopoverKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    event.preventDefault();
    close();
  };
  // Tabbing out closes it; a blur to nowhere (the window left, a click on the page) is the pointer's to judge.
  const onPopoverBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (event.relatedTarget !== null && !within(event.relatedTarget, popover.current, toggle.current)) setOpen(false);
  };

  return (
    <div ref={field} className="gportal-date-field">
      <Input
        id={id}
        aria-label={label}
        value={value}
        placeholder={t('map.attributes.datePlaceholder')}
        inputMode="numeric"
        maxLength={10}
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
        {...error}
      />
      <Button
        ref={toggle}
        icon={<CalendarOutlined />}
        aria-label={t('map.attributes.chooseDate')}
        title={t('map.attributes.chooseDate')}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? calendarId : undefined}
        onClick={() => setOpen((shown) => !shown)}
      />
      {open && (
        <div ref={popover} id={calendarId} role="dialog" aria-label={t('map.attributes.chooseDate')} tabIndex={-1} className={above ? 'gportal-date-popover gportal-date-popover-above' : 'gportal-date-popover'} onKeyDown={onPopoverKey} onBlur={onPopoverBlur}>
          <MonthCalendar selected={parsePlainDate(value)} onPick={pick} />
        </div>
      )}
    </div>
  );
}
