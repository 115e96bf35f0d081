import { describe, expect, it } from 'vitest';
import { resolveBrand } from './brand';

describe('resolveBrand', () => {
  it('uses the default brand when there is neither tenant nor partner brand', () => {
    expect(resolveBrand(null)).toEqual({
      name: null,
      displayName: 'Partner Console',
      faviconUrl: null,
      logoUrl: null,
      isTenantBrand: false,
      colors: null,
    });
  });

  it('prefers the tenant and lets the partner fill what the tenant leaves unset', () => {
    const tenant = {
      tenantId: 't',
      name: 'Acme',
      brandName: 'Acme Connect',
      brandLogo: null,
      faviconUrl: '/t.svg',
      colors: null,
    };
    const brand = resolveBrand(
      tenant,
      { brandName: 'Other', faviconUrl: '/p.svg', brandLogoUrl: '/p-logo.svg' },
      '/logos.svg',
    );
    expect(brand).toMatchObject({
      name: 'Acme Connect',
      faviconUrl: '/t.svg',
      logoUrl: '/logos.svg',
      isTenantBrand: true,
    });
  });

  it('brands a signed-in partner that has a brand name even without a tenant', () => {
    expect(resolveBrand(null, { brandName: 'Acme Connect', faviconUrl: null, brandLogoUrl: null })).toMatchObject({
      name: 'Acme Connect',
      isTenantBrand: true,
    });
  });

  it("takes the tenant's colours, else the signed-in partner's, else none", () => {
    const colors = { primary: '#123456', background: '#fafafa' };
    const tenant = { tenantId: 't', name: 'A', brandName: null, brandLogo: null, faviconUrl: null, colors };
    expect(resolveBrand(tenant).colors).toEqual(colors);
    expect(
      resolveBrand(null, { brandName: null, faviconUrl: null, brandLogoUrl: null, profileColors: colors }).colors,
    ).toEqual(colors);
    expect(resolveBrand(null).colors).toBeNull();
  });
});
