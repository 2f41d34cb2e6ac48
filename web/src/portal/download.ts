import { problemOf } from '../api/client';
import { authorizedFetch } from './session';

/** An authorized download (exports): fetched with the session's token, saved under the server's file name. */
export async function download(path: string, query: Record<string, string | undefined>): Promise<void> {
  const search = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1])));
  const response = await authorizedFetch(new Request(`/api${path}?${search}`));
  if (!response.ok) throw await problemOf(response);
  const name = /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'export';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
