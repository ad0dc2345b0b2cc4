import {
  buildPostgisStoreSpec,
  findLayerOfKind,
  formatStyleRef,
  isBlankName,
  requireDatabaseName,
  sampleInsert,
  ValidationError,
  type AdminActions,
  type DataStoreAdmin,
  type FeatureSource,
  type FeatureTransactions,
  type LayerAdmin,
  type LayerKind,
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
}

/** A button's call found nothing to do (spec section 5: "nothing happens"). */
export const NOTHING = Symbol('nothing happens');

export type ApiGroup = 'workspace' | 'database' | 'layer' | 'style' | 'data';

export interface ApiCall {
  id: string;
  group: ApiGroup;
  /** The button's name, also naming the call in the result. */
  label: MessageKey;
  run(ports: ApiPorts, form: ApiForm): Promise<unknown>;
  /** Shown above the error when the call fails (spec section 8: a failed workspace delete says `请求失败`). */
  failure?: MessageKey;
  /** A refused input is reported in the result only, without a notice (adding a layer, spec section 5). */
  quiet?: boolean;
}

/** The SLD of the text area, refused before any request when it is not well-formed XML. */
function wellFormedSld(sld: string): string {
  const problem = xmlProblem(sld);
  if (problem !== undefined) throw new ValidationError({ sld: problem }, undefined, { sld: { rule: 'invalid' } });
  return sld;
}

function addLayer(kind: LayerKind): ApiCall['run'] {
  return ({ actions }, form) =>
    actions.addLayer({ workspace: form.workspace, workspaceSrid: form.srid ?? Number.NaN, store: form.store, name: form.layer, kind });
}

function addData(kind: LayerKind): ApiCall['run'] {
  return async ({ features, transactions }, form) => {
    const schema = await findLayerOfKind(features, kind, form.workspace);
    return transactions.commit(sampleInsert(kind, schema));
  };
}

const own = (form: ApiForm) => ({ workspace: form.workspace });

/**
 * Every button of the API test screen (spec section 2), in screen order. Each calls the admin
 * ports or the core's admin rules; none builds a URL or XML.
 */
