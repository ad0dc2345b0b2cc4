import { CloseOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import {
  boundsOfGeometries,
  FEATURE_SOURCE,
  fittableBounds,
  geodesicArea,
  INITIAL_BOUNDS_PADDING,
  padBounds,
  QueryNotSupportedError,
  type EditSession,
  type FeatureSchema,
  type FeatureSource,
  type MapFeature,
  type PropertySchema,
  type PropertyValue,
} from '@gportal/core';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { tellError } from '../../i18n/describe-error';
import { useI18n, type Translate } from '../../i18n/i18n-provider';
import { ErrorMessage } from '../../ui/error-detail';
import { LabelledButton } from '../../ui/labelled-button';
import { useService } from '../../ui/services';
import { toLatLngBounds } from '../base';
import type { L } from '../leaflet';
import { AreaUnitSelect } from '../geometry/area-unit-select';
import { areaText, type AreaUnitChoice } from '../geometry/area-units';
import { EMPTY_TABLE_QUERY, nextSort, TABLE_PAGE_SIZE, tableQuery, tableRows, type TableQueryState } from './table-query';
import { BatchEditor } from './batch-editor';
import { Cell } from './cell';
import { ConditionEditor } from './condition-editor';
import './attribute-table.css';

/** Props of {@link AttributeTable}. */
export interface AttributeTableProps {
  session: EditSession;
  schema: FeatureSchema;
  /** The session's revision (`FeatureSessionView.revision`): the rows follow every change. */
  revision: number;
  labels: Readonly<Record<string, string>>;
  map: L.Map | undefined;
  /** The layer can be edited now: cells, 批量编辑 and 删除所选 need it. */
  editable: boolean;
  selected: readonly string[];
  onSelect(ids: string[]): void;
  /** The unit of the area column of a polygon layer, shared with the measurement read-out. */
  areaUnit: AreaUnitChoice;
  onAreaUnit(unit: AreaUnitChoice): void;
  /** Told of an edit the session refused (busy, invalid): it changed nothing. */
  apply(edit: () => void): boolean;
  onClose(): void;
}

/** A cell's text: numbers in the language's digits, dates as `YYYY-MM-DD`, booleans as 是 / 否. */
function cellText(value: PropertyValue | undefined, locale: string, t: Translate): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'boolean') return t(value ? 'map.table.yes' : 'map.table.no');
  if (typeof value === 'number') return value.toLocaleString(locale, { maximumFractionDigits: 10 });
  return String(value);
}

/** Why the table could not be read, as a sentence with the detail beneath. */
function Problem({ error }: { error: unknown }) {
  const { t } = useI18n();
  if (error instanceof QueryNotSupportedError) return <div role="alert">{t(error.unsupported === 'sort' ? 'map.table.cannotSort' : 'map.table.cannotPage')}</div>;
  return (
    <div role="alert">
      <ErrorMessage tell={tellError(error)} lead={(reason, translate) => translate('map.table.failed', { reason })} />
    </div>
  );
}

/**
 * The attribute table (属性表) of the edited layer, under the map: a page of the server's
 * features at a time, searched, filtered and sorted by the server, counted by it; the session's
 * pending edits over the rows. One selection with the map; cells edited in place, a field set
 * for every selected row at once, the selected rows removed: each one undo step, through the session.
 */
