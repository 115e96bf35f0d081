import { defineConfig } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// E2E_PORT lets several runs share a machine (each with its own server and results folder).
const PORT = Number(process.env.E2E_PORT ?? 3199);
const baseURL = `http://localhost:${PORT}`;
// One fresh embedded database per run; workers inherit the variable so they do not make their own.
const dataDir = (process.env.PC_E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'pc-e2e-')));
// Debian's Chromium headless shell when it is there (the same engine without the browser's UI,
// about 40% less CPU for the specs, as Playwright's own default); the full browser otherwise.
const chromium = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => fs.existsSync(p));
// The messaging platform's key, so specs can post message events (real traffic) to the server.
const platformKey = (process.env.PC_E2E_PLATFORM_KEY ??= 'e2e-platform-key-0123456789');
// The secret of Razorpay's webhooks, which the payment gateway spec signs with.
const razorpayWebhookSecret = (process.env.PC_E2E_RAZORPAY_WEBHOOK_SECRET ??= 'e2e-razorpay-webhook-secret');

export default defineConfig({
  testDir: './specs',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  outputDir: PORT === 3199 ? '../test-results' : `../test-results/${PORT}`,
  use: {
    baseURL,
    viewport: { width: 1440, height: 900 },
    // A trace records the screen all along, which costs Chromium more CPU than the tests do; CI
    // prints the failure, its page snapshot and screenshot. Locally: --trace=on.
    trace: 'off',
    screenshot: 'only-on-failure',
    // As a user who asks for less motion: the console then animates nothing, which spares Chromium
    // most of its rendering (the specs wait for what a transition ends in, never for the motion).
    contextOptions: { reducedMotion: 'reduce' },
    launchOptions: {
      executablePath: process.env.E2E_CHROMIUM ?? chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    // The compiled server, as it ships: `npm start` builds what is missing or stale (test:e2e has just
    // built everything), then runs node on apps/server/dist.
    command: 'node ../scripts/start.mjs',
    url: `${baseURL}/api/app-config`,
    reuseExistingServer: false,
    timeout: 240_000,
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      PLATFORM_API_KEY: platformKey,
      // Every spec signs in from this one address, faster than people do; the limits have their own tests.
      RATE_LIMIT_SIGN_IN_PER_MINUTE: '2000',
      RATE_LIMIT_PUBLIC_PER_MINUTE: '5000',
      // The shell spec serves this script itself (page.route); elsewhere it 404s harmlessly.
      CHAT_WIDGET_SCRIPT_URL: `${baseURL}/e2e/chat-widget.js`,
      // The sandbox Meta reviews a template 1.5 s after it is submitted; the jobs table is polled often.
      META_SANDBOX_REVIEW_DELAY_MS: '1500',
      JOBS_POLL_MS: '300',
      // The webhook spec's receiver listens on 127.0.0.1.
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      RAZORPAY_WEBHOOK_SECRET: razorpayWebhookSecret,
    },
  },
});
