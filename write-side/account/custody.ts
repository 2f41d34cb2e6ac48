import { notFound } from '../errors';
import type { WriteSidePorts } from '../ports';
import { openCustodyKey, type CustodyKey } from '../chain/keys';
import type { EventStore } from '../event-store/event-store';
import { userStream, type UserRegisteredData } from '../user/events';

/** The user's registration as its stream recorded it (kind, organization, custody key). */
export async function registeredUser(store: EventStore, userId: string): Promise<UserRegisteredData | null> {
  const events = await store.readStream(userStream(userId));
  const registered = events.find((event) => event.type === 'UserRegistered');
  return registered ? (registered.data as UserRegisteredData) : null;
}

/** Opens a user's sealed custody key with the key-encryption key; the address is recomputed, never trusted. */
export async function custodyKeyOfUser(services: Pick<WriteSidePorts, 'eventStore' | 'keyEncryptionKey' | 'config'>, userId: string): Promise<CustodyKey> {
  const user = await registeredUser(services.eventStore, userId);
  if (!user) throw notFound('User');
  const key = openCustodyKey(user.encryptedPrivateKey, services.keyEncryptionKey, services.config.CHAIN_PREFIX);
  if (key.address !== user.address) throw new Error(`the custody key of user ${userId} does not match its recorded address`);
  return key;
}