export const API_CALLS: readonly ApiCall[] = [
  {
    id: 'workspace-get',
    group: 'workspace',
    label: 'geoserverApi.workspaceGet',
    run: async ({ workspaces }, form) => (isBlankName(form.workspace) ? NOTHING : workspaces.getNamespace(form.workspace.trim())),
  },
  {
    id: 'workspace-add',
    group: 'workspace',
    label: 'geoserverApi.workspaceAdd',
    run: async ({ actions, workspaces }, form) => ((await actions.addWorkspace(form.workspace)) ? workspaces.get(form.workspace.trim()) : NOTHING),
  },
  {
    id: 'workspace-delete',
    group: 'workspace',
    label: 'geoserverApi.workspaceDelete',
    failure: 'geoserverApi.requestFailed',
    run: async ({ workspaces }, form) => (isBlankName(form.workspace) ? NOTHING : workspaces.delete(form.workspace.trim(), { recurse: form.recurse })),
  },

  { id: 'database-get', group: 'database', label: 'geoserverApi.databaseGet', run: ({ dataStores }, form) => dataStores.get(form.workspace, form.store) },
  {
    id: 'database-create',
    group: 'database',
    label: 'geoserverApi.databaseCreate',
    run: async ({ dataStores }, form) => {
      const spec = buildPostgisStoreSpec(requireDatabaseName(form.store));
      await dataStores.create(form.workspace, spec);
      return dataStores.get(form.workspace, spec.name);
    },
  },
  {
    id: 'database-delete',
    group: 'database',
    label: 'geoserverApi.databaseDelete',
    run: async ({ dataStores }, form) => dataStores.delete(form.workspace, requireDatabaseName(form.store), { recurse: true }),
  },

  { id: 'layer-get', group: 'layer', label: 'geoserverApi.layerGet', run: ({ layers }, form) => layers.getFeatureType(form.workspace, form.store, form.layer) },
  {
    id: 'layer-modify',
    group: 'layer',
    label: 'geoserverApi.layerModify',
    run: async ({ layers }, form) => {
      await layers.updateFeatureType(form.workspace, form.store, form.layer, { title: `${form.layer} (gportal)`, keywords: ['features', form.layer, 'gportal'] });
      return layers.getFeatureType(form.workspace, form.store, form.layer);
    },
  },
  {
    id: 'layer-get-with-style',
    group: 'layer',
    label: 'geoserverApi.layerGetWithStyle',
    run: async ({ layers }, form) => {
      const layer = await layers.getLayer(form.workspace, form.layer);
      return { ...layer, defaultStyle: layer.defaultStyle && formatStyleRef(layer.defaultStyle), styles: layer.styles.map(formatStyleRef) };
    },
  },
  { id: 'layer-add-point', group: 'layer', label: 'geoserverApi.layerAddPoint', quiet: true, run: addLayer('point') },
  { id: 'layer-add-line', group: 'layer', label: 'geoserverApi.layerAddLine', quiet: true, run: addLayer('line') },
  { id: 'layer-add-polygon', group: 'layer', label: 'geoserverApi.layerAddPolygon', quiet: true, run: addLayer('polygon') },
  { id: 'layer-add-multipolygon', group: 'layer', label: 'geoserverApi.layerAddMultipolygon', quiet: true, run: addLayer('multipolygon') },
  {
    id: 'layer-set-style',
    group: 'layer',
    label: 'geoserverApi.layerSetStyle',
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
    run: ({ layers }, form) => layers.deleteFeatureType(form.workspace, form.store, form.layer, { recurse: true }),
  },

  { id: 'style-default-list', group: 'style', label: 'geoserverApi.styleDefaultList', run: ({ styles }) => styles.list() },
  { id: 'style-default-info', group: 'style', label: 'geoserverApi.styleDefaultInfo', run: ({ styles }, form) => styles.get(form.style) },
  { id: 'style-default-definition', group: 'style', label: 'geoserverApi.styleDefaultDefinition', run: ({ styles }, form) => styles.getDefinition(form.style) },
  { id: 'style-own-list', group: 'style', label: 'geoserverApi.styleOwnList', run: ({ styles }, form) => styles.list(own(form)) },
  { id: 'style-own-info', group: 'style', label: 'geoserverApi.styleOwnInfo', run: ({ styles }, form) => styles.get(form.style, own(form)) },
  { id: 'style-own-definition', group: 'style', label: 'geoserverApi.styleOwnDefinition', run: ({ styles }, form) => styles.getDefinition(form.style, own(form)) },
  {
    id: 'style-submit',
    group: 'style',
    label: 'geoserverApi.styleSubmit',
    run: async ({ styles }, form) => {
      await styles.create({ name: form.style, sld: wellFormedSld(form.sld), workspace: form.workspace });
      return styles.get(form.style, own(form));
    },
  },
  {
    id: 'style-delete',
    group: 'style',
    label: 'geoserverApi.styleDelete',
    run: ({ styles }, form) => styles.delete(form.style, { ...own(form), purge: true, recurse: true }),
  },
  {
    id: 'style-modify',
    group: 'style',
    label: 'geoserverApi.styleModify',
    run: async ({ styles }, form) => {
      await styles.updateDefinition(form.style, wellFormedSld(form.sld), own(form));
      return styles.getDefinition(form.style, own(form));
    },
  },

  { id: 'data-add-point', group: 'data', label: 'geoserverApi.dataAddPoint', run: addData('point') },
  { id: 'data-add-line', group: 'data', label: 'geoserverApi.dataAddLine', run: addData('line') },
  { id: 'data-add-multiline', group: 'data', label: 'geoserverApi.dataAddMultiline', run: addData('multiline') },
  { id: 'data-add-polygon', group: 'data', label: 'geoserverApi.dataAddPolygon', run: addData('polygon') },
  { id: 'data-add-multipolygon', group: 'data', label: 'geoserverApi.dataAddMultipolygon', run: addData('multipolygon') },
];

export const API_GROUPS: ReadonlyArray<{ group: ApiGroup; title: MessageKey }> = [
  { group: 'workspace', title: 'geoserverApi.group.workspace' },
  { group: 'database', title: 'geoserverApi.group.database' },
  { group: 'layer', title: 'geoserverApi.group.layer' },
  { group: 'style', title: 'geoserverApi.group.style' },
  { group: 'data', title: 'geoserverApi.group.data' },
];
