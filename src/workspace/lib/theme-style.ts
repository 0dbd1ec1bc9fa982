import type { CSSProperties } from 'react';
import type { TenantConfig } from '../../domain/tenants.ts';

/** The tenant's theme as CSS custom properties: `primaryStrong` → `--tenant-primary-strong`. */
export const themeStyle = (tenant: TenantConfig) =>
  Object.fromEntries(
    Object.entries(tenant.theme).map(([name, value]) => [
      `--tenant-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`,
      value,
    ]),
  ) as CSSProperties;
