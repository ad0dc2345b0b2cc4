/** A request as a fake WFS sees it. */
export interface FakeRequest {
  method: string;
  url: URL;
  body: string;
  /** `REQUEST` of a GET, or the root element of a POST body (`GetFeature`, `Transaction`). */
  operation: string;
  credentials: RequestCredentials | undefined;
}

export interface FakeAnswer {
  status?: number;
  body: string;
  contentType?: string;
}

/**
 * A `fetch` that answers WFS requests with `answer` and records them; a request it is told
 * nothing about (`undefined`) fails the test loudly.
 */
export function fakeWfs(answer: (request: FakeRequest) => FakeAnswer | undefined): { fetch: typeof fetch; requests: FakeRequest[] } {
  const requests: FakeRequest[] = [];
  const fetchFake: typeof fetch = async (input, init) => {
    // Relative URLs (behind the dev proxy) are read against a page origin, as a browser does.
    const url = new URL(String(input), 'http://page.test');
    const body = typeof init?.body === 'string' ? init.body : '';
    const operation = url.searchParams.get('REQUEST') ?? /<(?:\w+:)?(\w+)/.exec(body)?.[1] ?? '';
    const request = { method: init?.method ?? 'GET', url, body, operation, credentials: init?.credentials };
    requests.push(request);
    const reply = answer(request);
    if (!reply) throw new Error(`the fake WFS has no answer for ${request.method} ${operation}`);
    const contentType = reply.contentType ?? (reply.body.trimStart().startsWith('<') ? 'text/xml; charset=utf-8' : 'application/json');
    return new Response(reply.body, { status: reply.status ?? 200, headers: { 'Content-Type': contentType } });
  };
  return { fetch: fetchFake, requests };
}
