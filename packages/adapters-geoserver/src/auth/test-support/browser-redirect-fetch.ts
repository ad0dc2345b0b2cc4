/**
 * `fetch` that follows a 302 answering a POST the way browsers and undici do: with a GET of the
 * `Location`. msw's interceptor refuses to follow any redirect of a request with a body ("Failed
 * to fetch"), so tests of GeoServer's form login, which answers 302, go through this instead.
 */
export const browserRedirectFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, { ...init, redirect: 'manual' });
  const location = response.headers.get('location');
  if (init?.redirect === 'manual' || ![301, 302, 303].includes(response.status) || !location) return response;
  const target = new URL(location, typeof input === 'string' || input instanceof URL ? input : input.url).href;
  const followed = await fetch(target, { credentials: init?.credentials ?? 'same-origin', ...(init?.signal ? { signal: init.signal } : {}) });
  // A browser's answer to a followed redirect carries the final URL.
  return followed.url ? followed : Object.defineProperty(followed, 'url', { value: target });
};
