import { EDIT_JOURNAL, EditSession, FEATURE_SOURCE, type EditJournal, FEATURE_TRANSACTIONS, type FeatureSource, type FeatureTypeSummary } from '@gportal/core';
import { createMemoryAdapters, sampleSeed } from '@gportal/core/memory';
import { App } from 'antd';
import { Container } from 'inversify';
import { act, StrictMode, useLayoutEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ServicesProvider } from '../../ui/services';
import { I18nProvider } from '../../i18n/i18n-provider';
import { mountedRoot } from '../../test-support/mounted-root';
import { useFeatureSession, type FeatureSessionView } from './use-feature-session';

const mounted = mountedRoot();

/** The sample data's polygon layer, which the URL may ask for by name. */
const ASKED = 'store_33:polygon';
/** What the default layer type (multipolygon) resolves to in the sample data. */
const FALLBACK = 'store_33:multipolygon';

/** The in-memory server (with `overrides`), its layer list held back until `list()` lets it answer. */
function heldServer(overrides: Partial<FeatureSource> = {}, journalOf: (memory: EditJournal) => EditJournal = (memory) => memory) {
  const adapters = createMemoryAdapters(sampleSeed());
  let list: () => void = () => undefined;
  const listed = new Promise<void>((resolve) => (list = resolve));
  const listTypes = vi.fn(async (): Promise<FeatureTypeSummary[]> => {
    await listed;
    return adapters.features.listTypes();
  });
  const source: FeatureSource = { ...adapters.features, ...overrides, listTypes };
  const container = new Container();
  container.bind(FEATURE_SOURCE).toConstantValue(source);
  container.bind(FEATURE_TRANSACTIONS).toConstantValue(adapters.transactions);
  container.bind(EDIT_JOURNAL).toConstantValue(journalOf(adapters.journal));
  return { container, list, listTypes, adapters };
}

/**
 * Mounts the hook for the layer type multipolygon and `typeName`; answers the last view it
 * rendered, and every view it rendered. `onMounted` runs in a layout effect of the first render:
 * before any passive effect (the session is started by one).
 */
function mount(container: Container, typeName: string | undefined, { strict = false, onMounted = () => undefined }: { strict?: boolean; onMounted?: () => void } = {}): { current: FeatureSessionView | undefined; renders: FeatureSessionView[] } {
  const seen: { current: FeatureSessionView | undefined; renders: FeatureSessionView[] } = { current: undefined, renders: [] };
  function Probe() {
    seen.current = useFeatureSession('multipolygon', typeName).view;
    seen.renders.push(seen.current);
    useLayoutEffect(() => {
      onMounted();
    }, []);
    return null;
  }
  const tree = (
    <ServicesProvider container={container}>
      <I18nProvider initialLocale="en">
        <App>
          <Probe />
        </App>
      </I18nProvider>
    </ServicesProvider>
  );
  act(() => mounted.root.render(strict ? <StrictMode>{tree}</StrictMode> : tree));
  return seen;
}

