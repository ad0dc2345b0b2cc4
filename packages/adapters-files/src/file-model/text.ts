/** The text encodings the readers and writers handle by name. */
export type TextEncodingName = 'utf-8' | 'gbk';

const UTF8_BOM = [0xef, 0xbb, 0xbf] as const;

/** Whether the bytes start with UTF-8's byte order mark. */
export function hasUtf8Bom(bytes: Uint8Array): boolean {
  return bytes[0] === UTF8_BOM[0] && bytes[1] === UTF8_BOM[1] && bytes[2] === UTF8_BOM[2];
}

/**
 * Text in an unnamed encoding: UTF-8 when it has a byte order mark or is valid UTF-8, else GBK,
 * which Chinese files without a declared encoding are far more often than not (valid GBK text
 * of any length is almost never valid UTF-8). Returns the text and the encoding it was read in.
 */
export function decodeUtf8OrGbk(bytes: Uint8Array): { text: string; encoding: TextEncodingName } {
  if (hasUtf8Bom(bytes)) return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('gbk').decode(bytes), encoding: 'gbk' };
  }
}

/** Whether bytes are valid UTF-8. */
export function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

let gbkTable: Map<number, number> | undefined;

/**
 * GBK's two-byte codes by code point, read off the platform's own GBK decoder once (so no table
 * is kept here): TextEncoder writes UTF-8 only.
 */
function gbkCodes(): Map<number, number> {
  if (gbkTable) return gbkTable;
  const table = new Map<number, number>();
  const decoder = new TextDecoder('gbk', { fatal: true });
  const pair = new Uint8Array(2);
  for (let lead = 0x81; lead <= 0xfe; lead += 1) {
    for (let trail = 0x40; trail <= 0xfe; trail += 1) {
      if (trail === 0x7f) continue;
      pair[0] = lead;
      pair[1] = trail;
      let char: string;
      try {
        char = decoder.decode(pair);
      } catch {
        continue;
      }
      const codePoint = char.codePointAt(0);
      if (char.length === 1 && codePoint !== undefined && !table.has(codePoint)) table.set(codePoint, (lead << 8) | trail);
    }
  }
  gbkTable = table;
  return table;
}

/** Text as bytes in UTF-8 or GBK; a character GBK lacks is written `?`. */
export function encodeText(text: string, encoding: TextEncodingName): Uint8Array {
  if (encoding === 'utf-8') return new TextEncoder().encode(text);
  const codes = gbkCodes();
  const out: number[] = [];
  for (const char of text) {
    const codePoint = char.codePointAt(0) as number;
    if (codePoint < 0x80) out.push(codePoint);
    else {
      const code = codes.get(codePoint);
      if (code === undefined) out.push(0x3f);
      else out.push(code >> 8, code & 0xff);
    }
  }
  return Uint8Array.from(out);
}
