import type { EditableFeature, EditSession, LineString } from '@gportal/core';
import { DRAWING } from '@gportal/core';
import { App } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { useI18n } from '../../i18n/i18n-provider';
import { useLatest } from '../../ui/use-latest';
import type { MergeDialogProps } from './merge-dialog';
import { splitAlong } from './split-along';

/** 合并's dialog, with the polygon algebra it merges by, fetched when 合并 is first used. */
const MergeDialog = lazy<(props: MergeDialogProps) => ReactNode>(() => import('./merge-dialog'));

/** What {@link useSplitMerge} works with: the map's session and selection, and how it tells the user. */
export interface SplitMergeOptions {
  session: EditSession | undefined;
  /** 合并 is the tool running: only then is its dialog shown. */
  merging: boolean;
  /** The field that names a feature in the dialog; without a value there, its id. */
  nameField: string | undefined;
  /** The attribute table is open: what a split or merge makes stays selected there. */
  tableOpen: boolean;
  select(ids: string[]): void;
  /** A sentence shown briefly over the map. */
  flash(text: string, durationMs: number): void;
  /** A sentence for the map's polite live region. */
  announce(text: string): void;
  /** Hands an edit to the session; a refusal is told and changes nothing (false). */
  apply(edit: () => void): boolean;
  /** The cutting line was refused (it does not cross the feature): another is drawn for `id`. */
  onCutRefused(id: string): void;
  /** The merge is made: the tool ends. */
  onMerged(): void;
}

/** {@link useSplitMerge}'s answer. */
export interface SplitMerge {
  /** 分割: cuts feature `id` of session `on` along the line drawn, once the topology chunk is there. */
  cut(on: EditSession, id: string, cutter: LineString): void;
  /** 合并's 完成 with `count` features picked: the dialog asking whose attributes to keep, or a sentence when fewer than two. */
  finishMerge(count: number): void;
  /** The dialog is open (it has the focus). */
  dialogOpen: boolean;
  /** The dialog over the features picked (as loaded, in the order picked), while it is open; `null` otherwise. */
  renderDialog(picked: readonly EditableFeature[]): ReactNode;
}

/**
 * 分割 and 合并 on the map: the cut along a drawn line (refused with a sentence when it does not
 * cross, and another drawn), and the merge dialog over the features picked. Each is one undo
 * step of the session; what it makes is told in the live region and a toast.
 */
export function useSplitMerge(options: SplitMergeOptions): SplitMerge {
  const { t } = useI18n();
  const { message } = App.useApp();
  const [asking, setAsking] = useState(false);
  const latest = useLatest(options);
  const { session, merging, nameField } = options;
  // A new session, or 合并 left or started again, closes the dialog.
  useEffect(() => setAsking(false), [session, merging]);

  const cut = useCallback(
    (on: EditSession, id: string, cutter: LineString) => {
      splitAlong(on, id, cutter).then(
        (outcome) => {
          const now = latest.current;
          if (on !== now.session) return;
          if ('refused' in outcome) {
            now.flash(t(outcome.refused), DRAWING.errorDisplayMs.drawing);
            now.onCutRefused(id);
            return;
          }
          now.select(now.tableOpen ? outcome.ids : []);
          now.announce(t('map.split.done', { count: outcome.ids.length }));
          void message.success(t('map.split.done', { count: outcome.ids.length }));
        },
        (error: unknown) =>
          latest.current.apply(() => {
            throw error;
          }),
      );
    },
    [latest, message, t],
  );

  const finishMerge = useCallback(
    (count: number) => {
      // The merge is made in its dialog, once whose attributes to keep is chosen.
      if (count < 2) latest.current.flash(t('map.merge.tooFew'), DRAWING.errorDisplayMs.editing);
      else setAsking(true);
    },
    [latest, t],
  );

  const dialogOpen = asking && merging && session !== undefined;
  const renderDialog = (picked: readonly EditableFeature[]): ReactNode =>
    dialogOpen && session ? (
      <Suspense fallback={null}>
        <MergeDialog
          session={session}
          features={picked}
          nameField={nameField}
          onCancel={() => setAsking(false)}
          onMerged={(kept) => {
            const now = latest.current;
            setAsking(false);
            now.select(now.tableOpen ? [kept] : []);
            now.onMerged();
            now.announce(t('map.merge.done'));
            void message.success(t('map.merge.done'));
          }}
        />
      </Suspense>
    ) : null;

  return { cut, finishMerge, dialogOpen, renderDialog };
}
