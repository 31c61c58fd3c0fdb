// DAP-18 Appendix A: the Helper's resources (hpke_config, aggregation_jobs, aggregate_shares).
import { Hono } from 'hono';
import { encodeHpkeConfigList } from '../messages/index.js';
import { DapProblem, HttpProblem } from '../problem.js';
import type { AggregatorContext, HelperTask } from '../aggregator/context.js';
import { initAggregationJob } from '../helper/aggregation-init.js';
import { continueAggParamJob, initAggParamJob } from '../aggregation-param/helper-jobs.js';
import { createAggParamShare } from '../aggregation-param/helper-shares.js';
import {
  continueAggregationJob,
  deleteAggregationJob,
  getAggregationJob,
} from '../helper/aggregation-job.js';
import {
  createAggregateShare,
  deleteAggregateShare,
  getAggregateShare,
} from '../helper/aggregate-shares.js';
import { body, dapResponse, installErrorHandling, requireBearer } from './respond.js';

const prefixOf = (path: string, suffix: string) => path.slice(0, path.length - suffix.length);

export function helperApp(
  ctx: AggregatorContext<HelperTask>,
  onInternal: (e: unknown) => void,
): Hono {
  const app = new Hono();
  installErrorHandling(app, ctx.options.maxBodyBytes, onInternal);
  const task = (id: string): HelperTask => {
    const ht = ctx.tasks.get(id);
    if (!ht) throw new DapProblem('unrecognizedTask', 'unknown task');
    return ht;
  };

  app.get('/hpke_config', () =>
    dapResponse(encodeHpkeConfigList(ctx.keyring.active()), 'hpkeConfigList', 200, {
      'cache-control': 'max-age=3600',
    }),
  );

  app.post('/tasks/:taskId/aggregation_jobs', async (c) => {
    const ht = task(c.req.param('taskId'));
    requireBearer(c, ht.aggregatorTokenDigest);
    const b = await body(c, 'aggregationJobInitReq', ht.task.id);
    const { jobId, resp } = ht.task.vdaf.aggParamAtCollection
      ? await initAggParamJob(ctx, ht, b)
      : await initAggregationJob(ctx, ht, b);
    const base = prefixOf(c.req.path, '/aggregation_jobs');
    return dapResponse(resp, 'aggregationJobResp', 201, {
      location: `${base}/aggregation_jobs/${jobId}`,
    });
  });

  app.get('/tasks/:taskId/aggregation_jobs/:jobId', async (c) => {
    const ht = task(c.req.param('taskId'));
    requireBearer(c, ht.aggregatorTokenDigest);
    const step = c.req.query('step');
    if (step === undefined || !/^\d{1,5}$/.test(step))
      throw new DapProblem('invalidMessage', 'the step query parameter is required', ht.task.id);
    return dapResponse(
      await getAggregationJob(ctx, ht, c.req.param('jobId'), Number(step)),
      'aggregationJobResp',
    );
  });

  app.post('/tasks/:taskId/aggregation_jobs/:jobId', async (c) => {
    const ht = task(c.req.param('taskId'));
    requireBearer(c, ht.aggregatorTokenDigest);
    const b = await body(c, 'aggregationJobContinueReq', ht.task.id);
    if (ht.task.vdaf.aggParamAtCollection)
      return dapResponse(
        await continueAggParamJob(ctx, ht, c.req.param('jobId'), b),
        'aggregationJobResp',
      );
    return continueAggregationJob(ctx, ht, c.req.param('jobId'), b);
  });

  app.delete('/tasks/:taskId/aggregation_jobs/:jobId', async (c) => {
    const ht = task(c.req.param('taskId'));
    requireBearer(c, ht.aggregatorTokenDigest);
    await deleteAggregationJob(ctx, ht, c.req.param('jobId'));
    return c.body(null, 204);
  });

  app.post('/tasks/:taskId/aggregate_shares', async (c) => {
    const ht = task(c.req.param('taskId'));
    requireBearer(c, ht.aggregatorTokenDigest);
    const b = await body(c, 'aggregateShareReq', ht.task.id);
    const { id, resp } = ht.task.vdaf.aggParamAtCollection
      ? await createAggParamShare(ctx, ht, b)
      : await createAggregateShare(ctx, ht, b);
    const base = prefixOf(c.req.path, '/aggregate_shares');
    return dapResponse(resp, 'aggregateShare', 201, { location: `${base}/aggregate_shares/${id}` });
  });

  app.get('/tasks/:taskId/aggregate_shares/:id', async (c) => {
    const ht = task(c.req.param('taskId'));
    requireBearer(c, ht.aggregatorTokenDigest);
    const resp = await getAggregateShare(ctx, ht, c.req.param('id'));
    if (!resp) throw new HttpProblem(404, 'Not Found', 'no such aggregate share');
    return dapResponse(resp, 'aggregateShare');
  });

  app.delete('/tasks/:taskId/aggregate_shares/:id', async (c) => {
    const ht = task(c.req.param('taskId'));
    requireBearer(c, ht.aggregatorTokenDigest);
    if (!(await deleteAggregateShare(ctx, ht, c.req.param('id'))))
      throw new HttpProblem(404, 'Not Found', 'no such aggregate share');
    return c.body(null, 204);
  });
  return app;
}
