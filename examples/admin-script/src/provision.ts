import {
  buildFeatureTypeSpec,
  formatStyleRef,
  requireCoordinateSystem,
  type AttributeSpec,
  type DataStoreAdmin,
  type LayerAdmin,
  type PostgisStoreSpec,
  type StyleAdmin,
  type WorkspaceAdmin,
} from '@gportal/core';

/** The four administration ports the provisioning needs: GeoServer's REST adapters, or the in-memory ones. */
export interface AdminPorts {
  workspaces: WorkspaceAdmin;
  dataStores: DataStoreAdmin;
  layers: LayerAdmin;
  styles: StyleAdmin;
}

/** What to create. */
export interface ProvisionPlan {
  workspace: string;
  store: Omit<PostgisStoreSpec, 'dbtype'>;
  layer: string;
  /** The layer's coordinate system: 4490 (CGCS2000) or 4326 (WGS 84). */
  srid: number;
  /** The layer's attributes besides its polygon geometry `geom`. */
  attributes: AttributeSpec[];
  style: { name: string; sld: string; file: string };
}

/** One finished step, as the command prints it: `[2/5] PostGIS data store …`. */
export interface ProvisionStep {
  index: number;
  total: number;
  label: string;
}

/** The step that failed, with what the adapter threw; every step before it was done. */
export class ProvisionError extends Error {
  constructor(
    readonly step: ProvisionStep,
    cause: unknown,
  ) {
    super(`[${step.index}/${step.total}] ${step.label}: ${describeFailure(cause)}`, { cause });
    this.name = 'ProvisionError';
  }
}

/** A typed gportal error reads as `kind (HTTP status): message`; anything else as its message. */
export function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const kind = 'kind' in error && typeof error.kind === 'string' ? error.kind : error.name;
  const status = 'status' in error && typeof error.status === 'number' ? ` (HTTP ${error.status})` : '';
  return `${kind}${status}: ${error.message}`;
}

/**
 * Creates the workspace, the PostGIS store, the polygon layer and its style, then makes that
 * style the layer's default, in this order; `onStep` hears of each step when it is done. The
 * first failure stops the run with a `ProvisionError` naming the step (nothing is rolled back:
 * a rerun after fixing the cause meets a `conflict` for what already exists).
 */
export async function provision(ports: AdminPorts, plan: ProvisionPlan, onStep: (step: ProvisionStep) => void): Promise<void> {
  const { store, workspace, layer, style } = plan;
  // Checked before any request, so a wrong srid never leaves a half-provisioned workspace.
  const system = requireCoordinateSystem(plan.srid);
  const attributeList = plan.attributes.map((attribute) => `${attribute.name} ${attribute.binding}`).join(', ');
  const styleRef = { workspace, name: style.name };
  const steps: Array<{ label: string; run: () => Promise<void> }> = [
    { label: `workspace ${workspace}`, run: () => ports.workspaces.create(workspace) },
    {
      label: `PostGIS data store ${workspace}:${store.name} (${store.user}@${store.host}:${store.port}/${store.database}, schema ${store.schema})`,
      run: () => ports.dataStores.create(workspace, { ...store, dbtype: 'postgis' }),
    },
    {
      label: `polygon layer ${workspace}:${layer} (${attributeList}; ${system.code})`,
      run: () =>
        ports.layers.createFeatureType(
          workspace,
          store.name,
          buildFeatureTypeSpec({ name: layer, kind: 'polygon', store: store.name, namespace: workspace, srid: system.srid, attributes: plan.attributes }),
        ),
    },
    { label: `style ${formatStyleRef(styleRef)} from ${style.file}`, run: () => ports.styles.create({ name: style.name, sld: style.sld, workspace }) },
    { label: `default style of ${workspace}:${layer} set to ${formatStyleRef(styleRef)}`, run: () => ports.layers.setDefaultStyle(workspace, layer, styleRef) },
  ];
  for (const [position, { label, run }] of steps.entries()) {
    const step = { index: position + 1, total: steps.length, label };
    try {
      await run();
    } catch (error) {
      throw new ProvisionError(step, error);
    }
    onStep(step);
  }
}
