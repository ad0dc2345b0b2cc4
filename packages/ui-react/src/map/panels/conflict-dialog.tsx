import type { ConflictChoice, EditSession, FeatureConflict } from '@gportal/core';
import { App } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useI18n } from '../../i18n/i18n-provider';

// The dialog's list loads with the first conflict, never with the map: most sessions meet none.
const ConflictDialog = lazy(() => import('./conflict-list'));

/**
 * The dialog for a session: it opens whenever a save finds conflicts (a closed one comes back
 * with the next save) and shows those not resolved yet; choosing resolves them in the session.
 */
export function SessionConflictDialog({ session, conflicts }: { session: EditSession | undefined; conflicts: FeatureConflict[] }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  // Made at the first conflict: until then a closed dialog would only weigh on every render of the map (the first above all).
  const [made, setMade] = useState(false);
  useEffect(
    () =>
      session?.on('save:failed', (failure) => {
        if (failure.kind !== 'conflict') return;
        setMade(true);
        setOpen(true);
      }),
    [session],
  );
  const resolve = (id: string, choice: ConflictChoice) => {
    if (!session) return;
    try {
      session.resolveConflict(id, choice);
      if (session.conflicts.length === 0) void message.info(t('conflict.resolved'));
    } catch (error) {
      void message.error(t('map.editRefused', { reason: error instanceof Error ? error.message : String(error) }));
    }
  };
  if (!made) return null;
  return (
    <Suspense>
      <ConflictDialog open={open} conflicts={conflicts} mine={(id) => session?.feature(id)} onResolve={resolve} onClose={() => setOpen(false)} />
    </Suspense>
  );
}
