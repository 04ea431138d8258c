import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { backgroundJobs, mailOutbox } from '../../db/schema/index.js';
import { createMailer } from '../../integrations/mail/mailer.js';
import { markFailed } from '../../jobs/queue.js';
import { domainMetrics, queueFailures, registerGauge } from '../../lib/metrics.js';

const TOKEN = 'metrics-token-0123456789-0123456789-abcdef';
const t = await buildTestApp({ METRICS_TOKEN: TOKEN }, { modules: ['health'] });
const noToken = await buildTestApp({}, { modules: ['health'] });

const REMOTE = '203.0.113.7';
const scrape = (app = t.app, opts: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  app.inject({ method: 'GET', url: '/api/metrics', ...opts });

describe('GET /api/metrics: who may read', () => {
  it('answers a direct caller on this machine, without a token, in Prometheus’s text format', async () => {
    const res = await scrape(noToken.app);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const name of ['nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes', 'process_resident_memory_bytes'])
      expect(res.body).toContain(`# TYPE ${name}`);
  });

  it('refuses another machine without the token, or with a wrong one: 403', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong' },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: TOKEN },
    ];
    for (const headers of attempts) {
      const res = await scrape(t.app, { remoteAddress: REMOTE, headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toMatchObject({ code: 'forbidden' });
      expect(res.body).not.toContain('nodejs_');
    }
  });

  it('answers another machine presenting the token as its bearer', async () => {
    const res = await scrape(t.app, { remoteAddress: REMOTE, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('# TYPE http_request_duration_seconds histogram');
  });

  it('refuses a local proxy relaying someone else, and any bearer when no token is configured', async () => {
    expect((await scrape(t.app, { headers: { 'x-forwarded-for': REMOTE } })).statusCode).toBe(403);
    const res = await scrape(noToken.app, { remoteAddress: REMOTE, headers: { authorization: 'Bearer ' } });
    expect(res.statusCode).toBe(403);
  });

  it('is in the OpenAPI document, as text/plain', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths['/metrics'].get.responses['200'].content)).toEqual(['text/plain']);
  });
});

describe('what the metrics show', () => {
  it('a request in the duration histogram under its route pattern and status, never a raw unmatched URL', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/nowhere-4821' });
    const body = (await scrape()).body;
    expect(body).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_code="200"\} [1-9]/m);
    expect(body).toMatch(/^http_request_duration_seconds_count\{method="GET",route="unmatched",status_code="404"\} [1-9]/m);
    expect(body).not.toContain('nowhere-4821');
    expect(body).toMatch(/^reseau_db_query_duration_seconds_count [1-9]/m);
  });

  it('mails sent, and gauges registered by other parts (a queue’s depth)', async () => {
    const sent = (await domainMetrics.mailsSent.get()).values[0]?.value ?? 0;
    await createMailer(t.db, { from: 'test@test.fr', log: () => {}, maxAttempts: 8 }).send({
      to: 'a@test.fr',
      subject: 's',
      text: 't',
      html: '<p>t</p>',
    });
    expect((await domainMetrics.mailsSent.get()).values[0]?.value).toBe(sent + 1);

    registerGauge('reseau_test_queue_depth', 'A queue of the test', () => 7);
    registerGauge('reseau_test_failing', 'A source that fails', () => Promise.reject(new Error('down')));
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/^reseau_test_queue_depth 7$/m);
  });

  it('the queues’ depth by queue and state, 0 included, and each failed try by outcome', async () => {
    // The app registered last owns the gauge: this file's second app was built after `t`.
    const app = noToken;
    await app.db.insert(backgroundJobs).values([
      { kind: 'test', payload: {}, state: 'dead' },
      { kind: 'test', payload: {}, state: 'dead' },
    ]);
    const [mail] = await app.db
      .insert(mailOutbox)
      .values({ to: 'b@test.fr', subject: 's', text: 't', html: '<p>t</p>', state: 'sending', attempts: 1 })
      .returning({ id: mailOutbox.id, attempts: mailOutbox.attempts });
    // prom-client's get() hands out its live value objects: read the numbers, not the snapshot.
    const failures = async (outcome: string) =>
      (await queueFailures.get()).values.find((v) => v.labels.queue === 'mail_outbox' && v.labels.outcome === outcome)?.value ??
      0;
    const retriesBefore = await failures('retry');
    const deadBefore = await failures('dead');
    const policy = { maxAttempts: 8, baseDelayMs: 1000, maxDelayMs: 60_000, leaseMs: 60_000 };
    await markFailed(app.db, 'mail_outbox', mail!, policy, 'SMTP refusé');

    const body = (await scrape(app.app)).body;
    expect(body).toMatch(/^reseau_queue_depth\{queue="background_jobs",state="dead"\} 2$/m);
    expect(body).toMatch(/^reseau_queue_depth\{queue="background_jobs",state="sending"\} 0$/m);
    expect(body).toMatch(/^reseau_queue_depth\{queue="mail_outbox",state="pending"\} 1$/m);
    expect(await failures('retry')).toBe(retriesBefore + 1);
    expect(await failures('dead')).toBe(deadBefore);
  });
});
