import '../css/app.css'
import { createRoot } from 'react-dom/client'
import { createInertiaApp } from '@inertiajs/react'
import { resolvePageComponent } from '@adonisjs/inertia/helpers'

void createInertiaApp({
  progress: { color: '#1f5f8b' },

  title: (title) => (title ? `${title} · Bindery` : 'Bindery'),

  // Pages load on demand: one chunk per page, named after its component (`organizations/show`).
  resolve: (name) =>
    resolvePageComponent(`../pages/${name}.tsx`, import.meta.glob('../pages/**/*.tsx')),

  setup({ el, App, props }) {
    createRoot(el).render(<App {...props} />)
  },
})
