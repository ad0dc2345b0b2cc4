import type { EditableFeature, EditSession } from '@gportal/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSelectionHighlight } from './layer';
import type { L } from './leaflet';

/** The attribute table's selection as the map shares it: what {@link useTableSelection} answers. */
export interface TableSelection {
  /** The ids selected, in the order picked. */
  selected: string[];
  /** The table's own picks (a row, a page, all). */
  setSelected(ids: string[]): void;
  /**
   * A click on the map's feature: with Ctrl, ⌘ or Shift (`extend`) it joins the selection or
   * leaves it; without, it alone is selected while the table is open, and nothing otherwise.
   */
  pick(id: string, extend: boolean): void;
}

/**
 * The features selected in the attribute table and on the map (a click with Ctrl or Shift, 合并's
 * picks): one selection, highlighted on the map, emptied when the table closes or another layer
 * or session starts.
 */
export function useTableSelection(map: L.Map | undefined, features: readonly EditableFeature[], session: EditSession | undefined, tableOpen: boolean): TableSelection {
  const [selected, setSelected] = useState<string[]>([]);
  useEffect(() => setSelected([]), [session]);
  useEffect(() => {
    if (!tableOpen) setSelected([]);
  }, [tableOpen]);
  const pick = useCallback(
    (id: string, extend: boolean) => {
      setSelected((now) => (extend ? (now.includes(id) ? now.filter((other) => other !== id) : [...now, id]) : tableOpen ? [id] : []));
    },
    [tableOpen],
  );
  const selectedFeatures = useMemo(() => {
    const ids = new Set(selected);
    return features.filter((feature) => ids.has(feature.id));
  }, [features, selected]);
  useSelectionHighlight(map, selectedFeatures);
  return { selected, setSelected, pick };
}
