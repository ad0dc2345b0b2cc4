import { describe, expect, it } from 'vitest';
import { renderLayerInfo, templateFor } from './layer-info';

const info = { title: '多面 <b>towns</b>', count: 12345, bounds: { west: 117.1, south: 24.38, east: 119.59, north: 27.30001 } };

describe('renderLayerInfo', () => {
  it('fills in title, count, bounds and the four edges, and leaves other braces as written', () => {
    expect(renderLayerInfo('{title}|{count}|{bounds}|{west} {south} {east} {north}|{other}', info, 'en')).toBe(
      '多面 <b>towns</b>|12,345|117.1000, 24.3800 – 119.5900, 27.3000|117.1000 24.3800 119.5900 27.3000|{other}',
    );
  });
});

describe('templateFor', () => {
  it('takes one text for every language, the active language of an object, else the fallback', () => {
    expect(templateFor('{title}!', 'en', 'fallback')).toBe('{title}!');
    expect(templateFor({ 'zh-CN': '图层 {title}' }, 'zh-CN', 'fallback')).toBe('图层 {title}');
    expect(templateFor({ 'zh-CN': '图层 {title}' }, 'en', 'fallback')).toBe('fallback');
    expect(templateFor('', 'en', 'fallback')).toBe('fallback');
  });
});
