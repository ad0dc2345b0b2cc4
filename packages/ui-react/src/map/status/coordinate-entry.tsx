import {
  CoordinateInputError,
  destination,
  gaussKrugerZone,
  openRing,
  parseBearing,
  parseCoordinate,
  parseCoordinateList,
  parseDistance,
  type CoordinateInputFormat,
  type CoordinateInputReason,
  type Position,
} from '@gportal/core';
import { Button, Input, Modal } from 'antd';
import { useId, useState, type ReactNode } from 'react';
import { useI18n } from '../../i18n/i18n-provider';
import type { MessageKey } from '../../i18n/messages';
import { useCoordinatePreference } from './use-coordinate-preference';
import './coordinate-entry.css';

/** The ways of typing a vertex: its coordinates, a distance and bearing from the last one, or a pasted list for the whole shape. */
type EntryMode = 'vertex' | 'bearing' | 'list';

const REASONS: Readonly<Record<CoordinateInputReason, MessageKey>> = {
  empty: 'map.coords.reason.empty',
  unreadable: 'map.coords.reason.unreadable',
  count: 'map.coords.reason.count',
  'out-of-range': 'map.coords.reason.outOfRange',
  hemispheres: 'map.coords.reason.hemispheres',
  'no-zone': 'map.coords.reason.noZone',
};

/** What {@link CoordinateEntry} types into: the drawing under way, or the shape being edited. */
export type CoordinateEntryTarget = DrawingCoordinateTarget | EditingCoordinateTarget;

/** What the drawing under way takes from {@link CoordinateEntry}: its next vertices. */
export interface DrawingCoordinateTarget {
  readonly kind: 'draw';
  /** The tool drawing: a point takes one position and ends. */
  readonly tool: 'polygon' | 'line' | 'point';
  /** The last vertex placed, `[lon, lat]`; `undefined` before the first. */
  lastVertex(): Position | undefined;
  /** The map's centre, `[lon, lat]`: the zone of eastings typed without theirs, until a vertex is placed. */
  centre(): Position;
  /**
   * Places the positions as vertices (no snapping: typed coordinates are taken as typed), then,
   * with `finish`, finishes the shape. How many were placed: fewer than given when the drawing's
   * rules refused one (edges that would cross), which the editor says; and the vertices the
   * drawing has now.
   */
  place(positions: readonly Position[], finish: boolean): { placed: number; total: number };
}

/** What the shape being edited takes from {@link CoordinateEntry}: its selected vertex moved, or that vertex's ring or line replaced. */
export interface EditingCoordinateTarget {
  readonly kind: 'edit';
  /** The kind of shape: a point's only way is its position. */
  readonly tool: 'polygon' | 'line' | 'point';
  /** The selected vertex (the keyboard's handle on a polygon or line, the last dragged point), `[lon, lat]`. */
  selected(): Position | undefined;
  /** The vertex before it on its ring or line, the start of a distance and bearing; none before a line's first. */
  previous(): Position | undefined;
  /** The map's centre, `[lon, lat]`. */
  centre(): Position;
  /** Moves the selected vertex there, as typed (no snapping). */
  move(position: Position): void;
  /** Puts the positions in place of the selected vertex's ring or line; `false` when too few for it (nothing changed). */
  replace(positions: readonly Position[]): boolean;
}

/** Props of {@link CoordinateEntry}. */
export interface CoordinateEntryProps {
  target: CoordinateEntryTarget;
  onClose(): void;
}

/** A field's sentence under it, tied to it by `aria-describedby`. */
function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return children ? (
    <div id={id} className="gportal-coords-error" role="alert">
      {children}
    </div>
  ) : null;
}

/**
 * 输入坐标: while drawing, the next vertex typed in degrees (decimal or 度分秒) or as 3° zone x / y,
 * or a distance and a bearing from the last vertex (on the zone's plane for x / y, on the
 * ellipsoid for degrees), or a pasted list that draws the whole polygon or line at once (one undo
 * step, as a drawing is). While editing a shape, the same ways move its selected vertex (a
 * distance and bearing from the vertex before it) or put a pasted list in place of that vertex's
 * ring or line; the edit is saved or cancelled as any shape edit. What cannot be read is refused
 * with a sentence under its field, a list line by line; nothing is placed from a list with a wrong line.
 */
