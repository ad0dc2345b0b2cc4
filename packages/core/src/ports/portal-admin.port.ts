import type { PortalResult } from '../domain/auth.js';

/** The portal backend's workspace and database calls (spec section 7, `/common/*`). */
export interface PortalAdmin {
  /** Creates a portal workspace; its map-server name is {@link DEFAULT_WORKSPACE_PREFIX} plus the id answered. */
  createWorkspace(request: { name: string; srid: number }): Promise<PortalResult>;
  /** Deletes a portal workspace by id. */
  deleteWorkspace(request: { id: number; srid: number }): Promise<PortalResult>;
  /** Creates a database; a blank or taken name is answered with `isOk: false`. */
  createDatabase(dataBaseName: string): Promise<PortalResult>;
  /** Deletes a database. */
  deleteDatabase(dataBaseName: string): Promise<PortalResult>;
  /** Drops a table (a layer's data) of a database. */
  deleteTable(request: { dataBaseName: string; tableName: string }): Promise<PortalResult>;
  /** Inserts the backend's sample data into a table. */
  insertData(request: { table: string; srid: number }): Promise<PortalResult>;
}
/** The inversify token of {@link PortalAdmin}. */
export const PORTAL_ADMIN = Symbol.for('gportal.PortalAdmin');
