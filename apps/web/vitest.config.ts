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
  },
});
