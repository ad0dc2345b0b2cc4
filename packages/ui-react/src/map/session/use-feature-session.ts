import {
  EDIT_JOURNAL,
  EditSession,
  FEATURE_SOURCE,
  FEATURE_TRANSACTIONS,
  missingRequiredFields,
  type EditableFeature,
  type FeatureConflict,
  type EditJournal,
  type FeatureSchema,
  type FeatureSource,
  type FeatureTransactions,
  type FeatureTypeSummary,
  type LayerKind,
  type RestoreReport,
  type ViewState,
} from '@gportal/core';
import { App } from 'antd';
import { createElement, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLatest } from '../../ui/use-latest';
import { useOptionalService, useService } from '../../ui/services';
import { SAVE_KEEPING, type SaveKeeping } from '../../ui/save-keeping';
import { tellError, type DescribedError } from '../../i18n/describe-error';
import { useI18n } from '../../i18n/i18n-provider';
import { ErrorMessage } from '../../ui/error-detail';
import { saveFailureMessage } from '../../i18n/save-failure-message';
import type { FieldLabels } from './field-labels';
import { fieldList, layerFieldLabels, withSchemaTitles } from './field-labels';
import { journalNotice, savedUntilCloseNotice, STORAGE_NOTICE, tellProblem, type LayerProblem } from './session-messages';
import { useLayerResolution } from './use-layer-resolution';

/** How many changes are waiting to be saved, by kind. */
export interface PendingCounts {
  inserts: number;
  updates: number;
  deletes: number;
  total: number;
}

/** Where the map's session is: resolving the layer, loading it, ready, saving, or failed. */
export type SessionStatus = 'resolving' | 'loading' | 'ready' | 'saving' | 'failed';

/** What {@link useFeatureSession} gives a screen to render: the session, its features and status. */
export interface FeatureSessionView {
  session: EditSession | undefined;
  typeName: string | undefined;
  /** The layer type of `typeName`, once resolved. */
  kind: LayerKind | undefined;
  /** The layer's title on the server, or its type name. */
  title: string | undefined;
  status: SessionStatus;
  /** Why the layer could not be resolved or loaded, in the active language. */
  problem: DescribedError | undefined;
  features: EditableFeature[];
  /** The layer's schema: the same object until a load brings a different one. */
  schema: FeatureSchema | undefined;
  /** Increases with every event of the session: what is derived from the session's state is derived again when it changes. */
  revision: number;
  pending: PendingCounts;
  /** Increases with every `load` of the session, so the map fits the features once per load. */
  loads: number;
  /** Journaled changes put back when the session started, until kept or discarded. */
  restored: RestoreReport | undefined;
  /** What the last save found another client changed too, until resolved. */
  conflicts: FeatureConflict[];
  /**
   * Set while another tab of the browser edits this layer: `other-tab` when it did so before this
   * one opened it, `handed-over` when this tab handed its edits to it. The layer is only shown.
   */
  editingElsewhere: 'other-tab' | 'handed-over' | undefined;
  /** Drawn features whose last send the server could neither confirm nor deny: the user keeps or discards them. */
  undecided: string[];
  /** Every layer the server lists (GetCapabilities), for a selector of the server's own layers. */
  layers: readonly FeatureTypeSummary[];
  /** The layer's field labels in the active language (`fieldLabels` of `config.json`). */
  labels: Readonly<Record<string, string>>;
  /**
   * The features a refused save found without a required field, as long as one is still
   * missing: the map outlines them. Empty until a save is refused.
   */
  missingRequired: readonly EditableFeature[];
  /** Increases with every save refused for a missing required field, so the editor opens the form of the first one. */
  refusals: number;
  /** Where the features of the map's view stand, for a layer larger than a load (see `EditSession.loadView`). */
  viewState: ViewState | undefined;
}

/** Whether the session's layer is larger than a load, so it loads by view and the map is not fitted to what it loaded. */
export function loadsByView(session: EditSession): boolean {
  return session.layerCount !== undefined && session.layerCount > session.maxFeatures;
}

/**
 * Rows and columns of tiles read ahead around a view of a large layer (`EditSession`'s
 * `prefetch`): four reach a view one and a half views away at the same zoom, and most of one
 * zoomed out there (the read-ahead stops at about six loads' worth of features).
 */
const VIEW_PREFETCH_RINGS = 4;

/**
 * How long after a view's event the screen around the map renders it (the view's loading state,
 * its limit notice, the features the tools step through). The map draws the view's features from
 * the session's events at once; the screen's render, which takes the main thread for a while,
 * then waits until the map's workers have painted them, rather than competing with them.
 */
const VIEW_RENDER_DELAY_MS = 120;

