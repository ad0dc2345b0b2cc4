import { likePatternOf, type AttributeFilter, type BBox, type EditableFeature, type FeatureQuery, type FeatureSchema, type MapFeature, type PropertySchema, type SortKey } from '@gportal/core';

// What the attribute table asks the server for, and the rows it shows: a page of the server's
// features in the server's order, with the session's pending edits laid over them.

/** Rows per page: one request each, far below the server's 2000. */
export const TABLE_PAGE_SIZE = 50;

/** The comparisons a condition of 条件筛选 offers, by the field's type. */
export type ConditionOperator = 'eq' | 'ne' | 'lt' | 'le' | 'gt' | 'ge' | 'like' | 'isNull';

/** One condition of 条件筛选: a field, an operator and the value as typed. */
export interface TableCondition {
  field: string;
  op: ConditionOperator;
  value: string;
}

/** What the table lists: the search text, the conditions and how they join, the sort, the map's view (when limited to it) and the page. */
export interface TableQueryState {
  search: string;
  conditions: readonly TableCondition[];
  join: 'and' | 'or';
  sort: SortKey | undefined;
  /** Set when 只看视图内 is on: the map's view. */
  view: BBox | undefined;
  page: number;
}

export const EMPTY_TABLE_QUERY: TableQueryState = { search: '', conditions: [], join: 'and', sort: undefined, view: undefined, page: 0 };

/** The operators a field of this type takes: order for numbers and dates, a pattern for text, equality for booleans; every field may be empty. */
export function operatorsOf(property: PropertySchema): ConditionOperator[] {
  switch (property.type) {
    case 'string':
      return ['like', 'eq', 'ne', 'isNull'];
    case 'boolean':
      return ['eq', 'isNull'];
    default:
      return ['eq', 'ne', 'lt', 'le', 'gt', 'ge', 'isNull'];
  }
}

/** Why a condition's value cannot be compared with its field: `number`, `date` or `boolean`; `undefined` when it can. */
export function conditionProblem(property: PropertySchema, condition: TableCondition): 'number' | 'date' | 'boolean' | undefined {
  if (condition.op === 'isNull' || condition.op === 'like') return undefined;
  const text = condition.value.trim();
  if (property.type === 'number') return text !== '' && Number.isFinite(Number(text)) ? undefined : 'number';
  if (property.type === 'date') return /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) ? undefined : 'date';
  if (property.type === 'boolean') return text === 'true' || text === 'false' ? undefined : 'boolean';
  return undefined;
}

/** The filter of one condition; `undefined` for a condition naming no field of the layer or whose value does not fit it (the table refuses those where they are typed). */
export function conditionFilter(schema: FeatureSchema, condition: TableCondition): AttributeFilter | undefined {
  const property = schema.properties.find((candidate) => candidate.name === condition.field);
  if (!property || conditionProblem(property, condition)) return undefined;
  const { field, op } = condition;
  const text = condition.value.trim();
  if (op === 'isNull') return { op, property: field };
  // Contains, case-insensitive: what staff mean by 包含.
  if (op === 'like') return { op, property: field, pattern: `*${likePatternOf(condition.value)}*` };
  const value = property.type === 'number' ? Number(text) : property.type === 'date' ? new Date(`${text}T00:00:00Z`) : property.type === 'boolean' ? text === 'true' : condition.value;
  return { op, property: field, value };
}

/** 搜索: features any of whose text properties contain the text, case-insensitive; `undefined` for empty text or a layer without text properties. */
export function searchFilter(schema: FeatureSchema, text: string): AttributeFilter | undefined {
  if (text.trim() === '') return undefined;
  const pattern = `*${likePatternOf(text.trim())}*`;
  const filters: AttributeFilter[] = schema.properties.filter((property) => property.type === 'string').map((property) => ({ op: 'like', property: property.name, pattern }));
  if (filters.length === 0) return undefined;
  return filters.length === 1 ? filters[0] : { op: 'or', filters };
}

/** The search and the conditions together (each must hold); `undefined` when nothing narrows the rows. */
export function tableFilter(schema: FeatureSchema, state: Pick<TableQueryState, 'search' | 'conditions' | 'join'>): AttributeFilter | undefined {
  const conditions = state.conditions.map((condition) => conditionFilter(schema, condition)).filter((filter): filter is AttributeFilter => filter !== undefined);
  const joined: AttributeFilter | undefined = conditions.length === 0 ? undefined : conditions.length === 1 ? conditions[0] : { op: state.join, filters: conditions };
  const parts = [searchFilter(schema, state.search), joined].filter((filter): filter is AttributeFilter => filter !== undefined);
  if (parts.length === 0) return undefined;
  return parts.length === 1 ? parts[0] : { op: 'and', filters: parts };
}

/** The request of a page: the filter, the view, the page and the sort (then the id, so pages never overlap or skip). */
export function tableQuery(schema: FeatureSchema, state: TableQueryState): FeatureQuery {
  const filter = tableFilter(schema, state);
  return {
    typeName: schema.typeName,
    maxFeatures: TABLE_PAGE_SIZE,
    startIndex: state.page * TABLE_PAGE_SIZE,
    sortBy: state.sort ? [state.sort] : [],
    ...(filter ? { filter } : {}),
    ...(state.view ? { bbox: state.view } : {}),
  };
}

/** The next sort of a header's click: ascending, descending, then none. */
export function nextSort(sort: SortKey | undefined, property: string): SortKey | undefined {
  if (sort?.property !== property) return { property, order: 'asc' };
  return sort.order === 'asc' ? { property, order: 'desc' } : undefined;
}

/** A row: a feature as the session holds it, with its pending state. */
export interface TableRow {
  id: string;
  properties: EditableFeature['properties'];
  geometry: EditableFeature['geometry'];
  state: EditableFeature['state'];
}

/**
 * The rows of a page: the server's features with the session's pending edits over them (an
 * edited one shows its edited values, a removed one is marked), and on the first page the drawn
 * features not saved yet, first (they have no server id to be found by).
 */
export function tableRows(page: readonly MapFeature[], session: { feature(id: string): EditableFeature | undefined; features(): EditableFeature[] }, firstPage: boolean): TableRow[] {
  const drafts = firstPage ? session.features().filter((feature) => feature.state === 'insert') : [];
  const rows: TableRow[] = drafts.map(({ id, properties, geometry, state }) => ({ id, properties, geometry, state }));
  for (const feature of page) {
    const held = session.feature(feature.id);
    rows.push(held ? { id: held.id, properties: held.properties, geometry: held.geometry, state: held.state } : { id: feature.id, properties: feature.properties, geometry: feature.geometry, state: 'exist' });
  }
  return rows;
}
