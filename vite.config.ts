import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import adonisjs from '@adonisjs/vite/client'
import inertia from '@adonisjs/inertia/client'

/**
 * The console's front end. `npx vite build` writes it to public/assets (with .vite/manifest.json,
 * which the server reads in production); under `node ace serve` and in tests the server runs Vite
 * in-process instead.
 */
export default defineConfig({
  plugins: [
    inertia({ ssr: { enabled: false } }),
    react(),
    adonisjs({
      entrypoints: ['inertia/app/app.tsx'],
      reload: ['resources/views/**/*.edge'],
    }),
  ],
  resolve: {
    alias: { '~/': fileURLToPath(new URL('./inertia/', import.meta.url)) },
  },
  // Pre-bundled at start: found on a page's first load instead, Vite would reload that page.
  optimizeDeps: { include: ['codemirror', '@codemirror/lang-markdown'] },
  // The client reads no environment variables; `.env` is the server's. Looked for in the project
  // root, a `.env` written meanwhile (`npm start` makes one when missing: the production tests in
  // a side-by-side suite) restarted the test server's Vite under a browser test.
  envDir: fileURLToPath(new URL('./inertia/', import.meta.url)),
  server: {
    // Tests need no live reload; without its WebSocket port (24678), parallel runs do not collide.
    ws: process.env.NODE_ENV === 'test' ? false : undefined,
  },
})
