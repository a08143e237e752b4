import { defineConfig } from '@adonisjs/core/bodyparser'

export default defineConfig({
  allowedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  form: {
    convertEmptyStringsToNull: true,
    limit: '1mb',
    types: ['application/x-www-form-urlencoded'],
  },
  json: {
    // API bodies keep empty strings as sent: validation decides what they mean.
    convertEmptyStringsToNull: false,
    // The default of every route; routes that take more say so (apiRoutes, the console's group).
    limit: '1mb',
    types: [
      'application/json',
      'application/json-patch+json',
      'application/vnd.api+json',
      'application/csp-report',
    ],
  },
  multipart: {
    autoProcess: true,
    convertEmptyStringsToNull: true,
    processManually: [],
    // Uploads: the console's editor says its own (see its route group).
    limit: '1mb',
    types: ['multipart/form-data'],
  },
})
