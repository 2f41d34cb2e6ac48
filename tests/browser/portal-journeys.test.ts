import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, openContext, screenshot, seriousViolations, startPortal, type Portal } from './support';

// A real browser on a shared machine: journeys get room; nothing here asserts on time.
jest.setTimeout(180_000);

const ISSUER = { email: 'admin@emisor.local', password: 'emisor-admin-2026' };
const BANK = { email: 'admin@atlantida.demo', password: 'atlantida-demo-2026' };
const MEMBER = { email: 'signer@emisor.local', password: 'segundo-firmante-2026', name: 'Sofía Firmante' };
const AUDITOR = { email: 'auditor@emisor.local', password: 'auditor-central-2026', name: 'Ana Auditora' };

let portal: Portal;
let browser: Browser;
const contexts: BrowserContext[] = [];

/** A signed-in page of its own (separate cookies), like a second person at another desk. */
async function signedIn(who: { email: string; password: string }, heading: string): Promise<Page> {
  const context = await openContext(browser, portal.baseUrl, { viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(who.email);
  await page.getByLabel('Contraseña').fill(who.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.getByRole('heading', { name: heading }).waitFor();
  return page;
}

/** Users the journeys need but are not about: invited and registered through the API. */
async function enrol(user: { email: string; password: string; name: string }, role: 'member' | 'auditor') {
  const token = await portal.token(ISSUER.email, ISSUER.password);
  expect((await portal.call('POST', '/invitations', { token, body: { email: user.email, role } })).status).toBe(201);
  const link = await portal.mailLink(user.email);
  const registered = await portal.call('POST', '/auth/register', { body: { token: new URLSearchParams(link.split('?')[1]).get('token'), name: user.name, password: user.password } });
  expect(registered.status).toBe(201);
}

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
  await enrol(MEMBER, 'member');
  await enrol(AUDITOR, 'auditor');
}, 240_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await portal?.close();
});

