import { defineConfig } from 'vite';

// The built files go to web/dist, which `bellwether serve --static web/dist` serves.
export default defineConfig({
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2020', reportCompressedSize: true },
  test: { include: ['test/**/*.test.ts'] },
});
