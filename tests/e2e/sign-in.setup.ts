import { test as setup } from '@playwright/test';
import { ACCOUNTS, savedSignIn, signInThroughPage } from './workspace-helpers.ts';

// Signs each demo account in once per server, through the page, and keeps the browser's state:
// the tests open their session from it (`signIn`) instead of hashing a password each time.
for (const account of Object.values(ACCOUNTS)) {
  setup(`signs ${account.email} in`, async ({ page, baseURL }) => {
    await signInThroughPage(page, account);
    await page.context().storageState({ path: savedSignIn(baseURL!, account) });
  });
}
