import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import QRCode from 'qrcode';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, openContext, screenshot, seriousViolations, startPortal, writeQrVideo, type Portal } from './support';

const ADMIN = { email: 'admin@emisor.local', password: 'emisor-admin-2026' };
const SECOND_BANK = 'Banco Segundo';

// A real browser on a shared machine: journeys get room; nothing here asserts on time.
jest.setTimeout(120_000);

let portal: Portal;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let atlantidaId: string;

/** A demo customer made through the API, with an alias (the counterparties of the journey). */
async function customer(organizationId: string, name: string, alias: string) {
  const created = await portal.call('POST', '/instant-payments/demo/clients', { body: { organizationId, name } });
  expect(created.status).toBe(201);
  const activated = await portal.call('POST', `/instant-payments/demo/clients/${created.body.client.id}/alias`, { token: created.body.clientToken, body: { alias } });
  expect(activated.status).toBe(200);
  return created.body.clientToken as string;
}

/** A second participant bank, onboarded and given settlement liquidity (so cross-bank payments settle). */
async function onboardSecondBank(): Promise<string> {
  const token = await portal.token(ADMIN.email, ADMIN.password);
  const organization = await portal.call('POST', '/organizations', { token, body: { name: SECOND_BANK, type: 'COMMERCIAL' } });
  expect(organization.status).toBe(201);
  const id = organization.body.id as string;
  expect((await portal.call('POST', `/organizations/${id}/admins/invite`, { token, body: { email: 'admin@segundo.demo' } })).status).toBe(201);
  const link = await portal.mailLink('admin@segundo.demo');
  const registered = await portal.call('POST', '/auth/register', {
    body: { token: new URLSearchParams(link.split('?')[1]).get('token'), name: 'Admin Segundo', password: 'segundo-admin-2026' },
  });
  expect(registered.status).toBe(201);
  // As a bank does it: a treasury account as exchange address, a disbursement into it, a transfer on to settlement.
  const bankToken = registered.body.accessToken as string;
  const treasury = await portal.call('POST', '/multisigs', { token: bankToken, body: { label: 'Tesorería', members: [{ userId: registered.body.user.id, weight: 1 }], threshold: 1 } });
  expect(treasury.status).toBe(201);
  expect((await portal.call('POST', `/organizations/${id}/exchange-address`, { token, body: { address: treasury.body.address } })).status).toBeLessThan(300);
  expect((await portal.call('POST', `/organizations/${id}/disbursement-request`, { token, body: { amount: '1000000' } })).status).toBe(201);
  const detail = await portal.call('GET', `/organizations/${id}`, { token });
  const denom = (await portal.call('GET', '/config')).body.nativeToken.denom;
  const topUp = await portal.call('POST', `/multisigs/${treasury.body.id}/proposals/transfer`, {
    token: bankToken,
    body: { title: 'Liquidez', amount: '1000000', denom, recipient: detail.body.settlementAccount.address },
  });
  expect(topUp.body.status).toBe('ACCEPTED');
  return id;
}

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
  const banks = await portal.call('GET', '/instant-payments/banks');
  atlantidaId = banks.body.items.find((bank: { name: string }) => bank.name === 'Banco Atlántida Demo').organizationId;
  const secondId = await onboardSecondBank();
  await customer(atlantidaId, 'Ana Atlántida', 'ana.atlantida');
  await customer(secondId, 'Beto Segundo', 'beto.segundo');
  context = await openContext(browser, portal.baseUrl, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  page = await context.newPage();
}, 240_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await portal?.close();
});

const balance = () => page.getByTestId('balance').textContent();

