// A local fake of OpenSanctions' matching API, at its network boundary (api/src/screening.rs):
// `POST /match/{dataset}` with `Authorization: ApiKey …` and `{"queries": {"q0": {"schema":
// "Person", "properties": {"name": […], "birthDate": […]}}, …}}`, answered per query with
// `{"responses": {"q0": {"status": 200, "results": [{"id", "caption", "schema", "score", "match",
// "datasets", "properties": {"topics", …}}], "total", "query"}}, "limit"}`. It keeps what it was
// sent, for the test to read.
import { createServer, type IncomingMessage, type Server } from 'node:http';

export const OPENSANCTIONS_KEY = 'os-e2e-key';
/** Not the default collection, so a request to it shows the setting is used. */
export const OPENSANCTIONS_DATASET = 'sanctions';

/** One person as Threshold asks about them. */
export interface MatchQuery {
  schema: string;
  properties: { name?: string[]; birthDate?: string[] } & Record<string, unknown>;
}

/** One `POST /match/{dataset}` as received: its queries by key (q0, q1, …). */
export interface MatchRequest {
  queries: Record<string, MatchQuery>;
}

/** The listed person the fake finds for the one name the test chooses. */
export interface Listed {
  /** The client's name, as Threshold sends it (legal first names and surname). */
  name: string;
  /** The listed person as the list names them. */
  caption: string;
  score: number;
  /** Why they are listed: `sanction`, `role.pep`, … */
  topics: string[];
  datasets: string[];
  /** A weaker result for the same query that the provider itself says is no match. */
  namesake: string;
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function result(id: string, caption: string, score: number, match: boolean, topics: string[], datasets: string[]) {
  return {
    id,
    caption,
    schema: 'Person',
    score,
    match,
    features: { person_name_jaro_winkler: score },
    datasets,
    referents: [],
    target: true,
    properties: { name: [caption], topics },
  };
}

/**
 * Starts the fake on a free loopback port. A query whose name is `listed.name` gets the listed
 * person (`match: true`) and a namesake (`match: false`); any other name, no results.
 * `received` holds each request's body, in order.
 */
export async function startFakeOpenSanctions(
  listed: Listed,
): Promise<{ url: string; server: Server; received: MatchRequest[] }> {
  const received: MatchRequest[] = [];
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || path !== `/match/${OPENSANCTIONS_DATASET}`) {
      return send(404, { detail: 'Not Found' });
    }
    if (req.headers.authorization !== `ApiKey ${OPENSANCTIONS_KEY}`) {
      return send(403, { detail: 'Invalid API key' });
    }
    let body: MatchRequest;
    try {
      body = JSON.parse(await bodyOf(req)) as MatchRequest;
    } catch {
      return send(400, { detail: 'Invalid JSON' });
    }
    if (!body.queries || typeof body.queries !== 'object') return send(422, { detail: 'queries missing' });
    received.push(body);
    const responses = Object.fromEntries(
      Object.entries(body.queries).map(([key, query]) => {
        const results =
          query.schema === 'Person' && query.properties?.name?.includes(listed.name)
            ? [
                result('NK-e2e-listed', listed.caption, listed.score, true, listed.topics, listed.datasets),
                result('NK-e2e-namesake', listed.namesake, 0.41, false, ['role.pep'], listed.datasets),
              ]
            : [];
        return [key, { status: 200, results, total: { value: results.length, relation: 'eq' }, query }];
      }),
    );
    send(200, { responses, limit: 5 });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const a = server.address();
  const url = a && typeof a === 'object' ? `http://127.0.0.1:${a.port}` : '';
  return { url, server, received };
}
