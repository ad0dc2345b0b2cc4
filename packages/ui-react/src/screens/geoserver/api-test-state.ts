import { AdminActions, DATA_STORE_ADMIN, FEATURE_SOURCE, FEATURE_TRANSACTIONS, LAYER_ADMIN, PORTAL_ADMIN, SAMPLE_DEFAULTS, STYLE_ADMIN, ValidationError, WORKSPACE_ADMIN } from '@gportal/core';
import type { DataStoreAdmin, FeatureSource, FeatureTransactions, LayerAdmin, PortalAdmin, StyleAdmin, WorkspaceAdmin } from '@gportal/core';
import { SAMPLE_STYLES } from '@gportal/core/memory';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { AppConfig } from '../../shell/app-config';
import { APP_CONFIG } from '../../shell/app-tokens';
import { useService } from '../../ui/services';
import type { MessageKey } from '../../i18n/messages';
import { runApiCall, type AdminApi, type ApiCall, type ApiForm, type ApiPorts } from './api-calls';
import { formatResult } from './format-result';

/** The spec's sample defaults (section 3) and the sample polygon style to edit. */
export const DEFAULT_API_FORM: ApiForm = {
  workspace: SAMPLE_DEFAULTS.workspace,
  store: SAMPLE_DEFAULTS.dataStore,
  layer: SAMPLE_DEFAULTS.layer,
  style: SAMPLE_DEFAULTS.style,
  srid: SAMPLE_DEFAULTS.srid,
  sld: SAMPLE_STYLES.polygon,
  recurse: false,
};

/** The last finished call: what it was, how it went, and its answer or error. */
export interface ApiOutcome {
  /** Counts finished calls, so a repeated identical answer is still a new outcome. */
  seq: number;
  call: ApiCall;
  status: 'succeeded' | 'failed' | 'refused';
  /** Shown above the error on failure (`请求失败`). */
  headline?: MessageKey;
  /** The answer of a call that succeeded, as text. */
  text?: string;
  /** Why a call failed or was refused; told in the active language when shown (`describeError`). */
  error?: unknown;
}

export interface ApiTestState {
  form: ApiForm;
  setForm(change: Partial<ApiForm>): void;
  outcome: ApiOutcome | undefined;
  pending: ReadonlySet<string>;
  /** The API the administration buttons go through (the `adminApi` setting). */
  adminApi: AdminApi;
  /** Runs the call and resolves with its outcome. */
  run(call: ApiCall): Promise<ApiOutcome>;
}

function usePorts(): ApiPorts {
  const workspaces = useService<WorkspaceAdmin>(WORKSPACE_ADMIN);
  const dataStores = useService<DataStoreAdmin>(DATA_STORE_ADMIN);
  const layers = useService<LayerAdmin>(LAYER_ADMIN);
  const styles = useService<StyleAdmin>(STYLE_ADMIN);
  const features = useService<FeatureSource>(FEATURE_SOURCE);
  const transactions = useService<FeatureTransactions>(FEATURE_TRANSACTIONS);
  const portal = useService<PortalAdmin>(PORTAL_ADMIN);
  return useMemo(
    () => ({ workspaces, dataStores, layers, styles, features, transactions, portal, actions: new AdminActions({ workspaces, layers, portal }) }),
    [workspaces, dataStores, layers, styles, features, transactions, portal],
  );
}

/**
 * The API test's inputs, running calls and last outcome. Held by the GeoServer container so they
 * outlive a switch of tabs (the map tab shows the layer named here). Calls run side by side:
 * each button has its own loading state and the last call to finish fills the result.
 */
export function useApiTestState(): ApiTestState {
  const ports = usePorts();
  const { adminApi } = useService<AppConfig>(APP_CONFIG);
  const [form, setFormState] = useState(DEFAULT_API_FORM);
  const [outcome, setOutcome] = useState<ApiOutcome>();
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const finished = useRef(0);
  const setForm = useCallback((change: Partial<ApiForm>) => setFormState((previous) => ({ ...previous, ...change })), []);
  const mark = useCallback((id: string, running: boolean) => {
    setPending((previous) => {
      const next = new Set(previous);
      if (running) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  const run = useCallback(
    async (call: ApiCall) => {
      mark(call.id, true);
      let next: ApiOutcome;
      try {
        const value = await runApiCall(call, ports, form, adminApi);
        next = { seq: ++finished.current, call, status: 'succeeded', text: formatResult(value) };
      } catch (error) {
        const seq = ++finished.current;
        next =
          error instanceof ValidationError
            ? { seq, call, status: 'refused', error }
            : { seq, call, status: 'failed', ...(call.failure ? { headline: call.failure } : {}), error };
      } finally {
        mark(call.id, false);
      }
      setOutcome(next);
      return next;
    },
    [ports, form, mark, adminApi],
  );

  return { form, setForm, outcome, pending, adminApi, run };
}