const NOTHING_PENDING: PendingCounts = { inserts: 0, updates: 0, deletes: 0, total: 0 };

/** The key of the notice shown while a save waits out a lost one (`save:waiting`), gone when the save settles. */
const SAVE_WAITING = 'save-waiting';

/** A session made with a render, and whether an effect has started it. */
interface MadeSession {
  readonly session: EditSession;
  started: boolean;
}

/**
 * A session of `typeName`: a layer larger than a load (2000) loads by view, what the map shows,
 * never an arbitrary 2000; the tiles around the view are read ahead, so a pan finds its features read.
 */
function newSession({ source, transactions, journal, typeName, unknownOutcomeWindowMs }: { source: FeatureSource; transactions: FeatureTransactions; journal: EditJournal; typeName: string; unknownOutcomeWindowMs: number | undefined }): EditSession {
  return new EditSession({ source, transactions, journal, typeName, loading: 'view', prefetch: VIEW_PREFETCH_RINGS, ...(unknownOutcomeWindowMs === undefined ? {} : { unknownOutcomeWindowMs }) });
}

/** Options of {@link useFeatureSession}. */
export interface FeatureSessionOptions {
  /** The alias table of `config.json` (`fieldLabels`); none by default: fields show their titles from the server, else their names. */
  fieldLabels?: FieldLabels;
  /** How long a lost save may still commit on the server (`unknownOutcomeWindowMs` of `config.json`); the core's default otherwise. */
  unknownOutcomeWindowMs?: number;
}

/**
 * One `EditSession` for the layer of `kind` (or `typeName`, when the server resolves a layer type
 * to it, e.g. from the URL): resolved from the server's layer list (`useLayerResolution`), started with
 * `restore()` (load, then the journaled changes of an earlier visit), and re-rendered on each of
 * its events. Save outcomes and journal failures are told to the user here.
 */
