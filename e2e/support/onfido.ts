// A local fake of Onfido, at its network boundary: the API Threshold calls (`POST
// /v3.6/applicants`, `POST /v3.6/workflow_runs`, `Authorization: Token token=…`), the hosted
// check the person is sent to, and the signed `workflow_run.completed` webhook Onfido sends when
// they finish (X-SHA2-Signature: hex HMAC-SHA256 of the body with the webhook's token).
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';

export const ONFIDO_TOKEN = 'api_sandbox.threshold-e2e';
export const ONFIDO_WORKFLOW = 'wf-threshold-e2e';
export const ONFIDO_WEBHOOK_TOKEN = 'onfido-e2e-webhook-token';

interface Run {
  id: string;
  completedRedirectUrl: string;
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Starts the fake on a free loopback port. `webhookUrl()` says where to report a finished
 * check (known once Threshold is started). Finishing a run on its page reports `approved`
 * and sends the browser back to the run's completed_redirect_url.
 */
export async function startFakeOnfido(webhookUrl: () => string): Promise<{ url: string; server: Server }> {
  const runs = new Map<string, Run>();
  let made = 0;
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'POST' && path.startsWith('/v3.6/')) {
      if (req.headers.authorization !== `Token token=${ONFIDO_TOKEN}`) {
        return send(401, { error: { type: 'authorization_error', message: 'Please provide a valid token' } });
      }
      const body = JSON.parse(await bodyOf(req)) as Record<string, unknown>;
      made += 1;
      if (path === '/v3.6/applicants') return send(201, { id: `applicant-${made}`, ...body });
      if (path === '/v3.6/workflow_runs' && body.workflow_id === ONFIDO_WORKFLOW) {
        const id = `run-${made}`;
        const link = body.link as { completed_redirect_url: string };
        runs.set(id, { id, completedRedirectUrl: link.completed_redirect_url });
        return send(201, {
          id,
          status: 'awaiting_input',
          dashboard_url: `${address()}/dashboard/${id}`,
          link: { url: `${address()}/l/${id}` },
        });
      }
      return send(422, { error: { type: 'validation_error' } });
    }
    const run = runs.get(path.split('/')[2] ?? '');
    if (req.method === 'GET' && run && path === `/l/${run.id}`) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(
        `<!doctype html><html lang="en"><title>Onfido (test)</title><main><h1>Identity check (test)</h1>` +
          `<form method="post" action="/l/${run.id}/finish"><button>Finish the check</button></form></main></html>`,
      );
    }
    if (req.method === 'POST' && run && path === `/l/${run.id}/finish`) {
      const event = JSON.stringify({
        payload: {
          resource_type: 'workflow_run',
          action: 'workflow_run.completed',
          object: { id: run.id, status: 'approved', completed_at_iso8601: new Date().toISOString() },
        },
      });
      const signature = createHmac('sha256', ONFIDO_WEBHOOK_TOKEN).update(event).digest('hex');
      const delivered = await fetch(webhookUrl(), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-sha2-signature': signature },
        body: event,
      });
      if (delivered.status !== 204) return send(502, { error: `webhook answered ${delivered.status}` });
      res.writeHead(303, { location: run.completedRedirectUrl });
      return res.end();
    }
    send(404, { error: { type: 'resource_not_found' } });
  });
  const address = () => {
    const a = server.address();
    return a && typeof a === 'object' ? `http://127.0.0.1:${a.port}` : '';
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: address(), server };
}
