import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small fake of the Graph API for the live clients' tests: every request is kept (`seen`), and
 * `answer` says what it gets. Listens on 127.0.0.1; `graphUrl` ends in the version, as the
 * configured META_GRAPH_URL with META_GRAPH_VERSION does.
 */
export type SeenRequest = { method: string; url: string; authorization?: string; contentType?: string; body: string };
export type FakeAnswer = { status: number; json: unknown };

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (chunk: Buffer) => (data += chunk.toString()));
    req.on('end', () => resolve(data));
  });

export const startFakeGraph = async (answer: (req: SeenRequest) => FakeAnswer) => {
  const seen: SeenRequest[] = [];
  const server = createServer(async (req, res) => {
    const request: SeenRequest = {
      method: req.method!,
      url: req.url!,
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
      body: await readBody(req),
    };
    seen.push(request);
    const { status, json } = answer(request);
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    seen,
    graphUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v21.0`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
};
