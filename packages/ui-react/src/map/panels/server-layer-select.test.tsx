import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../i18n/i18n-provider';
import { ServerLayerSelect } from './server-layer-select';
import { mountedRoot } from '../../test-support/mounted-root';

const mounted = mountedRoot();

// Two workspaces with a layer of one name each, as GeoServer lists them (the captured
// GetCapabilities 2.0.0 has `tiger:poi` and `sf:roads`; `sf:poi` stands for the second workspace's namesake).
const LAYERS = [
  { name: 'tiger:poi', title: 'Manhattan (NY) points of interest' },
  { name: 'sf:roads', title: 'Spearfish roads' },
  { name: 'sf:poi', title: 'Spearfish points of interest' },
  { name: 'tiger:tiger_roads', title: 'Manhattan (NY) roads' },
];

describe('ServerLayerSelect', () => {
  it('lists every layer by title, grouped by workspace, and answers the exact type name chosen', () => {
    const onChange = vi.fn();
    act(() => mounted.root.render(<I18nProvider initialLocale="zh-CN"><ServerLayerSelect layers={LAYERS} value="tiger:poi" onChange={onChange} /></I18nProvider>));
    const select = document.querySelector('select') as HTMLSelectElement;
    expect(select.getAttribute('aria-label')).toBe('图层');
    const groups = [...select.querySelectorAll('optgroup')].map((group) => [group.label, [...group.querySelectorAll('option')].map((option) => [option.value, option.text])]);
    expect(groups).toEqual([
      ['tiger', [['tiger:poi', 'Manhattan (NY) points of interest'], ['tiger:tiger_roads', 'Manhattan (NY) roads']]],
      ['sf', [['sf:roads', 'Spearfish roads'], ['sf:poi', 'Spearfish points of interest']]],
    ]);
    act(() => {
      select.value = 'sf:poi';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(onChange).toHaveBeenCalledWith('sf:poi');
  });

  it('is disabled until the server has listed its layers', () => {
    act(() => mounted.root.render(<I18nProvider initialLocale="en"><ServerLayerSelect layers={[]} value={undefined} onChange={() => {}} /></I18nProvider>));
    const select = document.querySelector('select') as HTMLSelectElement;
    expect(select.disabled).toBe(true);
    expect(select.getAttribute('aria-label')).toBe('Layer');
  });
});
