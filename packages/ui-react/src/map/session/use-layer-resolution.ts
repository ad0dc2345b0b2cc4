import type { FeatureSource, FeatureTypeSummary, LayerKind } from '@gportal/core';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { layerKindOf, resolveLayerTypes } from './layer-catalog';
import type { LayerProblem } from './session-messages';
import { useLatest } from '../../ui/use-latest';

/**
 * How long the server's layer list waits at most for the first view of the layer asked for. The
 * list (GetCapabilities, the slowest request of an opening) is asked for once the layer shows: a
 * server that answers one request at a time (QGIS Server) answers the layer's reads first.
 */
const LIST_WAIT_MS = 3000;

/** What the resolution tells the session's status: it started (by the name asked for, or by kind), or it failed. */
export interface ResolutionReport {
  started(byName: boolean): void;
  failed(problem: LayerProblem): void;
}

/** Which layer the feature editor edits, and the server's layer list (see {@link useLayerResolution}). */
export interface LayerResolution {
  /** The layer's type name: the one asked for from the first render on, else the one resolved for the kind. */
  typeName: string | undefined;
  /** Every layer the server lists (GetCapabilities), once listed. */
  layers: readonly FeatureTypeSummary[];
  /** The layer type and the title of `typeName`, once the server lists it. */
  resolved: { kind: LayerKind; title: string } | undefined;
  /** Called once the layer asked for shows its first view, or cannot: the layer list is asked for then. */
  firstView: RefObject<() => void>;
  /**
   * Whether the server lists the type name asked for: a session started on that name tells a
   * failure only once the layer list confirms it (one the server does not list is replaced by the
   * layer of `kind`, as if never asked for).
   */
  listed: RefObject<Promise<boolean>>;
}

/**
 * The layer of `kind` (or `typeNameAsked`, when the URL names one) on the server. A layer asked
 * for by name is read at once, and the server's layer list (GetCapabilities, the slowest request
 * of an opening) once that layer shows (`firstView`), or after `LIST_WAIT_MS`: its title and the
 * list fill in when it comes. Without a name asked for, the list chooses the layer: asked for at
 * once. A name the server does not list is replaced by the layer of `kind`. Resolved again only
 * for another `source`, `kind` or name.
 */
export function useLayerResolution(source: FeatureSource, kind: LayerKind, typeNameAsked: string | undefined, report: ResolutionReport): LayerResolution {
  // A type name asked for is read from the first render on.
  const [typeName, setTypeName] = useState<string | undefined>(typeNameAsked);
  const [layers, setLayers] = useState<readonly FeatureTypeSummary[]>([]);
  const [resolved, setResolved] = useState<{ kind: LayerKind; title: string }>();
  const firstView = useRef<() => void>(() => undefined);
  const listed = useRef<Promise<boolean>>(Promise.resolve(true));
  const tell = useLatest(report);
  useEffect(() => {
    let live = true;
    tell.current.started(typeNameAsked !== undefined);
    setResolved(undefined);
    setTypeName(typeNameAsked);
    let waited: ReturnType<typeof setTimeout> | undefined;
    const shown = new Promise<void>((resolve) => {
      firstView.current = resolve;
      if (typeNameAsked === undefined) resolve();
      else waited = setTimeout(resolve, LIST_WAIT_MS);
    });
    const listing = shown.then(() => source.listTypes());
    const asked = typeNameAsked === undefined ? undefined : listing.then((summaries) => summaries.some(({ name }) => name === typeNameAsked));
    listed.current = asked?.catch(() => false) ?? Promise.resolve(true);
    // A type name the server lists is edited as asked, by its own kind: one DescribeFeatureType,
    // not one for every layer of the server before the layer can load.
    const askedKind = typeNameAsked === undefined ? undefined : layerKindOf(source, typeNameAsked);
    askedKind?.catch(() => undefined);
    listing
      .then(async (summaries) => {
        if (typeNameAsked !== undefined && (await asked)) return { summaries, name: typeNameAsked, chosen: (await askedKind) ?? kind };
        const types = await resolveLayerTypes(source, summaries);
        return { summaries, name: types[kind], chosen: kind };
      })
      .then(
        ({ summaries, name, chosen }) => {
          if (!live) return;
          setLayers(summaries);
          if (name) {
            // Listed: a session of it tells its failures.
            listed.current = Promise.resolve(true);
            setTypeName(name);
            setResolved({ kind: chosen, title: summaries.find((summary) => summary.name === name)?.title ?? name });
          } else {
            setTypeName(undefined);
            tell.current.failed({ missing: kind });
          }
        },
        (error: unknown) => {
          if (!live) return;
          setTypeName(undefined);
          tell.current.failed({ failed: error });
        },
      );
    return () => {
      live = false;
      clearTimeout(waited);
    };
  }, [source, kind, typeNameAsked, tell]);
  return { typeName, layers, resolved, firstView, listed };
}
