// A local fake of Google's Maps Static API (`GET /maps/api/staticmap?center=…&key=…`): it answers
// with a PNG for the right key and records each request's query and referrer.
import { createServer, type Server } from 'node:http';
import { PNG } from './files';

export const MAPS_KEY = 'e2e-maps-browser-key';

export interface FakeMaps {
  url: string;
  server: Server;
  requests: { query: URLSearchParams; referer: string | undefined }[];
}

export async function startFakeMaps(): Promise<FakeMaps> {
  const requests: FakeMaps['requests'] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method !== 'GET' || url.pathname !== '/maps/api/staticmap') {
      res.writeHead(404).end();
      return;
    }
    requests.push({ query: url.searchParams, referer: req.headers.referer });
    if (url.searchParams.get('key') !== MAPS_KEY) {
      res.writeHead(403, { 'content-type': 'text/plain' }).end('The provided API key is invalid.');
      return;
    }
    res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = address && typeof address === 'object' ? address.port : 0;
  return { url: `http://127.0.0.1:${port}/maps/api/staticmap`, server, requests };
}