export default function CoordinateEntry({ target, onClose }: CoordinateEntryProps) {
  const { t } = useI18n();
  const [preference] = useCoordinatePreference();
  const [format, setFormat] = useState<CoordinateInputFormat>(preference.format === 'gaussKruger3' ? 'gaussKruger3' : 'degrees');
  const [mode, setMode] = useState<EntryMode>('vertex');
  const editing = target.kind === 'edit';
  /** Where a distance and bearing start: the last vertex drawn, or the one before the selected. */
  const origin = () => (target.kind === 'edit' ? target.previous() : target.lastVertex());
  const [zoneText, setZoneText] = useState(() => String(gaussKrugerZone(((target.kind === 'edit' ? target.selected() : target.lastVertex()) ?? target.centre())[0]!, { width: 3 })));
  const [position, setPosition] = useState('');
  const [distance, setDistance] = useState('');
  const [bearing, setBearing] = useState('');
  const [list, setList] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'position' | 'distance' | 'bearing' | 'list' | 'zone', string>>>({});
  const [placed, setPlaced] = useState<string>();
  const ids = { position: useId(), distance: useId(), bearing: useId(), list: useId(), zone: useId(), format: useId(), placed: useId() };
  const point = target.tool === 'point';
  const modes: readonly EntryMode[] = point ? ['vertex'] : ['vertex', 'bearing', 'list'];

  const reasonText = (error: CoordinateInputError) => t(REASONS[error.reason]);
  const zone = () => {
    const value = Number(zoneText);
    return Number.isInteger(value) && value >= 1 && value <= 60 ? value : undefined;
  };
  const options = () => ({ format, zone: format === 'gaussKruger3' ? zone() : undefined });
  const refuse = (next: typeof errors) => {
    setErrors(next);
    setPlaced(undefined);
  };
  /** Places and says so; a drawing that refused the vertex has said why already. A shape edited takes one vertex, moved, and the dialog closes. */
  const placeAll = (positions: readonly Position[], finish: boolean) => {
    if (target.kind === 'edit') {
      const [moved] = positions;
      if (moved) target.move(moved);
      return onClose();
    }
    const { placed, total } = target.place(positions, finish);
    setErrors({});
    if (point || finish) {
      if (placed === positions.length) onClose();
      return;
    }
    setPlaced(placed > 0 ? t('map.keys.vertexAdded', { count: total }) : undefined);
  };
  const zoneRefused = () => format === 'gaussKruger3' && zone() === undefined && zoneText.trim() !== '';

  const submit = () => {
    if (zoneRefused()) return refuse({ zone: t('map.coords.badZone') });
    if (mode === 'vertex') {
      try {
        const next = parseCoordinate(position, options());
        setPosition('');
        return placeAll([next], false);
      } catch (error) {
        if (!(error instanceof CoordinateInputError)) throw error;
        return refuse({ position: reasonText(error) });
      }
    }
    if (mode === 'bearing') {
      const from = origin();
      const metres = parseDistance(distance);
      const degrees = parseBearing(bearing);
      if (!from || metres === undefined || degrees === undefined) {
        return refuse({
          distance: !from ? t(editing ? 'map.coords.noPrevious' : 'map.coords.noVertex') : metres === undefined ? t('map.coords.badDistance') : undefined,
          bearing: from && degrees === undefined ? t('map.coords.badBearing') : undefined,
        });
      }
      setDistance('');
      setBearing('');
      return placeAll([destination(from, metres, degrees, format === 'gaussKruger3' ? 'gaussKruger3' : 'ellipsoid')], false);
    }
    const result = parseCoordinateList(list, options());
    if (result.problems.length > 0) {
      return refuse({ list: result.problems.map((problem) => t('map.coords.line', { line: problem.line, reason: reasonText(problem) })).join('\n') });
    }
    // A polygon's list written closed (as 界址点 lists end on J1) loses the repeat: the drawing closes it.
    const positions = target.tool === 'polygon' ? openRing(result.positions) : result.positions;
    if (target.kind === 'edit') return target.replace(positions) ? onClose() : refuse({ list: t('map.error.tooFewPoints') });
    const fewest = target.tool === 'polygon' ? 3 : 2;
    if (positions.length + (target.lastVertex() ? 1 : 0) < fewest) return refuse({ list: t('map.error.tooFewPoints') });
    placeAll(positions, true);
  };

  const field = (name: keyof typeof errors) => ({
    id: ids[name],
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${ids[name]}-error` : undefined,
  });

  return (
    <Modal
      open
      title={t('map.coords.title')}
      onCancel={onClose}
      footer={[
        <Button key="submit" type="primary" onClick={submit}>
          {t(editing ? (mode === 'list' ? 'map.coords.replace' : 'map.coords.move') : point ? 'map.coords.placePoint' : mode === 'list' ? 'map.coords.draw' : 'map.coords.add')}
        </Button>,
      ]}
      destroyOnHidden
    >
      <form
        className="gportal-coords"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {modes.length > 1 && (
          <fieldset className="gportal-coords-modes">
            <legend>{t('map.coords.mode')}</legend>
            {modes.map((each) => (
              <label key={each}>
                <input type="radio" name="gportal-coords-mode" value={each} checked={mode === each} onChange={() => {
                    setMode(each);
                    setErrors({});
                    setPlaced(undefined);
                  }} />
                {t(editing && each === 'vertex' ? 'map.coords.mode.selected' : `map.coords.mode.${each}`)}
              </label>
            ))}
          </fieldset>
        )}
        <div className="gportal-coords-row">
          <label htmlFor={ids.format}>{t('map.status.format')}</label>
          <select id={ids.format} className="gportal-select" value={format} onChange={(event) => {
              setFormat(event.target.value as CoordinateInputFormat);
              setErrors({});
            }}>
            <option value="degrees">{t('map.coords.format.degrees')}</option>
            <option value="gaussKruger3">{t('map.status.format.gaussKruger3')}</option>
          </select>
          {format === 'gaussKruger3' && (
            <>
              <label htmlFor={ids.zone}>{t('map.coords.zone')}</label>
              <Input {...field('zone')} className="gportal-coords-zone" inputMode="numeric" value={zoneText} onChange={(event) => setZoneText(event.target.value)} />
            </>
          )}
        </div>
        <FieldError id={`${ids.zone}-error`}>{errors.zone}</FieldError>
        {mode === 'vertex' && (
          <div className="gportal-coords-field">
            <label htmlFor={ids.position}>{t('map.coords.position')}</label>
            <Input {...field('position')} autoFocus value={position} placeholder={t(format === 'degrees' ? 'map.coords.example.degrees' : 'map.coords.example.gaussKruger3')} onChange={(event) => setPosition(event.target.value)} />
            <FieldError id={`${ids.position}-error`}>{errors.position}</FieldError>
          </div>
        )}
        {mode === 'bearing' && (
          <>
            <div className="gportal-coords-field">
              <label htmlFor={ids.distance}>{t('map.coords.distance')}</label>
              <Input {...field('distance')} autoFocus value={distance} inputMode="decimal" onChange={(event) => setDistance(event.target.value)} />
              <FieldError id={`${ids.distance}-error`}>{errors.distance}</FieldError>
            </div>
            <div className="gportal-coords-field">
              <label htmlFor={ids.bearing}>{t(format === 'gaussKruger3' ? 'map.coords.gridBearing' : 'map.coords.bearing')}</label>
              <Input {...field('bearing')} value={bearing} onChange={(event) => setBearing(event.target.value)} />
              <FieldError id={`${ids.bearing}-error`}>{errors.bearing}</FieldError>
            </div>
          </>
        )}
        {mode === 'list' && (
          <div className="gportal-coords-field">
            <label htmlFor={ids.list}>{t('map.coords.list')}</label>
            <Input.TextArea {...field('list')} autoFocus rows={6} value={list} placeholder={t(format === 'degrees' ? 'map.coords.listExample.degrees' : 'map.coords.listExample.gaussKruger3')} onChange={(event) => setList(event.target.value)} />
            <FieldError id={`${ids.list}-error`}>{errors.list}</FieldError>
          </div>
        )}
        {/* The submit button is the dialog's footer's; Enter in a field submits through the form. */}
        <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
        <div id={ids.placed} className="gportal-coords-placed" aria-live="polite">
          {placed}
        </div>
      </form>
    </Modal>
  );
}
