import type { FeatureTypeSpec } from '../domain/admin.js';
import type { PortalResult } from '../domain/auth.js';
import type { LayerAdmin } from '../ports/layer-admin.port.js';
import type { PortalAdmin } from '../ports/portal-admin.port.js';
import type { WorkspaceAdmin } from '../ports/workspace-admin.port.js';
import { isBlankName, requireCoordinateSystem, requireDatabaseName } from './admin-rules.js';
import { buildFeatureTypeSpec, type FeatureTypeSpecInput } from './feature-type-spec.js';

/** The ports {@link AdminActions} works through. */
export interface AdminActionsOptions {
  workspaces: WorkspaceAdmin;
  layers: LayerAdmin;
  portal: PortalAdmin;
}

/** Input of {@link AdminActions.addLayer}: the layer, and the workspace whose srid it takes. */
export interface AddLayerInput extends Omit<FeatureTypeSpecInput, 'srid' | 'namespace'> {
  workspace: string;
  /** The workspace's srid; the layer is created in the coordinate system that matches it. */
  workspaceSrid: number;
}

/** The administration buttons of the map-server test screen with the rules of spec section 5. */
export class AdminActions {
  constructor(private readonly ports: AdminActionsOptions) {}

  /** Creates a workspace; with a blank name nothing happens and the answer is `false`. */
  async addWorkspace(name: string): Promise<boolean> {
    if (isBlankName(name)) return false;
    await this.ports.workspaces.create(name.trim());
    return true;
  }

  /** Throws `ValidationError` (`请输入数据库名称`) for a blank name, before any call. */
  async createDatabase(name: string): Promise<PortalResult> {
    return this.ports.portal.createDatabase(requireDatabaseName(name));
  }

  /** Throws `ValidationError` (`请输入数据库名称`) for a blank name, before any call. */
  async deleteDatabase(name: string): Promise<PortalResult> {
    return this.ports.portal.deleteDatabase(requireDatabaseName(name));
  }

  /**
   * Creates a feature type of one kind in the workspace's coordinate system and returns what was
   * sent; throws `ValidationError` (field `srid`), before any call, when no coordinate system matches.
   */
  async addLayer(input: AddLayerInput): Promise<FeatureTypeSpec> {
    const { workspace, workspaceSrid, ...layer } = input;
    const system = requireCoordinateSystem(workspaceSrid);
    const spec = buildFeatureTypeSpec({ ...layer, namespace: workspace, srid: system.srid });
    await this.ports.layers.createFeatureType(workspace, layer.store, spec);
    return spec;
  }
}
