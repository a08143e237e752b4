/*
| Ace entrypoint: boots the application in the console environment and hands over to the Ace kernel.
*/
import { prettyPrintError } from '@adonisjs/core'
import { createIgnitor } from './ignitor.js'

createIgnitor()
  .ace()
  .handle(process.argv.splice(2))
  .catch(async (error) => {
    process.exitCode = 1
    await prettyPrintError(error)
  })