export function useFeatureSession(kind: LayerKind, typeNameAsked?: string, options: FeatureSessionOptions = {}) {
  const source = useService<FeatureSource>(FEATURE_SOURCE);
  const transactions = useService<FeatureTransactions>(FEATURE_TRANSACTIONS);
  const journal = useService<EditJournal>(EDIT_JOURNAL);
  const keeping = useOptionalService<SaveKeeping>(SAVE_KEEPING);
  const { t, locale } = useI18n();
  // The session's handlers outlive a switch of language: they speak the one active when they speak.
  const speak = useLatest(t);
  const { message, notification } = App.useApp();

  /** The features of the last save refused for a missing required field, and how many refusals so far. */
  const [refused, setRefused] = useState<{ ids: readonly string[]; count: number }>({ ids: [], count: 0 });
  const [started, setSession] = useState<EditSession>();
  // A layer asked for by name is loading from the first render (its session is made with it, below).
  const [status, setStatus] = useState<SessionStatus>(typeNameAsked === undefined ? 'resolving' : 'loading');
  const [problem, setProblem] = useState<LayerProblem>();
  const [version, setVersion] = useState(0);
  const [loads, setLoads] = useState(0);
  const [restored, setRestored] = useState<RestoreReport>();
  const [editingElsewhere, setEditingElsewhere] = useState<FeatureSessionView['editingElsewhere']>();
  /** Bumped to start the session again: after this tab took the layer over, or handed it over. */
  const [claims, setClaims] = useState(0);
  /** The save under way: a hand-over waits for it, so the other tab never sends the same edits again. */
  const saving = useRef<Promise<unknown>>(Promise.resolve());
  /** The layer this tab took from a tab that did not answer: its next restore only, whose journal may hold edits that tab's last send already saved. */
  const takenFrom = useRef<string>(undefined);
  // A layer asked for by name loads while the list is asked for (its session starts below).
  const { typeName, layers, resolved, firstView, listed } = useLayerResolution(source, kind, typeNameAsked, {
    started: (byName) => {
      setStatus(byName ? 'loading' : 'resolving');
      setProblem(undefined);
    },
    failed: (reason) => {
      setStatus('failed');
      setProblem(reason);
    },
  });

  // The session of a layer known at the first render is made with it, not once that render is on
  // the page: the screen then shows it from its first commit (the map gives it its view at once)
  // rather than rendering all of itself a second time. Started by the effect below, once.
  // Its schema and count are asked for as it is made, not once the screen is on the page and its
  // map made (the effects below): the map's first view is read as soon as the session starts.
  const made = useMemo<MadeSession | undefined>(() => {
    if (!typeName) return undefined;
    const session = newSession({ source, transactions, journal, typeName, unknownOutcomeWindowMs: options.unknownOutcomeWindowMs });
    session.prepare();
    return { session, started: false };
  }, [source, transactions, journal, typeName, claims]);

  useEffect(() => {
    if (!typeName) return;
    // The session made with this render, unless an earlier run of this effect started it (React's
    // strict mode runs an effect twice): a session is started once.
    const fresh = made && !made.started ? made.session : undefined;
    if (made) made.started = true;
    const created = fresh ?? newSession({ source, transactions, journal, typeName, unknownOutcomeWindowMs: options.unknownOutcomeWindowMs });
    const confirmed = listed.current;
    let live = true;
    const refresh = () => live && setVersion((value) => value + 1);
    const shown = firstView.current;
    let viewRender: ReturnType<typeof setTimeout> | undefined;
    const refreshAfterView = () => {
      viewRender ??= setTimeout(() => {
        viewRender = undefined;
        refresh();
      }, VIEW_RENDER_DELAY_MS);
    };
    const offs = [
      created.on('load', () => {
        if (!live) return;
        // The map is fitted to a whole layer; a layer loaded by view keeps the map where it is.
        if (!loadsByView(created)) setLoads((value) => value + 1);
        refresh();
      }),
      created.on('change', refresh),
      created.on('view', ({ state }) => {
        if (state.kind !== 'loading') shown();
        refreshAfterView();
      }),
      created.on('save:waiting', ({ ms }) => {
        if (live) void message.loading({ key: SAVE_WAITING, content: speak.current('map.saveWaiting', { seconds: Math.ceil(ms / 1000) }), duration: 0 });
      }),
      created.on('save:success', ({ result }) => {
        message.destroy(SAVE_WAITING);
        if (!live) return;
        // A save the app could not keep past the page is no success to tell: one notice says what a reload loses.
        if (keeping && !keeping.lasts(typeName)) notification.warning({ ...STORAGE_NOTICE, ...savedUntilCloseNotice(result.totals) });
        else void message.success(speak.current('map.saved', result.totals));
      }),
      created.on('save:failed', (failure) => {
        message.destroy(SAVE_WAITING);
        // A conflict is told by the editor's conflict dialog; a toast over it would hide its title.
        if (!live || failure.kind === 'conflict') return;
        // Why, whether anything may have been saved, and that the changes are kept: an edit is never lost.
        void message.error({ key: 'save', content: createElement(ErrorMessage, { tell: (translate) => saveFailureMessage(failure, translate) }), duration: 8 });
      }),
      created.on('error', ({ operation, error }) => {
        if (operation === 'view') shown();
        if (!live) return;
        const tell = tellError(error);
        // A journal that cannot be written loses nothing on screen, but a reload would: say so at once.
        if (operation === 'journal') notification.warning({ ...STORAGE_NOTICE, ...journalNotice(error) });
        else if (operation === 'save') void message.warning(createElement(ErrorMessage, { tell, lead: (reason, translate) => translate('map.loadFailed', { reason }) }));
        else if (operation === 'view') void message.warning({ key: 'view', content: createElement(ErrorMessage, { tell, lead: (reason, translate) => translate('map.viewLoadFailed', { reason }) }) });
      }),
    ];
    // The session made with the render shows already; one made here shows from the next render.
    if (created !== made?.session) setSession(created);
    setRestored(undefined);
    setRefused((before) => (before.ids.length === 0 ? before : { ids: [], count: before.count }));
    setStatus('loading');
    // One tab edits a layer at a time; another one only shows it, and says so before any edit.
    const claimed = (journal.claim?.(typeName) ?? Promise.resolve(true)).then((held) => {
      if (!held) {
        if (live) setEditingElsewhere((current) => current ?? 'other-tab');
        return false;
      }
      // A session already gone neither puts the journal back nor hands it over.
      if (!live) return false;
      setEditingElsewhere(undefined);
      const off = journal.onHandOver?.(typeName, async () => {
        // The other tab restores the journal: it must hold every edit, and no send may still be under way.
        await saving.current;
        await created.flushJournal();
        if (!live) return;
        setEditingElsewhere('handed-over');
        setClaims((value) => value + 1);
      });
      if (off) offs.push(off);
      return true;
    });
    // The layer loads while the journal is claimed; the journal goes back on top only when this tab holds it.
    // Read, not cleared, here: a strict mode start runs this twice, and the restore that stays takes it.
    const taken = takenFrom.current === typeName;
    const restoring = created.restore({ claimed, taken });
    void restoring.finally(() => {
      if (live && takenFrom.current === typeName) takenFrom.current = undefined;
    }).catch(() => undefined);
    restoring.then(
      (report) => {
        // A layer loaded whole shows now; one loaded by view once its first view has loaded.
        if (!loadsByView(created)) shown();
        if (!live) return;
        setStatus('ready');
        // Drawings set aside are told at every start until a redraw discards them.
        if (report && report.inserts + report.updates + report.deletes + report.setAside.length > 0) setRestored(report);
        if (report && report.inserts + report.updates + report.deletes > 0 && !loadsByView(created)) {
          // The map fits again, now to the loaded features and the restored drafts.
          setLoads((value) => value + 1);
        }
        refresh();
      },
      (error: unknown) => {
        shown();
        // A name the server does not list is no failure: the layer of the kind replaces it.
        void confirmed.then((isListed) => {
          if (!live || !isListed) return;
          setStatus('failed');
          setProblem({ failed: error });
        });
      },
    );
    return () => {
      live = false;
      clearTimeout(viewRender);
      for (const off of offs) off();
      setSession(undefined);
    };
  }, [source, transactions, journal, keeping, typeName, claims, made]);

  /** The session shown: one the effect made (a second run of it), or the one made with the render. */
  const session = started ?? made?.session;

  const configuredLabels = useMemo(() => layerFieldLabels(options.fieldLabels, typeName, locale), [options.fieldLabels, typeName, locale]);
  // The schema is one object until a load brings a different one: the labels change with it only.
  const shownSchema = session?.schema;
  const labels = useMemo(() => withSchemaTitles(configuredLabels, shownSchema), [configuredLabels, shownSchema]);

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
    const conflicts = session?.conflicts ?? [];
    // Told when shown, so it follows a switch of language.
    const told = problem === undefined ? undefined : tellProblem(problem, t);
    const schema = session?.schema;
    const features = session?.features() ?? [];
    const missingRequired = schema && refused.ids.length > 0 ? features.filter((feature) => refused.ids.includes(feature.id) && missingRequiredFields(feature, schema).length > 0) : [];
    return {
      session,
      typeName,
      kind: resolved?.kind,
      title: resolved?.title,
      status,
      problem: told,
      features,
      schema,
      revision: version,
      pending,
      loads,
      restored,
      conflicts,
      editingElsewhere,
      undecided: session?.undecidedInserts ?? [],
      layers,
      labels,
      missingRequired,
      refusals: refused.count,
      viewState: session?.viewState,
    };
    // `version` stands for every session event.
  }, [session, typeName, resolved, status, problem, version, loads, restored, editingElsewhere, t, layers, labels, refused]);

  /**
   * Saves the pending changes in one transaction; the outcome is told to the user. A drawn or
   * edited feature without a required field stops the save before anything is sent: the
   * refusal names the fields, and the map outlines the features.
   */
  const save = useCallback(async () => {
    if (!session) return;
    const schema = session.schema;
    if (schema) {
      const missing = session.features().filter((feature) => (feature.state === 'insert' || feature.state === 'update') && missingRequiredFields(feature, schema).length > 0);
      if (missing.length > 0) {
        const fields = schema.properties.map((property) => property.name).filter((name) => missing.some((feature) => missingRequiredFields(feature, schema).includes(name)));
        setRefused((before) => ({ ids: missing.map((feature) => feature.id), count: before.count + 1 }));
        void message.error({ key: 'save', content: t('map.missingRequired', { names: fieldList(fields, labels, locale), count: fields.length }), duration: 8 });
        return;
      }
    }
    setRefused((before) => (before.ids.length > 0 ? { ids: [], count: before.count } : before));
    setStatus('saving');
    const saved = session.save();
    saving.current = saved.catch(() => undefined);
    try {
      await saved;
    } finally {
      setStatus('ready');
    }
  }, [session, message, t, labels, locale]);

  /** Drops the pending changes and reloads the layer from the server. */
  const redraw = useCallback(async () => {
    if (!session) return;
    setRestored(undefined);
    setStatus('loading');
    try {
      await session.redraw();
      setStatus('ready');
    } catch (error) {
      setStatus('failed');
      setProblem({ failed: error });
    }
  }, [session, t]);

  /** Keeps the changes restored from the journal and hides the notice. */
  const keepRestored = useCallback(() => setRestored(undefined), []);

  /** Takes the layer over from the tab editing it: that tab hands over its pending edits, which are restored here. */
  const editHere = useCallback(async () => {
    if (!typeName) return;
    setStatus('loading');
    const answer = await journal.takeOver?.(typeName);
    takenFrom.current = answer === 'taken' ? typeName : undefined;
    setEditingElsewhere(undefined);
    setClaims((value) => value + 1);
  }, [journal, typeName]);

  /** Keeps (to be sent again) or discards every undecided drawing. */
  const decideUndecided = useCallback(
    (decision: 'keep' | 'discard') => {
      for (const id of session?.undecidedInserts ?? []) session?.decideInsert(id, decision);
    },
    [session],
  );

  return { view, save, redraw, keepRestored, editHere, decideUndecided };
}
