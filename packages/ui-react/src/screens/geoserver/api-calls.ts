import {
  buildPostgisStoreSpec,
  DATABASE_NAME_REQUIRED_MESSAGE,
  DEFAULT_WORKSPACE_PREFIX,
  findLayerOfKind,
  formatStyleRef,
  isBlankName,
  MapServerError,
  NotFoundError,
  sampleInsert,
  ValidationError,
  WORKSPACE_CREATION_SRID,
  type AdminActions,
  type AttributeSpec,
  type DataStoreAdmin,
  type FeatureSource,
  type FeatureTransactions,
  type LayerAdmin,
  type LayerKind,
  type PortalAdmin,
  type PortalResult,
  type StyleAdmin,
  type WorkspaceAdmin,
} from '@gportal/core';
import type { MessageKey } from '../../i18n/messages';
import { xmlProblem } from './xml-problem';

/** What the API test screen's inputs hold. */
export interface ApiForm {
  workspace: string;
  store: string;
  layer: string;
  style: string;
  /** The workspace's coordinate system; `null` while the input is empty. */
  srid: number | null;
  sld: string;
  /** Deleting a workspace also deletes what it holds. */
  recurse: boolean;
}

/** The ports the buttons call, resolved by the screen. */
export interface ApiPorts {
  workspaces: WorkspaceAdmin;
  dataStores: DataStoreAdmin;
  layers: LayerAdmin;
  styles: StyleAdmin;
  features: FeatureSource;
  transactions: FeatureTransactions;
  actions: AdminActions;
  /** The spec's product API (`/common/*`), used by the calls that have a `portal` variant when `adminApi` is `portal`. */
  portal: PortalAdmin;
}

/** Which API the screen's administration buttons go through (the `adminApi` setting). */
export type AdminApi = 'geoserver' | 'portal';

/** The inputs a call cannot run without; a blank one is refused with `请输入…` before any request. */
type RequiredInput = 'workspace' | 'store' | 'layer' | 'style' | 'srid';

export type ApiGroup = 'workspace' | 'database' | 'layer' | 'style' | 'data';

type Run = (ports: ApiPorts, form: ApiForm) => Promise<unknown>;

export interface ApiCall {
  id: string;
  group: ApiGroup;
  /** The button's name, also naming the call in the result. */
  label: MessageKey;
  /** Checked before `run`, in this order. */
  needs: readonly RequiredInput[];
  run: Run;
  /** The same button through the spec's product API (`adminApi: 'portal'`), with the inputs it needs. */
  portal?: { needs: readonly RequiredInput[]; run: Run };
  /** Shown above the error when the call fails (spec section 8: a failed workspace delete says `请求失败`). */
  failure?: MessageKey;
  /** A refused input is reported in the result only, without a notice (adding a layer, spec section 5). */
  quiet?: boolean;
  /** A call that deletes asks first: what goes, in the words of these keys, filled from the inputs. */
  confirm?: (form: ApiForm, adminApi: AdminApi) => DeleteConfirmation;
}

/** The question a deleting call asks before it sends anything: its title names what goes, its content what goes with it. */
export interface DeleteConfirmation {
  title: MessageKey;
  content: MessageKey;
  values: Readonly<Record<string, string>>;
}

/** The SLD of the text area, refused before any request when it is not well-formed XML. */
function wellFormedSld(sld: string): string {
  const problem = xmlProblem(sld);
  if (problem !== undefined) throw new ValidationError({ sld: problem }, undefined, { sld: { rule: 'invalid' } });
  return sld;
}

/** The spec's feature type (section 3): a `name` string beside the geometry `geom` the core adds by kind. */
const LAYER_ATTRIBUTES: readonly AttributeSpec[] = [{ name: 'name', binding: 'String', nillable: true }];

function addLayer(kind: LayerKind): Run {
  return ({ actions }, form) =>
    actions.addLayer({ workspace: form.workspace, workspaceSrid: form.srid ?? Number.NaN, store: form.store, name: form.layer, kind, attributes: [...LAYER_ATTRIBUTES] });
}

/** The workspace's layer of that kind; a workspace without one is refused (field `layerKind`) before any insert. */
async function layerOfKind(features: FeatureSource, kind: LayerKind, workspace: string) {
  try {
    return await findLayerOfKind(features, kind, workspace);
  } catch (error) {
    if (error instanceof NotFoundError) throw new ValidationError({ layerKind: kind });
    throw error;
  }
}

function addData(kind: LayerKind): Run {
  return async ({ features, transactions }, form) => transactions.commit(sampleInsert(kind, await layerOfKind(features, kind, form.workspace.trim())));
}

