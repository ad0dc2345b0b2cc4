/**
 * Whether a layer's saved changes outlast the page. An app that keeps what is saved in browser
 * storage (the embedded mode) binds it, so the map never tells a save as lasting that a reload
 * loses; without a binding every save lasts (a map server keeps it).
 */
export interface SaveKeeping {
  /** `false` when the layer's last save could not be written where it would outlast the page. */
  lasts(typeName: string): boolean;
}

/** The inversify token of {@link SaveKeeping}. */
export const SAVE_KEEPING = Symbol.for('gportal.ui.SaveKeeping');
