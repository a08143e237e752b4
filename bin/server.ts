/*
| HTTP server entrypoint: boots the application in the web environment and starts listening.
*/
import { prettyPrintError } from '@adonisjs/core'
import { createIgnitor } from './ignitor.js'
import { createNodeServer } from '#core/http/node_server'

createIgnitor()
  .httpServer()
  .start(createNodeServer)
  .catch(async (error) => {
    process.exitCode = 1
    await prettyPrintError(error)
  })
