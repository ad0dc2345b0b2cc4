import { MapServerError, NetworkError, NotFoundError, TimeoutError, type PortalResult } from '@gportal/core';
import { authGatewayContract } from '@gportal/core/contracts';
import { MemoryAuthGateway, MemoryPortal } from '@gportal/core/memory';
import { delay, http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPortalApi, type PortalApi } from './create-portal-api.js';

const BASE = 'http://portal.test/api';
const USERS = [{ username: 'demo', password: 'gportal-demo', info: { displayName: '演示用户' } }];

/** A portal backend for msw: the in-memory portal behind the spec's paths, answering `{isOk, msg, data}`. */
function portalBackend() {
  const portal = new MemoryPortal();
  const auth = new MemoryAuthGateway(USERS);
  const answer = (result: Promise<unknown>) => result.then((body) => HttpResponse.json(body as JsonBodyType));
  const query = (request: Request, name: string) => new URL(request.url).searchParams.get(name) ?? '';
  return {
    portal,
    handlers: [
      http.post(`${BASE}/auth/token`, async ({ request }) => answer(auth.login((await request.json()) as { username: string; password: string }))),
      http.post(`${BASE}/common/PostData`, async ({ request }) => {
        const form = await request.formData();
        const files = await Promise.all(
          [...form.entries()]
            .filter(([key]) => /^file\d+$/.test(key))
            .map(async ([, file]) => ({ name: (file as File).name, type: (file as File).type, content: new Uint8Array(await (file as File).arrayBuffer()) })),
        );
        const fields = Object.fromEntries([...form.entries()].filter(([key]) => !/^file\d+$/.test(key)).map(([key, value]) => [key, String(value)]));
        return answer(portal.upload({ files, fields }));
      }),
      http.post(`${BASE}/common/CreateWorkSpace`, async ({ request }) => answer(portal.createWorkspace((await request.json()) as { name: string; srid: number }))),
      http.post(`${BASE}/common/DeleteWorkSpace`, async ({ request }) => answer(portal.deleteWorkspace((await request.json()) as { id: number; srid: number }))),
      http.post(`${BASE}/Common/PostDataBase`, async ({ request }) => answer(portal.createDatabase(((await request.json()) as { dataBaseName: string }).dataBaseName))),
      http.delete(`${BASE}/Common/DeleteDataBase`, ({ request }) => answer(portal.deleteDatabase(query(request, 'dataBaseName')))),
      http.delete(`${BASE}/common/deletetable`, ({ request }) =>
        answer(portal.deleteTable({ dataBaseName: query(request, 'dataBaseName'), tableName: query(request, 'tableName') })),
      ),
      http.post(`${BASE}/common/InsertData`, async ({ request }) => answer(portal.insertData((await request.json()) as { table: string; srid: number }))),
    ],
  };
}

const seen: Request[] = [];
const server = setupServer();
server.events.on('request:start', ({ request }) => seen.push(request.clone()));
let backend: ReturnType<typeof portalBackend>;
let api: PortalApi;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  backend = portalBackend();
  server.use(...backend.handlers);
  api = createPortalApi({ baseUrl: BASE });
});
afterEach(() => {
  server.resetHandlers();
  seen.splice(0);
});
afterAll(() => server.close());

const pathOf = (request: Request) => `${request.method} ${new URL(request.url).pathname.slice('/api'.length)}${new URL(request.url).search}`;

authGatewayContract('portal API /auth/token (msw)', () => ({
  gateway: createPortalApi({ baseUrl: BASE }).auth,
  valid: { username: 'demo', password: 'gportal-demo' },
  invalid: { username: 'demo', password: 'wrong' },
}));

describe('POST /auth/token', () => {
  it('posts the credentials as JSON and reads isOk, msg and data', async () => {
    const result = await api.auth.login({ username: 'demo', password: 'gportal-demo' });
    expect(pathOf(seen[0]!)).toBe('POST /auth/token');
    expect(seen[0]!.headers.get('content-type')).toContain('application/json');
    expect(await seen[0]!.json()).toEqual({ username: 'demo', password: 'gportal-demo' });
    expect(result).toMatchObject({ isOk: true, msg: '登录成功', data: { username: 'demo', displayName: '演示用户' } });
    expect(result.data?.token).toMatch(/^memory-token-demo-/);
  });
  it("shows the backend's message for wrong credentials", async () => {
    expect(await api.auth.login({ username: 'demo', password: 'x' })).toEqual({ isOk: false, msg: '用户名或密码错误' });
  });
  it('drops a password the backend echoes, and fills a missing username', async () => {
    server.use(http.post(`${BASE}/auth/token`, () => HttpResponse.json({ isOk: true, msg: 'ok', data: { token: 't', password: 'secret' } })));
    const result = await api.auth.login({ username: 'demo', password: 'secret' });
    expect(result.data).toEqual({ token: 't', username: 'demo' });
  });
});

