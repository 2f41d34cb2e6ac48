import { createHmac } from 'node:crypto';
import { custodyKeyFromPrivateKey, type CustodyKey } from '../write-side/chain/keys';

/**
 * The platform's chain operator key: the embedded chain's genesis operator and first admin of the
 * native denom (the seed step hands that admin to the ISSUANCE account's policy), and the signer of
 * account (group) creation, which gives it no power over the groups. Derived from the key-encryption
 * key, so it survives restarts without another secret to keep.
 */
export function chainOperatorKey(keyEncryptionKey: Uint8Array, prefix: string): CustodyKey {
  const privateKey = createHmac('sha256', Buffer.from(keyEncryptionKey)).update('emisor/chain-operator/v1').digest();
  return custodyKeyFromPrivateKey(privateKey, prefix);
}
