/*
| Page props are declared once, next to the controllers that build them (app/console/types), and
| re-exported here for the pages. Type-only: nothing from the server reaches the bundle.
*/
export type * from '../app/console/types/page_props'
