import { AppError, conflict, notFound } from '../errors';
import type { Decider } from '../decider';
import type { TokenEvent, TokenFields } from './events';

export interface TokenRegistryState {
  /** Keyed by token id from requests: a Map, so `constructor` or `__proto__` names no token. */
  tokens: ReadonlyMap<string, TokenFields>;
}

export type TokenCommand =
  | { type: 'RegisterToken'; token: TokenFields; registeredBy: string | null; now: string }
  | { type: 'UpdateToken'; tokenId: string; symbol?: string; name?: string; exponent?: number; now: string }
  | { type: 'RemoveToken'; tokenId: string; now: string };

const rule = (code: string, detail: string) => new AppError(422, code, 'Business rule violated', detail);

export function decideToken(command: TokenCommand, state: TokenRegistryState): TokenEvent[] {
  switch (command.type) {
    case 'RegisterToken': {
      const existing = state.tokens.get(command.token.tokenId);
      if (existing) {
        // Re-registering the same token (a seed step re-run) changes nothing.
        if (existing.denom === command.token.denom && existing.native === command.token.native) return [];
        throw conflict('TOKEN_EXISTS', `Token ${command.token.tokenId} already exists`);
      }
      if ([...state.tokens.values()].some((token) => token.denom === command.token.denom))
        throw conflict('TOKEN_DENOM_TAKEN', `The denom ${command.token.denom} is already registered`);
      if (command.token.native && [...state.tokens.values()].some((token) => token.native))
        throw conflict('NATIVE_TOKEN_EXISTS', 'There is already a native token');
      return [{ type: 'TokenRegistered', data: { ...command.token, registeredBy: command.registeredBy, registeredAt: command.now } }];
    }
    case 'UpdateToken': {
      const token = state.tokens.get(command.tokenId);
      if (!token) throw notFound('Token');
      const next = {
        symbol: command.symbol ?? token.symbol,
        name: command.name ?? token.name,
        exponent: command.exponent ?? token.exponent,
      };
      if (next.symbol === token.symbol && next.name === token.name && next.exponent === token.exponent) return [];
      return [{ type: 'TokenUpdated', data: { tokenId: token.tokenId, ...next, updatedAt: command.now } }];
    }
    case 'RemoveToken': {
      const token = state.tokens.get(command.tokenId);
      if (!token) throw notFound('Token');
      if (token.native) throw rule('NATIVE_TOKEN_PROTECTED', 'The native token cannot be removed');
      return [{ type: 'TokenRemoved', data: { tokenId: token.tokenId, denom: token.denom, removedAt: command.now } }];
    }
  }
}

export function evolveToken(state: TokenRegistryState, event: TokenEvent): TokenRegistryState {
  switch (event.type) {
    case 'TokenRegistered': {
      const { registeredBy: _by, registeredAt: _at, ...token } = event.data;
      return { tokens: new Map(state.tokens).set(token.tokenId, token) };
    }
    case 'TokenUpdated': {
      const token = state.tokens.get(event.data.tokenId);
      if (!token) return state;
      return {
        tokens: new Map(state.tokens).set(token.tokenId, { ...token, symbol: event.data.symbol, name: event.data.name, exponent: event.data.exponent }),
      };
    }
    case 'TokenRemoved': {
      const tokens = new Map(state.tokens);
      tokens.delete(event.data.tokenId);
      return { tokens };
    }
  }
}

export const tokenDecider: Decider<TokenRegistryState, TokenCommand, TokenEvent> = {
  initialState: () => ({ tokens: new Map() }),
  evolve: evolveToken,
  decide: decideToken,
};
