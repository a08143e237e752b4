/*
| JavaScript entrypoint for Ace commands: registers the TypeScript loader, then boots the console.
| The import of bin/console must be dynamic so that it resolves after the loader is in place.
*/
import 'ts-node-maintained/register/esm'
await import('./bin/console.js')