describe('The retail customer’s wallet', () => {
  test('picking a bank and a name opens a wallet with the demo balance in Lempiras, themed by the bank', async () => {
    await page.goto('/wallet');
    await page.getByRole('heading', { name: 'Bienvenido a su billetera' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('radio', { name: 'Banco Atlántida Demo' }).check();
    await page.getByLabel('Su nombre').fill('María Wallet');
    await screenshot(page, 'wallet-01-onboarding');
    await page.getByRole('button', { name: 'Comenzar' }).click();
    await page.getByText('Hola, María Wallet').waitFor();
    expect(await balance()).toBe('L 1,000.00');
    await expect(page.getByText('Sin alias todavía').count()).resolves.toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'wallet-02-home');
  });

  test('Send routes into alias activation, whose live check tells invalid, taken and available apart', async () => {
    await page.getByRole('link', { name: 'Enviar' }).click();
    await page.getByRole('heading', { name: 'Su @alias' }).waitFor();
    const alias = page.getByLabel('Alias');
    await alias.fill('1x');
    await page.getByText('Ese alias no cumple las reglas.').waitFor();
    await alias.fill('Ana.Atlantida');
    await page.getByText('@ana.atlantida ya está en uso.').waitFor();
    expect(await page.getByRole('button', { name: 'Activar alias' }).isDisabled()).toBe(true);
    await alias.fill('@maria.wallet');
    await page.getByText('@maria.wallet está disponible.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'wallet-03-alias-available');
    await page.getByRole('button', { name: 'Activar alias' }).click();
    await page.getByRole('heading', { name: 'Enviar dinero' }).waitFor();
  });

  test('every refusal of the send sheet has its own message', async () => {
    const cases: Array<[string, string, string]> = [
      ['10', '@nadie.existe', 'No existe un cliente con ese alias.'],
      ['10', '@maria.wallet', 'No puede enviarse dinero a usted mismo.'],
      ['5000', '@ana.atlantida', 'Saldo insuficiente.'],
      ['0', '@ana.atlantida', 'Escriba un monto mayor que cero, con hasta dos decimales.'],
      ['1.234', '@ana.atlantida', 'Escriba un monto mayor que cero, con hasta dos decimales.'],
    ];
    for (const [amount, to, message] of cases) {
      await page.getByLabel('Monto (L)').fill(amount);
      await page.getByLabel('Para (@alias)').fill(to);
      await page.getByRole('button', { name: 'Continuar' }).click();
      await page.getByRole('alert').filter({ hasText: message }).waitFor();
    }
    await screenshot(page, 'wallet-04-send-error');
  });

  test('an internal payment is confirmed with the payee’s bank and masked name before it is sent, and completes at once', async () => {
    await page.getByLabel('Monto (L)').fill('125.50');
    await page.getByLabel('Para (@alias)').fill('@ana.atlantida');
    await page.getByLabel('Mensaje (opcional)').fill('Almuerzo');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('heading', { name: 'Confirme el envío' }).waitFor();
    expect(await page.locator('dl.confirm').innerText()).toBe(
      [
        ...['Destinatario', '@ana.atlantida', 'Nombre', 'An*** At***', 'Banco', 'Banco Atlántida Demo'],
        ...['Monto', 'L 125.50', 'Mensaje', 'Almuerzo', 'Desde', '@maria.wallet · Banco Atlántida Demo'],
      ].join('\n'),
    );
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'wallet-05-confirm');
    await page.getByRole('button', { name: 'Enviar ahora' }).click();
    await page.getByRole('heading', { name: 'Pago enviado' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Completado' }).waitFor();
    expect(await page.getByText('Mismo banco').count()).toBe(1);
    await screenshot(page, 'wallet-06-sent-internal');
    await page.getByRole('link', { name: 'Volver al inicio' }).click();
    await page.getByText('Para @ana.atlantida').waitFor();
    expect(await balance()).toBe('L 874.50');
  });

  test('a cross-bank payment to an alias read from a QR photo settles and turns completed on its own', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'wallet-qr-'));
    const photo = join(folder, 'beto.png');
    try {
      await QRCode.toFile(photo, '@beto.segundo', { width: 300 });
      await page.getByRole('link', { name: 'Enviar' }).click();
      await page.getByLabel('Monto (L)').fill('50');
      await page.getByRole('button', { name: 'Escanear QR' }).click();
      await page.getByRole('dialog', { name: 'Escanear código QR' }).waitFor();
      await screenshot(page, 'wallet-07-scan');
      await page.locator('input[type=file]').setInputFiles(photo);
      await expect(page.getByLabel('Para (@alias)').inputValue()).resolves.toBe('beto.segundo');
      await page.getByRole('button', { name: 'Continuar' }).click();
      // The payee of another bank: its bank named, its name masked.
      await page.getByRole('heading', { name: 'Confirme el envío' }).waitFor();
      expect(await page.getByTestId('payee-name').textContent()).toBe('Be*** Se***');
      expect(await page.getByRole('definition').filter({ hasText: SECOND_BANK }).count()).toBe(1);
      await screenshot(page, 'wallet-07b-confirm-cross-bank');
      await page.getByRole('button', { name: 'Enviar ahora' }).click();
      await page.getByRole('heading', { name: 'Pago enviado' }).waitFor();
      expect(await page.getByText('Otro banco').count()).toBe(1);
      await page.getByRole('status').filter({ hasText: 'Completado' }).waitFor({ timeout: 15_000 });
      await screenshot(page, 'wallet-08-sent-cross-bank');
      await page.getByRole('link', { name: 'Volver al inicio' }).click();
      await page.getByText('Para @beto.segundo').waitFor();
      expect(await balance()).toBe('L 824.50');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  test('the camera reads the alias from a receive screen’s QR code, and the payee is confirmed with bank and masked name', async () => {
    // Camera flags are per browser: a second one whose fake camera films @ana.atlantida's receive screen,
    // opened on the same customer's session.
    const folder = mkdtempSync(join(tmpdir(), 'wallet-camera-'));
    const video = join(folder, 'ana.y4m');
    writeQrVideo(video, '@ana.atlantida');
    const cameraBrowser = await launchBrowser({ fakeCamera: video });
    try {
      const phone = await openContext(cameraBrowser, portal.baseUrl, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, storageState: await context.storageState() });
      // Keeps the tracks the page gets from the camera, to tell whether it turned the camera off again.
      await phone.addInitScript(`{
        const open = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
        window.cameraTracks = [];
        navigator.mediaDevices.getUserMedia = async (constraints) => {
          const stream = await open(constraints);
          window.cameraTracks.push(...stream.getTracks());
          return stream;
        };
      }`);
      const camera = await phone.newPage();
      await camera.goto('/wallet');
      await camera.getByRole('link', { name: 'Enviar' }).click();
      await camera.getByLabel('Monto (L)').fill('20');
      await camera.getByRole('button', { name: 'Escanear QR' }).click();
      // No photo is given: the scanner closes only once it has read the code from the camera.
      await camera.getByRole('dialog', { name: 'Escanear código QR' }).waitFor({ state: 'detached' });
      await expect(camera.getByLabel('Para (@alias)').inputValue()).resolves.toBe('ana.atlantida');
      // It filmed (one video track) and, the code read, let the camera go.
      expect(await camera.evaluate('window.cameraTracks.map((track) => `${track.kind} ${track.readyState}`)')).toEqual(['video ended']);
      await screenshot(camera, 'wallet-07c-camera-scanned');
      await camera.getByRole('button', { name: 'Continuar' }).click();
      await camera.getByRole('heading', { name: 'Confirme el envío' }).waitFor();
      expect(await camera.locator('dl.confirm').innerText()).toBe(
        [
          ...['Destinatario', '@ana.atlantida', 'Nombre', 'An*** At***', 'Banco', 'Banco Atlántida Demo'],
          ...['Monto', 'L 20.00', 'Desde', '@maria.wallet · Banco Atlántida Demo'],
        ].join('\n'),
      );
      await screenshot(camera, 'wallet-07d-camera-confirm');
    } finally {
      await cameraBrowser.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  test('Receive shows the alias as a QR code, and an incoming payment appears without reloading', async () => {
    await page.getByRole('link', { name: 'Recibir' }).click();
    const qr = page.getByRole('img', { name: 'Código QR del alias @maria.wallet' });
    await qr.locator('svg').waitFor();
    expect(await qr.getAttribute('data-qr-text')).toBe('@maria.wallet');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'wallet-09-receive');

    await page.getByRole('link', { name: 'Banco Atlántida Demo' }).click();
    const ana = await portal.call('POST', '/instant-payments/demo/clients', { body: { organizationId: atlantidaId, name: 'Ana Dos' } });
    await portal.call('POST', `/instant-payments/demo/clients/${ana.body.client.id}/alias`, { token: ana.body.clientToken, body: { alias: 'ana.dos' } });
    const paid = await portal.call('POST', '/instant-payments/payments', { token: ana.body.clientToken, body: { recipientAlias: 'maria.wallet', amount: '2000' } });
    expect(paid.status).toBe(201);
    await page.getByText('De @ana.dos').waitFor();
    expect(await balance()).toBe('L 844.50');
    await screenshot(page, 'wallet-10-movements');
  });

  test('a movement opens its detail, and the wallet speaks English when asked', async () => {
    await page.getByText('Para @beto.segundo').click();
    await page.getByRole('heading', { name: 'Movimiento' }).waitFor();
    await page.getByLabel('Idioma').selectOption('en');
    await page.getByRole('heading', { name: 'Movement' }).waitFor();
    expect(await page.getByText('Other bank').count()).toBe(1);
    await screenshot(page, 'wallet-11-movement-english');
    await page.getByLabel('Language').selectOption('es');
  });

  test('when the availability check is throttled, the alias screen says so instead of guessing', async () => {
    const fresh = await openContext(browser, portal.baseUrl, { viewport: { width: 390, height: 844 } });
    const other = await fresh.newPage();
    await other.goto('/wallet');
    await other.getByRole('radio', { name: 'Banco Atlántida Demo' }).check();
    await other.getByLabel('Su nombre').fill('Tomás Throttle');
    await other.getByRole('button', { name: 'Comenzar' }).click();
    await other.getByRole('link', { name: 'Recibir' }).click();
    // Keep the availability route over its limit from this address while the customer types.
    let flooding = true;
    let throttled = false;
    let done = false;
    const flood = (async () => {
      for (let batch = 0; flooding && batch < 200; batch++) {
        const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => portal.call('GET', `/instant-payments/aliases/probe${batch}x${i}/availability`)));
        throttled ||= answers.some((answer) => answer.status === 429);
      }
      done = true;
    })();
    try {
      while (!throttled && !done) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(throttled).toBe(true);
      await other.getByLabel('Alias').fill('tomas.t');
      await other.getByText('Demasiadas consultas: comprobaremos de nuevo en unos segundos.').waitFor();
    } finally {
      flooding = false;
      await flood;
    }
    await screenshot(other, 'wallet-12-throttled');
    await fresh.close();
  });
});
