import { DeleteOutlined, EditOutlined, FormOutlined } from '@ant-design/icons';
import type { EditableFeature, FeatureSchema, PropertyValue } from '@gportal/core';
import { Space, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useI18n, type Translate } from '../../i18n/i18n-provider';
import { L } from '../leaflet';
import { LabelledButton } from '../../ui/labelled-button';
import { STRONG_TEXT } from '../../ui/text-styles';
import { popupPlacement } from './popup-placement';

/** A property value as text for the popup; never HTML (React sets it as a text node). */
export function propertyText(value: PropertyValue | undefined, t: Translate): string {
  if (value === null || value === undefined || value === '') return t('map.popup.empty');
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'boolean') return value ? t('map.popup.yes') : t('map.popup.no');
  return String(value);
}

/** The popup's rows: the schema's properties in its order, then any the schema does not list. */
function propertyNames(feature: EditableFeature, schema: FeatureSchema | undefined): string[] {
  const listed = schema?.properties.map((property) => property.name) ?? [];
  return [...listed, ...Object.keys(feature.properties).filter((name) => !listed.includes(name))];
}

/** The field a feature is named by, when the layer has it: its value titles the popup (`福州`). */
export const NAME_FIELD = 'name';

/** The feature's name (its {@link NAME_FIELD}'s text), or `undefined` when it has none. */
export function featureName(feature: EditableFeature): string | undefined {
  const value = feature.properties[NAME_FIELD];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** Pixels the popup's pan keeps between it and the map's edges (and the toolbar's rows). */
const POPUP_MARGIN = 24;
/** What the popup's pan keeps clear at the top when not told: one row of the toolbar and a margin. */
const DEFAULT_CLEAR_TOP = 72;

export interface FeaturePopupProps {
  map: L.Map;
  feature: EditableFeature;
  schema: FeatureSchema | undefined;
  latlng: L.LatLng;
  /** The layer's field labels in the active language (`fieldLabels`); a field without one shows its name. */
  labels?: Readonly<Record<string, string>>;
  /** Only the properties, without the edit toolbar (the layer is edited in another tab, or busy). */
  readOnly?: boolean;
  /**
   * How far down the map (px) the popup's pan keeps clear, besides its margin: the bottom of the
   * map toolbar's rows (one at 1280 px, two at 1024 px). Defaults to one row's worth.
   */
  clearTop?: number;
  onClose(): void;
  onEditGeometry(): void;
  onEditAttributes(): void;
  onDelete(): void;
}

/**
 * The info popup of a clicked feature: its properties from a template of name and value rows,
 * and the edit toolbar (edit geometry, edit attributes, delete). Its content is React, rendered
 * into the Leaflet popup, so every value is text.
 */
export function FeaturePopup({ map, feature, schema, latlng, labels, readOnly = false, clearTop, onClose, onEditGeometry, onEditAttributes, onDelete }: FeaturePopupProps) {
  const { t } = useI18n();
  const [element] = useState(() => document.createElement('div'));
  const closeLabel = t('leaflet.closePopup');
  useEffect(() => {
    const size = map.getSize();
    const point = map.latLngToContainerPoint(latlng);
    // A point in view (a click on the map): the popup opens where it fits, the map stays where the
    // user was looking. Out of view (stepped to by keyboard), Leaflet pans it into view.
    const inView = point.x >= 0 && point.y >= 0 && point.x <= size.x && point.y <= size.y;
    const top = clearTop === undefined ? DEFAULT_CLEAR_TOP : clearTop + POPUP_MARGIN;
    const popup = L.popup({
      maxWidth: 360,
      minWidth: 240,
      autoPan: !inView,
      // Room for the toolbar's rows along the top of the map.
      autoPanPaddingTopLeft: [POPUP_MARGIN, top],
      autoPanPaddingBottomRight: [POPUP_MARGIN, POPUP_MARGIN],
      className: 'gportal-popup',
    })
      .setLatLng(latlng)
      .setContent(element);
    popup.on('remove', onClose);
    popup.openOn(map);
    const content = popup.getElement()?.querySelector<HTMLElement>('.leaflet-popup-content-wrapper');
    if (inView && content) {
      // The toolbar's buttons over the map (its rows, a running tool's own bar): no popup covers them.
      const origin = map.getContainer().getBoundingClientRect();
      const obstacles = [...(map.getContainer().parentElement?.querySelectorAll('.gportal-toolbar button') ?? [])]
        .map((button) => button.getBoundingClientRect())
        .filter((box) => box.width > 0)
        .map((box) => ({ x: box.left - origin.left, y: box.top - origin.top, width: box.width, height: box.height }));
      const placement = popupPlacement({ point, size: { width: content.offsetWidth, height: content.offsetHeight }, map: { width: size.x, height: size.y }, obstacles, margin: POPUP_MARGIN });
      popup.options.offset = placement.offset;
      popup.getElement()?.classList.toggle('gportal-popup-below', placement.below);
      popup.getElement()?.style.setProperty('--gportal-popup-tip-shift', `${placement.tipShift}px`);
      popup.update();
    }
    // Leaflet names its close button in English, once, as it builds the popup.
    const close = popup.getElement()?.querySelector('.leaflet-popup-close-button');
    close?.setAttribute('aria-label', closeLabel);
    close?.setAttribute('title', closeLabel);
    // Focus into what opened (WCAG 2.4.3); the editor takes it back to the map on close.
    element.querySelector<HTMLElement>('[role="dialog"]')?.focus({ preventScroll: true });
    return () => {
      popup.off('remove', onClose);
      map.closePopup(popup);
    };
  }, [map, element, latlng, clearTop, onClose, closeLabel]);

  // Titled by the feature's name where it has one, its id beneath as a detail; else by its id.
  const name = featureName(feature);
  const title = name ?? t('map.popup.title', { id: feature.id });
  return createPortal(
    <div
      className="gportal-popup-content"
      role="dialog"
      tabIndex={-1}
      aria-label={title}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        map.closePopup();
      }}
    >
      <strong style={STRONG_TEXT} data-testid="popup-title">
        {name ? <span data-raw="">{name}</span> : title} {feature.state !== 'exist' && <Tag color="orange">{t('map.popup.unsaved')}</Tag>}
      </strong>
      {name && (
        <div className="gportal-popup-id" data-testid="popup-id">
          {t('map.popup.title', { id: feature.id })}
        </div>
      )}
      <dl className="gportal-properties" data-testid="feature-properties" data-raw="">
        {propertyNames(feature, schema).map((name) => (
          <div key={name} className="gportal-property">
            <dt>{labels?.[name] ?? name}</dt>
            <dd>{propertyText(feature.properties[name], t)}</dd>
          </div>
        ))}
      </dl>
      {!readOnly && (
        <Space wrap size="small">
          <LabelledButton label={t('map.popup.editGeometry')} size="small" icon={<EditOutlined />} onClick={onEditGeometry} />
          <LabelledButton label={t('map.popup.editAttributes')} size="small" icon={<FormOutlined />} onClick={onEditAttributes} />
          <LabelledButton label={t('map.popup.delete')} size="small" danger icon={<DeleteOutlined />} onClick={onDelete} />
        </Space>
      )}
    </div>,
    element,
  );
}
