import { randomUUID } from 'node:crypto';
import type { WriteSidePorts } from '../ports';
import { encryptPrivateKey, generateCustodyKey } from '../chain/keys';

/** A fresh custody key as events carry it: address, public key (base64) and the sealed private key. */
export interface SealedCustodyKey {
  address: string;
  publicKey: string;
  encryptedPrivateKey: string;
}

export function newSealedCustodyKey(services: Pick<WriteSidePorts, 'config' | 'keyEncryptionKey'>): SealedCustodyKey {
  const key = generateCustodyKey(services.config.CHAIN_PREFIX);
  const sealed = {
    address: key.address,
    publicKey: Buffer.from(key.publicKey).toString('base64'),
    encryptedPrivateKey: encryptPrivateKey(key.privateKey, services.keyEncryptionKey),
  };
  key.privateKey.fill(0);
  return sealed;
}

/** A settlement account is one custody key of the platform's, not a multisig (spec "Settlement account"). */
export const newSettlementAccountKey = (services: Pick<WriteSidePorts, 'config' | 'keyEncryptionKey'>) => ({
  accountId: randomUUID(),
  ...newSealedCustodyKey(services),
});
