import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import type { FeatureTypeSummary, LayerKind } from '@gportal/core';
import { Button } from 'antd';
import { useState } from 'react';
import { useI18n } from '../../i18n/i18n-provider';
import { MAP_LAYER_KINDS } from '../session';
import type { ShownLayerChoice, ShownLayerState } from '../shown';
import '../../ui/checkbox.css';
import './layers-panel.css';

/** Props of {@link LayersPanel}. */
export interface LayersPanelProps {
  /** The map server's layers (the catalogue the layer selector reads). */
  layers: readonly FeatureTypeSummary[];
  /** The edited layer: marked, always drawn on top, not a choice here. */
  edited: string | undefined;
  /** The layers shown beside it, from the lowest up. */
  shown: readonly ShownLayerChoice[];
  states: Readonly<Record<string, ShownLayerState>>;
  onChange(shown: ShownLayerChoice[]): void;
}

const workspaceOf = (name: string) => (name.includes(':') ? name.slice(0, name.indexOf(':')) : '');

/**
 * 图层: the map server's layers grouped by workspace, each with a checkbox that shows it under the
 * edited layer; then the drawing order, top first: the edited layer (marked, always on top) and
 * each shown layer with its opacity and its place, changed by dragging its row or by 上移 / 下移.
 * A shown layer with too many features in view to read says so.
 */
export function LayersPanel({ layers, edited, shown, states, onChange }: LayersPanelProps) {
  const { t } = useI18n();
  const [dragged, setDragged] = useState<string>();
  // A server's title where it gives one; the sample layers (`store_33:line`, titled by their names) by their kind, as the layer selector names them.
  const titleOf = (name: string) => {
    const title = layers.find((layer) => layer.name === name)?.title;
    if (title && title !== name) return title;
    const kind = name.slice(name.indexOf(':') + 1) as LayerKind;
    return MAP_LAYER_KINDS.includes(kind) ? t(`map.layer.${kind}`) : name;
  };
  const isShown = (name: string) => shown.some((choice) => choice.typeName === name);
  const toggle = (name: string, on: boolean) => onChange(on ? [...shown, { typeName: name, opacity: 1 }] : shown.filter((choice) => choice.typeName !== name));
  const move = (name: string, to: number) => {
    const from = shown.findIndex((choice) => choice.typeName === name);
    if (from < 0 || to < 0 || to >= shown.length || to === from) return;
    const next = [...shown];
    const [moved] = next.splice(from, 1);
    if (moved) next.splice(to, 0, moved);
    onChange(next);
  };
  const workspaces = [...new Set(layers.map((layer) => workspaceOf(layer.name)))];
  // Top first, as a layer tree reads (QGIS, MapStore2).
  const order = [...shown].reverse().filter((choice) => choice.typeName !== edited);
  return (
    <section className="gportal-layers" aria-label={t('map.layers')}>
      <div className="gportal-layers-catalogue">
        {workspaces.map((workspace) => (
          <fieldset key={workspace} className="gportal-layers-group">
            <legend>{workspace || t('map.layers.noWorkspace')}</legend>
            {layers
              .filter((layer) => workspaceOf(layer.name) === workspace)
              .map((layer) => (
                <label key={layer.name} className="gportal-layers-item">
                  <input type="checkbox" className="gportal-checkbox" checked={layer.name === edited || isShown(layer.name)} disabled={layer.name === edited} onChange={(event) => toggle(layer.name, event.target.checked)} />
                  <span>{titleOf(layer.name)}</span>
                  {layer.name === edited && <span className="gportal-layers-edited">{t('map.layers.edited')}</span>}
                </label>
              ))}
          </fieldset>
        ))}
      </div>
      <div className="gportal-layers-order">
        <div className="gportal-layers-heading">{t('map.layers.order')}</div>
        <ol aria-label={t('map.layers.order')}>
          {edited && (
            <li className="gportal-layers-row gportal-layers-row-edited">
              <span className="gportal-layers-name">{titleOf(edited)}</span>
              <span className="gportal-layers-edited">{t('map.layers.editedOnTop')}</span>
            </li>
          )}
          {order.map((choice) => {
            const index = shown.indexOf(choice);
            const name = titleOf(choice.typeName);
            const state = states[choice.typeName];
            return (
              <li
                key={choice.typeName}
                className="gportal-layers-row"
                draggable
                data-type-name={choice.typeName}
                onDragStart={(event) => {
                  setDragged(choice.typeName);
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', choice.typeName);
                }}
                onDragOver={(event) => {
                  if (dragged && dragged !== choice.typeName) event.preventDefault();
                }}
                onDrop={(event) => {
                  event.preventDefault();
                  if (dragged) move(dragged, index);
                  setDragged(undefined);
                }}
                onDragEnd={() => setDragged(undefined)}
              >
                <span className="gportal-layers-name">{name}</span>
                <label className="gportal-layers-opacity">
                  <span>{t('map.layers.opacity')}</span>
                  <input
                    type="range"
                    min={0}
                    max={100}
                    step={10}
                    aria-label={t('map.layers.opacityOf', { name })}
                    value={Math.round(choice.opacity * 100)}
                    onChange={(event) => onChange(shown.map((other) => (other === choice ? { ...other, opacity: Number(event.target.value) / 100 } : other)))}
                  />
                </label>
                <Button size="small" aria-label={t('map.layers.up', { name })} title={t('map.layers.up', { name })} icon={<ArrowUpOutlined />} disabled={index === shown.length - 1} onClick={() => move(choice.typeName, index + 1)} />
                <Button size="small" aria-label={t('map.layers.down', { name })} title={t('map.layers.down', { name })} icon={<ArrowDownOutlined />} disabled={index === 0} onClick={() => move(choice.typeName, index - 1)} />
                {state?.status === 'too-many' && <span className="gportal-layers-note">{t('map.layers.tooMany')}</span>}
                {state?.status === 'failed' && <span className="gportal-layers-note">{t('map.layers.failed')}</span>}
              </li>
            );
          })}
        </ol>
      </div>
    </section>
  );
}
