import { businessRule, conflict, notFound } from '../errors';
import type { Decider } from '../decider';
import type { WhitelistEvent } from './events';

export interface WhitelistEntry {
  entryId: string;
  address: string;
  label: string;
}

export interface WhitelistState {
  entries: WhitelistEntry[];
}

/** `accountAddress`: the account's own address, which its whitelist never lists. */
export type WhitelistCommand =
  | {
      type: 'AddAddress';
      accountId: string;
      organizationId: string;
      accountAddress: string;
      entryId: string;
      address: string;
      label: string;
      actorId: string | null;
      now: string;
    }
  | {
      type: 'UpdateAddress';
      accountId: string;
      organizationId: string;
      accountAddress: string;
      entryId: string;
      address?: string;
      label?: string;
      now: string;
    }
  | { type: 'RemoveAddress'; accountId: string; organizationId: string; entryId: string; actorId: string | null; now: string };

/** A transfer from an account with a non-empty whitelist may only go to a whitelisted address (or the organization's own). */
export const isWhitelisted = (state: WhitelistState, address: string) =>
  state.entries.length === 0 || state.entries.some((entry) => entry.address === address);

const requireOther = (accountAddress: string, address: string) => {
  if (address === accountAddress) throw businessRule('WHITELIST_SELF', 'An account cannot whitelist itself');
};

export function decideWhitelist(command: WhitelistCommand, state: WhitelistState): WhitelistEvent[] {
  const { accountId, organizationId, entryId } = command;
  switch (command.type) {
    case 'AddAddress': {
      if (state.entries.some((entry) => entry.entryId === entryId)) return []; // a retried add
      requireOther(command.accountAddress, command.address);
      if (state.entries.some((entry) => entry.address === command.address))
        throw conflict('WHITELIST_ADDRESS_EXISTS', 'The address is already on this whitelist');
      return [
        {
          type: 'WhitelistAddressAdded',
          data: { accountId, organizationId, entryId, address: command.address, label: command.label, addedBy: command.actorId, addedAt: command.now },
        },
      ];
    }
    case 'UpdateAddress': {
      const entry = state.entries.find((candidate) => candidate.entryId === entryId);
      if (!entry) throw notFound('Whitelist entry');
      const address = command.address ?? entry.address;
      const label = command.label ?? entry.label;
      requireOther(command.accountAddress, address);
      if (address !== entry.address && state.entries.some((other) => other.address === address))
        throw conflict('WHITELIST_ADDRESS_EXISTS', 'The address is already on this whitelist');
      if (address === entry.address && label === entry.label) return [];
      return [{ type: 'WhitelistAddressUpdated', data: { accountId, organizationId, entryId, address, label, updatedAt: command.now } }];
    }
    case 'RemoveAddress': {
      const entry = state.entries.find((candidate) => candidate.entryId === entryId);
      if (!entry) throw notFound('Whitelist entry');
      return [
        {
          type: 'WhitelistAddressRemoved',
          data: { accountId, organizationId, entryId, address: entry.address, label: entry.label, removedBy: command.actorId, removedAt: command.now },
        },
      ];
    }
  }
}

export function evolveWhitelist(state: WhitelistState, event: WhitelistEvent): WhitelistState {
  switch (event.type) {
    case 'WhitelistAddressAdded':
      return { entries: [...state.entries, { entryId: event.data.entryId, address: event.data.address, label: event.data.label }] };
    case 'WhitelistAddressUpdated':
      return {
        entries: state.entries.map((entry) =>
          entry.entryId === event.data.entryId ? { ...entry, address: event.data.address, label: event.data.label } : entry,
        ),
      };
    case 'WhitelistAddressRemoved':
      return { entries: state.entries.filter((entry) => entry.entryId !== event.data.entryId) };
  }
}

export const whitelistDecider: Decider<WhitelistState, WhitelistCommand, WhitelistEvent> = {
  initialState: () => ({ entries: [] }),
  evolve: evolveWhitelist,
  decide: decideWhitelist,
};
