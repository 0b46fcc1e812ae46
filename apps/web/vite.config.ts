import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precomprimir } from './precomprimir.ts';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), precomprimir()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    // What the first screen always loads goes out as one file: split by what shares it, it made some thirty small
    // files, and each compresses on its own (issue 23: 15 KB more per screen, brotli).
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'nucleo', tags: ['$initial'] }] } } },
  },
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:3000' } },
});
