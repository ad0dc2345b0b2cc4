import { CloudUploadOutlined, ReloadOutlined } from '@ant-design/icons';
import type { LayerKind } from '@gportal/core';
import { Alert, App, Space, Spin } from 'antd';
import type { Container } from 'inversify';
import { useCallback, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { useLatest } from '../ui/use-latest';
import type { FieldLabels } from './session';
import type { LayerInfoTemplate } from './layer';
import { ServicesProvider } from '../ui/services';
import { I18nProvider, useI18n } from '../i18n/i18n-provider';
import type { Locale } from '../i18n/messages';
import { baseMapLayerOf, defaultBaseMap, isBaseMapChoice, isOffered, type BaseMapChoice, type BaseMapOffer } from './base';
import { useUserPreference } from '../ui/use-user-preference';
import { EditorMap } from './editor-map';
import { DEFAULT_LAYER_KIND } from './session';
import { BaseMapSelect, LabelFieldSelect, LayerTypeSelect } from './panels';
import { labelFieldOf } from './labels';
import { isShownLayerChoices, type ShownLayerChoice } from './shown';
import { ServerLayerSelect } from './panels';
import { PendingBadge } from './panels';
import { SavingOverlay } from './panels';
import { useBeforeUnload } from './session';
import { useFeatureSession } from './session';
import { useLayerChoice } from './session';
import { ViewLimitNotice } from './panels';
import { LabelledButton, UNSPACED_BUTTON } from '../ui/labelled-button';
import { ErrorMessage } from '../ui/error-detail';
import { overlapsMade, problemSentence } from './topology';

/** Props of {@link FeatureMapView}, and the view settings of {@link FeatureMap}. */
export interface FeatureMapViewProps {
  /** The layer shown first; the multipolygon layer by default. */
  initialLayer?: LayerKind;
  /** The WMTS endpoint of the base map (`cite:vec_town`); without it, the offline Natural Earth map. */
  wmtsUrl?: string;
  /**
   * Tianditu's key (`tk`, `tiandituKey` of `config.json`): with it, 底图 offers 天地图矢量 and
   * 天地图影像; without it, neither.
   */
  tiandituKey?: string;
  /** The map review number (审图号) Tianditu's terms ask to show with its maps (`tiandituReviewNumber`). */
  tiandituReviewNumber?: string;
  /** The map server (any URL on its origin): the only origin the base map's tiles are loaded with cookies from. */
  credentialsOrigin?: string;
  /** Height of the map; 70 % of the window by default. */
  height?: CSSProperties['height'];
  /** Told whenever unsaved changes appear or are all gone, e.g. to guard in-app navigation. */
  onDirtyChange?: (dirty: boolean) => void;
  /** The server type name shown first when the server has it (e.g. `store_33:line` from the URL); wins over `initialLayer`. */
  initialTypeName?: string;
  /** Told the type name of each layer shown, e.g. to keep it in the URL. */
  onLayerChange?: (typeName: string) => void;
  /** The loaded layer's info popup (`layerInfoTemplate` of `config.json`); the message table's by default. */
  layerInfoTemplate?: LayerInfoTemplate;
  /** The attribute form's field labels by layer and field (`fieldLabels` of `config.json`); fields show their names by default. */
  fieldLabels?: FieldLabels;
  /** How long a lost save may still commit on the server (`unknownOutcomeWindowMs` of `config.json`); 30 s by default. */
  unknownOutcomeWindowMs?: number;
  /**
   * What the layer selector offers: the five layer types (`kinds`, default), or every layer the
   * server lists, by title and grouped by workspace (`server`, the app's map-server mode).
   */
  layerList?: 'kinds' | 'server';
  /**
   * The map server's WMS endpoint: where the view holds more features than a load (2000), its
   * rendering of the layer is shown, as they are not loaded. Without it, only the message says so.
   */
  wmsUrl?: string;
  /** The layers shown under the edited one at the start (a link's `?show=`); else the ones the user showed last. */
  initialShownLayers?: readonly ShownLayerChoice[];
  /** The shown layers changed (图层): for a page to keep them in its URL. */
  onShownLayersChange?(shown: readonly ShownLayerChoice[]): void;
}

const NO_SHOWN_LAYERS: readonly ShownLayerChoice[] = [];
const NO_LABEL_CHOICES: Readonly<Record<string, string>> = {};
/** A remembered 标注 choice: a field name (or `''`) by layer. */
const isLabelChoices = (value: unknown): value is Readonly<Record<string, string>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((field) => typeof field === 'string');

/**
 * The feature map inside an app that already provides the services, the message table and
 * antd's `App`: layer-type selector, pending-changes badge, restored-drafts notice, and the
 * editor with save and redraw.
 */
export function FeatureMapView({
  initialLayer = DEFAULT_LAYER_KIND,
  initialTypeName,
  wmtsUrl,
  wmsUrl,
  credentialsOrigin,
  tiandituKey,
  tiandituReviewNumber,
  height = '70vh',
  onDirtyChange,
  onLayerChange,
  layerInfoTemplate,
  fieldLabels,
  unknownOutcomeWindowMs,
  layerList = 'kinds',
  initialShownLayers,
  onShownLayersChange,
}: FeatureMapViewProps) {
  const { t, locale } = useI18n();
  const { modal, message } = App.useApp();
  const { choice, choose } = useLayerChoice({ kind: initialLayer, typeName: initialTypeName });
  const sessionOptions = useMemo(() => ({ fieldLabels, ...(unknownOutcomeWindowMs === undefined ? {} : { unknownOutcomeWindowMs }) }), [fieldLabels, unknownOutcomeWindowMs]);
  const { view, save, redraw, keepRestored, editHere, decideUndecided } = useFeatureSession(choice.kind, choice.typeName, sessionOptions);
  const kind = view.kind ?? choice.kind;
  useEffect(() => {
    if (view.typeName) onLayerChange?.(view.typeName);
  }, [view.typeName, onLayerChange]);
  const { pending, status, restored, problem, editingElsewhere, undecided } = view;
  const offer = useMemo<BaseMapOffer>(() => ({ server: Boolean(wmtsUrl), tianditu: Boolean(tiandituKey) }), [wmtsUrl, tiandituKey]);
  // Remembered for the signed-in user (the user cache); a choice no longer offered falls back.
  const [chosenBaseMap, chooseBaseMap] = useUserPreference<BaseMapChoice>('map.baseMap', defaultBaseMap(offer), isBaseMapChoice);
  const baseMap = isOffered(chosenBaseMap, offer) ? chosenBaseMap : defaultBaseMap(offer);
  // 标注: the field chosen for each layer, remembered for the user; a layer not chosen for shows its names.
  const [labelChoices, chooseLabels] = useUserPreference<Readonly<Record<string, string>>>('map.labelFields', NO_LABEL_CHOICES, isLabelChoices);
  const labelKey = view.typeName ?? kind;
  const labelField = labelFieldOf(labelChoices[labelKey], view.schema);
  const chooseLabelField = (field: string) => chooseLabels({ ...labelChoices, [labelKey]: field });
  // 图层: the layers shown under the edited one, from a link first, else as the user left them.
  const [rememberedShown, rememberShown] = useUserPreference<readonly ShownLayerChoice[]>('map.shownLayers', NO_SHOWN_LAYERS, isShownLayerChoices);
  const [linkedShown, setLinkedShown] = useState(initialShownLayers);
  const shownLayers = linkedShown ?? rememberedShown;
  const [layersOpen, setLayersOpen] = useState(false);
  const changeShownLayers = (next: readonly ShownLayerChoice[]) => {
    setLinkedShown(next);
    rememberShown(next);
    onShownLayersChange?.(next);
  };
  // Tiles that fail are said once per base map shown, not once per tile.
  const tilesFailed = useRef(false);
  const baseLayer = useMemo(() => {
    tilesFailed.current = false;
    const attribution = tiandituReviewNumber ? t('map.attribution.tiandituReview', { number: tiandituReviewNumber }) : t('map.attribution.tianditu');
    const onTileError = () => {
      if (tilesFailed.current) return;
      tilesFailed.current = true;
      void message.warning(t('map.baseMap.tilesFailed'));
    };
    return baseMapLayerOf(baseMap, { wmtsUrl, credentialsOrigin, ...(tiandituKey ? { tianditu: { key: tiandituKey, locale, attribution, onTileError } } : {}) });
  }, [baseMap, wmtsUrl, credentialsOrigin, tiandituKey, tiandituReviewNumber, locale, t, message]);
  const [tableOpen, setTableOpen] = useState(false);
  const closeTable = useCallback(() => setTableOpen(false), []);
  const [topologyOpen, setTopologyOpen] = useState(false);
  const closeTopology = useCallback(() => setTopologyOpen(false), []);
  const [exportOpen, setExportOpen] = useState(false);
  const closeExport = useCallback(() => setExportOpen(false), []);
  const dirty = pending.total > 0;
  useBeforeUnload(dirty);
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  const confirmRedraw = () => {
    if (pending.total === 0) {
      void redraw();
      return;
    }
    modal.confirm({
      title: t('featureMap.redrawConfirmTitle'),
      content: t('featureMap.redrawConfirmBody', { count: pending.total }),
      okText: t('featureMap.redrawConfirmOk'),
      okButtonProps: { ...UNSPACED_BUTTON, danger: true },
      cancelButtonProps: UNSPACED_BUTTON,
      cancelText: t('map.tool.cancel'),
      onOk: () => redraw(),
    });
  };

  // The save and redraw buttons ride in the editor's toolbar (disabled by it while a tool runs: hence
  // `|| undefined`, which leaves a button's state to the toolbar), which renders only when what it
  // shows changes (it is memoized): made again only when theirs does, with handlers that call the
  // latest, so that a session event (a view loaded, a count) does not render antd's toolbar again.
  // A save whose shapes overlap a neighbour asks first (仍然保存 / 返回修改); an overlap the pending
  // changes did not make never stops it, and a save with no shape changed checks nothing.
  const checkedSave = async () => {
    const session = view.session;
    const overlaps = session ? await overlapsMade(session).catch(() => []) : [];
    if (overlaps.length === 0) {
      await save();
      return;
    }
    const nameOf = (id: string) => {
      const value = labelField ? session?.feature(id)?.properties[labelField] : undefined;
      return value === undefined || value === null || value === '' ? id : `${String(value)} (${id})`;
    };
    modal.confirm({
      title: t('map.topology.saveTitle'),
      content: (
        <div data-testid="save-overlaps">
          <div>{t('map.topology.saveBody', { count: overlaps.length })}</div>
          <ul>
            {overlaps.map((overlap) => (
              // Names are the layer's data: text, never markup.
              <li key={overlap.ids.join(',')} data-raw="">
                {problemSentence(overlap, nameOf, t)}
              </li>
            ))}
          </ul>
        </div>
      ),
      okText: t('map.topology.saveAnyway'),
      okButtonProps: UNSPACED_BUTTON,
      cancelText: t('map.topology.backToEdit'),
      cancelButtonProps: UNSPACED_BUTTON,
      onOk: () => void save(),
    });
  };
  const actions = useLatest({ save: checkedSave, confirmRedraw, choose, kind, dirty });
  const toolbarExtras = useMemo(
    () => (
      <>
        <LabelledButton label={t('featureMap.save')} type="primary" icon={<CloudUploadOutlined />} loading={status === 'saving'} disabled={status !== 'ready' || pending.total === 0 || undefined} onClick={() => void actions.current.save()} />
        <LabelledButton label={t('featureMap.redraw')} icon={<ReloadOutlined />} disabled={status === 'saving' || status === 'resolving' || Boolean(editingElsewhere) || undefined} onClick={() => actions.current.confirmRedraw()} />
      </>
    ),
    [t, status, pending.total, editingElsewhere, actions],
  );
  const chooseKind = useMemo(() => (next: LayerKind) => actions.current.choose({ kind: next }, actions.current.dirty), [actions]);
  const chooseTypeName = useMemo(() => (typeName: string) => actions.current.choose({ kind: actions.current.kind, typeName }, actions.current.dirty), [actions]);

  const restoredCount = restored ? restored.inserts + restored.updates + restored.deletes : 0;
  const restoredDetails = restored
    ? [
        restored.dropped.length > 0 ? t('map.restoredDropped', { count: restored.dropped.length }) : undefined,
        restored.droppedProperties.length > 0 ? t('map.restoredDroppedProperties', { names: restored.droppedProperties.join('、') }) : undefined,
        restored.setAside.length > 0 ? t('map.restoredSetAside', { count: restored.setAside.length }) : undefined,
      ].filter((detail): detail is string => detail !== undefined)
    : [];
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap>
        {layerList === 'server' ? (
          <ServerLayerSelect layers={view.layers} value={view.typeName ?? choice.typeName} onChange={chooseTypeName} disabled={status === 'saving'} />
        ) : (
          <LayerTypeSelect value={kind} onChange={chooseKind} disabled={status === 'saving'} />
        )}
        <BaseMapSelect value={baseMap} offer={offer} onChange={chooseBaseMap} />
        <LabelFieldSelect schema={view.schema} labels={view.labels} value={labelField} onChange={chooseLabelField} />
        <LabelledButton label={t('map.layers')} type={layersOpen ? 'primary' : 'default'} aria-pressed={layersOpen} aria-expanded={layersOpen} disabled={view.layers.length === 0} onClick={() => setLayersOpen(!layersOpen)} />
        <PendingBadge pending={pending} />
        <LabelledButton label={t('map.table.open')} type={tableOpen ? 'primary' : 'default'} aria-pressed={tableOpen} disabled={!view.schema} onClick={() => setTableOpen(!tableOpen)} />
        <LabelledButton label={t('map.topology.open')} type={topologyOpen ? 'primary' : 'default'} aria-pressed={topologyOpen} aria-expanded={topologyOpen} disabled={!view.schema} onClick={() => setTopologyOpen(!topologyOpen)} />
        <LabelledButton label={t('map.export.open')} disabled={status === 'loading'} onClick={() => setExportOpen(true)} />
        {(status === 'loading' || status === 'resolving') && <Spin size="small" aria-label={t('map.loading')} />}
      </Space>
      {restored && (
        <Alert
          type="info"
          showIcon
          data-testid="restored-notice"
          title={t('map.restored', { count: restoredCount })}
          description={restoredDetails.length > 0 ? restoredDetails.map((detail) => <div key={detail}>{detail}</div>) : undefined}
          action={
            <Space>
              <LabelledButton label={t('map.restoredKeep')} size="small" type="primary" onClick={keepRestored} />
              <LabelledButton label={t('map.restoredDiscard')} size="small" danger onClick={() => void redraw()} />
            </Space>
          }
        />
      )}
      {editingElsewhere && (
        <Alert
          type="warning"
          showIcon
          data-testid="editing-elsewhere"
          title={t(editingElsewhere === 'handed-over' ? 'map.handedOver' : 'map.editingElsewhere')}
          action={<LabelledButton label={t('map.editHere')} size="small" type="primary" disabled={status !== 'ready'} onClick={() => void editHere()} />}
        />
      )}
      {undecided.length > 0 && (
        <Alert
          type="warning"
          showIcon
          data-testid="undecided-notice"
          title={t('map.undecided', { count: undecided.length })}
          action={
            <Space>
              <LabelledButton label={t('map.undecidedKeep')} size="small" type="primary" disabled={status !== 'ready'} onClick={() => decideUndecided('keep')} />
              <LabelledButton label={t('map.undecidedDiscard')} size="small" danger disabled={status !== 'ready'} onClick={() => decideUndecided('discard')} />
            </Space>
          }
        />
      )}
      {problem && <Alert type="error" showIcon title={<ErrorMessage tell={() => problem} />} />}
      <SavingOverlay saving={status === 'saving'}>
        <EditorMap
          view={view}
          style={{ height }}
          baseLayer={baseLayer}
          wmsUrl={wmsUrl}
          layerInfo={{ title: view.title, template: layerInfoTemplate }}
          overlay={<ViewLimitNotice state={view.viewState} />}
          tableOpen={tableOpen}
          onTableClose={closeTable}
          labelField={labelField}
          exportOpen={exportOpen}
          onExportClose={closeExport}
          topologyOpen={topologyOpen}
          onTopologyClose={closeTopology}
          shownLayers={shownLayers}
          layersOpen={layersOpen}
          onShownLayersChange={changeShownLayers}
        >
          {toolbarExtras}
        </EditorMap>
      </SavingOverlay>
    </Space>
  );
}

/** Props of {@link FeatureMap}: the view's, plus its container and language. */
export interface FeatureMapProps extends FeatureMapViewProps {
  /**
   * An inversify container binding the core's `FEATURE_SOURCE`, `FEATURE_TRANSACTIONS` and
   * `EDIT_JOURNAL` (e.g. `memoryModule` or `geoserverModule` plus `storageModule`).
   */
  container: Container;
  /** The language of the editor; Chinese by default. */
  locale?: Locale;
}

/** The feature map for another app: the same editor, with its own services, messages and antd `App`. */
export function FeatureMap({ container, locale = 'zh-CN', ...view }: FeatureMapProps) {
  return (
    <ServicesProvider container={container}>
      <I18nProvider initialLocale={locale}>
        <App>
          <FeatureMapView {...view} />
        </App>
      </I18nProvider>
    </ServicesProvider>
  );
}
