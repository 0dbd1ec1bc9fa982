// Keys of what the browser keeps between visits. This module imports nothing, so that the
// header's small script can use it without pulling in more code.

/** Where the workspace remembers the organisation shown; it belongs to one user (cleared at sign-in and sign-out). */
export const TENANT_KEY = 'client:tenant';
