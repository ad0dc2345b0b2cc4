import type { PortalResult } from '../domain/auth.js';

/** The portal backend's workspace and database calls (spec section 7, `/common/*`). */
export interface PortalAdmin {
  createWorkspace(request: { name: string; srid: number }): Promise<PortalResult>;
  deleteWorkspace(request: { id: number; srid: number }): Promise<PortalResult>;
  createDatabase(dataBaseName: string): Promise<PortalResult>;
  deleteDatabase(dataBaseName: string): Promise<PortalResult>;
  deleteTable(request: { dataBaseName: string; tableName: string }): Promise<PortalResult>;
  insertData(request: { table: string; srid: number }): Promise<PortalResult>;
}
export const PORTAL_ADMIN = Symbol.for('gportal.PortalAdmin');
