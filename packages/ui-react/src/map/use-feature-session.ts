import {
  EDIT_JOURNAL,
  EditSession,
  FEATURE_SOURCE,
  FEATURE_TRANSACTIONS,
  type EditableFeature,
  type EditJournal,
  type FeatureSchema,
  type FeatureSource,
  type FeatureTransactions,
  type LayerKind,
  type RestoreReport,
} from '@gportal/core';
import { App } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useService } from '../app/services';
import { useI18n } from '../i18n/i18n-provider';
import { resolveLayerTypes } from './layer-catalog';
import { saveFailureMessage } from '../app/save-failure-message';

export interface PendingCounts {
  inserts: number;
  updates: number;
  deletes: number;
  total: number;
}

export type SessionStatus = 'resolving' | 'loading' | 'ready' | 'saving' | 'failed';

export interface FeatureSessionView {
  session: EditSession | undefined;
  typeName: string | undefined;
  /** The layer type of `typeName`, once resolved. */
  kind: LayerKind | undefined;
  /** The layer's title on the server, or its type name. */
  title: string | undefined;
  status: SessionStatus;
  /** Why the layer could not be resolved or loaded. */
  problem: string | undefined;
  features: EditableFeature[];
  schema: FeatureSchema | undefined;
  pending: PendingCounts;
  /** Increases with every `load` of the session, so the map fits the features once per load. */
  loads: number;
  /** Journaled changes put back when the session started, until kept or discarded. */
  restored: RestoreReport | undefined;
}

const NOTHING_PENDING: PendingCounts = { inserts: 0, updates: 0, deletes: 0, total: 0 };

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * One `EditSession` for the layer of `kind` (or `typeName`, when the server resolves a layer type
 * to it, e.g. from the URL): resolved from the server's layer list, started with
 * `restore()` (load, then the journaled changes of an earlier visit), and re-rendered on each of
 * its events. Save outcomes and journal failures are told to the user here.
 */
export function useFeatureSession(kind: LayerKind, typeNameAsked?: string) {
  const source = useService<FeatureSource>(FEATURE_SOURCE);
  const transactions = useService<FeatureTransactions>(FEATURE_TRANSACTIONS);
  const journal = useService<EditJournal>(EDIT_JOURNAL);
  const { t } = useI18n();
  const { message, notification } = App.useApp();

  const [typeName, setTypeName] = useState<string>();
  const [resolved, setResolved] = useState<{ kind: LayerKind; title: string }>();
  const [session, setSession] = useState<EditSession>();
  const [status, setStatus] = useState<SessionStatus>('resolving');
  const [problem, setProblem] = useState<string>();
  const [version, setVersion] = useState(0);
  const [loads, setLoads] = useState(0);
  const [restored, setRestored] = useState<RestoreReport>();

  useEffect(() => {
    let live = true;
    setStatus('resolving');
    setProblem(undefined);
    setTypeName(undefined);
    setResolved(undefined);
    source
      .listTypes()
      .then(async (summaries) => [await resolveLayerTypes(source, summaries), summaries] as const)
      .then(
        ([types, summaries]) => {
          if (!live) return;
          const asked = (Object.keys(types) as LayerKind[]).find((other) => typeNameAsked && types[other] === typeNameAsked);
          const chosen = asked ?? kind;
          const name = types[chosen];
          if (name) {
            setTypeName(name);
            setResolved({ kind: chosen, title: summaries.find((summary) => summary.name === name)?.title ?? name });
          } else {
            setStatus('failed');
            setProblem(t('map.layerMissing', { kind: t(`map.layer.${kind}`) }));
          }
        },
        (error: unknown) => {
          if (!live) return;
          setStatus('failed');
          setProblem(t('map.loadFailed', { reason: errorText(error) }));
        },
      );
    return () => {
      live = false;
    };
    // `t` changes with the language; the layer is resolved again only for another choice.
  }, [source, kind, typeNameAsked]);

  useEffect(() => {
    if (!typeName) return;
    const created = new EditSession({ source, transactions, journal, typeName });
    let live = true;
    const refresh = () => live && setVersion((value) => value + 1);
    const offs = [
      created.on('load', () => {
        if (!live) return;
        setLoads((value) => value + 1);
        refresh();
      }),
      created.on('change', refresh),
      created.on('save:success', ({ result }) => {
        if (!live) return;
        void message.success(t('map.saved', result.totals));
      }),
      created.on('save:failed', (failure) => {
        if (!live) return;
        // Why, whether anything may have been saved, and that the changes are kept (issue: never lose an edit).
        void message.error({ key: 'save', content: saveFailureMessage(failure, t), duration: 8 });
      }),
      created.on('error', ({ operation, message: reason }) => {
        if (!live) return;
        // A journal that cannot be written loses nothing on screen, but a reload would: say so at once.
        if (operation === 'journal') notification.warning({ key: 'journal', title: t('map.journalFailed', { reason }), duration: 0 });
        else if (operation === 'save') void message.warning(t('map.loadFailed', { reason }));
      }),
    ];
    setSession(created);
    setRestored(undefined);
    setStatus('loading');
    created.restore().then(
      (report) => {
        if (!live) return;
        setStatus('ready');
        if (report && report.inserts + report.updates + report.deletes > 0) {
          setRestored(report);
          // The map fits again, now to the loaded features and the restored drafts.
          setLoads((value) => value + 1);
        }
        refresh();
      },
      (error: unknown) => {
        if (!live) return;
        setStatus('failed');
        setProblem(t('map.loadFailed', { reason: errorText(error) }));
      },
    );
    return () => {
      live = false;
      for (const off of offs) off();
      setSession(undefined);
    };
  }, [source, transactions, journal, typeName]);

  const view = useMemo<FeatureSessionView>(() => {
    const changes = session?.pending();
    const pending = changes
      ? {
          inserts: changes.inserts.length,
          updates: changes.updates.length,
          deletes: changes.deletes.length,
          total: changes.inserts.length + changes.updates.length + changes.deletes.length,
        }
      : NOTHING_PENDING;
    return { session, typeName, kind: resolved?.kind, title: resolved?.title, status, problem, features: session?.features() ?? [], schema: session?.schema, pending, loads, restored };
    // `version` stands for every session event.
  }, [session, typeName, resolved, status, problem, version, loads, restored]);

  const save = useCallback(async () => {
    if (!session) return;
    setStatus('saving');
    try {
      await session.save();
    } finally {
      setStatus('ready');
    }
  }, [session]);

  const redraw = useCallback(async () => {
    if (!session) return;
    setRestored(undefined);
    setStatus('loading');
    try {
      await session.redraw();
      setStatus('ready');
    } catch (error) {
      setStatus('failed');
      setProblem(t('map.loadFailed', { reason: errorText(error) }));
    }
  }, [session, t]);

  const keepRestored = useCallback(() => setRestored(undefined), []);

  return { view, save, redraw, keepRestored };
}
