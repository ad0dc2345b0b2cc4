import { createServer, request as forwardRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** The faults the proxy injects between the WFS adapter and the real server. */
export type ProxyFault =
  | 'connection-refused'
  | 'dropped-after-commit'
  | 'http-500-html'
  | 'exception-report-200'
  | 'partial'
  | 'timeout'
  | 'malformed-xml'
  | 'truncated-json';

export interface FaultProxyOptions {
  /** The proxy closes itself after this long, whatever happens to the test that started it. */
  lifetimeMs?: number;
  /** Longest wait for the real server's answer to one request. */
  upstreamTimeoutMs?: number;
  /** Largest request body accepted. */
  maxBodyBytes?: number;
}

const DEFAULTS = { lifetimeMs: 10 * 60_000, upstreamTimeoutMs: 20_000, maxBodyBytes: 8 * 1024 * 1024 } as const;

const ERROR_PAGE = '<!DOCTYPE html><html><head><title>Error 500 Internal Server Error</title></head><body><h2>HTTP ERROR 500</h2><p>Internal Server Error</p></body></html>';
const EXCEPTION_REPORT =
  '<?xml version="1.0" encoding="UTF-8"?><ows:ExceptionReport xmlns:ows="http://www.opengis.net/ows" version="1.0.0">' +
  '<ows:Exception exceptionCode="NoApplicableCode"><ows:ExceptionText>Transaction refused: the database is read-only</ows:ExceptionText></ows:Exception></ows:ExceptionReport>';

interface Upstream {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * A small HTTP proxy on 127.0.0.1 in front of a WFS: it forwards every request, and while a
 * fault is armed it breaks the next Transaction (or, for `truncated-json`, every GetFeature
 * answer) the way a flaky network or server would. Every answer says `Connection: close`, so
 * a refused connection is really refused. It stops itself after `lifetimeMs`.
 */
export class FaultProxy {
  private armed: ProxyFault | undefined;
  private readonly held = new Set<Socket>();
  private readonly sockets = new Set<Socket>();
  private readonly lifetime: NodeJS.Timeout;
  /** Faults actually injected. */
  injected = 0;
  /** Transactions that reached the real server. */
  forwardedTransactions = 0;

  private constructor(
    private server: Server,
    private readonly port: number,
    private readonly target: URL,
    private readonly options: Required<FaultProxyOptions>,
  ) {
    this.lifetime = setTimeout(() => void this.stop(), options.lifetimeMs).unref();
  }

  static async start(target: string, options: FaultProxyOptions = {}): Promise<FaultProxy> {
    const settings = { ...DEFAULTS, ...options };
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const proxy = new FaultProxy(server, port, new URL(target), settings);
    proxy.serve(server);
    return proxy;
  }

  /** The WFS URL through the proxy: same path and query as the target. */
  get url(): string {
    return `http://127.0.0.1:${this.port}${this.target.pathname}${this.target.search}`;
  }

  /** Breaks what comes next; `connection-refused` closes the listening socket until `disarm()`. */
  async arm(fault: ProxyFault): Promise<void> {
    this.armed = fault;
    if (fault === 'connection-refused') {
      this.injected += 1;
      await new Promise<void>((resolve) => this.server.close(() => resolve()));
      for (const socket of this.sockets) socket.destroy();
    }
  }

  async disarm(): Promise<void> {
    const was = this.armed;
    this.armed = undefined;
    if (was === 'connection-refused') {
      const server = createServer();
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(this.port, '127.0.0.1', () => resolve());
      });
      this.server = server;
      this.serve(server);
    }
  }

  async stop(): Promise<void> {
    clearTimeout(this.lifetime);
    for (const socket of [...this.held, ...this.sockets]) socket.destroy();
    if (this.server.listening) await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private serve(server: Server): void {
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => {
        this.sockets.delete(socket);
        this.held.delete(socket);
      });
    });
    server.on('request', (request, response) => {
      this.handle(request, response).catch((error: unknown) => {
        if (!response.headersSent) response.writeHead(502, { 'Content-Type': 'text/plain', Connection: 'close' });
        response.end(`fault proxy: ${error instanceof Error ? error.message : String(error)}`);
      });
    });
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await this.readBody(request);
    const text = body.toString('utf8');
    const isTransaction = request.method === 'POST' && /<(\w+:)?Transaction[\s>]/.test(text);
    const isGetFeature = /GetFeature/i.test(`${request.url ?? ''} ${text.slice(0, 500)}`);
    const fault = this.armed;

    if (isGetFeature && fault === 'truncated-json') {
      const answer = await this.forward(request, body);
      this.injected += 1;
      return this.answer(response, { ...answer, body: answer.body.subarray(0, Math.floor(answer.body.length / 2)) });
    }
    if (!isTransaction || !fault || fault === 'truncated-json' || fault === 'connection-refused') {
      return this.answer(response, await this.forward(request, body));
    }

    // One Transaction meets the armed fault.
    this.armed = undefined;
    this.injected += 1;
    switch (fault) {
      case 'http-500-html':
        return this.answer(response, { status: 500, headers: { 'content-type': 'text/html; charset=utf-8' }, body: Buffer.from(ERROR_PAGE) });
      case 'exception-report-200':
        return this.answer(response, { status: 200, headers: { 'content-type': 'text/xml; charset=utf-8' }, body: Buffer.from(EXCEPTION_REPORT) });
      case 'partial':
        return this.answer(response, await this.forward(request, Buffer.from(refuseFirstUpdate(text))));
      case 'dropped-after-commit':
        await this.forward(request, body);
        request.socket.destroy();
        return;
      case 'timeout':
        // The server commits; its answer is never passed on, the connection stays open.
        await this.forward(request, body);
        this.held.add(request.socket);
        return;
      case 'malformed-xml': {
        const answer = await this.forward(request, body);
        return this.answer(response, { ...answer, body: answer.body.subarray(0, Math.floor(answer.body.length / 2)) });
      }
    }
  }

  private readBody(request: IncomingMessage): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      request.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > this.options.maxBodyBytes) request.destroy(new Error(`request body over ${this.options.maxBodyBytes} bytes`));
        else chunks.push(chunk);
      });
      request.on('end', () => resolve(Buffer.concat(chunks)));
      request.on('error', reject);
    });
  }

  private forward(request: IncomingMessage, body: Buffer): Promise<Upstream> {
    const url = new URL(request.url ?? '/', this.target);
    if (/Transaction/.test(body.toString('utf8', 0, Math.min(body.length, 400)))) this.forwardedTransactions += 1;
    const headers: Record<string, string> = { 'content-length': String(body.length) };
    for (const name of ['content-type', 'accept', 'authorization']) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    return new Promise((resolve, reject) => {
      const upstream = forwardRequest(
        { host: this.target.hostname, port: this.target.port, path: `${url.pathname}${url.search}`, method: request.method, headers, agent: false, timeout: this.options.upstreamTimeoutMs },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () => {
            const contentType = answer.headers['content-type'];
            resolve({ status: answer.statusCode ?? 502, headers: contentType ? { 'content-type': contentType } : {}, body: Buffer.concat(chunks) });
          });
          answer.on('error', reject);
        },
      );
      upstream.on('timeout', () => upstream.destroy(new Error(`no answer from ${this.target.host} within ${this.options.upstreamTimeoutMs} ms`)));
      upstream.on('error', reject);
      upstream.end(body);
    });
  }

  private answer(response: ServerResponse, { status, headers, body }: Upstream): void {
    response.writeHead(status, { ...headers, 'content-length': String(body.length), connection: 'close' });
    response.end(body);
  }
}

/**
 * Makes the server refuse the first Update the way QGIS Server refuses a bad action: its `name`
 * property is sent without a value, which sets NOT NULL `poi.name` to null. The other actions
 * are committed as usual.
 */
export function refuseFirstUpdate(xml: string): string {
  return xml.replace(/(<Update\b[\s\S]*?<Property><Name>name<\/Name>)<Value>[\s\S]*?<\/Value>(<\/Property>)/, '$1$2');
}
