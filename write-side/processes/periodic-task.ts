import type { Logger } from '../logger';

/** Runs `tick` on an interval, never two at once; `stop` waits for the tick under way. */
export class PeriodicTask {
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;

  constructor(
    private readonly name: string,
    private readonly tick: () => Promise<void>,
    private readonly logger: Logger,
    private readonly intervalMs: number,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.ticking) return;
      this.ticking = this.tick()
        .catch((error) => this.logger.warn({ err: error }, `${this.name} tick failed`))
        .finally(() => (this.ticking = null));
    }, this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ticking;
  }
}
