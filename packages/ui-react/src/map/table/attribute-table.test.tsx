import { EditSession, FEATURE_SOURCE } from '@gportal/core';
import { createMemoryAdapters, sampleSeed } from '@gportal/core/memory';
import { App } from 'antd';
import { Container } from 'inversify';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../i18n/i18n-provider';
import { mountedRoot } from '../../test-support/mounted-root';
import { ServicesProvider } from '../../ui/services';
import type { AreaUnitChoice } from '../geometry';
import AttributeTable from './attribute-table';

const mounted = mountedRoot();
const TYPE_NAME = 'store_33:multipolygon';

async function settle(): Promise<void> {
  await act(async () => {
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** The table of the sample towns in English, its selection kept as the editor keeps it. */
async function mountTable() {
  const adapters = createMemoryAdapters(sampleSeed());
  const reads = vi.spyOn(adapters.features, 'getFeatures');
  const session = new EditSession({ source: adapters.features, transactions: adapters.transactions, typeName: TYPE_NAME });
  await session.load();
  const container = new Container();
  container.bind(FEATURE_SOURCE).toConstantValue(adapters.features);
  const state = { selected: [] as string[], unit: 'auto' as AreaUnitChoice, revision: 0 };
  const render = () =>
    act(() =>
      mounted.root.render(
        <ServicesProvider container={container}>
          <I18nProvider initialLocale="en">
            <App>
              <AttributeTable
                session={session}
                schema={session.schema!}
                revision={(state.revision += 1)}
                labels={{ population: 'Population' }}
                map={undefined}
                editable
                areaUnit={state.unit}
                onAreaUnit={(unit) => {
                  state.unit = unit;
                  render();
                }}
                selected={state.selected}
                onSelect={(ids) => {
                  state.selected = ids;
                  render();
                }}
                apply={(edit) => {
                  edit();
                  render();
                  return true;
                }}
                onClose={() => undefined}
              />
            </App>
          </I18nProvider>
        </ServicesProvider>,
      ),
    );
  render();
  await settle();
  return { session, state, render, reads };
}

const rows = () => [...mounted.element.querySelectorAll('tbody tr')] as HTMLTableRowElement[];
const rowOf = (name: string) => rows().find((row) => row.children[1]?.textContent === name) as HTMLTableRowElement;
const click = (element: Element, init: MouseEventInit = {}) => act(() => void element.dispatchEvent(new MouseEvent('click', { bubbles: true, ...init })));
const buttonNamed = (name: string) => [...mounted.element.querySelectorAll('button')].find((button) => button.getAttribute('aria-label') === name || button.textContent === name) as HTMLButtonElement;

describe('AttributeTable', () => {
  it('selects a row by a click, adds one by Ctrl, a range by Shift, and one by a click again', async () => {
    const { state } = await mountTable();
    expect(rows()).toHaveLength(8);
    const id = (name: string) => rowOf(name).dataset.id as string;
    click(rowOf('厦门'));
    expect(state.selected).toEqual([id('厦门')]);
    click(rowOf('漳州'), { ctrlKey: true });
    expect(state.selected).toEqual([id('厦门'), id('漳州')]);
    // From the last row clicked (漳州) to 龙岩, the rows before kept.
    click(rowOf('龙岩'), { shiftKey: true });
    expect(state.selected.sort()).toEqual([id('厦门'), id('漳州'), id('莆田'), id('龙岩')].sort());
    expect(rowOf('莆田').getAttribute('aria-selected')).toBe('true');
    click(rowOf('漳州'), { ctrlKey: true });
    expect(state.selected).not.toContain(id('漳州'));
    click(rowOf('福州'));
    expect(state.selected).toEqual([id('福州')]);
    // By keyboard: Space on a row.
    act(() => void rowOf('南平').dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true })));
    expect(state.selected).toEqual([id('南平')]);
  });

  it('sets one field of every selected row as one undo step, and removes the selected as one more', async () => {
    const { session, state, render } = await mountTable();
    state.selected = [rowOf('福州').dataset.id as string, rowOf('厦门').dataset.id as string];
    render();
    click(buttonNamed('Edit selected'));
    const group = mounted.element.querySelector('[role="group"]') as HTMLElement;
    const field = group.querySelector('select') as HTMLSelectElement;
    act(() => {
      field.value = 'population';
      field.dispatchEvent(new Event('change', { bubbles: true }));
    });
    const value = group.querySelector('input') as HTMLInputElement;
    act(() => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(value, '7');
      value.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(group.querySelector('[data-testid="batch-preview"]')?.textContent).toBe('Set Population to 7 on 2 selected');
    click(buttonNamed('Apply'));
    expect(session.pending().updates.map((update) => update.properties)).toEqual([{ population: 7 }, { population: 7 }]);
    expect(rowOf('福州').children[0]?.textContent).toBe('Changed');

    click(buttonNamed('Delete selected'));
    expect(session.pending().deletes).toHaveLength(2);
    session.undo();
    expect(session.pending().deletes).toHaveLength(0);
    expect(session.pending().updates).toHaveLength(2);
    session.undo();
    expect(session.pending().updates).toHaveLength(0);
  });

  it('edits a cell in place, refusing with a sentence what the field cannot take', async () => {
    const { session, reads } = await mountTable();
    const readsBefore = reads.mock.calls.length;
    const cell = rowOf('厦门').children[2] as HTMLTableCellElement;
    act(() => void cell.dispatchEvent(new MouseEvent('dblclick', { bubbles: true })));
    const input = cell.querySelector('input') as HTMLInputElement;
    expect(input.getAttribute('aria-label')).toBe('Population');
    const type = (text: string) =>
      act(() => {
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      });
    type('1.5');
    act(() => void input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })));
    expect(cell.querySelector('[role="alert"]')?.textContent).toMatch(/Population/);
    expect(session.pending().updates).toEqual([]);
    type('5200000');
    act(() => void input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })));
    expect(session.pending().updates).toEqual([{ id: rowOf('厦门').dataset.id, properties: { population: 5200000 } }]);
    expect(rowOf('厦门').children[2]?.textContent).toBe('5,200,000');
    // An edit is shown from the session: the page is not read again.
    await settle();
    expect(reads.mock.calls.length).toBe(readsBefore);
  });

  it('gives each polygon its geodesic area, in 亩 when chosen', async () => {
    const { session } = await mountTable();
    const unit = [...mounted.element.querySelectorAll('select')].find((select) => select.getAttribute('aria-label') === 'Area unit') as HTMLSelectElement;
    act(() => {
      unit.value = 'mu';
      unit.dispatchEvent(new Event('change', { bubbles: true }));
    });
    const fuzhou = session.feature(rowOf('福州').dataset.id as string);
    const text = rowOf('福州').querySelector('[data-testid="row-area"]')?.textContent ?? '';
    expect(text).toMatch(/ mu$/);
    const squareMetres = Number(text.replace(/[^\d.]/g, '')) * (10_000 / 15);
    const { geodesicArea } = await import('@gportal/core');
    const expected = geodesicArea(fuzhou?.geometry as Parameters<typeof geodesicArea>[0]);
    expect(Math.abs(squareMetres - expected) / expected).toBeLessThan(0.001);
  });
});
