import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, openContext, screenshot, seriousViolations, startPortal, type Portal } from './support';

const ADMIN = { email: 'admin@emisor.local', password: 'emisor-admin-2026' };

// A real browser on a shared machine: journeys get room; nothing here asserts on time.
jest.setTimeout(120_000);

let portal: Portal;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

beforeEach(async () => {
  context = await openContext(browser, portal.baseUrl, { viewport: { width: 1280, height: 860 } });
  page = await context.newPage();
});

afterEach(async () => {
  await context.close();
});

async function signIn(email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

async function invite(email: string, role: 'member' | 'auditor' | 'administrator') {
  const token = await portal.token(ADMIN.email, ADMIN.password);
  const created = await portal.call('POST', '/invitations', { token, body: { email, role } });
  expect(created.status).toBe(201);
  return portal.mailLink(email);
}

const navItems = async () => (await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link').allTextContents()).map((text) => text.trim());

describe('Serving the portal', () => {
  test('the pages mail links open, and deep links, answer with the app instead of 404', async () => {
    for (const path of ['/register?token=abc', '/reset-password?token=abc', '/operations/some-id', '/control-panel?tab=organizations', '/wallet', '/wallet/send']) {
      const response = await fetch(`${portal.baseUrl}${path}`, { headers: { accept: 'text/html' } });
      expect({ path, status: response.status, type: response.headers.get('content-type') }).toEqual({ path, status: 200, type: 'text/html; charset=utf-8' });
    }
  });

  test('paths under /api stay the API: an unknown one is a problem+json 404, never the app', async () => {
    const response = await fetch(`${portal.baseUrl}/api/no-such-route`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(((await response.json()) as { code: string }).code).toBe('NOT_FOUND');
  });
});

describe('Signing in and out', () => {
  test('wrong credentials show the message for INVALID_CREDENTIALS and stay on the sign-in page', async () => {
    await signIn(ADMIN.email, 'not-the-password-at-all');
    await expect(page.getByRole('alert').textContent()).resolves.toBe('Correo o contraseña incorrectos.');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'auth-01-login-error');
  });

  test('the issuer administrator lands on the issuer dashboard, keeps the session on reload and signs out', async () => {
    await signIn(ADMIN.email, ADMIN.password);
    await page.getByRole('heading', { name: 'Panel del emisor' }).waitFor();
    await page.getByText('Total emitido').first().waitFor();
    expect(await navItems()).toEqual(['Panel', 'Cuentas', 'Mis tareas', 'Pagos instantáneos', 'Conversión', 'Exportaciones', 'Libreta de direcciones', 'Panel de control', 'Mi cuenta']);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'auth-02-issuer-dashboard');

    await page.reload();
    await page.getByRole('heading', { name: 'Panel del emisor' }).waitFor();

    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});

describe('Registration from an invitation', () => {
  test('a member registers from the mail link, is signed in, and sees no Control Panel', async () => {
    const link = await invite('member.one@emisor.local', 'member');
    expect(link).toMatch(/^\/register\?token=/);
    await page.goto(link);
    await page.getByText('Fue invitado a Banco Central como Miembro.').waitFor();
    expect(await page.getByLabel('Correo electrónico').inputValue()).toBe('member.one@emisor.local');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Nombre').fill('Marta Miembro');
    await page.getByLabel('Contraseña nueva').fill('marta-miembro-2026');
    await page.getByLabel('Repita la contraseña').fill('marta-miembro-2026');
    await screenshot(page, 'auth-03-register');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await page.getByRole('heading', { name: 'Panel del emisor' }).waitFor();
    expect(await navItems()).toEqual(['Panel', 'Cuentas', 'Mis tareas', 'Exportaciones', 'Libreta de direcciones', 'Mi cuenta']);
    await page.goto('/control-panel');
    expect(await navItems()).not.toContain('Panel de control');
  });

  test('an auditor sees the Control Panel and oversight but no voting surfaces', async () => {
    await page.goto(await invite('auditor.one@emisor.local', 'auditor'));
    await page.getByLabel('Nombre').fill('Aurelio Auditor');
    await page.getByLabel('Contraseña nueva').fill('aurelio-auditor-2026');
    await page.getByLabel('Repita la contraseña').fill('aurelio-auditor-2026');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await page.getByRole('heading', { name: 'Panel del emisor' }).waitFor();
    expect(await navItems()).toEqual(['Panel', 'Cuentas', 'Pagos instantáneos', 'Exportaciones', 'Libreta de direcciones', 'Panel de control', 'Mi cuenta']);
    expect(await page.getByRole('link', { name: 'Emitir' }).count()).toBe(0);
    await screenshot(page, 'auth-04-auditor-dashboard');
  });

  test('a used invitation link shows why it no longer works', async () => {
    const link = await invite('member.two@emisor.local', 'member');
    const token = new URLSearchParams(link.split('?')[1]).get('token')!;
    expect((await portal.call('POST', '/auth/register', { body: { token, name: 'Already', password: 'already-used-2026' } })).status).toBe(201);
    await page.goto(link);
    const message = await page.getByRole('alert').textContent();
    expect(message).toBe('Esta invitación ya se usó. Inicie sesión con su cuenta.');
  });
});

describe('Forgotten password', () => {
  test('the reset link from the mail sets a new password that then signs in', async () => {
    await portal.call('POST', '/auth/register', {
      body: { token: new URLSearchParams((await invite('forgetful@emisor.local', 'member')).split('?')[1]).get('token'), name: 'Olvido', password: 'first-password-2026' },
    });
    await page.goto('/login');
    await page.getByRole('link', { name: '¿Olvidó su contraseña?' }).click();
    await page.getByLabel('Correo electrónico').fill('forgetful@emisor.local');
    await page.getByRole('button', { name: 'Enviar enlace' }).click();
    await page.getByText('Si el correo está registrado').waitFor();
    await screenshot(page, 'auth-05-forgot-sent');

    const link = await portal.mailLink('forgetful@emisor.local');
    expect(link).toMatch(/^\/reset-password\?token=/);
    await page.goto(link);
    await page.getByLabel('Contraseña nueva').fill('second-password-2026');
    await page.getByLabel('Repita la contraseña').fill('second-password-2026');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await page.getByText('Su contraseña fue cambiada').waitFor();

    await signIn('forgetful@emisor.local', 'first-password-2026');
    await expect(page.getByRole('alert').textContent()).resolves.toBe('Correo o contraseña incorrectos.');
    await signIn('forgetful@emisor.local', 'second-password-2026');
    await page.getByRole('heading', { name: 'Panel del emisor' }).waitFor();
  });
});

describe('Language', () => {
  test('English is one choice away, saved with the user, and follows them to the next session', async () => {
    await signIn(ADMIN.email, ADMIN.password);
    await page.getByRole('heading', { name: 'Panel del emisor' }).waitFor();
    await page.getByLabel('Idioma').selectOption('en');
    await page.getByRole('heading', { name: 'Issuer dashboard' }).waitFor();
    await screenshot(page, 'auth-06-dashboard-english');

    const fresh = await openContext(browser, portal.baseUrl);
    const other = await fresh.newPage();
    await other.goto('/login');
    await other.getByLabel('Correo electrónico').fill(ADMIN.email);
    await other.getByLabel('Contraseña').fill(ADMIN.password);
    await other.getByRole('button', { name: 'Iniciar sesión' }).click();
    await other.getByRole('heading', { name: 'Issuer dashboard' }).waitFor();
    await fresh.close();
    const token = await portal.token(ADMIN.email, ADMIN.password);
    expect((await portal.call('PATCH', '/users/me/locale', { token, body: { locale: 'es' } })).status).toBeLessThan(300);
  });
});