/** `InsertData {table, srid}`: the table of the workspace's layer of that kind (the type name without its workspace). */
function insertData(kind: LayerKind): Run {
  return async ({ features, portal }, form) => {
    const { typeName } = await layerOfKind(features, kind, form.workspace.trim());
    return portalAnswer(await portal.insertData({ table: typeName.slice(typeName.indexOf(':') + 1), srid: form.srid ?? Number.NaN }));
  };
}

/** The product API answers `{isOk, msg, data}`: a refusal is a failure showing its message, an acceptance shows the whole answer. */
function portalAnswer(answer: PortalResult): PortalResult {
  if (!answer.isOk) throw new MapServerError({ text: answer.msg ?? JSON.stringify(answer) });
  return answer;
}

/** The portal's id of a workspace named as the spec says, prefix `store_` then the id (`store_20` → 20). */
function portalWorkspaceId(workspace: string): number {
  const match = new RegExp(`^${DEFAULT_WORKSPACE_PREFIX}(\\d+)$`).exec(workspace.trim());
  if (!match) throw new ValidationError({ portalWorkspace: workspace.trim() });
  return Number(match[1]);
}

const own = (form: ApiForm) => ({ workspace: form.workspace });

/** The refusal of a blank input, by the field the screen words it for. */
const REQUIRED_FIELD: Readonly<Record<RequiredInput, string>> = {
  workspace: 'workspaceName',
  store: 'dataBaseName',
  layer: 'layerName',
  style: 'styleName',
  srid: 'sridValue',
};

function blankInput(form: ApiForm, input: RequiredInput): boolean {
  return input === 'srid' ? form.srid === null : isBlankName(form[input]);
}

function chosenVariant(call: ApiCall, adminApi: AdminApi): { needs: readonly RequiredInput[]; run: Run } {
  return adminApi === 'portal' && call.portal ? call.portal : call;
}

/** Whether the call would be refused for a blank input (so a deleting call has nothing to ask about). */
export function lacksInput(call: ApiCall, form: ApiForm, adminApi: AdminApi = 'geoserver'): boolean {
  return chosenVariant(call, adminApi).needs.some((input) => blankInput(form, input));
}

/**
 * Runs a button's call through the chosen API. Every input it needs is checked first: a blank
 * one is refused (`ValidationError`, its field named in `REQUIRED_FIELD`) before any request,
 * the same for get, add and delete.
 */
export function runApiCall(call: ApiCall, ports: ApiPorts, form: ApiForm, adminApi: AdminApi = 'geoserver'): Promise<unknown> {
  const chosen = chosenVariant(call, adminApi);
  const blank = chosen.needs.find((input) => blankInput(form, input));
  if (blank !== undefined) {
    const field = REQUIRED_FIELD[blank];
    return Promise.reject(new ValidationError({ [field]: field === 'dataBaseName' ? DATABASE_NAME_REQUIRED_MESSAGE : `${blank} required` }));
  }
  return chosen.run(ports, form);
}

/**
 * Every button of the API test screen (spec section 2), in screen order. Each calls the admin
 * ports or the core's admin rules; none builds a URL or XML. The workspace add and delete,
 * database create and delete, layer delete and data buttons have a `portal` variant: the spec's
 * product API, where a workspace is named `store_` plus its id and created in srid 4490.
 */