describe('Issuer administrator', () => {
  let page: Page;
  beforeAll(async () => {
    page = await signedIn(ISSUER, 'Panel del emisor');
  });

  test('onboards a bank: creates it, invites its administrator, and the bank turns active when they register', async () => {
    await page.getByRole('link', { name: 'Panel de control' }).click();
    await page.getByRole('tab', { name: 'Organizaciones' }).click();
    expect(new URL(page.url()).search).toBe('?tab=organizations');
    await page.getByLabel('Nombre del banco').fill('Banco Tercero');
    await page.getByRole('button', { name: 'Crear' }).click();
    await page.getByRole('link', { name: 'Banco Tercero' }).click();
    await page.getByRole('heading', { name: 'Banco Tercero' }).waitFor();
    await page.getByText('Pendiente').first().waitFor();
    await page.getByLabel('Correo del administrador').fill('admin@tercero.demo');
    await page.getByRole('button', { name: 'Invitar administrador' }).click();
    await page.getByText('Invitación enviada.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'issuer-01-onboard-bank');

    const context = await openContext(browser, portal.baseUrl);
    contexts.push(context);
    const newcomer = await context.newPage();
    await newcomer.goto(await portal.mailLink('admin@tercero.demo'));
    await newcomer.getByText('Fue invitado a Banco Tercero como Administrador.').waitFor();
    await newcomer.getByLabel('Nombre').fill('Teresa Tercero');
    await newcomer.getByLabel('Contraseña nueva').fill('tercero-admin-2026');
    await newcomer.getByLabel('Repita la contraseña').fill('tercero-admin-2026');
    await newcomer.getByRole('button', { name: 'Crear cuenta' }).click();
    await newcomer.getByRole('heading', { name: 'Panel del banco' }).waitFor();

    await page.reload();
    await page.getByText('Teresa Tercero').waitFor();
    await page.getByText('Activa').first().waitFor();

    expect(await page.getByTestId('disbursement-limit').textContent()).toBe('L 0.00');
    await page.getByLabel('Nuevo límite (L)').fill('1000');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByTestId('disbursement-limit').filter({ hasText: 'L 1,000.00' }).waitFor();
    await screenshot(page, 'issuer-01b-bank-active');
  });

  test('mints from the issuance account, which executes at once under its single-signer policy', async () => {
    const token = await portal.token(ISSUER.email, ISSUER.password);
    const accounts = (await portal.call('GET', '/multisigs', { token })).body.items as Array<{ type: string; address: string }>;
    const issuance = accounts.find((account) => account.type === 'ISSUANCE')!;
    await page.getByRole('link', { name: 'Panel' }).first().click();
    await page.getByRole('link', { name: 'Emitir' }).click();
    await page.getByRole('heading', { name: 'Nueva propuesta' }).waitFor();
    await page.getByLabel('Título').fill('Emisión de prueba');
    await page.getByLabel('Monto (L)').fill('2500');
    await page.getByLabel(/Dirección de destino/).fill(issuance.address);
    await screenshot(page, 'issuer-02-mint-form');
    await page.getByRole('button', { name: 'Crear propuesta' }).click();
    await page.getByRole('heading', { name: 'Emisión de prueba' }).waitFor();
    await page.getByText('Aceptada').first().waitFor();
    expect(await page.getByText('L 2,500.00').count()).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'issuer-03-mint-operation');
  });

  test('a transfer from a two-signer account waits for the second signer, who finds it in My Tasks and signs it', async () => {
    await page.getByRole('link', { name: 'Cuentas' }).click();
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await page.getByLabel('Nombre de la cuenta').fill('Reservas conjuntas');
    await page.getByLabel('Peso de Central Bank Administrator').fill('1');
    await page.getByLabel(`Peso de ${MEMBER.name}`).fill('1');
    await page.getByLabel('Umbral').fill('2');
    await page.getByRole('button', { name: 'Crear', exact: true }).click();
    await page.getByRole('link', { name: 'Reservas conjuntas' }).click();
    await page.getByRole('heading', { name: 'Reservas conjuntas' }).waitFor();
    await page.getByText('Umbral 2 de 2').waitFor();
    const accountUrl = page.url();

    // Funds for the account: a mint from the issuance account to its address.
    const token = await portal.token(ISSUER.email, ISSUER.password);
    const accounts = (await portal.call('GET', '/multisigs', { token })).body.items as Array<{ id: string; label: string; type: string; address: string }>;
    const joint = accounts.find((account) => account.label === 'Reservas conjuntas')!;
    const issuance = accounts.find((account) => account.type === 'ISSUANCE')!;
    const minted = await portal.call('POST', `/multisigs/${issuance.id}/proposals/mint`, { token, body: { title: 'Fondeo', amount: '100000', denom: (await portal.call('GET', '/config')).body.nativeToken.denom, recipient: joint.address } });
    expect(minted.body.status).toBe('ACCEPTED');

    await page.goto(accountUrl);
    await page.getByRole('button', { name: 'Transferir' }).click();
    await page.getByLabel('Título').fill('Traslado a emisión');
    await page.getByLabel('Monto (L)').fill('300.25');
    await page.getByLabel('Dirección de destino').fill(issuance.address);
    await page.getByRole('button', { name: 'Crear propuesta' }).click();
    await page.getByRole('heading', { name: 'Traslado a emisión' }).waitFor();
    await page.getByText('En votación').first().waitFor();
    expect(await page.getByRole('button', { name: 'Firmar' }).count()).toBe(0);
    await screenshot(page, 'issuer-04-transfer-waiting');

    const signer = await signedIn(MEMBER, 'Panel del emisor');
    await signer.getByText('1 propuesta(s) esperan su firma.').waitFor();
    await signer.getByRole('link', { name: 'Mis tareas' }).first().click();
    await signer.getByRole('heading', { name: 'Mis tareas' }).waitFor();
    expect(await seriousViolations(signer)).toEqual([]);
    await screenshot(signer, 'member-01-my-tasks');
    await signer.getByRole('link', { name: 'Traslado a emisión' }).click();
    await signer.getByRole('button', { name: 'Firmar' }).click();
    await signer.getByText('Aceptada').first().waitFor();
    await signer.getByText('Ejecutada').first().waitFor();
    expect(await seriousViolations(signer)).toEqual([]);
    await screenshot(signer, 'member-02-operation-signed');
    await signer.getByRole('link', { name: 'Mis tareas' }).click();
    await signer.getByText('Está al día: ninguna propuesta espera su firma.').waitFor();
    expect(await signer.getByRole('link', { name: 'Panel de control' }).count()).toBe(0);
  });

  test('pins an account, which the accounts list then shows first, also on the next visit', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Cuentas' }).click();
    await page.getByRole('button', { name: 'Fijar Reservas conjuntas', pressed: false }).click();
    await page.getByRole('button', { name: 'Fijar Reservas conjuntas', pressed: true }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: 'Fijar Reservas conjuntas', pressed: true }).waitFor();
    expect(await page.getByRole('row').nth(1).getByRole('link').textContent()).toBe('Reservas conjuntas');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'issuer-04b-pinned-account');
  });

  test('edits a whitelist entry of an account', async () => {
    const token = await portal.token(ISSUER.email, ISSUER.password);
    const accounts = (await portal.call('GET', '/multisigs', { token })).body.items as Array<{ type: string; address: string }>;
    const issuance = accounts.find((account) => account.type === 'ISSUANCE')!;
    await page.getByRole('link', { name: 'Reservas conjuntas' }).click();
    await page.getByRole('heading', { name: 'Reservas conjuntas' }).waitFor();
    const whitelist = page.getByRole('region', { name: 'Lista blanca' });
    await whitelist.getByLabel('Etiqueta').fill('Emisión');
    await whitelist.getByLabel('Dirección').fill(issuance.address);
    await whitelist.getByRole('button', { name: 'Agregar dirección' }).click();
    await whitelist.getByRole('button', { name: 'Editar Emisión' }).click();
    const editing = whitelist.getByRole('form', { name: 'Editar Emisión' });
    await editing.getByLabel('Etiqueta').fill('Cuenta de emisión');
    await editing.getByRole('button', { name: 'Guardar' }).click();
    await whitelist.getByRole('button', { name: 'Editar Cuenta de emisión' }).waitFor();
    expect(await whitelist.getByRole('button', { name: 'Editar Emisión' }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'issuer-04c-whitelist-edited');
  });

  test('withdraws its own proposal while it is being voted on', async () => {
    const token = await portal.token(ISSUER.email, ISSUER.password);
    const accounts = (await portal.call('GET', '/multisigs', { token })).body.items as Array<{ id: string; label: string; type: string; address: string }>;
    const joint = accounts.find((account) => account.label === 'Reservas conjuntas')!;
    const issuance = accounts.find((account) => account.type === 'ISSUANCE')!;
    const denom = (await portal.call('GET', '/config')).body.nativeToken.denom;
    const proposal = await portal.call('POST', `/multisigs/${joint.id}/proposals/transfer`, { token, body: { title: 'Traslado a retirar', amount: '100', denom, recipient: issuance.address } });
    expect(proposal.body.status).toBe('SUBMITTED');
    await page.goto(`/operations/${proposal.body.id}`);
    await page.getByRole('heading', { name: 'Traslado a retirar' }).waitFor();
    await page.getByRole('button', { name: 'Retirar propuesta' }).click();
    await page.getByText('Retirada').first().waitFor();
    expect(await page.getByRole('button', { name: 'Retirar propuesta' }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'issuer-04d-proposal-withdrawn');
  });

  test('retries the execution of an accepted proposal whose execution failed', async () => {
    const token = await portal.token(ISSUER.email, ISSUER.password);
    const signerToken = await portal.token(MEMBER.email, MEMBER.password);
    const accounts = (await portal.call('GET', '/multisigs', { token })).body.items as Array<{ id: string; label: string; type: string; address: string }>;
    const joint = accounts.find((account) => account.label === 'Reservas conjuntas')!;
    const issuance = accounts.find((account) => account.type === 'ISSUANCE')!;
    const denom = (await portal.call('GET', '/config')).body.nativeToken.denom;
    const held = (await portal.call('GET', `/multisigs/${joint.id}/balance`, { token })).body;
    const amount = (held.balances as Array<{ denom: string; amount: string }>).find((balance) => balance.denom === denom)!.amount;
    // Two proposals for the whole balance: once the first executes, the second cannot.
    const transfer = (title: string) => portal.call('POST', `/multisigs/${joint.id}/proposals/transfer`, { token, body: { title, amount, denom, recipient: issuance.address } });
    const first = (await transfer('Todo el saldo')).body;
    const second = (await transfer('Todo el saldo otra vez')).body;
    const sign = (id: string) => portal.call('POST', `/multisigs/${joint.id}/proposals/${id}/votes`, { token: signerToken, body: { option: 'YES' } });
    expect((await sign(first.id)).body.executorResult).toBe('SUCCESS');
    expect((await sign(second.id)).body.executorResult).toBe('FAILURE');
    await page.goto(`/operations/${second.id}`);
    await page.getByRole('heading', { name: 'Todo el saldo otra vez' }).waitFor();
    const receipts = page.getByRole('region', { name: 'Comprobantes' });
    await receipts.getByText('Falló', { exact: true }).waitFor();
    await screenshot(page, 'issuer-04e-execution-failed');
    const refunded = await portal.call('POST', `/multisigs/${issuance.id}/proposals/mint`, { token, body: { title: 'Reposición', amount, denom, recipient: joint.address } });
    expect(refunded.body.executorResult).toBe('SUCCESS');
    await page.getByRole('button', { name: 'Reintentar ejecución' }).click();
    await receipts.getByText('Ejecutada', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: /ejecuci/i }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'issuer-04f-execution-retried');
  });

  test('keeps its own address book: adds, edits and deletes an entry', async () => {
    const token = await portal.token(ISSUER.email, ISSUER.password);
    const accounts = (await portal.call('GET', '/multisigs', { token })).body.items as Array<{ type: string; address: string }>;
    const issuance = accounts.find((account) => account.type === 'ISSUANCE')!;
    await page.getByRole('navigation').getByRole('link', { name: 'Libreta de direcciones' }).click();
    await page.getByRole('heading', { name: 'Libreta de direcciones' }).waitFor();
    await page.getByText('Su libreta está vacía.').waitFor();
    const adding = page.getByRole('region', { name: 'Agregar una dirección' });
    await adding.getByLabel('Nombre').fill('Tesorería central');
    await adding.getByLabel('Dirección').fill(issuance.address);
    await adding.getByLabel('Nota').fill('Para pruebas');
    await adding.getByRole('button', { name: 'Agregar' }).click();
    await page.getByText('Dirección agregada.').waitFor();
    await page.getByRole('cell', { name: 'Tesorería central', exact: true }).waitFor();
    await adding.getByLabel('Nombre').fill('Otra vez');
    await adding.getByLabel('Dirección').fill(issuance.address);
    await adding.getByRole('button', { name: 'Agregar' }).click();
    await page.getByRole('alert').filter({ hasText: 'Esa dirección ya está en su libreta.' }).waitFor();
    await page.getByRole('button', { name: 'Editar Tesorería central' }).click();
    const editing = page.getByRole('form', { name: 'Editar Tesorería central' });
    await editing.getByLabel('Nombre').fill('Tesorería del emisor');
    await editing.getByRole('button', { name: 'Guardar' }).click();
    await page.getByRole('cell', { name: 'Tesorería del emisor', exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'issuer-04g-address-book');
    await page.getByRole('button', { name: 'Eliminar Tesorería del emisor' }).click();
    await page.getByText('Dirección eliminada.').waitFor();
    await page.getByText('Su libreta está vacía.').waitFor();
  });

  test('registers a token, edits it, and removes it from the registry; the native token cannot be removed', async () => {
    await page.goto('/control-panel?tab=tokens');
    const adding = page.getByRole('region', { name: 'Registrar token' });
    await adding.getByLabel('Denominación').fill('uprueba');
    await adding.getByLabel('Símbolo').fill('PRB');
    await adding.getByLabel('Nombre').fill('Prueba');
    await adding.getByRole('button', { name: 'Crear' }).click();
    await page.getByText('Token registrado.').waitFor();
    await page.getByRole('button', { name: 'Editar PRB' }).click();
    const editing = page.getByRole('form', { name: 'Editar PRB' });
    await editing.getByLabel('Nombre').fill('Prueba editada');
    await editing.getByRole('button', { name: 'Guardar' }).click();
    await page.getByRole('cell', { name: 'Prueba editada', exact: true }).waitFor();
    const native = (await portal.call('GET', '/config')).body.nativeToken.symbol as string;
    expect(await page.getByRole('button', { name: `Editar ${native}`, exact: true }).count()).toBe(1);
    expect(await page.getByRole('button', { name: `Quitar ${native}`, exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Quitar PRB' }).click();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'issuer-04h-token-remove-confirm');
    await page.getByRole('button', { name: 'Confirmar: quitar PRB del registro' }).click();
    await page.getByText('Token quitado del registro.').waitFor();
    expect(await page.getByRole('cell', { name: 'Prueba editada', exact: true }).count()).toBe(0);
  });

  test('reads the operational alerts: the bank onboarded earlier has no exchange address yet', async () => {
    await page.goto('/control-panel');
    await page.getByRole('link', { name: 'Alertas' }).click();
    await page.getByRole('heading', { name: 'Alertas operativas' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/control-panel/alerts');
    const unlinked = page.getByRole('listitem').filter({ hasText: 'Banco Tercero no tiene una dirección de intercambio vinculada.' });
    await unlinked.getByRole('heading', { name: 'Sin dirección de intercambio' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'issuer-04i-alerts');
    await unlinked.getByRole('link', { name: 'Ir a resolverlo' }).click();
    await page.getByRole('heading', { name: 'Banco Tercero' }).waitFor();
  });

  test('walks every Control Panel tab, each kept in ?tab=', async () => {
    for (const [tab, name, marker] of [
      ['internal-users', 'Usuarios internos', 'Enviar invitación'],
      ['tokens', 'Tokens', 'Registrar token'],
      ['organizations', 'Organizaciones', 'Incorporar un banco participante'],
      ['organization-profile', 'Perfil de la organización', 'Administradores'],
      ['chain-rpc', 'RPC de la cadena', 'URL del RPC'],
    ]) {
      await page.goto(`/control-panel?tab=${tab}`);
      expect(await page.getByRole('tab', { name }).getAttribute('aria-selected')).toBe('true');
      await page.getByText(marker).first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `issuer-05-control-panel-${tab}`);
    }
  });

  test('downloads the governance export as CSV for a date range', async () => {
    await page.goto('/exports');
    await page.getByLabel('Qué exportar').selectOption('governance');
    // A range that ends before it starts is told at the field, and not sent (the API refuses it).
    await page.getByLabel('Desde').fill('2026-03-02');
    await page.getByLabel('Hasta').fill('2026-03-01');
    await page.getByText('La fecha final es anterior a la inicial').waitFor();
    expect(await page.getByRole('button', { name: 'Descargar' }).isDisabled()).toBe(true);
    await page.getByLabel('Desde').fill('2020-01-01');
    await page.getByLabel('Hasta').fill('2099-12-31');
    expect(await page.getByText('La fecha final es anterior a la inicial').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar' }).click()]);
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    const text = readFileSync((await file.path())!, 'utf8');
    expect(text.split('\n')[0]).toMatch(/,/);
    expect(text).toContain('Traslado a emisión');
    await screenshot(page, 'issuer-06-exports');
  });
});

describe('Bank administrator', () => {
  let page: Page;
  beforeAll(async () => {
    page = await signedIn(BANK, 'Panel del banco');
  });

  test('sees the participant dashboard: total-balance hero, top accounts, Send and Convert', async () => {
    await page.getByRole('region', { name: 'Saldo total' }).waitFor();
    await page.getByRole('link', { name: 'Convertir' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'bank-01-dashboard');
  });

  test('sees the settlement-account card, registers a retail client, pays cash in for them (not more out than they hold), and the client opens the wallet with the code', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Pagos instantáneos' }).click();
    await page.getByTestId('settlement-balance').waitFor();
    expect(await page.getByTestId('settlement-balance').textContent()).toMatch(/^L [\d,]+\.\d\d$/);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'bank-02-instant-payments');
    // A range typed to end before it starts is told at its field; the dashboard stays as it was.
    await page.getByLabel('Desde').fill('2026-03-02');
    await page.getByLabel('Hasta').fill('2026-03-01');
    await page.getByText('La fecha final es anterior a la inicial').waitFor();
    expect(await page.getByRole('button', { name: 'Exportar CSV' }).isDisabled()).toBe(true);
    expect(await page.getByTestId('settlement-balance').isVisible()).toBe(true);
    expect(await page.getByText('Revise los datos ingresados.').count()).toBe(0);
    await page.getByLabel('Desde').fill('');
    await page.getByLabel('Hasta').fill('');
    await page.getByRole('tab', { name: 'Clientes' }).click();
    await page.getByLabel('Nombre', { exact: true }).fill('Carlos Cliente');
    await page.getByLabel('Alias (opcional)').fill('carlos.cliente');
    await page.getByRole('button', { name: 'Registrar' }).click();
    const clientToken = (await page.getByTestId('client-token').textContent())!.trim();
    await page.getByRole('cell', { name: '@carlos.cliente' }).waitFor();
    await screenshot(page, 'bank-03-client-registered');

    await page.getByLabel('Cliente', { exact: true }).selectOption({ label: 'Carlos Cliente (@carlos.cliente)' });
    await page.getByLabel('Monto (L)').fill('150');
    await page.getByRole('button', { name: 'Depósito (cash-in)' }).click();
    await page.getByText('Depósito acreditado al cliente.').waitFor();
    await page.getByRole('row', { name: /Carlos Cliente/ }).getByRole('cell', { name: 'L 150.00' }).waitFor();
    await page.getByLabel('Monto (L)').fill('500');
    await page.getByRole('button', { name: 'Retiro (cash-out)' }).click();
    await page.getByRole('alert').filter({ hasText: 'Saldo insuficiente.' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'bank-04-cash-desk');

    const context = await openContext(browser, portal.baseUrl, { viewport: { width: 390, height: 844 } });
    contexts.push(context);
    const wallet = await context.newPage();
    await wallet.goto('/wallet');
    await wallet.getByRole('button', { name: 'Tengo un código de cliente' }).click();
    await wallet.getByLabel('Código de cliente').fill(clientToken);
    await wallet.getByRole('button', { name: 'Comenzar' }).click();
    await wallet.getByText('Hola, Carlos Cliente').waitFor();
    await wallet.getByText('@carlos.cliente').waitFor();
    expect(await wallet.getByTestId('balance').textContent()).toBe('L 150.00');
  });

  test('has no Organizations tab in the Control Panel', async () => {
    await page.goto('/control-panel');
    await page.getByRole('tab', { name: 'Usuarios internos' }).waitFor();
    expect(await page.getByRole('tab').allTextContents()).toEqual(['Usuarios internos', 'Tokens', 'Perfil de la organización', 'RPC de la cadena']);
  });
});

describe('Auditor', () => {
  test('reads the Control Panel without any mutation and the oversight page with aggregates only', async () => {
    const page = await signedIn(AUDITOR, 'Panel del emisor');
    await page.goto('/control-panel?tab=internal-users');
    await page.getByText('Sofía Firmante').waitFor();
    expect(await page.getByRole('button', { name: 'Enviar invitación' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Desactivar/ }).count()).toBe(0);
    await page.goto('/control-panel?tab=organizations');
    await page.getByRole('link', { name: 'Banco Atlántida Demo' }).waitFor();
    expect(await page.getByRole('button', { name: 'Crear' }).count()).toBe(0);
    // Alerts are for those who can act on them (manage · Organization).
    expect(await page.getByRole('link', { name: 'Alertas' }).count()).toBe(0);
    await screenshot(page, 'auditor-01-control-panel');

    await page.getByRole('navigation').getByRole('link', { name: 'Pagos instantáneos' }).click();
    await page.getByRole('heading', { name: 'Pagos instantáneos: supervisión' }).waitFor();
    await page.getByRole('cell', { name: 'Banco Atlántida Demo' }).waitFor();
    expect(await page.getByRole('columnheader').allTextContents()).toEqual(['Banco', 'Cuenta de liquidación', 'Volumen', 'Pagos', 'Usuarios']);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'auditor-02-oversight');
  });
});
