import type { WriteSidePorts } from '../ports';

/** What a process manager needs: it appends through command handlers and talks to the chain. */
export type ProcessServices = Pick<WriteSidePorts, 'eventStore' | 'commands' | 'db' | 'logger' | 'config' | 'keyEncryptionKey' | 'chain'>;
