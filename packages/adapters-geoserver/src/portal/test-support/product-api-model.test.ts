import { describe, expect, it } from 'vitest';
import { createPortalApi } from '../create-portal-api.js';
import { createProductApiModel, loadProductApi } from './product-api-model.js';

const BASE = 'http://portal.test/api';

async function modelAndApi() {
  const model = await createProductApiModel({ basePath: '/api', users: [{ username: 'alice', password: 'secret' }] });
  const api = createPortalApi({ baseUrl: BASE, fetch: (input, init) => model.handle(new Request(input, init)) });
  return { model, api };
}

describe('the product API model and its OpenAPI document', () => {
  it("accepts every call of the portal adapter as sent, and answers as the backend's model", async () => {
    const { model, api } = await modelAndApi();
    await expect(api.auth.login({ username: 'alice', password: 'secret' })).resolves.toMatchObject({ isOk: true, data: { username: 'alice' } });
    await expect(api.upload.upload({ files: [{ name: 'a.txt', content: Uint8Array.of(1) }], fields: { id: 20, name: 'store_20' } })).resolves.toEqual({
      isOk: true,
      data: { files: [{ field: 'file0', name: 'a.txt', size: 1 }], fields: { id: '20', name: 'store_20' } },
    });
    await expect(api.admin.createWorkspace({ name: 'store_20', srid: 4490 })).resolves.toEqual({ isOk: true, data: { id: 20, name: 'store_20', srid: 4490 } });
    await expect(api.admin.createDatabase('store_20')).resolves.toEqual({ isOk: true, data: 'store_20' });
    await expect(api.admin.insertData({ table: 'poi', srid: 4326 })).resolves.toEqual({ isOk: true, data: { table: 'poi', srid: 4326 } });
    await expect(api.admin.deleteTable({ dataBaseName: 'store_20', tableName: 'poi' })).resolves.toEqual({ isOk: true });
    await expect(api.admin.deleteDatabase('store_20')).resolves.toEqual({ isOk: true });
    await expect(api.admin.deleteWorkspace({ id: 20, srid: 4490 })).resolves.toEqual({ isOk: true });
    expect(model.requests).toEqual([
      'POST /auth/token',
      'POST /common/PostData',
      'POST /common/CreateWorkSpace',
      'POST /Common/PostDataBase',
      'POST /common/InsertData',
      'DELETE /common/deletetable?dataBaseName=store_20&tableName=poi',
      'DELETE /Common/DeleteDataBase?dataBaseName=store_20',
      'POST /common/DeleteWorkSpace',
    ]);
    expect(model.violations).toEqual([]);
  });

  it.each([
    ['a path in the wrong case', new Request(`${BASE}/common/PostDataBase`, { method: 'POST', body: '{"dataBaseName":"a"}', headers: { 'content-type': 'application/json' } }), 'no such call'],
    ['a call the spec does not have', new Request(`${BASE}/common/CreateTable`, { method: 'POST' }), 'no such call'],
    ['a workspace created in another srid', new Request(`${BASE}/common/CreateWorkSpace`, { method: 'POST', body: '{"name":"store_1","srid":4326}', headers: { 'content-type': 'application/json' } }), '/srid'],
    ['a workspace without its srid', new Request(`${BASE}/common/CreateWorkSpace`, { method: 'POST', body: '{"name":"store_1"}', headers: { 'content-type': 'application/json' } }), 'srid'],
    ['a workspace deleted by name', new Request(`${BASE}/common/DeleteWorkSpace`, { method: 'POST', body: '{"id":"store_1","srid":4490}', headers: { 'content-type': 'application/json' } }), '/id'],
    ['a form where JSON is due', new Request(`${BASE}/common/InsertData`, { method: 'POST', body: new URLSearchParams({ table: 't', srid: '4326' }) }), 'content type'],
    ['a table deleted without its database', new Request(`${BASE}/common/deletetable?tableName=t`, { method: 'DELETE' }), 'dataBaseName'],
    ['a blank database name', new Request(`${BASE}/Common/DeleteDataBase?dataBaseName=%20`, { method: 'DELETE' }), 'dataBaseName'],
    ['a DELETE with a body', new Request(`${BASE}/Common/DeleteDataBase?dataBaseName=a`, { method: 'DELETE', body: '{}' }), 'body'],
    ['an upload without files', new Request(`${BASE}/common/PostData`, { method: 'POST', body: (() => { const form = new FormData(); form.set('id', '1'); return form; })() }), 'file0'],
  ])('refuses %s', async (_case, request, problem) => {
    const problems = await (await loadProductApi()).validate(request, '/api');
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.join('\n')).toContain(problem);
  });
});
