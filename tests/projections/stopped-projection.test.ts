import { TOKEN_REGISTRY_STREAM } from '../../write-side/token/events';
import { newEvent } from '../event-store/event-store-contract';
import { join, onboardBank, startIdentity, type IdentityWorld } from '../identity/support';

/**
 * The audit's defect: an event the tokens projection cannot apply (a TokenUpdated without a token id)
 * stopped every projection, so every command answered 503. Now only that read model stops, and both
 * the health check and the control panel say which.
 */
describe('A read model stopped by an event it cannot apply', () => {
  let world: IdentityWorld;
  let failedAt: { commit: bigint; prepare: bigint };

  beforeAll(async () => {
    world = await startIdentity();
    const { services } = world;
    const version = (await services.eventStore.readStream(TOKEN_REGISTRY_STREAM)).length;
    const appended = await services.eventStore.append(
      TOKEN_REGISTRY_STREAM,
      [newEvent('TokenUpdated', { symbol: 'X', name: 'x', exponent: 0, updatedAt: new Date().toISOString() })],
      version,
    );
    failedAt = appended.position;
    await services.projections.waitFor(appended.position, 5000, ['tokens']);
  });
  afterAll(() => world.close());

  it('leaves every command that does not need it working', async () => {
    const invited = await world.admin.agent.post('/api/invitations').set(world.admin.auth).send({ email: 'sigue@bcentral.hn', role: 'member' });
    expect(invited.status).toBe(201);

    const member = await join(world, world.admin, { email: 'miembro@bcentral.hn', role: 'member' });
    const listed = await world.admin.agent.get('/api/users').set(world.admin.auth);
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((user: { id: string }) => user.id)).toContain(member.userId);
  });

  it('makes GET /api/health answer 503 degraded, naming the stopped projection', async () => {
    const response = await world.request.get('/api/health');

    expect(response.status).toBe(503);
    expect(response.body.status).toBe('degraded');
    expect(response.body.checks.database).toEqual({ status: 'up' });
    expect(response.body.checks.projections).toEqual({
      status: 'down',
      reason: 'stopped: tokens',
      detail: { failed: [{ projection: 'tokens', eventType: 'TokenUpdated', position: `${failedAt.commit}:${failedAt.prepare}`, failedAt: expect.any(String) }] },
    });
  });

  it('shows on the central bank\'s control-panel alerts, not on a participant\'s', async () => {
    const central = await world.admin.agent.get('/api/control-panel/alerts').set(world.admin.auth);
    expect(central.status).toBe(200);
    expect(central.body.items[0]).toEqual({
      code: 'PROJECTION_FAILED',
      severity: 'error',
      organizationId: world.central.organizationId,
      message: 'The tokens read model stopped at an event it cannot apply',
      details: {
        projection: 'tokens',
        eventId: expect.any(String),
        eventType: 'TokenUpdated',
        streamId: TOKEN_REGISTRY_STREAM,
        position: `${failedAt.commit}:${failedAt.prepare}`,
        reason: 'Error: tokens: update without id',
        failedAt: expect.any(String),
      },
    });

    const bank = await onboardBank(world, 'Banco Ajeno', 'jefe@ajeno.hn');
    const participant = await bank.admin.agent.get('/api/control-panel/alerts').set(bank.admin.auth);
    expect(participant.body.items.map((item: { code: string }) => item.code)).not.toContain('PROJECTION_FAILED');
  });
});
