// DAP-18 Appendix A: the Leader's resources (hpke_config, reports, collection_jobs) under its prefix.
import { Hono } from 'hono';
import { encodeHpkeConfigList, encodeUploadErrors } from '../messages/index.js';
import { DapProblem, HttpProblem } from '../problem.js';
import type { AggregatorContext, LeaderTask } from '../aggregator/context.js';
import {
  createCollectionJob,
  deleteCollectionJob,
  pollCollectionJob,
} from '../leader/collection-jobs.js';
import { upload } from '../leader/upload.js';
import { body, dapResponse, installErrorHandling, requireBearer } from './respond.js';

export const RETRY_AFTER_SECONDS = '1';

export function leaderApp(
  ctx: AggregatorContext<LeaderTask>,
  onInternal: (e: unknown) => void,
): Hono {
  const app = new Hono();
  installErrorHandling(app, ctx.options.maxBodyBytes, onInternal);
  const task = (id: string): LeaderTask => {
    const lt = ctx.tasks.get(id);
    if (!lt) throw new DapProblem('unrecognizedTask', 'unknown task');
    return lt;
  };

  app.get('/hpke_config', () =>
    dapResponse(encodeHpkeConfigList(ctx.keyring.active()), 'hpkeConfigList', 200, {
      'cache-control': 'max-age=3600',
    }),
  );

  app.post('/tasks/:taskId/reports', async (c) => {
    const lt = task(c.req.param('taskId'));
    const errors = await upload(ctx, lt, await body(c, 'uploadReq', lt.task.id));
    if (errors.length === 0) return c.body(null, 200);
    return dapResponse(encodeUploadErrors(errors), 'uploadErrors');
  });

  async function jobState(
    lt: LeaderTask,
    id: string,
    created: boolean,
    prefix: string,
  ): Promise<Response> {
    const got = await pollCollectionJob(ctx, lt, id);
    if (got === null) throw new HttpProblem(404, 'Not Found', 'no such collection job');
    const location = `${prefix}/tasks/${lt.task.idB64}/collection_jobs/${id}`;
    if (got) return dapResponse(got, 'collectionJobResp', 200, { location });
    return new Response(null, {
      status: created ? 201 : 200,
      headers: { location, 'retry-after': RETRY_AFTER_SECONDS },
    });
  }

  const prefixOf = (path: string, suffix: string) => path.slice(0, path.length - suffix.length);

  app.post('/tasks/:taskId/collection_jobs', async (c) => {
    const lt = task(c.req.param('taskId'));
    requireBearer(c, lt.collectorTokenDigest);
    const id = await createCollectionJob(ctx, lt, await body(c, 'collectionJobReq', lt.task.id));
    return jobState(lt, id, true, prefixOf(c.req.path, `/tasks/${lt.task.idB64}/collection_jobs`));
  });

  app.get('/tasks/:taskId/collection_jobs/:id', async (c) => {
    const lt = task(c.req.param('taskId'));
    requireBearer(c, lt.collectorTokenDigest);
    const id = c.req.param('id');
    return jobState(
      lt,
      id,
      false,
      prefixOf(c.req.path, `/tasks/${lt.task.idB64}/collection_jobs/${id}`),
    );
  });

  app.delete('/tasks/:taskId/collection_jobs/:id', async (c) => {
    const lt = task(c.req.param('taskId'));
    requireBearer(c, lt.collectorTokenDigest);
    if (!(await deleteCollectionJob(ctx, lt, c.req.param('id'))))
      throw new HttpProblem(404, 'Not Found', 'no such collection job');
    return c.body(null, 204);
  });
  return app;
}
