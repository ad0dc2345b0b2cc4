import { ValidationError, fitGeometry, valueProblem, type ChangeSet, type FeatureSchema, type Geometry, type Properties } from '@gportal/core';

/**
 * Checks a change set against the layer's schema before anything is sent, and returns it in the
 * form to write: only schema properties (QGIS Server 3.22 loops forever on any other element in an
 * Insert), server-assigned keys left out of inserts, values of the schema's types, geometries of
 * the layer's kind. QGIS Server commits each action on its own, so refusing here what the server
 * would refuse keeps a half-applied transaction from happening. Problems throw one
 * `ValidationError` whose fields are `<handle or id>.<property>` (or `.geometry`).
 */
export function checkChangeSet(changes: ChangeSet, schema: FeatureSchema): ChangeSet {
  const fields: Record<string, string> = {};
  const readOnly = new Set(schema.readOnly ?? []);
  const byName = new Map(schema.properties.map((property) => [property.name, property]));

  const checkProperties = (ref: string, properties: Properties, dropReadOnly: boolean): Properties => {
    const kept: Properties = {};
    for (const [name, value] of Object.entries(properties)) {
      const property = byName.get(name);
      if (!property) {
        fields[`${ref}.${name}`] = `${schema.typeName} has no property ${name}`;
      } else if (readOnly.has(name)) {
        if (!dropReadOnly) fields[`${ref}.${name}`] = `${name} is assigned by the server`;
      } else {
        const problem = valueProblem(value, property);
        if (problem) fields[`${ref}.${name}`] = problem;
        else kept[name] = value;
      }
    }
    return kept;
  };
  const checkGeometry = (ref: string, geometry: unknown): Geometry => {
    const fitted = fitGeometry(geometry, schema.geometryKind);
    if (typeof fitted === 'string') fields[`${ref}.geometry`] = fitted;
    return fitted as Geometry;
  };

  const handles = new Set<string>();
  const inserts = changes.inserts.map((insert) => {
    if (!insert.handle || handles.has(insert.handle)) fields[`${insert.handle}.handle`] = 'every insert needs its own handle';
    handles.add(insert.handle);
    // Inserts may come from copies of loaded features, which carry the server's key: leave it out.
    return { handle: insert.handle, geometry: checkGeometry(insert.handle, insert.geometry), properties: checkProperties(insert.handle, insert.properties, true) };
  });
  const updates = changes.updates.map((update) => ({
    id: update.id,
    ...(update.geometry !== undefined ? { geometry: checkGeometry(update.id, update.geometry) } : {}),
    ...(update.properties !== undefined ? { properties: checkProperties(update.id, update.properties, false) } : {}),
  }));
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);
  return { typeName: changes.typeName, inserts, updates, deletes: [...changes.deletes] };
}