describe('POST /common/PostData', () => {
  it('posts file0..n with their names and bytes, id, name and the nested list as multipart fields', async () => {
    const result = await api.upload.upload({
      files: [
        { name: 'a.txt', type: 'text/plain', content: new TextEncoder().encode('甲') },
        { name: 'b.bin', content: Uint8Array.of(1, 2, 3) },
      ],
      fields: { id: 20, name: 'store_20', list: [{ key: 'srid', value: 4490 }, 'plain'], visible: true },
    });
    expect(pathOf(seen[0]!)).toBe('POST /common/PostData');
    const form = await seen[0]!.formData();
    expect([...form.keys()]).toEqual(['file0', 'file1', 'id', 'name', 'list[0].key', 'list[0].value', 'list[1]', 'visible']);
    expect((form.get('file0') as File).name).toBe('a.txt');
    expect(await (form.get('file0') as File).text()).toBe('甲');
    expect(new Uint8Array(await (form.get('file1') as File).arrayBuffer())).toEqual(Uint8Array.of(1, 2, 3));
    expect(Object.fromEntries([...form.entries()].filter(([key]) => !key.startsWith('file')))).toEqual({
      id: '20',
      name: 'store_20',
      'list[0].key': 'srid',
      'list[0].value': '4490',
      'list[1]': 'plain',
      visible: 'true',
    });
    expect(result).toEqual({ isOk: true, data: [{ name: 'a.txt', size: 3 }, { name: 'b.bin', size: 3 }] });
  });
  it('refuses an upload without files before sending', async () => {
    expect(await api.upload.upload({ files: [], fields: {} })).toEqual({ isOk: false, msg: '请选择文件' });
    expect(seen).toEqual([]);
  });
});

describe('/common workspace and database calls', () => {
  it('sends each call as the spec writes it and reads isOk and data', async () => {
    const results: PortalResult[] = [
      await api.admin.createWorkspace({ name: 'store', srid: 4490 }),
      await api.admin.createDatabase('store_1'),
      await api.admin.insertData({ table: 'polygon', srid: 4326 }),
      await api.admin.deleteTable({ dataBaseName: 'store_1', tableName: 'polygon' }),
      await api.admin.deleteDatabase('store_1'),
      await api.admin.deleteWorkspace({ id: 1, srid: 4490 }),
    ];
    expect(seen.map(pathOf)).toEqual([
      'POST /common/CreateWorkSpace',
      'POST /Common/PostDataBase',
      'POST /common/InsertData',
      'DELETE /common/deletetable?dataBaseName=store_1&tableName=polygon',
      'DELETE /Common/DeleteDataBase?dataBaseName=store_1',
      'POST /common/DeleteWorkSpace',
    ]);
    expect(await Promise.all([0, 1, 2, 5].map((index) => seen[index]!.json()))).toEqual([
      { name: 'store', srid: 4490 },
      { dataBaseName: 'store_1' },
      { table: 'polygon', srid: 4326 },
      { id: 1, srid: 4490 },
    ]);
    expect(results).toEqual([
      { isOk: true, data: { id: 1, name: 'store', srid: 4490 } },
      { isOk: true, data: 'store_1' },
      { isOk: true, data: { table: 'polygon', srid: 4326 } },
      { isOk: true },
      { isOk: true },
      { isOk: true },
    ]);
  });
  it("reads the backend's refusals as isOk false with its message", async () => {
    expect(await api.admin.deleteWorkspace({ id: 99, srid: 4490 })).toEqual({ isOk: false, msg: '请求失败' });
    expect(await api.admin.deleteTable({ dataBaseName: 'none', tableName: 't' })).toEqual({ isOk: false, msg: '表 t 不存在' });
  });
  it('answers an empty database or workspace name with the spec message, without a request', async () => {
    expect(await api.admin.createDatabase('')).toEqual({ isOk: false, msg: '请输入数据库名称' });
    expect(await api.admin.deleteDatabase('  ')).toEqual({ isOk: false, msg: '请输入数据库名称' });
    expect(await api.admin.deleteTable({ dataBaseName: '', tableName: 't' })).toEqual({ isOk: false, msg: '请输入数据库名称' });
    expect(await api.admin.createWorkspace({ name: '', srid: 4490 })).toEqual({ isOk: false, msg: '工作空间名称不能为空' });
    expect(seen).toEqual([]);
  });
});

describe('portal failures', () => {
  it('reads an isOk answer whatever its HTTP status', async () => {
    server.use(http.post(`${BASE}/Common/PostDataBase`, () => HttpResponse.json({ isOk: false, msg: '数据库已存在' }, { status: 400 })));
    expect(await api.admin.createDatabase('store_1')).toEqual({ isOk: false, msg: '数据库已存在' });
  });
  it('throws typed errors for answers without isOk', async () => {
    server.use(http.post(`${BASE}/common/InsertData`, () => HttpResponse.html('<html><head><title>500 Internal Server Error</title></head></html>', { status: 500 })));
    expect(await api.admin.insertData({ table: 't', srid: 4326 }).catch((error: unknown) => error)).toMatchObject({ status: 500, text: '500 Internal Server Error' });
    server.use(http.post(`${BASE}/common/InsertData`, () => new HttpResponse('Not Found', { status: 404 })));
    await expect(api.admin.insertData({ table: 't', srid: 4326 })).rejects.toBeInstanceOf(NotFoundError);
    server.use(http.post(`${BASE}/common/InsertData`, () => HttpResponse.json({ ok: true })));
    await expect(api.admin.insertData({ table: 't', srid: 4326 })).rejects.toBeInstanceOf(MapServerError);
  });
  it('throws NetworkError and TimeoutError on transport failure', async () => {
    server.use(http.post(`${BASE}/auth/token`, () => HttpResponse.error()));
    await expect(api.auth.login({ username: 'demo', password: 'x' })).rejects.toBeInstanceOf(NetworkError);
    server.use(
      http.post(`${BASE}/common/CreateWorkSpace`, async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const slow = createPortalApi({ baseUrl: BASE, timeoutMs: 20 });
    await expect(slow.admin.createWorkspace({ name: 'x', srid: 4490 })).rejects.toBeInstanceOf(TimeoutError);
  });
});
