import { defineConfig } from '@playwright/test';

// Playwright against the BUILT site (dist/, `npm run build`), served by `vite preview`, in
// Debian's Chromium (no browser is ever downloaded). Screenshots go to tests/e2e/artifacts/.
export default defineConfig({
  testDir: '.',
  testMatch: /.*\.spec\.ts/,
  outputDir: './artifacts/test-results',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: 'http://127.0.0.1:4175/',
    viewport: { width: 1600, height: 1000 },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    command: 'node_modules/.bin/vite preview --config www/vite.config.ts --host 127.0.0.1 --port 4175 --strictPort',
    cwd: '../..',
    url: 'http://127.0.0.1:4175/',
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
