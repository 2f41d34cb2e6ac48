import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import QRCode from 'qrcode';
import { createHttpServer } from '../../api/http-server';
import { demoSteps } from '../../runtime/demo-data';
import { runSeed, seedSteps } from '../../runtime/seed';
import { ROOT, webBuildIsCurrent } from '../../runtime/web-build';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime';

export const CHROMIUM = '/usr/bin/chromium';
export const SCREENSHOTS = join(ROOT, 'test-results', 'browser');
const STALE_LOCK_MS = 10 * 60_000;

/** The same build `npm start` makes; one test file builds at a time (a lock directory), the others wait. */
function ensureWebBuild(): void {
  const lock = join(ROOT, 'dist', '.web-build-lock');
  mkdirSync(join(ROOT, 'dist'), { recursive: true });
  for (let attempt = 0; ; attempt++) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock older than any build is left over from a killed run.
      if (Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true });
      if (attempt > 600) throw new Error(`the web build lock ${lock} is held; remove it if no build is running`);
      spawnSync('sleep', ['0.5']);
    }
  }
  try {
    if (webBuildIsCurrent()) return;
    const result = spawnSync('npx', ['tsx', 'runtime/web-build.ts'], { cwd: ROOT, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`the web build failed:\n${result.stdout}\n${result.stderr}`);
  } finally {
    rmdirSync(lock);
  }
}

export interface Portal {
  baseUrl: string;
  runtime: TestRuntime;
  /** An API call as a plain client would make it (JSON in and out). */
  call(method: string, path: string, options?: { token?: string; body?: unknown }): Promise<{ status: number; body: any }>;
  /** Signs in through the API and returns the access token (for setting up state the journey is not about). */
  token(email: string, password: string): Promise<string>;
  /** The newest mail link sent to that address (outbox transport), as a path on this portal. */
  mailLink(email: string): Promise<string>;
  close(): Promise<void>;
}

/** The real service, as `npm start` runs it on embedded defaults with demo data, on a free port. */
export async function startPortal(): Promise<Portal> {
  ensureWebBuild();
  const runtime = await createTestRuntime({ configOverrides: { DEMO_DATA: 'true' } });
  await runSeed(runtime.services, [...seedSteps, ...demoSteps]);
  const server: Server = createHttpServer(runtime.app).listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const call: Portal['call'] = async (method, path, options = {}) => {
    const response = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers: {
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
  return {
    baseUrl,
    runtime,
    call,
    token: async (email, password) => {
      const login = await call('POST', '/auth/login', { body: { email, password } });
      if (login.status !== 200) throw new Error(`login of ${email} failed: ${JSON.stringify(login.body)}`);
      return login.body.accessToken as string;
    },
    mailLink: async (email) => {
      const outbox = await call('GET', `/dev/outbox?to=${encodeURIComponent(email)}`);
      const link = outbox.body.items[0]?.link as string | undefined;
      if (!link) throw new Error(`no mail to ${email}`);
      const url = new URL(link);
      return `${url.pathname}${url.search}`;
    },
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      await runtime.close();
    },
  };
}

/**
 * Debian's Chromium, headless. Playwright gives every launch a fresh, temporary user-data-dir. No
 * browser is a failure that says how to install it, never a skip. With `fakeCamera` (a Y4M or MJPEG
 * file) the browser has a camera that films that video, and camera permission is granted without a
 * prompt; without it there is no camera, so pages fall back to their no-camera path.
 */
export async function launchBrowser(options: { fakeCamera?: string } = {}): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`No browser at ${CHROMIUM}: install it with \`apt-get install -y chromium\``);
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...(options.fakeCamera
        ? ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${options.fakeCamera}`]
        : []),
    ],
  });
}

/**
 * A short YUV4MPEG2 video (the format Chromium's fake camera plays, looping) of `text` as a QR code,
 * black on white with a wide quiet zone, as a customer would hold a phone's receive screen up to the camera.
 */
export function writeQrVideo(path: string, text: string): void {
  const width = 640;
  const height = 480;
  const { size, data } = QRCode.create(text).modules;
  // The symbol fills about two thirds of the shorter side; the rest of the frame is white.
  const scale = Math.floor((height * 2) / 3 / size);
  const left = Math.floor((width - size * scale) / 2);
  const top = Math.floor((height - size * scale) / 2);
  const rgb = Buffer.alloc(width * height * 3, 255);
  for (let y = 0; y < size * scale; y++)
    for (let x = 0; x < size * scale; x++)
      if (data[Math.floor(y / scale) * size + Math.floor(x / scale)]) rgb.fill(0, ((top + y) * width + left + x) * 3, ((top + y) * width + left + x + 1) * 3);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), i420(rgb, width, height)]);
  writeFileSync(path, Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F25:1 Ip A1:1 C420jpeg\n`), ...Array.from({ length: 5 }, () => frame)]));
}

/** RGB → I420 (BT.601, video range): a full-size Y plane, then U and V, each averaged over 2×2 pixels. */
function i420(rgb: Buffer, width: number, height: number): Buffer {
  const luma = Buffer.alloc(width * height);
  const u = Buffer.alloc((width / 2) * (height / 2));
  const v = Buffer.alloc((width / 2) * (height / 2));
  const pixel = (x: number, y: number) => [rgb[(y * width + x) * 3], rgb[(y * width + x) * 3 + 1], rgb[(y * width + x) * 3 + 2]];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      luma[y * width + x] = Math.round(16 + (65.481 * r + 128.553 * g + 24.966 * b) / 255);
    }
  for (let y = 0; y < height; y += 2)
    for (let x = 0; x < width; x += 2) {
      const block = [pixel(x, y), pixel(x + 1, y), pixel(x, y + 1), pixel(x + 1, y + 1)];
      const [r, g, b] = [0, 1, 2].map((channel) => block.reduce((sum, p) => sum + p[channel], 0) / 4);
      u[(y / 2) * (width / 2) + x / 2] = Math.round(128 + (-37.797 * r - 74.203 * g + 112 * b) / 255);
      v[(y / 2) * (width / 2) + x / 2] = Math.round(128 + (112 * r - 93.786 * g - 18.214 * b) / 255);
    }
  return Buffer.concat([luma, u, v]);
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** axe-core on the page as it stands: the serious and critical violations, as readable lines. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
}

/** Page errors and failed API calls other than the expected ones are collected, so a journey can assert none happened. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

/** A fresh browser profile on the portal; waits allow for a loaded machine (they end as soon as the page is ready). */
export async function openContext(browser: Browser, baseURL: string, options: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, ...options });
  context.setDefaultTimeout(60_000);
  return context;
}
