import { defineConfig, devices } from '@playwright/test';
import { LANCAMENTO_CHROMIUM } from './chromium.ts';

const porta = Number(process.env.E2E_PORT ?? 3987);
export const URL_BASE = `http://127.0.0.1:${porta}`;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  outputDir: '../test-results',
  use: {
    baseURL: URL_BASE,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The app honours reduced motion (tema.ts): no half-faded snackbar or dialog when axe measures contrast.
    reducedMotion: 'reduce',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: LANCAMENTO_CHROMIUM,
      },
    },
  ],
  webServer: {
    command: 'node --import tsx e2e/servidor-e2e.ts',
    cwd: '..',
    url: `${URL_BASE}/api/mensagens`,
    env: { E2E_PORT: String(porta) },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
