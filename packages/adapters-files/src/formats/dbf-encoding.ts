import { isUtf8 } from '../file-model/index.js';

/**
 * The code pages of a DBF's language driver byte (offset 29) that the platform's TextDecoder
 * reads. 0x00 (none) and 0x57 (ESRI's "ANSI", the writer's system code page, whatever it was)
 * say nothing.
 */
const LANGUAGE_DRIVERS: Readonly<Record<number, string>> = {
  0x03: 'windows-1252',
  0x4d: 'gbk',
  0x4e: 'euc-kr',
  0x4f: 'big5',
  0x50: 'windows-874',
  0x58: 'windows-1252',
  0x59: 'windows-1252',
  0x65: 'ibm866',
  0x78: 'big5',
  0x79: 'euc-kr',
  0x7a: 'gbk',
  0x7b: 'shift_jis',
  0x7c: 'windows-874',
  0x7d: 'windows-1255',
  0x7e: 'windows-1256',
  0xc8: 'windows-1250',
  0xc9: 'windows-1251',
  0xca: 'windows-1254',
  0xcb: 'windows-1253',
  0xcc: 'windows-1257',
};

/** Code page names in `.cpg` files that are not TextDecoder labels, by the label that is. */
const CODE_PAGE_ALIASES: Readonly<Record<string, string>> = {
  '65001': 'utf-8',
  '936': 'gbk',
  cp936: 'gbk',
  ms936: 'gbk',
  '950': 'big5',
  '932': 'shift_jis',
  '949': 'euc-kr',
  '866': 'ibm866',
  '874': 'windows-874',
};

function decoderLabel(label: string): string | undefined {
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return undefined;
  }
}

/** The TextDecoder encoding a `.cpg` names (`UTF-8`, `936`, `CP1252`, `GBK`), or `undefined` when it names none the platform reads. */
export function encodingOfCpg(cpg: string): string | undefined {
  const label = cpg.trim().toLowerCase();
  if (label === '') return undefined;
  const alias = CODE_PAGE_ALIASES[label];
  if (alias) return alias;
  const number = /^(?:cp|ansi\s*|windows-)?(\d+)$/.exec(label)?.[1];
  return decoderLabel(label) ?? (number === undefined ? undefined : decoderLabel(`windows-${number}`));
}

/**
 * The encoding of a DBF's text: the `.cpg`'s, else its language driver byte's, else UTF-8 when
 * its records are valid UTF-8, else GBK (Chinese shapefiles without a `.cpg` are GBK far more
 * often than not). `how` says which rule decided.
 */
export function dbfEncoding(dbf: Uint8Array, cpg: string | undefined): { encoding: string; how: 'cpg' | 'language-driver' | 'content' } {
  const fromCpg = cpg === undefined ? undefined : encodingOfCpg(cpg);
  if (fromCpg) return { encoding: fromCpg, how: 'cpg' };
  const fromDriver = LANGUAGE_DRIVERS[dbf[29] ?? 0];
  if (fromDriver) return { encoding: fromDriver, how: 'language-driver' };
  return { encoding: isUtf8(dbfText(dbf)) ? 'utf-8' : 'gbk', how: 'content' };
}

/** A DBF's text bytes: its field names and its records, without the descriptors' binary widths (254 is not UTF-8). */
function dbfText(dbf: Uint8Array): Uint8Array {
  const headerLength = Math.min((dbf[8] ?? 0) | ((dbf[9] ?? 0) << 8), dbf.length);
  const parts: Uint8Array[] = [];
  for (let offset = 32; offset + 32 <= headerLength && dbf[offset] !== 0x0d; offset += 32) {
    const name = dbf.subarray(offset, offset + 11);
    const end = name.indexOf(0);
    parts.push(name.subarray(0, end < 0 ? 11 : end), Uint8Array.of(0x20));
  }
  parts.push(dbf.subarray(headerLength));
  const text = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let at = 0;
  for (const part of parts) {
    text.set(part, at);
    at += part.length;
  }
  return text;
}
