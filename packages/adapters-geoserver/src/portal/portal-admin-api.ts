import type { PortalAdmin, PortalResult } from '@gportal/core';
import type { HttpClient } from '../http/index.js';
import { callPortal } from './portal-client.js';
import { PORTAL_ENDPOINTS, PORTAL_MESSAGES } from './portal-endpoints.js';

const blank = (text: string) => text.trim() === '';

/**
 * The portal backend's workspace and database calls (`/common/*`). Empty names are answered
 * without a request, with the spec's messages (section 5).
 */
export class PortalAdminApi implements PortalAdmin {
  constructor(private readonly http: HttpClient) {}

  /** `POST /common/CreateWorkSpace {name, srid}`: creates a portal workspace (its map-server name is `store_` plus its id). */
  createWorkspace(request: { name: string; srid: number }): Promise<PortalResult> {
    if (blank(request.name)) return Promise.resolve({ isOk: false, msg: PORTAL_MESSAGES.workspaceNameRequired });
    return callPortal(this.http, PORTAL_ENDPOINTS.createWorkspace, { name: request.name, srid: request.srid }, `workspace ${request.name}`);
  }

  /** `POST /common/DeleteWorkSpace {id, srid}`: deletes a portal workspace. */
  deleteWorkspace(request: { id: number; srid: number }): Promise<PortalResult> {
    return callPortal(this.http, PORTAL_ENDPOINTS.deleteWorkspace, { id: request.id, srid: request.srid }, `workspace ${request.id}`);
  }

  /** `POST /Common/PostDataBase {dataBaseName}`: creates a database on the portal backend. */
  createDatabase(dataBaseName: string): Promise<PortalResult> {
    if (blank(dataBaseName)) return Promise.resolve({ isOk: false, msg: PORTAL_MESSAGES.databaseNameRequired });
    return callPortal(this.http, PORTAL_ENDPOINTS.createDatabase, { dataBaseName }, `database ${dataBaseName}`);
  }

  /** `DELETE /Common/DeleteDataBase`: deletes a database of the portal backend. */
  deleteDatabase(dataBaseName: string): Promise<PortalResult> {
    if (blank(dataBaseName)) return Promise.resolve({ isOk: false, msg: PORTAL_MESSAGES.databaseNameRequired });
    return callPortal(this.http, PORTAL_ENDPOINTS.deleteDatabase, { dataBaseName }, `database ${dataBaseName}`);
  }

  /** `DELETE /common/deletetable {dataBaseName, tableName}`: drops a layer's table. */
  deleteTable(request: { dataBaseName: string; tableName: string }): Promise<PortalResult> {
    if (blank(request.dataBaseName)) return Promise.resolve({ isOk: false, msg: PORTAL_MESSAGES.databaseNameRequired });
    const payload = { dataBaseName: request.dataBaseName, tableName: request.tableName };
    return callPortal(this.http, PORTAL_ENDPOINTS.deleteTable, payload, `table ${request.dataBaseName}.${request.tableName}`);
  }

  /** `POST /common/InsertData {table, srid}`: fills a table with the backend's sample data. */
  insertData(request: { table: string; srid: number }): Promise<PortalResult> {
    return callPortal(this.http, PORTAL_ENDPOINTS.insertData, { table: request.table, srid: request.srid }, `table ${request.table}`);
  }
}
