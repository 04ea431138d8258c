import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { themeVariables } from './build/theme-variables';

export default defineConfig({
  // Its own folder whatever the working directory (the mutation runs start vitest from the root).
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), themeVariables()],
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    testTimeout: 15000,
    restoreMocks: true,
    // Vitest's default is one worker less than the cores: a single worker on CI's 2-core machine,
    // whose second core then idled (user time ≈ wall time). Each file is its own jsdom page, so
    // two at once share nothing.
    maxWorkers: 2,
  },
});
