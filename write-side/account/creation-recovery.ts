import type { Logger } from '../logger';
import type { CommandContext } from '../command-handler';
import { fold } from '../decider';
import { PeriodicTask } from '../processes/periodic-task';
import { finishCreation, type AccountServices } from './commands';
import { accountDecider } from './decide';
import { accountStream } from './events';

/**
 * Finishes account creations that a failure between the chain and the event store left half-way
 * and nobody retried (a request without an Idempotency-Key, a process that stopped): the recorded
 * attempt is looked up on the chain or re-sent, so its group is recorded and never created twice.
 * Creations younger than `staleMs` are left to the request still working on them.
 */
export class AccountCreationRecovery {
  private readonly periodic: PeriodicTask;

  constructor(
    private readonly services: AccountServices & { logger: Logger },
    private readonly options: { intervalMs?: number; staleMs?: number } = {},
  ) {
    this.periodic = new PeriodicTask('account creation recovery', () => this.tick(), services.logger, options.intervalMs ?? 5000);
  }

  start(): void {
    this.periodic.start();
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }

  /** One pass over the creations left unfinished; each failure is logged and tried again next time. */
  async tick(now = new Date()): Promise<void> {
    const staleBefore = new Date(now.getTime() - (this.options.staleMs ?? 30_000));
    const unfinished: Array<{ account_id: string; organization_id: string }> = await this.services
      .db('pending_account_creations')
      .where('updated_at', '<', staleBefore)
      .orderBy('updated_at')
      .limit(50)
      .select('account_id', 'organization_id');
    for (const { account_id: accountId, organization_id: organizationId } of unfinished) {
      const context: CommandContext = { actorId: null, organizationId, correlationId: `account-creation-${accountId}`, now: new Date() };
      try {
        const state = fold(accountDecider, (await this.services.eventStore.readStream(accountStream(accountId))) as never);
        if (!state.exists && state.creation.request) await finishCreation(this.services, context, state);
      } catch (error) {
        this.services.logger.warn({ err: error, accountId }, 'account creation not finished yet');
      }
    }
  }
}
