import { ValidationError } from '../errors/errors.js';

/** The map-server name of a portal workspace: prefix then id (`store_` + 20 → `store_20`, spec section 3). */
export function workspaceName(prefix: string, id: number | string): string {
  return `${prefix}${id}`;
}

/** Empty or only spaces: the test screens treat such a name as not given. */
export function isBlankName(name: string | undefined | null): boolean {
  return (name ?? '').trim() === '';
}

/** Spec section 5, word for word. */
export const DATABASE_NAME_REQUIRED_MESSAGE = '请输入数据库名称';

/** The database name to create or delete; a blank one is refused with `请输入数据库名称`. */
export function requireDatabaseName(name: string): string {
  if (isBlankName(name)) throw new ValidationError({ dataBaseName: DATABASE_NAME_REQUIRED_MESSAGE }, undefined, { dataBaseName: { rule: 'required' } });
  return name.trim();
}

/** A coordinate system a layer may be created in. */
export interface CoordinateSystem {
  srid: number;
  /** The `EPSG:n` code map servers take. */
  code: string;
  name: string;
}

/** The coordinate systems a layer may be created in: WGS 84 (the bbox default) and CGCS2000 (workspace creation). */
export const COORDINATE_SYSTEMS: readonly CoordinateSystem[] = [
  { srid: 4326, code: 'EPSG:4326', name: 'WGS 84' },
  { srid: 4490, code: 'EPSG:4490', name: 'CGCS2000' },
];

/** The supported coordinate system of an srid (4326, 4490), or `undefined`. */
export function coordinateSystemFor(srid: number): CoordinateSystem | undefined {
  return COORDINATE_SYSTEMS.find((system) => system.srid === srid);
}

/** The coordinate system matching a workspace srid; adding a layer is refused when there is none (spec section 5). */
export function requireCoordinateSystem(srid: number): CoordinateSystem {
  const system = coordinateSystemFor(srid);
  if (!system) {
    const supported = COORDINATE_SYSTEMS.map((candidate) => candidate.code).join(', ');
    // An srid that is no number (an empty input) is a missing one, not one without a match.
    const problem = Number.isFinite(srid) ? { rule: 'unsupported' as const, value: String(srid) } : { rule: 'required' as const };
    throw new ValidationError({ srid: `没有与工作空间坐标系 ${srid} 匹配的坐标系 (${supported})` }, undefined, { srid: problem });
  }
  return system;
}
