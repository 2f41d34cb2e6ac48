import type { Services } from '../../runtime/services';

/** What a process manager needs: it appends through command handlers and talks to the chain. */
export type ProcessServices = Pick<Services, 'eventStore' | 'commands' | 'db' | 'logger' | 'config' | 'keyEncryptionKey' | 'chain'>;
