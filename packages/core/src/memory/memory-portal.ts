import { DEFAULT_WORKSPACE_PREFIX } from '../domain/constants.js';
import type { PortalResult } from '../domain/auth.js';
import type { UploadOptions, UploadRequest } from '../domain/upload.js';
import type { FileUpload } from '../ports/file-upload.port.js';
import type { PortalAdmin } from '../ports/portal-admin.port.js';

/** The portal backend's `/common/*` calls, answered from memory with the backend's `{isOk, msg, data}` shape. */
export class MemoryPortal implements PortalAdmin, FileUpload {
  private nextWorkspaceId = 1;
  readonly portalWorkspaces = new Map<number, { id: number; name: string; srid: number }>();
  readonly databases = new Map<string, Set<string>>();
  readonly uploads: UploadRequest[] = [];

  /** Creates a workspace with the next id; answers like the portal backend. */
  async createWorkspace(request: { name: string; srid: number }): Promise<PortalResult> {
    if (!request.name) return { isOk: false, msg: '工作空间名称不能为空' };
    // A name written as the spec says (prefix + id, `store_20`) keeps its id, so the map-server name and the id agree.
    const named = new RegExp(`^${DEFAULT_WORKSPACE_PREFIX}(\\d+)$`).exec(request.name);
    const id = named ? Number(named[1]) : this.nextWorkspaceId++;
    if (this.portalWorkspaces.has(id)) return { isOk: false, msg: `工作空间 ${request.name} 已存在` };
    this.portalWorkspaces.set(id, { id, ...request });
    return { isOk: true, data: { id, name: request.name, srid: request.srid } };
  }

  /** Deletes a workspace by id; answers like the portal backend. */
  async deleteWorkspace(request: { id: number; srid: number }): Promise<PortalResult> {
    return this.portalWorkspaces.delete(request.id) ? { isOk: true } : { isOk: false, msg: '请求失败' };
  }

  /** Records a database; answers like the portal backend. */
  async createDatabase(dataBaseName: string): Promise<PortalResult> {
    if (!dataBaseName) return { isOk: false, msg: '请输入数据库名称' };
    if (this.databases.has(dataBaseName)) return { isOk: false, msg: `数据库 ${dataBaseName} 已存在` };
    this.databases.set(dataBaseName, new Set());
    return { isOk: true, data: dataBaseName };
  }

  /** Forgets a database; answers like the portal backend. */
  async deleteDatabase(dataBaseName: string): Promise<PortalResult> {
    return this.databases.delete(dataBaseName) ? { isOk: true } : { isOk: false, msg: `数据库 ${dataBaseName} 不存在` };
  }

  /** Forgets a table of a database; answers like the portal backend. */
  async deleteTable(request: { dataBaseName: string; tableName: string }): Promise<PortalResult> {
    const tables = this.databases.get(request.dataBaseName);
    return tables?.delete(request.tableName) ? { isOk: true } : { isOk: false, msg: `表 ${request.tableName} 不存在` };
  }

  /** Records the table in the first database (refused when there is none); answers like the portal backend. */
  async insertData(request: { table: string; srid: number }): Promise<PortalResult> {
    const [database] = this.databases.keys();
    if (database === undefined) return { isOk: false, msg: '没有数据库' };
    this.databases.get(database)?.add(request.table);
    return { isOk: true, data: { table: request.table, srid: request.srid } };
  }

  /** Accepts the files and fields and reports progress once, all sent. */
  async upload(request: UploadRequest, options: UploadOptions = {}): Promise<PortalResult> {
    if (request.files.length === 0) return { isOk: false, msg: '请选择文件' };
    // Nothing travels: the whole body counts as sent at once.
    const total = request.files.reduce((sum, file) => sum + file.content.byteLength, 0);
    options.onProgress?.({ loaded: total, total });
    this.uploads.push(request);
    return { isOk: true, data: request.files.map((file) => ({ name: file.name, size: file.content.byteLength })) };
  }
}
