/** Editing a shape's vertices, holes and parts: the hot copy of the edited feature. */
export { type GeometryEdit, type GeometryEditCallbacks, loadVertexEditor, type TypedVertexTarget, useGeometryEdit } from './use-geometry-edit';
export { type PartTool, partToolsOf, usePartEdit } from './use-part-edit';
