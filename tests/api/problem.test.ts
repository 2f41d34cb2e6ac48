import express from 'express';
import request from 'supertest';
import { errorHandler } from '../../api/problem';
import { createLogger } from '../../runtime/logger';

/**
 * The contract's errors: a failure no code names is a 500 with a generic body; met while the database
 * does not answer, it is the outage's 503 DEPENDENCY_UNAVAILABLE (an in-flight request's driver may word
 * a cut connection in ways no list of codes foresees).
 */
describe('failures no code names', () => {
  const app = (databaseAnswers: () => Promise<boolean>) =>
    express()
      .get('/fails', () => {
        throw new Error('a failure in words of its own');
      })
      .use(errorHandler(createLogger('silent'), databaseAnswers));

  it('are 500 INTERNAL_ERROR, without the cause, while the database answers', async () => {
    const answer = await request(app(async () => true)).get('/fails');
    expect(answer.status).toBe(500);
    expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(answer.body).toMatchObject({ code: 'INTERNAL_ERROR' });
    expect(JSON.stringify(answer.body)).not.toContain('words of its own');
  });

  it('are 503 DEPENDENCY_UNAVAILABLE while the database does not answer', async () => {
    for (const databaseAnswers of [async () => false, async () => Promise.reject(new Error('connection refused'))]) {
      const answer = await request(app(databaseAnswers)).get('/fails');
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ code: 'DEPENDENCY_UNAVAILABLE' });
    }
  });
});
