// @vitest-environment jsdom
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPortalApi } from './create-portal-api.js';

const BASE = 'http://portal.test/api';
const server = setupServer(
  http.post(`${BASE}/common/PostData`, async ({ request }) => {
    const form = await request.formData();
    const file = form.get('file0') as File;
    // File names cross jsdom's FormData into msw as `blob`; the browser tests check them on a real server.
    return HttpResponse.json({ isOk: true, data: [{ size: file.size, id: form.get('id') }] });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describe('POST /common/PostData with upload progress (XMLHttpRequest where it exists)', () => {
  it('reports the bytes sent and reads the answer', async () => {
    const api = createPortalApi({ baseUrl: BASE });
    const progress: Array<{ loaded: number; total: number }> = [];
    const content = new Uint8Array(64 * 1024).fill(7);
    const result = await api.upload.upload({ files: [{ name: '大文件.bin', content }], fields: { id: 20 } }, { onProgress: (step) => progress.push(step) });
    expect(result).toEqual({ isOk: true, data: [{ size: content.byteLength, id: '20' }] });
    expect(progress.length).toBeGreaterThan(0);
    const last = progress.at(-1)!;
    expect(last.loaded).toBe(last.total);
    expect(last.total).toBeGreaterThan(content.byteLength);
  });

  it('a refused answer of the backend still reads as isOk false', async () => {
    server.use(http.post(`${BASE}/common/PostData`, () => HttpResponse.json({ isOk: false, msg: '文件过大' }, { status: 400 })));
    const api = createPortalApi({ baseUrl: BASE });
    const result = await api.upload.upload({ files: [{ name: 'a.txt', content: Uint8Array.of(1) }], fields: {} }, { onProgress: () => undefined });
    expect(result).toEqual({ isOk: false, msg: '文件过大' });
  });
});
