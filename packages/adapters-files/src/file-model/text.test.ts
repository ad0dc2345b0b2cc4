import { describe, expect, it } from 'vitest';
import { decodeUtf8OrGbk, encodeText } from './text.js';

describe('text encodings', () => {
  it('writes GBK the platform decoder reads back, and reads GBK where UTF-8 fails', () => {
    const text = '界址点坐标文件：东城地块 (J1) 公顷';
    const gbk = encodeText(text, 'gbk');
    expect(new TextDecoder('gbk').decode(gbk)).toBe(text);
    expect(gbk.length).toBeLessThan(encodeText(text, 'utf-8').length);
    expect(decodeUtf8OrGbk(gbk)).toEqual({ text, encoding: 'gbk' });
    expect(decodeUtf8OrGbk(encodeText(text, 'utf-8'))).toEqual({ text, encoding: 'utf-8' });
    expect(decodeUtf8OrGbk(Uint8Array.of(0xef, 0xbb, 0xbf, 0x41))).toEqual({ text: 'A', encoding: 'utf-8' });
  });

  it('writes a character GBK lacks as ?', () => {
    expect(new TextDecoder('gbk').decode(encodeText('a😀b', 'gbk'))).toBe('a?b');
  });
});
