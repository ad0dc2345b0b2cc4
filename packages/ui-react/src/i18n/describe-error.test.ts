import { assertResourceName, ConflictError, JournalConflictError, MapServerError, NetworkError, NotFoundError, requireCoordinateSystem, requireDatabaseName, TimeoutError, ValidationError } from '@gportal/core';
import { describe, expect, it } from 'vitest';
import { describeError } from './describe-error';
import { translate, type Locale, type MessageKey } from './messages';

const t = (locale: Locale) => (key: MessageKey, values?: Readonly<Record<string, string | number>>) => translate(locale, key, values);
const zh = (error: unknown) => describeError(error, t('zh-CN'));
const en = (error: unknown) => describeError(error, t('en'));

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('nothing thrown');
}

describe('describeError: a sentence in the active language by the error kind, the raw text beneath', () => {
  it('an invalid name: the field and the naming rule, the library words as detail', () => {
    const error = thrown(() => assertResourceName('my ws', 'workspace'));
    expect(zh(error)).toEqual({ message: expect.stringMatching(/^工作空间名称“my ws”无效：名称只能由/), detail: 'invalid workspace: "my ws"' });
    expect(en(error).message).toMatch(/^Workspace name "my ws" is not valid: a name is made of letters/);
  });

  it('an empty name: which field to fill in', () => {
    const error = thrown(() => assertResourceName('', 'featureType'));
    expect(zh(error)).toEqual({ message: '请填写图层名称。', detail: 'featureType must not be empty' });
    expect(en(error).message).toBe('Layer name is required.');
  });

  it('a missing resource: its kind and name', () => {
    const error = new NotFoundError({ kind: 'workspace', name: 'ws_test' }, "No such workspace: 'ws_test'");
    expect(zh(error)).toEqual({ message: '工作空间“ws_test”不存在。', detail: "No such workspace: 'ws_test'" });
    expect(en(error).message).toBe('Workspace "ws_test" does not exist.');
    expect(zh(new NotFoundError('feature new-1')).message).toBe('所请求的内容不存在。');
  });

  it('the seed words of a refusal stay as they are, without repeating them as a detail', () => {
    expect(zh(thrown(() => requireDatabaseName(' ')))).toEqual({ message: '请输入数据库名称', detail: undefined });
    expect(en(thrown(() => requireDatabaseName(' '))).message).toBe('Please enter the database name');
  });

  it('a coordinate system: no match names it; an empty input asks for one, never with an empty placeholder', () => {
    expect(zh(thrown(() => requireCoordinateSystem(3857))).message).toBe('没有与坐标系 3857 匹配的坐标系，未添加图层');
    expect(zh(thrown(() => requireCoordinateSystem(Number.NaN))).message).toBe('请填写坐标系（SRID）。');
  });

  it('a field without a known rule or label still gets a sentence', () => {
    expect(zh(new ValidationError({ sld: 'the style definition must be SLD XML' })).message).toBe('SLD 样式定义的内容无效。');
    expect(zh(new ValidationError({ maxFeatures: 'maxFeatures must be a non-negative integer' })).message).toBe('输入的内容无效。');
  });

  it('conflicts: exists, in use, busy', () => {
    expect(zh(new ConflictError({ kind: 'workspace', name: 'w' }, "Workspace 'w' already exists", 'exists')).message).toBe('工作空间“w”已经存在。');
    expect(en(new ConflictError({ kind: 'style', name: 's' }, 'in use', 'in-use')).message).toBe('Style "s" is not empty or still in use, so it cannot be deleted.');
    expect(zh(new ConflictError('edit session', 'cannot save while a load is under way')).message).toBe('请求与服务器上现有的内容冲突。');
  });

  it('the server, the network and a timeout', () => {
    expect(zh(new MapServerError({ status: 500, text: 'java.lang.NullPointerException' }))).toEqual({ message: '地图服务器返回了错误（HTTP 500）。', detail: 'java.lang.NullPointerException' });
    expect(zh(new MapServerError({ code: 'MalformedResponse', text: 'bad' })).message).toBe('无法读取地图服务器的应答。');
    expect(zh(new NetworkError('POST /ows: connect ECONNREFUSED')).message).toBe('无法连接服务器，请检查网络后重试。');
    expect(zh(new TimeoutError(30_000)).message).toBe('服务器在 30 秒内没有应答。');
    expect(en(new TimeoutError(30_000)).message).toBe('The server did not answer within 30 seconds.');
    expect(en(new TimeoutError(1_000)).message).toBe('The server did not answer within 1 second.');
    expect(zh(new JournalConflictError('store_33:point')).message).toBe('此图层正在另一个标签页中编辑。');
  });

  it('an adapter error is told by its kind; a sub-second timeout still reads as one second', () => {
    const storage = Object.assign(new Error('browser storage is full'), { kind: 'browser-storage' });
    expect(zh(storage)).toEqual({ message: '浏览器存储无法使用或已满。', detail: 'browser storage is full' });
    expect(en(new TimeoutError(300)).message).toBe('The server did not answer within 1 second.');
  });

  it('anything else is unexpected, with its text as the detail', () => {
    expect(zh(new TypeError("Cannot read properties of undefined (reading 'x')"))).toEqual({
      message: '出现了意外的错误。',
      detail: "Cannot read properties of undefined (reading 'x')",
    });
    expect(en('boom')).toEqual({ message: 'Something unexpected went wrong.', detail: 'boom' });
  });

  it('shortens a long detail', () => {
    const detail = zh(new MapServerError({ status: 502, text: 'x'.repeat(2000) })).detail ?? '';
    expect(detail.length).toBeLessThanOrEqual(301);
    expect(detail.endsWith('…')).toBe(true);
  });
});