export default function AttributeTable({ session, schema, revision, labels, map, editable, selected, onSelect, areaUnit, onAreaUnit, apply, onClose }: AttributeTableProps) {
  const { t, locale } = useI18n();
  const source = useService<FeatureSource>(FEATURE_SOURCE);
  const [query, setQuery] = useState<TableQueryState>(EMPTY_TABLE_QUERY);
  const [page, setPage] = useState<{ features: MapFeature[]; count: number | undefined }>();
  const [problem, setProblem] = useState<unknown>();
  const [loading, setLoading] = useState(false);
  const [inView, setInView] = useState(false);
  const [filtering, setFiltering] = useState(false);
  const [batching, setBatching] = useState(false);
  const columns = schema.properties;
  // A polygon layer's rows have their geodesic area as a column, in the unit chosen in its header.
  const areas = schema.geometryKind === 'Polygon' || schema.geometryKind === 'MultiPolygon';
  const labelOf = (property: PropertySchema) => labels[property.name] ?? property.name;
  const writable = (property: PropertySchema) => editable && !schema.readOnly?.includes(property.name);

  // 只看视图内: the view as the map moves.
  useEffect(() => {
    if (!map || !inView) {
      setQuery((now) => (now.view ? { ...now, view: undefined, page: 0 } : now));
      return;
    }
    const follow = () => {
      const bounds = map.getBounds();
      setQuery((now) => ({ ...now, view: [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()], page: 0 }));
    };
    follow();
    map.on('moveend', follow);
    return () => {
      map.off('moveend', follow);
    };
  }, [map, inView]);

  // A save changed what the server holds (ids of drawings, removed rows): the page is read again.
  const [saves, setSaves] = useState(0);
  useEffect(() => session.on('save:success', () => setSaves((count) => count + 1)), [session]);

  // One page and the count, from the server; an answer overtaken by a newer query is dropped.
  useEffect(() => {
    let live = true;
    let release: (() => void) | undefined;
    setLoading(true);
    const request = tableQuery(schema, query);
    const { filter, bbox } = request;
    Promise.all([source.getFeatures(request), source.countFeatures?.({ typeName: schema.typeName, ...(filter ? { filter } : {}), ...(bbox ? { bbox } : {}) })]).then(
      ([answer, count]) => {
        if (!live) return;
        // Rows far from the map are edited all the same: the session holds the page's features.
        // A page it refuses (a geometry it cannot take) is still listed, and the reason said.
        let refused: unknown;
        try {
          release = session.adopt(answer.features);
        } catch (error) {
          refused = error;
        }
        setPage({ features: answer.features, count });
        setProblem(refused);
        setLoading(false);
      },
      (error: unknown) => {
        if (!live) return;
        setProblem(error);
        setLoading(false);
      },
    );
    return () => {
      live = false;
      release?.();
    };
  }, [source, session, schema, query, saves]);

  // The rows are the page with the session's edits over it: read again at every change of the session.
  const rows = useMemo(() => (page ? tableRows(page.features, session, query.page === 0) : []), [page, session, query.page, revision]);
  const selectedSet = useMemo(() => new Set(selected), [selected]);
  const anchor = useRef<string>(undefined);
  const body = useRef<HTMLTableSectionElement>(null);
  // Opened under the map, the table would start below the fold of a 768 or 800 px high window: the
  // page scrolls as little as brings it into view, the map's lower part staying beside it.
  const panel = useRef<HTMLElement>(null);
  const answered = page !== undefined;
  useEffect(() => {
    // Not the effect's value: Chromium's scrollIntoView returns a promise, which React would call as the clean-up.
    panel.current?.scrollIntoView?.({ block: 'nearest' });
  }, [answered]);

  // A feature selected on the map: its row comes into sight.
  useEffect(() => {
    const last = selected.at(-1);
    const shown = last === undefined ? undefined : [...(body.current?.rows ?? [])].find((row) => row.dataset.id === last);
    shown?.scrollIntoView?.({ block: 'nearest' });
  }, [selected]);

  const select = (id: string, event: MouseEvent | KeyboardEvent) => {
    if (event.shiftKey && anchor.current) {
      const ids = rows.map((row) => row.id);
      const [from, to] = [ids.indexOf(anchor.current), ids.indexOf(id)].sort((a, b) => a - b) as [number, number];
      if (from >= 0) {
        onSelect([...new Set([...selected, ...ids.slice(from, to + 1)])]);
        return;
      }
    }
    anchor.current = id;
    if (event.ctrlKey || event.metaKey) onSelect(selectedSet.has(id) ? selected.filter((other) => other !== id) : [...selected, id]);
    else onSelect([id]);
  };

  const zoomTo = () => {
    const bounds = boundsOfGeometries(selected.flatMap((id) => session.feature(id)?.geometry ?? []));
    if (map && bounds) map.fitBounds(toLatLngBounds(padBounds(fittableBounds(bounds), INITIAL_BOUNDS_PADDING)), { animate: false });
  };

  const removeSelected = () => {
    const ids = selected.filter((id) => session.stateOf(id) !== undefined && session.stateOf(id) !== 'remove');
    if (apply(() => session.batch(() => ids.forEach((id) => session.remove(id))))) onSelect([]);
  };

  const pages = page?.count === undefined ? undefined : Math.max(1, Math.ceil(page.count / TABLE_PAGE_SIZE));
  const lastPage = pages === undefined ? (page?.features.length ?? 0) < TABLE_PAGE_SIZE : query.page + 1 >= pages;
  const activeFilter = query.conditions.length > 0;

  return (
    <section ref={panel} className="gportal-table" aria-label={t('map.table.title')}>
      <div className="gportal-table-bar" role="toolbar" aria-label={t('map.table.tools')}>
        <input
          type="search"
          className="gportal-table-search"
          aria-label={t('map.table.search')}
          placeholder={t('map.table.search')}
          defaultValue={query.search}
          onKeyDown={(event) => {
            if (event.key === 'Enter') setQuery({ ...query, search: event.currentTarget.value, page: 0 });
          }}
          onChange={(event) => {
            // Emptied (its clear button too): every row again.
            if (event.currentTarget.value === '' && query.search !== '') setQuery({ ...query, search: '', page: 0 });
          }}
        />
        <LabelledButton label={t('map.table.filter')} type={filtering || activeFilter ? 'primary' : 'default'} aria-expanded={filtering} onClick={() => setFiltering(!filtering)} />
        <label className="gportal-table-check">
          <input type="checkbox" checked={inView} onChange={(event) => setInView(event.currentTarget.checked)} />
          {t('map.table.inView')}
        </label>
        <span className="gportal-table-count" data-testid="table-count" aria-live="polite">
          {page?.count !== undefined && t('map.table.count', { count: page.count, shown: page.count.toLocaleString(locale) })}
          {selected.length > 0 && ` · ${t('map.table.selected', { count: selected.length })}`}
        </span>
        <LabelledButton label={t('map.table.zoomTo')} disabled={selected.length === 0} onClick={zoomTo} />
        <LabelledButton label={t('map.table.batch')} icon={<EditOutlined />} disabled={!editable || selected.length === 0} aria-expanded={batching} onClick={() => setBatching(!batching)} />
        <LabelledButton label={t('map.table.deleteSelected')} icon={<DeleteOutlined />} danger disabled={!editable || selected.length === 0} onClick={removeSelected} />
        <LabelledButton label={t('map.table.close')} icon={<CloseOutlined />} type="text" onClick={onClose} />
      </div>
      {filtering && <ConditionEditor schema={schema} labelOf={labelOf} onAdd={(condition) => setQuery({ ...query, conditions: [...query.conditions, condition], page: 0 })} />}
      {activeFilter && (
        <div className="gportal-table-filter" data-testid="table-filter">
          <span>
            {query.conditions.map((condition, index) => {
              const property = columns.find((candidate) => candidate.name === condition.field);
              const text = `${property ? labelOf(property) : condition.field} ${t(`map.table.op.${condition.op}`)}${condition.op === 'isNull' ? '' : ` ${condition.value}`}`;
              return (index > 0 ? ` ${t(query.join === 'and' ? 'map.table.and' : 'map.table.or')} ` : '') + text;
            })}
          </span>
          {query.conditions.length > 1 && (
            <select aria-label={t('map.table.join')} value={query.join} onChange={(event) => setQuery({ ...query, join: event.currentTarget.value === 'or' ? 'or' : 'and', page: 0 })}>
              <option value="and">{t('map.table.and')}</option>
              <option value="or">{t('map.table.or')}</option>
            </select>
          )}
          <LabelledButton label={t('map.table.clearFilter')} size="small" onClick={() => setQuery({ ...query, conditions: [], page: 0 })} />
        </div>
      )}
      {batching && selected.length > 0 && (
        <BatchEditor
          schema={schema}
          count={selected.length}
          labelOf={labelOf}
          onCancel={() => setBatching(false)}
          onApply={(field, value) => {
            const ids = selected.filter((id) => session.stateOf(id) !== undefined && session.stateOf(id) !== 'remove');
            if (apply(() => session.batch(() => ids.forEach((id) => session.update(id, { properties: { [field]: value } }))))) setBatching(false);
          }}
        />
      )}
      {problem !== undefined && <Problem error={problem} />}
      <div className="gportal-table-scroll">
        <table aria-rowcount={page?.count} aria-busy={loading}>
          <thead>
            <tr>
              <th scope="col">{t('map.table.state')}</th>
              {columns.map((property) => {
                const order = query.sort?.property === property.name ? query.sort.order : undefined;
                return (
                  <th key={property.name} scope="col" aria-sort={order === 'asc' ? 'ascending' : order === 'desc' ? 'descending' : 'none'}>
                    <button type="button" className="gportal-table-sort" onClick={() => setQuery({ ...query, sort: nextSort(query.sort, property.name), page: 0 })}>
                      {labelOf(property)}
                      <span aria-hidden="true">{order === 'asc' ? ' ▲' : order === 'desc' ? ' ▼' : ''}</span>
                    </button>
                  </th>
                );
              })}
              {areas && (
                <th scope="col">
                  <span className="gportal-table-area">
                    {t('map.table.area')}
                    <AreaUnitSelect value={areaUnit} onChange={onAreaUnit} />
                  </span>
                </th>
              )}
            </tr>
          </thead>
          <tbody ref={body}>
            {rows.map((row) => {
              return (
                <tr
                  key={row.id}
                  data-id={row.id}
                  data-state={row.state}
                  aria-selected={selectedSet.has(row.id)}
                  className={selectedSet.has(row.id) ? 'gportal-table-selected' : undefined}
                  tabIndex={0}
                  onClick={(event) => select(row.id, event)}
                  onKeyDown={(event) => {
                    // Space on the row selects it (with Ctrl or Shift, as a click); a cell's own keys stay its own.
                    if (event.target !== event.currentTarget || event.key !== ' ') return;
                    event.preventDefault();
                    select(row.id, event);
                  }}
                >
                  <td className="gportal-table-state">{row.state !== 'exist' && t(`map.table.state.${row.state}`)}</td>
                  {columns.map((property) => (
                    <Cell
                      key={property.name}
                      property={property}
                      name={labelOf(property)}
                      value={row.properties[property.name]}
                      text={cellText(row.properties[property.name], locale, t)}
                      editable={writable(property) && row.state !== 'remove'}
                      onCommit={(value) => apply(() => session.update(row.id, { properties: { [property.name]: value } }))}
                    />
                  ))}
                  {areas && <td data-testid="row-area">{row.geometry.type === 'Polygon' || row.geometry.type === 'MultiPolygon' ? areaText(geodesicArea(row.geometry), areaUnit, t) : ''}</td>}
                </tr>
              );
            })}
          </tbody>
        </table>
        {page && rows.length === 0 && <p className="gportal-table-empty">{t('map.table.empty')}</p>}
      </div>
      <div className="gportal-table-pages">
        <LabelledButton label={t('map.table.previous')} size="small" disabled={query.page === 0} onClick={() => setQuery({ ...query, page: query.page - 1 })} />
        <span>{pages === undefined ? t('map.table.page', { page: query.page + 1 }) : t('map.table.pageOf', { page: query.page + 1, pages })}</span>
        <LabelledButton label={t('map.table.next')} size="small" disabled={lastPage} onClick={() => setQuery({ ...query, page: query.page + 1 })} />
      </div>
    </section>
  );
}
