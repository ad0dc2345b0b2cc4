import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a Tianditu GetTile asked for, as the local server read it. */
export interface TileRequest {
  layer: string;
  level: number;
  row: number;
  col: number;
}

/** The layers of Tianditu's two maps and their annotations, Chinese and English. */
const LAYERS = new Set(['vec', 'cva', 'eva', 'img', 'cia', 'eia']);

/**
 * A stand-in for Tianditu's tile hosts on 127.0.0.1 (the tests have no internet): it answers the
 * WMTS KVP GetTile of the `c` matrix set, checking every parameter as Tianditu does (a request
 * it would refuse is answered 400 and listed in `problems`), with a tile that draws its own layer,
 * level, row and column. `failing` makes every tile fail (500).
 */
export async function startTiandituTileServer(key: string): Promise<{ url: string; requests: TileRequest[]; problems: string[]; failing: boolean; stop(): Promise<void> }> {
  const state = { requests: [] as TileRequest[], problems: [] as string[], failing: false };
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const query = Object.fromEntries([...url.searchParams].map(([name, value]) => [name.toUpperCase(), value]));
    const path = /^\/(\w+)_c\/wmts$/.exec(url.pathname);
    const level = Number(query.TILEMATRIX);
    const row = Number(query.TILEROW);
    const col = Number(query.TILECOL);
    const wrong = [
      !path && `path ${url.pathname}`,
      query.SERVICE !== 'WMTS' && `SERVICE=${query.SERVICE}`,
      query.REQUEST !== 'GetTile' && `REQUEST=${query.REQUEST}`,
      query.VERSION !== '1.0.0' && `VERSION=${query.VERSION}`,
      (!LAYERS.has(query.LAYER ?? '') || query.LAYER !== path?.[1]) && `LAYER=${query.LAYER} on ${url.pathname}`,
      query.STYLE !== 'default' && `STYLE=${query.STYLE}`,
      query.TILEMATRIXSET !== 'c' && `TILEMATRIXSET=${query.TILEMATRIXSET}`,
      query.FORMAT !== 'tiles' && `FORMAT=${query.FORMAT}`,
      !(Number.isInteger(level) && level >= 1 && level <= 18) && `TILEMATRIX=${query.TILEMATRIX}`,
      // Level L of `c`: 2^L columns and 2^(L-1) rows.
      !(Number.isInteger(row) && row >= 0 && row < 2 ** (level - 1)) && `TILEROW=${query.TILEROW} at level ${level}`,
      !(Number.isInteger(col) && col >= 0 && col < 2 ** level) && `TILECOL=${query.TILECOL} at level ${level}`,
      query.TK !== key && `tk=${query.TK}`,
    ].filter((problem): problem is string => typeof problem === 'string');
    if (wrong.length > 0) {
      state.problems.push(`${url.pathname}${url.search}: ${wrong.join(', ')}`);
      response.writeHead(400, { 'Content-Type': 'text/plain' }).end(wrong.join(', '));
      return;
    }
    state.requests.push({ layer: query.LAYER as string, level, row, col });
    if (state.failing) {
      response.writeHead(500, { 'Content-Type': 'text/plain' }).end('tile server failing on purpose');
      return;
    }
    const label = `${query.LAYER} ${level}/${col}/${row}`;
    const annotation = query.LAYER !== 'vec' && query.LAYER !== 'img';
    // The map tiles opaque, the annotation transparent but for its label, as Tianditu's are.
    const tile = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">${annotation ? '' : '<rect width="256" height="256" fill="#d8c8a8" stroke="#806040"/>'}<text x="8" y="${annotation ? 40 : 20}" font-size="14" fill="#402000">${label}</text></svg>`;
    response.writeHead(200, { 'Content-Type': 'image/svg+xml', 'Access-Control-Allow-Origin': '*' }).end(tile);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
