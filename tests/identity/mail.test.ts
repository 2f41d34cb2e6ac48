import { createServer, type Server } from 'node:net';
import supertest from 'supertest';
import { startIdentity, type IdentityWorld } from './support';

/** Just enough SMTP for nodemailer to deliver one plain-text message; keeps what it received. */
async function startSmtpSink(): Promise<{ url: string; received: string[]; close(): Promise<void> }> {
  const received: string[] = [];
  const server: Server = createServer((socket) => {
    let data: string | null = null;
    let buffer = '';
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data !== null) {
          if (line === '.') {
            received.push(data);
            data = null;
            socket.write('250 queued\r\n');
          } else data += `${line}\n`;
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 sink\r\n');
        else if (/^DATA/i.test(line)) {
          data = '';
          socket.write('354 go ahead\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    url: `smtp://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const decodeQuotedPrintable = (text: string) =>
  text.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

describe('Mail', () => {
  describe('GET /dev/outbox (MAIL_TRANSPORT=outbox)', () => {
    let world: IdentityWorld;
    beforeAll(async () => {
      world = await startIdentity();
    });
    afterAll(() => world.close());

    it('lists every kept mail newest first, and filters by recipient case-insensitively', async () => {
      await world.admin.agent.post('/api/invitations').set(world.admin.auth).send({ email: 'uno@bcentral.hn', role: 'member' });
      await world.admin.agent.post('/api/invitations').set(world.admin.auth).send({ email: 'dos@bcentral.hn', role: 'auditor' });
      const all = await supertest(world.app).get('/api/dev/outbox');
      expect(all.status).toBe(200);
      expect(all.body.items.map((item: { to: string }) => item.to)).toEqual(['dos@bcentral.hn', 'uno@bcentral.hn']);
      expect(all.body.items[0]).toEqual({
        to: 'dos@bcentral.hn',
        subject: 'Invitación a Banco Central en Emisor',
        text: expect.stringContaining('con el rol de auditor'),
        link: expect.stringMatching(/\/register\?token=/),
        sentAt: expect.any(String),
      });
      const one = await supertest(world.app).get('/api/dev/outbox').query({ to: 'UNO@bcentral.hn' });
      expect(one.body.items.map((item: { to: string }) => item.to)).toEqual(['uno@bcentral.hn']);
      expect((await supertest(world.app).get('/api/dev/outbox').query({ to: 'not-an-address' })).status).toBe(400);
    });
  });

  describe('MAIL_TRANSPORT=smtp', () => {
    let world: IdentityWorld;
    let sink: Awaited<ReturnType<typeof startSmtpSink>>;
    beforeAll(async () => {
      sink = await startSmtpSink();
      world = await startIdentity({ MAIL_TRANSPORT: 'smtp', SMTP_URL: sink.url, PORTAL_URL: 'https://portal.bcentral.hn' });
    });
    afterAll(async () => {
      await world.close();
      await sink.close();
    });

    it('sends the invitation through the SMTP server, with the link to the portal', async () => {
      const response = await world.admin.agent.post('/api/invitations').set(world.admin.auth).send({ email: 'smtp@bcentral.hn', role: 'member', locale: 'en' });
      expect(response.status).toBe(201);
      expect(sink.received).toHaveLength(1);
      const message = decodeQuotedPrintable(sink.received[0]!);
      expect(message).toContain('To: smtp@bcentral.hn');
      expect(message).toContain('Subject: Invitation to Banco Central on Emisor');
      expect(message).toMatch(/https:\/\/portal\.bcentral\.hn\/register\?token=[\w-]+\.[\w-]{43}\n/);
    });

    it('has no outbox route: 404', async () => {
      const response = await supertest(world.app).get('/api/dev/outbox');
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('NOT_FOUND');
    });
  });
});