export const API_CALLS: readonly ApiCall[] = [
  {
    id: 'workspace-get',
    group: 'workspace',
    label: 'geoserverApi.workspaceGet',
    needs: ['workspace'],
    run: ({ workspaces }, form) => workspaces.getNamespace(form.workspace.trim()),
  },
  {
    id: 'workspace-add',
    group: 'workspace',
    label: 'geoserverApi.workspaceAdd',
    needs: ['workspace'],
    run: async ({ actions, workspaces }, form) => {
      await actions.addWorkspace(form.workspace);
      return workspaces.get(form.workspace.trim());
    },
    portal: {
      needs: ['workspace'],
      run: async ({ portal }, form) => {
        portalWorkspaceId(form.workspace);
        return portalAnswer(await portal.createWorkspace({ name: form.workspace.trim(), srid: WORKSPACE_CREATION_SRID }));
      },
    },
  },
  {
    id: 'workspace-delete',
    group: 'workspace',
    label: 'geoserverApi.workspaceDelete',
    failure: 'geoserverApi.requestFailed',
    needs: ['workspace'],
    // The product API deletes a workspace with what it holds; GeoServer only with recurse.
    confirm: (form, adminApi) => ({
      title: 'geoserverApi.confirm.workspaceDelete',
      content: form.recurse || adminApi === 'portal' ? 'geoserverApi.confirm.workspaceDeleteRecurse' : 'geoserverApi.confirm.workspaceDeleteEmpty',
      values: { workspace: form.workspace.trim() },
    }),
    run: ({ workspaces }, form) => workspaces.delete(form.workspace.trim(), { recurse: form.recurse }),
    portal: {
      needs: ['workspace'],
      run: async ({ portal }, form) => portalAnswer(await portal.deleteWorkspace({ id: portalWorkspaceId(form.workspace), srid: WORKSPACE_CREATION_SRID })),
    },
  },

  {
    id: 'database-get',
    group: 'database',
    label: 'geoserverApi.databaseGet',
    needs: ['workspace', 'store'],
    run: ({ dataStores }, form) => dataStores.get(form.workspace.trim(), form.store.trim()),
  },
  {
    id: 'database-create',
    group: 'database',
    label: 'geoserverApi.databaseCreate',
    needs: ['store', 'workspace'],
    run: async ({ dataStores }, form) => {
      const spec = buildPostgisStoreSpec(form.store.trim());
      await dataStores.create(form.workspace.trim(), spec);
      return dataStores.get(form.workspace.trim(), spec.name);
    },
    portal: { needs: ['store'], run: async ({ portal }, form) => portalAnswer(await portal.createDatabase(form.store.trim())) },
  },
  {
    id: 'database-delete',
    group: 'database',
    label: 'geoserverApi.databaseDelete',
    needs: ['store', 'workspace'],
    confirm: (form, adminApi) => ({
      title: adminApi === 'portal' ? 'geoserverApi.confirm.databaseDeletePortal' : 'geoserverApi.confirm.databaseDelete',
      content: 'geoserverApi.confirm.databaseDeleteRecurse',
      values: { store: form.store.trim(), workspace: form.workspace.trim() },
    }),
    run: ({ dataStores }, form) => dataStores.delete(form.workspace.trim(), form.store.trim(), { recurse: true }),
    portal: { needs: ['store'], run: async ({ portal }, form) => portalAnswer(await portal.deleteDatabase(form.store.trim())) },
  },

  {
    id: 'layer-get',
    group: 'layer',
    label: 'geoserverApi.layerGet',
    needs: ['workspace', 'store', 'layer'],
    run: ({ layers }, form) => layers.getFeatureType(form.workspace, form.store, form.layer),
  },
  {
    id: 'layer-modify',
    group: 'layer',
    label: 'geoserverApi.layerModify',
    needs: ['workspace', 'store', 'layer'],
    run: async ({ layers }, form) => {
      await layers.updateFeatureType(form.workspace, form.store, form.layer, { title: `${form.layer} (gportal)`, keywords: ['features', form.layer, 'gportal'] });
      return layers.getFeatureType(form.workspace, form.store, form.layer);
    },
  },
  {
    id: 'layer-get-with-style',
    group: 'layer',
    label: 'geoserverApi.layerGetWithStyle',
    needs: ['workspace', 'layer'],
    run: async ({ layers }, form) => {
      const layer = await layers.getLayer(form.workspace, form.layer);
      return { ...layer, defaultStyle: layer.defaultStyle && formatStyleRef(layer.defaultStyle), styles: layer.styles.map(formatStyleRef) };
    },
  },
  { id: 'layer-add-point', group: 'layer', label: 'geoserverApi.layerAddPoint', quiet: true, needs: ['workspace', 'store', 'layer', 'srid'], run: addLayer('point') },
  { id: 'layer-add-line', group: 'layer', label: 'geoserverApi.layerAddLine', quiet: true, needs: ['workspace', 'store', 'layer', 'srid'], run: addLayer('line') },
  { id: 'layer-add-polygon', group: 'layer', label: 'geoserverApi.layerAddPolygon', quiet: true, needs: ['workspace', 'store', 'layer', 'srid'], run: addLayer('polygon') },
  {
    id: 'layer-add-multipolygon',
    group: 'layer',
    label: 'geoserverApi.layerAddMultipolygon',
    quiet: true,
    needs: ['workspace', 'store', 'layer'],
    run: addLayer('multipolygon'),
  },
  {
    id: 'layer-set-style',
    group: 'layer',
    label: 'geoserverApi.layerSetStyle',
    needs: ['workspace', 'layer', 'style'],
    run: async ({ layers }, form) => {
      const style = { workspace: form.workspace, name: form.style };
      await layers.setDefaultStyle(form.workspace, form.layer, style);
      return formatStyleRef(style);
    },
  },
  {
    id: 'layer-delete',
    group: 'layer',
    label: 'geoserverApi.layerDelete',
    needs: ['workspace', 'store', 'layer'],
    // The product API drops the layer's table.
    confirm: (form, adminApi): DeleteConfirmation =>
      adminApi === 'portal'
        ? { title: 'geoserverApi.confirm.tableDelete', content: 'geoserverApi.confirm.tableDeleteRows', values: { layer: form.layer.trim(), store: form.store.trim() } }
        : { title: 'geoserverApi.confirm.layerDelete', content: 'geoserverApi.confirm.layerDeleteRecurse', values: { layer: form.layer.trim(), workspace: form.workspace.trim() } },
    run: ({ layers }, form) => layers.deleteFeatureType(form.workspace, form.store, form.layer, { recurse: true }),
    portal: {
      needs: ['store', 'layer'],
      run: async ({ portal }, form) => portalAnswer(await portal.deleteTable({ dataBaseName: form.store.trim(), tableName: form.layer.trim() })),
    },
  },

  { id: 'style-default-list', group: 'style', label: 'geoserverApi.styleDefaultList', needs: [], run: ({ styles }) => styles.list() },
  { id: 'style-default-info', group: 'style', label: 'geoserverApi.styleDefaultInfo', needs: ['style'], run: ({ styles }, form) => styles.get(form.style) },
  {
    id: 'style-default-definition',
    group: 'style',
    label: 'geoserverApi.styleDefaultDefinition',
    needs: ['style'],
    run: ({ styles }, form) => styles.getDefinition(form.style),
  },
  { id: 'style-own-list', group: 'style', label: 'geoserverApi.styleOwnList', needs: ['workspace'], run: ({ styles }, form) => styles.list(own(form)) },
  { id: 'style-own-info', group: 'style', label: 'geoserverApi.styleOwnInfo', needs: ['workspace', 'style'], run: ({ styles }, form) => styles.get(form.style, own(form)) },
  {
    id: 'style-own-definition',
    group: 'style',
    label: 'geoserverApi.styleOwnDefinition',
    needs: ['workspace', 'style'],
    run: ({ styles }, form) => styles.getDefinition(form.style, own(form)),
  },
  {
    id: 'style-submit',
    group: 'style',
    label: 'geoserverApi.styleSubmit',
    needs: ['workspace', 'style'],
    run: async ({ styles }, form) => {
      await styles.create({ name: form.style, sld: wellFormedSld(form.sld), workspace: form.workspace });
      return styles.get(form.style, own(form));
    },
  },
  {
    id: 'style-delete',
    group: 'style',
    label: 'geoserverApi.styleDelete',
    needs: ['workspace', 'style'],
    confirm: (form) => ({ title: 'geoserverApi.confirm.styleDelete', content: 'geoserverApi.confirm.styleDeletePurge', values: { style: form.style.trim(), workspace: form.workspace.trim() } }),
    run: ({ styles }, form) => styles.delete(form.style, { ...own(form), purge: true, recurse: true }),
  },
  {
    id: 'style-modify',
    group: 'style',
    label: 'geoserverApi.styleModify',
    needs: ['workspace', 'style'],
    run: async ({ styles }, form) => {
      await styles.updateDefinition(form.style, wellFormedSld(form.sld), own(form));
      return styles.getDefinition(form.style, own(form));
    },
  },

  ...(
    [
      ['point', 'geoserverApi.dataAddPoint'],
      ['line', 'geoserverApi.dataAddLine'],
      ['multiline', 'geoserverApi.dataAddMultiline'],
      ['polygon', 'geoserverApi.dataAddPolygon'],
      ['multipolygon', 'geoserverApi.dataAddMultipolygon'],
    ] as const
  ).map(
    ([kind, label]): ApiCall => ({
      id: `data-add-${kind}`,
      group: 'data',
      label,
      needs: ['workspace'],
      run: addData(kind),
      portal: { needs: ['workspace', 'srid'], run: insertData(kind) },
    }),
  ),
];

export const API_GROUPS: ReadonlyArray<{ group: ApiGroup; title: MessageKey }> = [
  { group: 'workspace', title: 'geoserverApi.group.workspace' },
  { group: 'database', title: 'geoserverApi.group.database' },
  { group: 'layer', title: 'geoserverApi.group.layer' },
  { group: 'style', title: 'geoserverApi.group.style' },
  { group: 'data', title: 'geoserverApi.group.data' },
];
