/** Loopback stand-ins for the place providers, answering in their real JSON formats (tests only). */
import { createServer, type IncomingMessage, type Server } from 'node:http';

export interface Loopback {
  url: string;
  requests: { path: string; query: URLSearchParams; body: string }[];
  close(): Promise<void>;
}

/** `hangUp: true` closes the connection without an answer, as an unreachable network would. */
export async function loopback(handle: (req: { path: string; query: URLSearchParams; body: string }) => { status?: number; json?: unknown; text?: string; hangUp?: boolean }): Promise<Loopback> {
  const requests: Loopback['requests'] = [];
  const read = (req: IncomingMessage) => new Promise<string>((resolve) => {
    let s = '';
    req.on('data', (c) => (s += c)).on('end', () => resolve(s));
  });
  const server: Server = createServer(async (req, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    const entry = { path: u.pathname, query: u.searchParams, body: await read(req) };
    requests.push(entry);
    const out = handle(entry);
    if (out.hangUp) return void req.socket.destroy();
    res.writeHead(out.status ?? 200, { 'content-type': out.text !== undefined ? 'text/plain' : 'application/json' });
    res.end(out.text ?? JSON.stringify(out.json));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}`, requests, close: () => new Promise((r) => server.close(() => r())) };
}

/** The Overpass query of a POSTed form (`data=`). */
export const overpassQuery = (body: string) => new URLSearchParams(body).get('data') ?? '';

/** An OSM node as Overpass `out center tags` answers it. */
export function osmNode(id: number, lat: number, lon: number, tags: Record<string, string>) {
  return { type: 'node', id, lat, lon, tags };
}
export function osmWay(id: number, lat: number, lon: number, tags: Record<string, string>) {
  return { type: 'way', id, center: { lat, lon }, nodes: [1, 2, 3], tags };
}
export const overpassAnswer = (elements: unknown[]) => ({
  version: 0.6,
  generator: 'Overpass API 0.7.62 (test)',
  osm3s: { timestamp_osm_base: '2026-01-01T00:00:00Z', copyright: 'The data included in this document is from www.openstreetmap.org.' },
  elements,
});
