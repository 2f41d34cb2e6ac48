import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import type { ExportFile } from '../read-side/csv';

/** Streams a download: rows leave as the cursor fetches them, and a client that stops reading stops the query. */
export async function sendFile(res: Response, file: ExportFile): Promise<undefined> {
  res.status(200);
  res.setHeader('Content-Type', file.contentType);
  res.setHeader('Content-Disposition', `attachment; filename="${file.filename}"`);
  res.setHeader('Cache-Control', 'no-store');
  await pipeline(file.body, res);
  return undefined;
}
