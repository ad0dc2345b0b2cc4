// @vitest-environment jsdom
import { NetworkError } from '@gportal/core';
import { describe, expect, it } from 'vitest';
import { createHttpClient } from './http-client.js';

/** A body that arrives in these chunks, one per read, as a network delivers it. */
function streamed(chunks: Uint8Array[], failAfter?: number): ReadableStream<Uint8Array> {
  let next = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (failAfter !== undefined && next === failAfter) {
        controller.error(new TypeError('the connection was cut'));
        return;
      }
      const chunk = chunks[next++];
      if (chunk) controller.enqueue(chunk);
      else controller.close();
    },
  });
}

/** `text` cut into `count` chunks of bytes, cuts falling inside multi-byte characters. */
function chunksOf(text: string, count: number): Uint8Array[] {
  const bytes = new TextEncoder().encode(text);
  const size = Math.ceil(bytes.byteLength / count);
  return Array.from({ length: count }, (_, index) => bytes.subarray(index * size, (index + 1) * size));
}

const request = { method: 'POST', path: '/wfs', resource: 'WFS GetFeature' } as const;
const TEXT = `{"type":"FeatureCollection","features":[${Array.from({ length: 2000 }, (_, index) => `{"id":"地块.${index}","名称":"测试 ${index} — ✓"}`).join(',')}]}`;

describe('reading a body on a page (a document is there: the page is let run between pieces)', () => {
  it('decodes chunks cut inside characters as Response.text() does, and keeps bytes as they came', async () => {
    const client = createHttpClient({ baseUrl: 'http://server.test', fetch: async () => new Response(streamed(chunksOf(TEXT, 97))) });
    expect((await client.exchange(request)).body).toBe(TEXT);
    const { bytes } = await client.exchange({ ...request, bodyAs: 'bytes' });
    expect(new TextDecoder().decode(bytes)).toBe(TEXT);
  });

  it('reads a body of one large buffer in slices, whole', async () => {
    const large = TEXT.repeat(30);
    expect(new TextEncoder().encode(large).byteLength).toBeGreaterThan(2 << 20);
    const client = createHttpClient({ baseUrl: 'http://server.test', fetch: async () => new Response(new TextEncoder().encode(large)) });
    expect((await client.exchange(request)).body).toBe(large);
  });

  it('ends a truncated body with U+FFFD, as Response.text() does', async () => {
    const bytes = new TextEncoder().encode('{"名称":"测');
    const cut = bytes.subarray(0, bytes.byteLength - 1);
    const client = createHttpClient({ baseUrl: 'http://server.test', fetch: async () => new Response(streamed([cut])) });
    expect((await client.exchange(request)).body).toBe(await new Response(cut).text());
  });

  it('turns a body cut off while it arrives into NetworkError, in either form', async () => {
    const client = createHttpClient({ baseUrl: 'http://server.test', fetch: async () => new Response(streamed(chunksOf(TEXT, 10), 4)) });
    await expect(client.exchange(request)).rejects.toBeInstanceOf(NetworkError);
    await expect(client.exchange({ ...request, bodyAs: 'bytes' })).rejects.toBeInstanceOf(NetworkError);
  });

  it("rethrows the caller's abort while the body arrives", async () => {
    const controller = new AbortController();
    const reason = new Error('the view moved on');
    let reads = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(stream) {
        if (++reads === 3) controller.abort(reason);
        if (controller.signal.aborted) stream.error(controller.signal.reason);
        else stream.enqueue(new TextEncoder().encode('{"a":1}'));
      },
    });
    const client = createHttpClient({ baseUrl: 'http://server.test', fetch: async () => new Response(body) });
    await expect(client.exchange({ ...request, bodyAs: 'bytes', signal: controller.signal })).rejects.toBe(reason);
  });
});