/** Lets the in-memory server's answers and the renders they cause run. */
async function settle(): Promise<void> {
  await act(async () => {
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe('useFeatureSession', () => {
  it('asks for the layer asked for, its count and its schema, as it first renders, and its opening counts it no more', async () => {
    const adapters = createMemoryAdapters(sampleSeed());
    const countFeatures = vi.fn(adapters.features.countFeatures?.bind(adapters.features));
    const describe = vi.fn(adapters.features.describe.bind(adapters.features));
    const { container, list } = heldServer({ countFeatures, describe });
    // What was asked before any passive effect ran (the session is started by one).
    const beforeEffects: { counts: number; describes: number }[] = [];
    const seen = mount(container, ASKED, { onMounted: () => beforeEffects.push({ counts: countFeatures.mock.calls.length, describes: describe.mock.calls.length }) });
    expect(beforeEffects).toEqual([{ counts: 1, describes: 1 }]);
    expect(countFeatures.mock.calls[0]?.[0]).toEqual({ typeName: ASKED, atMost: 2001 });
    expect(describe.mock.calls[0]?.[0]).toBe(ASKED);
    await settle();
    list();
    await settle();
    expect(seen.current).toMatchObject({ typeName: ASKED, status: 'ready' });
    // The opening took the count asked at the render.
    expect(countFeatures.mock.calls.filter(([query]) => query.bbox === undefined)).toHaveLength(1);
  });

  it('loads the layer asked for beside the layer list: its features show before the list comes, its title and the list after', async () => {
    const { container, list, listTypes, adapters } = heldServer();
    const seen = mount(container, ASKED);
    await settle();
    expect(listTypes).toHaveBeenCalledTimes(1);
    const stored = (await adapters.features.getFeatures({ typeName: ASKED })).features;
    expect(seen.current).toMatchObject({ typeName: ASKED, status: 'ready', problem: undefined, title: undefined, layers: [] });
    expect(seen.current?.features.map((feature) => feature.id).sort()).toEqual(stored.map((feature) => feature.id).sort());
    const session = seen.current?.session;
    list();
    await settle();
    const summaries = await adapters.features.listTypes();
    expect(seen.current).toMatchObject({ typeName: ASKED, kind: 'polygon', status: 'ready', title: summaries.find(({ name }) => name === ASKED)?.title });
    expect(seen.current?.layers).toEqual(summaries);
    // The session read at once is kept: the list only confirmed its name.
    expect(seen.current?.session).toBe(session);
  });

  it('has the session of a layer asked for from its first render: the screen is not rendered again to show it, and a strict mode start makes one session read', async () => {
    const { container, list } = heldServer();
    const seen = mount(container, ASKED);
    // The first render has the session, loading; its start (an effect) renders nothing again.
    expect(seen.renders).toHaveLength(1);
    expect(seen.renders[0]).toMatchObject({ typeName: ASKED, status: 'loading' });
    const session = seen.renders[0]?.session;
    expect(session?.typeName).toBe(ASKED);
    list();
    await settle();
    expect(seen.current).toMatchObject({ session, status: 'ready' });
    expect(seen.current?.features.length).toBeGreaterThan(0);

    // React's strict mode runs the start twice: the second run starts a session of its own, shown from then on.
    act(() => mounted.root.render(null));
    const strict = mount(container, ASKED, { strict: true });
    await settle();
    const shown = strict.current?.session;
    expect(shown?.typeName).toBe(ASKED);
    expect(shown).not.toBe(strict.renders[0]?.session);
    expect(strict.current).toMatchObject({ status: 'ready' });
    expect(strict.current?.features.map((feature) => feature.id).sort()).toEqual(seen.current?.features.map((feature) => feature.id).sort());
  });

  it('replaces a name the server does not list by the layer of its type once the list comes, telling no failure, as if never asked for', async () => {
    const { container, list } = heldServer();
    const seen = mount(container, 'store_33:gone');
    await settle();
    // Reading it failed; the list has not said yet whether the server has it.
    expect(seen.current?.status).not.toBe('failed');
    expect(seen.current?.problem).toBeUndefined();
    list();
    await settle();
    expect(seen.current).toMatchObject({ typeName: FALLBACK, kind: 'multipolygon', status: 'ready', problem: undefined });
    expect(seen.current?.session?.typeName).toBe(FALLBACK);
    expect(seen.current?.features.length).toBeGreaterThan(0);
  });

  it('asks for the layer list once the layer asked for shows, so a server answering one request at a time reads the layer first', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const { container, list, listTypes, adapters } = heldServer({
      getFeatures: async (query) => {
        await answered;
        return adapters.features.getFeatures(query);
      },
    });
    list();
    const seen = mount(container, ASKED);
    await settle();
    expect(seen.current?.status).toBe('loading');
    expect(listTypes).not.toHaveBeenCalled();
    answer();
    await settle();
    expect(seen.current?.status).toBe('ready');
    expect(listTypes).toHaveBeenCalledTimes(1);
    expect(seen.current?.layers.length).toBeGreaterThan(0);
  });

  it('renders each view of a layer loaded by view: its state and its features, once the map has had the time to draw them', async () => {
    // More features than a load: the layer loads by view, and a view it counts at 5000 is too many.
    let count = 5000;
    const { container, list, adapters } = heldServer({ countFeatures: async () => count });
    const seen = mount(container, ASKED);
    list();
    await settle();
    const session = seen.current?.session;
    expect(session?.layerCount).toBe(5000);
    await act(async () => void (await session?.loadView([118, 24, 121, 27])));
    await vi.waitFor(() => expect(seen.current?.viewState).toEqual({ kind: 'too-many', bbox: [118, 24, 121, 27], count: 5000, limit: 2000 }));
    expect(seen.current?.features).toEqual([]);
    // A view within the limit loads its features, and the screen renders them.
    count = 10;
    await act(async () => void (await session?.loadView([118, 24, 121, 27.5])));
    const stored = (await adapters.features.getFeatures({ typeName: ASKED })).features;
    await vi.waitFor(() => expect(seen.current?.viewState?.kind).toBe('loaded'));
    expect(seen.current?.features.map((feature) => feature.id).sort()).toEqual(stored.map((feature) => feature.id).sort());
  });

  it('tells a listed layer that cannot be read as a failure', async () => {
    const { container, list } = heldServer({ countFeatures: undefined, getFeatures: () => Promise.reject(new Error('refused')) });
    const seen = mount(container, ASKED);
    await settle();
    expect(seen.current?.problem).toBeUndefined();
    list();
    await settle();
    expect(seen.current?.status).toBe('failed');
    expect(seen.current?.problem?.message).toMatch(/^The layer could not be loaded/);
  });
  it('restores a layer taken from a tab that did not answer as taken, that restore only', async () => {
    let held = false;
    let answer: 'handed-over' | 'taken' = 'taken';
    const { container, list } = heldServer({}, (memory) => ({
      ...memory,
      claim: async () => held,
      takeOver: async () => {
        held = true;
        return answer;
      },
    }));
    const restore = vi.spyOn(EditSession.prototype, 'restore');
    let hook: ReturnType<typeof useFeatureSession> | undefined;
    function Probe() {
      hook = useFeatureSession('multipolygon', ASKED);
      return null;
    }
    act(() =>
      mounted.root.render(
        <ServicesProvider container={container}>
          <I18nProvider initialLocale="en">
            <App>
              <Probe />
            </App>
          </I18nProvider>
        </ServicesProvider>,
      ),
    );
    list();
    await settle();
    expect(hook?.view.editingElsewhere).toBe('other-tab');
    expect(restore.mock.calls.map(([options]) => options?.taken)).toEqual([false]);
    await act(async () => hook?.editHere());
    await settle();
    expect(hook?.view.status).toBe('ready');
    expect(restore.mock.calls.map(([options]) => options?.taken)).toEqual([false, true]);
    // A later take-over of the same layer, handed over this time, restores as handed over.
    answer = 'handed-over';
    await act(async () => hook?.editHere());
    await settle();
    expect(restore.mock.calls.map(([options]) => options?.taken)).toEqual([false, true, false]);
    restore.mockRestore();
  });
});
